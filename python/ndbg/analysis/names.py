"""Names a program binds, as frames can show them.

Owns: the program-wide name sets of the JSON (`bound`: every name a frame's locals can
hold; `hidden`: names `<module>`'s locals never show), each function's own locals
from the compiler's symbol table (`frame_local_names`, the JSON's `locals`), and
whether names may be bound where no statement shows it (`dynamic_names`). Reads the
tree and `symtable` only: imports only the standard library.
"""

import ast
import symtable

_MATCH_BINDERS = tuple(getattr(ast, k) for k in ('MatchAs', 'MatchStar', 'MatchMapping') if hasattr(ast, k))
_TYPE_PARAMS = tuple(getattr(ast, k) for k in ('TypeVar', 'ParamSpec', 'TypeVarTuple') if hasattr(ast, k))
# Calls that can bind names no statement shows (exec('x = 1'), globals()['x'] = 1, ...)
_DYNAMIC = frozenset(('exec', 'eval', 'globals', 'locals', 'vars', '__import__', 'setattr'))


def _binds(n):
    """Names the AST node `n` binds by itself (not its children)."""
    if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
        return (n.id,)
    if isinstance(n, ast.arg):
        return (n.arg,)
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) + _TYPE_PARAMS):
        return (n.name,)
    if isinstance(n, ast.alias):
        return (n.asname or n.name.split('.')[0],)
    if isinstance(n, (ast.Global, ast.Nonlocal)):
        return tuple(n.names)
    if isinstance(n, ast.ExceptHandler) and n.name:
        return (n.name,)
    if isinstance(n, _MATCH_BINDERS):  # 3.10+: case x, case [*rest], case {**rest}
        name = getattr(n, 'name', None) or getattr(n, 'rest', None)
        return (name,) if name else ()
    return ()


def dynamic_names(tree):
    """Whether names may be bound where no statement shows it: a star import, or a
    load of exec / eval / globals / locals / vars / __import__ / setattr."""
    return any(
        (isinstance(n, ast.alias) and n.name == '*') or (isinstance(n, ast.Name) and n.id in _DYNAMIC)
        for n in ast.walk(tree)
    )


def _mangled(tree):
    """Private names as frames show them: `__x` bound inside class C is `_C__x`."""
    out = set()
    for c in ast.walk(tree):
        if isinstance(c, ast.ClassDef) and c.name.lstrip('_'):
            for n in ast.walk(c):
                for name in _binds(n):
                    if name.startswith('__') and not name.endswith('__'):
                        out.add('_%s%s' % (c.name.lstrip('_'), name))
    return out


_TABLE_NAMES = {'lambda': 'lambda', 'comprehension': None, 'genexpr': 'genexpr'}
_COMP_NAMES = {ast.ListComp: 'listcomp', ast.SetComp: 'setcomp', ast.DictComp: 'dictcomp', ast.GeneratorExp: 'genexpr'}


def frame_local_names(source, dynamic=False):
    """A function (scope -> sorted names or None): the names a function frame's locals
    can ever hold, from the compiler's own symbol table (`symtable`): its parameters, the
    names it binds (not declared global), and its free variables (names of enclosing
    functions it or a nested scope uses, `__class__` for `super()`), which CPython's
    f_locals shows too. Tighter than "identifiers the program binds somewhere": in
    `def f(a): return g(a)` only `a`, never the global `g` or `f`. None where it cannot
    be told: names bound dynamically (`exec`, `locals()`, ...), or no table found."""
    if dynamic:
        return lambda scope: None
    try:
        top = symtable.symtable(source, '<ndbg>', 'exec')
    except (SyntaxError, ValueError):
        return lambda scope: None
    tables = {}

    def walk(t):
        for c in t.get_children():
            if c.get_type() == 'function' or str(c.get_type()).endswith('FUNCTION'):
                tables.setdefault((c.get_name(), c.get_lineno()), []).append(c)
            walk(c)

    walk(top)

    def names_of(t):
        out = set()
        for sym in t.get_symbols():
            if sym.is_parameter() or sym.is_free() or (sym.is_local() and not sym.is_global()):
                out.add(sym.get_name())
        return out

    def own(scope):
        node = scope.node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = node.name
        elif isinstance(node, ast.Lambda):
            name = 'lambda'
        elif type(node) in _COMP_NAMES:
            name = _COMP_NAMES[type(node)]
        else:
            return None
        found = tables.get((name, getattr(node, 'lineno', -1)))
        if not found:
            return None
        return sorted(set().union(*(names_of(t) for t in found)))

    return own


def program_names(tree):
    """(`bound_names`, `module_hidden`) of a program, from one walk over its bindings;
    (None, []) when names may be bound dynamically (`dynamic_names`): then anything may be."""
    if dynamic_names(tree):
        return None, []
    everywhere = [name for n in ast.walk(tree) for name in _binds(n)]
    return bound_names(tree, everywhere), module_hidden(tree, everywhere)


def bound_names(tree, everywhere):
    """Every name the program binds somewhere (assignment and augmented assignment
    targets, `for` / `with` / `except` / walrus / match targets, parameters, type
    parameters, `def`, `class`, imports, `global` / `nonlocal`, `del`; private names also
    mangled; `__class__` where there is a class, for methods using `super()`): a frame's
    locals are among them, so keywords, builtins and attribute names never are.
    `everywhere`: the names every node binds (`_binds`)."""
    names = set(everywhere) | _mangled(tree)
    if any(isinstance(n, ast.ClassDef) for n in ast.walk(tree)):
        names.add('__class__')
    return sorted(names)


def module_hidden(tree, everywhere):
    """Names `<module>`'s locals can never show (the tracer hides functions, classes and
    modules in module bodies): bound at the top level only by undecorated `def`, by plain
    `import x [as y]`, or by `class` statements without decorators or keywords whose bases
    are builtins or such classes of this module (a metaclass may return any object), and
    nowhere in the program by anything else (an assignment, a `for` target, `global x` in
    a function, `from m import x`, ...); `everywhere` as for `bound_names`. Dunder
    names are hidden too but need no list (the prefix says it)."""
    surely, top = set(), []
    for st in tree.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and not st.decorator_list:
            surely.add(st.name)
            top.append(st.name)
        elif (
            isinstance(st, ast.ClassDef)
            and not st.decorator_list
            and not st.keywords
            and all(isinstance(b, ast.Name) and (b.id in surely or b.id not in everywhere) for b in st.bases)
        ):
            surely.add(st.name)
            top.append(st.name)
        elif isinstance(st, ast.Import):
            for a in st.names:
                surely.add(a.asname or a.name.split('.')[0])
                top.append(a.asname or a.name.split('.')[0])
    # a hidden name's only bindings are those top-level statements
    count = {}
    for name in everywhere:
        count[name] = count.get(name, 0) + 1
    return sorted(n for n in surely if count.get(n, 0) == top.count(n))
