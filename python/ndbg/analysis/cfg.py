"""Static control-flow and effect analysis of a Python program, to constrain predictions.

`analyze(source)` reads a program with `ast.parse` (it is never executed nor imported)
and says, for every line that can hold a `sys.settrace` line event:

- `lines`: which line events can come next in the same frame (plus the markers
  `"return"`: the frame returns or a generator suspends, and `"raise"`: an explicit
  `raise` leaves the frame). Any line may also end its frame by an exception.
- `calls`: which functions of this module a call from that line may enter.
- `binds`: which names of the frame the line may bind or unbind (`binds`), mutate in
  place (`mutates`, closed under may-aliasing), or may see changed by code it calls
  (`may_mutate_args`).
- `functions`: every code object but the module (def, call and first body lines,
  params); `frames`: `lines` for each code object separately; `entry`: the module's
  first line event.
- `quiet`: lines whose code cannot write program output (quiet.py), so that a step
  from them adds none.

The analysis is sound first (every real transition is allowed), precise second; see
docs/constraints.md for what it guarantees, its imprecisions, and how CPython 3.9 to
3.13 differ (the default target is the running interpreter; `target="all"` is sound
for every supported version at once).

Standard library only; runs on python3 3.9 to 3.13.
"""

import ast
import json
import symtable
import sys

from .attrs import settable_attributes
from .quiet import quiet_lines
from .reprs import default_repr_classes

SUPPORTED = ((3, 9), (3, 10), (3, 11), (3, 12), (3, 13))
FORMAT_VERSION = 1  # of the JSON; src/model/cfg.ts reads this one only (CFG_FORMAT): raise both on a change

RETURN = -1  # frame returns (or a generator suspends at a yield)
RAISE = -2  # an explicit raise leaves the frame
EXC_EXIT = -3  # an implicit exception leaves the frame (always possible; not listed)
MARKERS = {RETURN: 'return', RAISE: 'raise'}

# --- knowledge about builtins -------------------------------------------------------

# Builtins whose result is unrelated to their arguments' identity and that neither
# iterate their arguments nor call user callables (they may call dunder methods and
# properties, which the analysis accounts for separately).
SCALAR_BUILTINS = frozenset(
    '''
    len str repr ascii int float complex bool abs round hash id ord chr hex oct bin
    isinstance issubclass callable format divmod pow type print input open range
    hasattr getattr setattr delattr slice object super globals locals vars dir
'''.split()
)
# Builtins that consume an iterable (may resume generators, call lazily stored callables).
ITERATING_BUILTINS = frozenset(
    '''
    list tuple set frozenset dict sorted reversed enumerate zip map filter sum min max
    any all iter next bytes bytearray memoryview
'''.split()
)
# Of those, the ones whose result holds elements of their arguments.
CONTAINER_BUILTINS = frozenset('list tuple set frozenset dict sorted reversed enumerate zip map filter iter'.split())
ELEMENT_BUILTINS = frozenset('min max next'.split())
MUTATING_BUILTINS = frozenset('setattr delattr'.split())
KNOWN_BUILTINS = (
    SCALAR_BUILTINS
    | ITERATING_BUILTINS
    | frozenset(
        '''
    exec eval compile breakpoint staticmethod classmethod property __import__ help
    memoryview
'''.split()
    )
)

# Methods of builtin types: the ones that mutate their receiver...
MUTATING_METHODS = frozenset(
    '''
    append extend insert pop remove clear sort reverse update setdefault add discard
    popitem difference_update intersection_update symmetric_difference_update
    appendleft extendleft popleft rotate write writelines truncate seek
'''.split()
)
# ... the ones that leave it alone and return something new or a scalar ...
PURE_METHODS = frozenset(
    '''
    count index find rfind rindex startswith endswith isdigit isalpha isalnum isspace
    islower isupper istitle isnumeric isdecimal isidentifier isprintable isascii upper
    lower strip lstrip rstrip split rsplit splitlines join replace format format_map
    capitalize title swapcase casefold center ljust rjust zfill partition rpartition
    expandtabs encode decode translate maketrans removeprefix removesuffix union
    intersection difference symmetric_difference issubset issuperset isdisjoint
    bit_length bit_count to_bytes from_bytes as_integer_ratio is_integer conjugate
    hex fromkeys read readline readlines tell most_common elements total
'''.split()
)
# ... the ones that return (a view of) the receiver's contents ...
ELEMENT_METHODS = frozenset('get pop popitem setdefault popleft'.split())
VIEW_METHODS = frozenset('keys values items'.split())
COPY_METHODS = frozenset('copy'.split())
# Builtin methods that consume an argument iterable.
ITERATING_METHODS = frozenset(
    '''
    extend join update union intersection difference symmetric_difference issubset
    issuperset isdisjoint difference_update intersection_update
    symmetric_difference_update extendleft writelines fromkeys sort
'''.split()
)
KNOWN_METHODS = MUTATING_METHODS | PURE_METHODS | ELEMENT_METHODS | VIEW_METHODS | COPY_METHODS

NOT_IMPLICIT = frozenset(('__init__', '__new__', '__post_init__'))
TRIVIAL_DECORATORS = frozenset(('staticmethod', 'classmethod'))
PROPERTY_DECORATORS = frozenset(('property', 'cached_property', 'setter', 'getter', 'deleter'))
CONSTRUCTORS = ('__new__', '__init__', '__post_init__')

_COMPS = (ast.ListComp, ast.SetComp, ast.DictComp)
_MATCH = getattr(ast, 'Match', None)
_TRY_STAR = getattr(ast, 'TryStar', None)
_TRYS = tuple(t for t in (ast.Try, _TRY_STAR) if t is not None)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_COMPOUND = (
    (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)
    + _TRYS
    + ((_MATCH,) if _MATCH is not None else ())
)
_SCOPES = _FUNCS + (ast.ClassDef, ast.Lambda, ast.GeneratorExp) + _COMPS


# --- target versions ------------------------------------------------------------------


class Target:
    """The CPython versions whose tracing behaviour the analysis must cover."""

    def __init__(self, versions):
        self.versions = tuple(sorted(versions))
        if not self.versions:
            raise ValueError('no target version')

    @classmethod
    def parse(cls, spec=None):
        if spec is None or spec == 'current':
            v = tuple(sys.version_info[:2])
            v = min(max(v, SUPPORTED[0]), SUPPORTED[-1])
            return cls([v])
        if spec == 'all':
            return cls(SUPPORTED)
        if isinstance(spec, str):
            major, minor = spec.split('.')
            return cls([(int(major), int(minor))])
        return cls([tuple(v) for v in spec])

    def name(self):
        if len(self.versions) == 1:
            return '%d.%d' % self.versions[0]
        return ','.join('%d.%d' % v for v in self.versions)

    def feature(self, pred):
        """'always' / 'never' / 'maybe': whether `pred(version)` holds for the versions."""
        hits = [bool(pred(v)) for v in self.versions]
        return 'always' if all(hits) else ('maybe' if any(hits) else 'never')


# --- scopes ---------------------------------------------------------------------------


class Scope:
    """A code object of the program: module, function, lambda, class body, comprehension."""

    def __init__(self, kind, node, parent, name):
        self.kind = kind  # module function lambda class comprehension genexpr
        self.node = node
        self.parent = parent
        self.name = name
        self.children = []
        self.params = []
        self.assigned = set()  # names bound other than by def/class
        self.defs = {}  # name -> [Scope] bound by def / class statements
        self.globals = set()
        self.nonlocals = set()
        self.loads = set()
        self.is_generator = False
        self.decorators = []
        self.star_import = False
        self.key = None
        self.pure = True
        if parent is not None:
            parent.children.append(self)

    def binds(self, name):
        if name in self.globals or name in self.nonlocals:
            return False
        return name in self.assigned or name in self.defs

    def function_scope(self):
        """The nearest scope that is not a comprehension (where a walrus binds)."""
        s = self
        while s.kind in ('comprehension', 'genexpr') and s.parent is not None:
            s = s.parent
        return s

    @property
    def qualname(self):
        names = []
        s = self
        while s is not None and s.kind != 'module':
            names.append(s.name)
            p = s.parent
            if p is not None and p.kind in ('function', 'lambda'):
                names.append('<locals>')
            s = p
        return '.'.join(reversed(names))


class _ScopeBuilder(ast.NodeVisitor):
    def __init__(self):
        self.module = None
        self.stack = []
        self.all = []
        self.nonfunc_names = set()  # names loaded other than as the callee of a call
        self.nonfunc_attrs = set()  # attribute names loaded other than as a callee
        self.stored_attrs = set()
        self.uses_type_call = False
        self.call_funcs = set()  # id() of expressions in callee position
        self.scope_of = {}  # id(ast node) -> Scope it opens

    @property
    def cur(self):
        return self.stack[-1]

    def push(self, kind, node, name):
        s = Scope(kind, node, self.stack[-1] if self.stack else None, name)
        self.all.append(s)
        self.scope_of[id(node)] = s
        self.stack.append(s)
        return s

    def visit_Module(self, node):
        self.module = self.push('module', node, '<module>')
        for st in node.body:
            self.visit(st)
        self.stack.pop()

    def _args(self, args, scope):
        for a in getattr(args, 'posonlyargs', []) + args.args:
            scope.params.append(a.arg)
        if args.vararg:
            scope.params.append(args.vararg.arg)
        for a in args.kwonlyargs:
            scope.params.append(a.arg)
        if args.kwarg:
            scope.params.append(args.kwarg.arg)
        scope.assigned.update(scope.params)

    def _visit_arg_exprs(self, args, annotations=True):
        for d in args.defaults + [d for d in args.kw_defaults if d is not None]:
            self.visit(d)
        if annotations:
            for a in getattr(args, 'posonlyargs', []) + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
                if a is not None and a.annotation is not None:
                    self.visit(a.annotation)

    def visit_FunctionDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        self._visit_arg_exprs(node.args)
        if node.returns is not None:
            self.visit(node.returns)
        outer = self.cur
        s = self.push('function', node, node.name)
        s.decorators = list(node.decorator_list)
        outer.defs.setdefault(node.name, []).append(s)
        self._args(node.args, s)
        if isinstance(node, ast.AsyncFunctionDef):
            s.is_generator = True  # a coroutine suspends and resumes like a generator
        for st in node.body:
            self.visit(st)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        self._visit_arg_exprs(node.args, annotations=False)
        s = self.push('lambda', node, '<lambda>')
        self._args(node.args, s)
        self.visit(node.body)
        self.stack.pop()

    def visit_ClassDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        for b in node.bases:
            self.visit(b)
        for k in node.keywords:
            self.visit(k.value)
        outer = self.cur
        s = self.push('class', node, node.name)
        s.decorators = list(node.decorator_list)
        outer.defs.setdefault(node.name, []).append(s)
        for st in node.body:
            self.visit(st)
        self.stack.pop()

    def _comprehension(self, node, kind, name):
        gens = node.generators
        self.visit(gens[0].iter)
        s = self.push(kind, node, name)
        for i, g in enumerate(gens):
            self.visit(g.target)
            if i:
                self.visit(g.iter)
            for c in g.ifs:
                self.visit(c)
            if getattr(g, 'is_async', 0):
                s.is_generator = True
        for part in ('elt', 'key', 'value'):
            if hasattr(node, part):
                self.visit(getattr(node, part))
        self.stack.pop()

    def visit_ListComp(self, node):
        self._comprehension(node, 'comprehension', '<listcomp>')

    def visit_SetComp(self, node):
        self._comprehension(node, 'comprehension', '<setcomp>')

    def visit_DictComp(self, node):
        self._comprehension(node, 'comprehension', '<dictcomp>')

    def visit_GeneratorExp(self, node):
        self._comprehension(node, 'genexpr', '<genexpr>')

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load):
            self.cur.loads.add(node.id)
            if id(node) not in self.call_funcs:
                self.nonfunc_names.add(node.id)
        else:
            self.cur.assigned.add(node.id)

    def visit_Attribute(self, node):
        if isinstance(node.ctx, ast.Load):
            if id(node) not in self.call_funcs:
                self.nonfunc_attrs.add(node.attr)
            if node.attr == '__class__':
                self.uses_type_call = True
        else:
            self.stored_attrs.add(node.attr)
        self.visit(node.value)

    def visit_Call(self, node):
        self.call_funcs.add(id(node.func))
        if isinstance(node.func, ast.Name) and node.func.id == 'type' and len(node.args) == 1:
            self.uses_type_call = True
        if isinstance(node.func, ast.Name) and node.func.id in ('getattr', 'vars', 'globals', 'locals', 'eval', 'exec'):
            self.uses_type_call = True  # dynamic attribute access: treat methods as reachable
        self.generic_visit(node)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self.cur.function_scope().assigned.add(node.target.id)

    def visit_Global(self, node):
        self.cur.globals.update(node.names)

    def visit_Nonlocal(self, node):
        self.cur.nonlocals.update(node.names)

    def visit_Import(self, node):
        for a in node.names:
            self.cur.assigned.add((a.asname or a.name).split('.')[0])

    def visit_ImportFrom(self, node):
        for a in node.names:
            if a.name == '*':
                self.cur.star_import = True
            else:
                self.cur.assigned.add(a.asname or a.name)

    def visit_ExceptHandler(self, node):
        if node.name:
            self.cur.assigned.add(node.name)
        self.generic_visit(node)

    def visit_MatchAs(self, node):
        if node.name:
            self.cur.assigned.add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node):
        if node.name:
            self.cur.assigned.add(node.name)

    def visit_MatchMapping(self, node):
        if node.rest:
            self.cur.assigned.add(node.rest)
        self.generic_visit(node)

    def visit_Yield(self, node):
        self.cur.function_scope().is_generator = True
        self.generic_visit(node)

    visit_YieldFrom = visit_Yield
    visit_Await = visit_Yield


def lookup(scope, name, module):
    """The scope whose frame holds `name` as seen from `scope` (None: a builtin)."""
    s = scope
    if name in s.globals:
        return module if module.binds(name) else None
    if s.binds(name):
        return s
    p = s.parent
    while p is not None and p.kind != 'module':
        if p.kind != 'class':
            if name in p.globals:
                break
            if p.binds(name):
                return p
        p = p.parent
    return module if module.binds(name) else None


# --- line numbers -----------------------------------------------------------------------


def _walk_local(node, inline):
    """Nodes evaluated by the code object that holds `node`: not the bodies of nested
    functions, lambdas or (unless inlined) comprehensions."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, ast.Lambda):
            stack.extend(n.args.defaults)
            stack.extend(d for d in n.args.kw_defaults if d is not None)
            continue
        if isinstance(n, _FUNCS + (ast.ClassDef,)):
            continue
        if isinstance(n, ast.GeneratorExp) or (isinstance(n, _COMPS) and not inline):
            stack.append(n.generators[0].iter)
            continue
        stack.extend(ast.iter_child_nodes(n))


def _node_lines(n, lines):
    ln = getattr(n, 'lineno', None)
    if ln is not None:
        lines.add(ln)
        if isinstance(n, ast.Attribute) and n.end_lineno:
            lines.add(n.end_lineno)  # 3.12+: an attribute access reports the attribute's line


def stmt_parts(st):
    """The expressions (and other nodes) a statement evaluates itself, not its body."""
    if isinstance(st, _FUNCS):
        parts = list(st.decorator_list) + list(st.args.defaults)
        parts += [d for d in st.args.kw_defaults if d is not None]
        for a in (
            getattr(st.args, 'posonlyargs', []) + st.args.args + st.args.kwonlyargs + [st.args.vararg, st.args.kwarg]
        ):
            if a is not None and a.annotation is not None:
                parts.append(a.annotation)
        if st.returns is not None:
            parts.append(st.returns)
        return parts
    if isinstance(st, ast.ClassDef):
        return list(st.decorator_list) + list(st.bases) + [k.value for k in st.keywords]
    if isinstance(st, (ast.For, ast.AsyncFor)):
        return [st.target, st.iter]
    if isinstance(st, (ast.While, ast.If)):
        return [st.test]
    if isinstance(st, (ast.With, ast.AsyncWith)):
        out = []
        for it in st.items:
            out.append(it.context_expr)
            if it.optional_vars is not None:
                out.append(it.optional_vars)
        return out
    if _MATCH is not None and isinstance(st, _MATCH):
        return [st.subject]
    if isinstance(st, _TRYS):
        return []
    if isinstance(st, ast.ExceptHandler):
        return [st.type] if st.type is not None else []
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return list(st.names)
    return [c for c in ast.iter_child_nodes(st) if not isinstance(c, (ast.expr_context,))]


# --- control-flow graph -------------------------------------------------------------------


class Node:
    __slots__ = ('id', 'lines', 'entry', 'loops', 'optional', 'succ', 'stmt')

    def __init__(self, nid, lines, optional=False, loops=(), stmt=None):
        self.id = nid
        self.lines = frozenset(lines)
        self.entry = self.lines  # lines the node's first event may be on
        self.loops = frozenset(loops)  # lines that may repeat their own event (inlined loops)
        self.optional = optional  # may pass without any line event
        self.succ = {}  # target id -> True when reached by a jump
        self.stmt = stmt


class Graph:
    """The control-flow graph of one code object, over statements."""

    def __init__(self, scope):
        self.scope = scope
        self.nodes = []
        self.entry = []  # [(node id, jump)]

    def add(self, lines, optional=False, loops=(), stmt=None):
        n = Node(len(self.nodes), lines, optional, loops, stmt)
        self.nodes.append(n)
        return n

    def edge(self, src, targets):
        node = self.nodes[src]
        for t, back in targets:
            node.succ[t] = node.succ.get(t, False) or back


def _chain(e):
    """Lines along the chain of first-evaluated sub-expressions of `e`: the line of
    the first instruction an expression runs is among them."""
    lines = set()
    while e is not None:
        if getattr(e, 'lineno', None) is not None:
            lines.add(e.lineno)
        nxt = None
        if isinstance(e, ast.Call):
            nxt = e.func
        elif isinstance(
            e,
            (
                ast.Attribute,
                ast.Subscript,
                ast.Starred,
                ast.Await,
                ast.NamedExpr,
                ast.Yield,
                ast.YieldFrom,
                ast.FormattedValue,
            ),
        ):
            nxt = e.value
        elif isinstance(e, ast.BinOp):
            nxt = e.left
        elif isinstance(e, ast.BoolOp):
            nxt = e.values[0]
        elif isinstance(e, ast.Compare):
            nxt = e.left
        elif isinstance(e, ast.UnaryOp):
            nxt = e.operand
        elif isinstance(e, ast.IfExp):
            nxt = e.test
        elif isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            nxt = e.elts[0] if e.elts else None
        elif isinstance(e, ast.Dict):
            if e.keys:
                nxt = e.keys[0] if e.keys[0] is not None else e.values[0]
        elif isinstance(e, ast.JoinedStr):
            nxt = e.values[0] if e.values else None
        elif isinstance(e, _COMPS + (ast.GeneratorExp,)):
            nxt = e.generators[0].iter
        e = nxt
    return lines


def _first_lines(st):
    """Lines a statement's first event may be on (empty: any of its lines)."""
    if isinstance(st, _FUNCS + (ast.ClassDef,)):
        return _chain(st.decorator_list[0]) if st.decorator_list else set()
    if isinstance(st, (ast.Assign, ast.Return, ast.Expr)) or (isinstance(st, ast.AnnAssign) and st.value is not None):
        return _chain(st.value) | {st.lineno} if st.value is not None else {st.lineno}
    if isinstance(st, ast.AugAssign):
        return _chain(st.target) | {st.lineno}
    if isinstance(st, (ast.If, ast.While, ast.Assert)):
        return _chain(st.test) | {st.lineno}
    if isinstance(st, (ast.For, ast.AsyncFor)):
        return _chain(st.iter) | {st.lineno}
    if isinstance(st, (ast.With, ast.AsyncWith)):
        return _chain(st.items[0].context_expr) | {st.lineno}
    if isinstance(st, ast.Raise) and st.exc is not None:
        return _chain(st.exc) | {st.lineno}
    if isinstance(st, ast.Delete):
        return _chain(st.targets[0]) | {st.lineno}
    if _MATCH is not None and isinstance(st, _MATCH):
        return _chain(st.subject) | {st.lineno}
    if isinstance(st, ast.stmt):
        return {st.lineno}
    return set()


def _tail_event_39(st):
    """Whether 3.9 may report a block-closing line event after `st` (the last statement
    of a block): when the code closing the block starts a line-table entry of its own,
    because the last statement compiled emits no code (`pass`, a constant, a branch
    removed as dead) or ends in a jump whose cleanup code carries other lines."""
    if isinstance(st, (ast.Pass, ast.Global, ast.Nonlocal, ast.Break, ast.Continue, ast.Return, ast.Raise)):
        return True
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
        return True
    if isinstance(st, (ast.If, ast.While)) and isinstance(st.test, ast.Constant):
        return True
    if isinstance(st, _COMPOUND):
        blocks = [getattr(st, f, None) for f in ('body', 'orelse', 'finalbody')]
        blocks += [h.body for h in getattr(st, 'handlers', None) or []]
        blocks += [c.body for c in getattr(st, 'cases', None) or []]
        return any(_tail_event_39(b[-1]) for b in blocks if b)
    return False


def _jump(targets):
    """The same targets reached by a jump: an event on the same line may fire again."""
    return [(t, True) for t, _ in targets]


class _Layer:
    __slots__ = ('kind', 'a', 'b')

    def __init__(self, kind, a=None, b=None):
        self.kind, self.a, self.b = kind, a, b


class _CFGBuilder:
    def __init__(self, analysis, scope):
        self.an = analysis
        self.t = analysis.target
        self.scope = scope
        self.g = Graph(scope)
        self.layers = []
        self.handler_lines = []  # [(name, [node ids])] except-as handler bodies
        self.in_with = set()  # nodes inside a with body (3.9 calls __exit__ from them)

    # lines of a statement's own parts
    def lines_of(self, st, parts=None):
        inline = self.an.inline_comps != 'never'
        lines, loops = set(), set()
        if getattr(st, 'lineno', None) is not None:
            lines.add(st.lineno)
        branch = False
        for p in stmt_parts(st) if parts is None else parts:
            for n in _walk_local(p, inline):
                _node_lines(n, lines)
                if inline and isinstance(n, _COMPS):
                    for m in ast.walk(n):
                        _node_lines(m, loops)
                if isinstance(n, (ast.BoolOp, ast.IfExp)):
                    branch = True
        if branch and self.an.branch_repeat != 'never':
            loops |= lines  # 3.12 may report the line again where the branches join
        return lines, loops

    def node(self, st, lines=None, optional=False, parts=None):
        ls, loops = self.lines_of(st, parts)
        if lines is not None:
            ls = lines
        n = self.g.add(ls, optional, loops & set(ls), st)
        first = _first_lines(st) & n.lines
        if first:
            n.entry = frozenset(first)
        return n

    def route(self, kind, src, st=None, explicit=False):
        """Edges for a break / continue / return / exception leaving `src`, through the
        enclosing with-exits and finally blocks."""
        g = self.g
        curs = [src]

        def link(targets):
            for c in curs:
                g.edge(c, targets)

        for layer in reversed(self.layers):
            if layer.kind == 'with':
                exits = layer.b if kind == 'exc' else layer.a
                if exits:
                    link([(x, True) for x in exits])
                    curs = list(exits)
            elif layer.kind == 'finally':
                fin_entry, fx = layer.a, layer.b
                link(_jump(fin_entry))
                curs = [fx]
                if kind != 'exc' and st is not None and self.an.finally_revisit != 'never':
                    # 3.9 reports the jumping statement's line again after the finally block
                    rev = self.node(st, optional=True)
                    link([(rev.id, True)])
                    curs = [rev.id]
            elif layer.kind == 'handlers' and kind == 'exc':
                link(_jump(layer.a))
                return
            elif layer.kind == 'loop' and kind in ('break', 'continue'):
                link(_jump(layer.b if kind == 'break' else layer.a))
                return
        if kind == 'return':
            link([(RETURN, False)])
        elif kind == 'exc':
            link([(RAISE if explicit else EXC_EXIT, False)])

    def block(self, stmts, nxt):
        entry = nxt
        for i in range(len(stmts) - 1, -1, -1):
            entry = self.stmt(stmts[i], entry, last=i == len(stmts) - 1)
        return entry

    def may_raise(self, st):
        return not isinstance(st, (ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal))

    def has_yield(self, st):
        inline = self.an.inline_comps != 'never'
        for p in stmt_parts(st):
            for n in _walk_local(p, inline):
                if isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)):
                    return True
        return False

    def simple(self, st, nxt, optional=False):
        n = self.node(st, optional=optional)
        self.g.edge(n.id, nxt)
        if self.may_raise(st):
            self.route('exc', n.id)
        if self.has_yield(st):
            self.g.edge(n.id, [(RETURN, False)])
        return n

    def stmt(self, st, nxt, last=False):
        if last and self.an.tail_events != 'never' and isinstance(st, _COMPOUND) and _tail_event_39(st):
            # 3.9 attributes the instructions closing a block (POP_BLOCK, a loop's jump
            # back, the implicit return...) to the last line it compiled, and a jump out
            # of a compound statement ending the block lands there and reports that line
            lines = self.tail_lines([st])
            tail = self.g.add(lines, optional=True, loops=lines, stmt=st)
            self.g.edge(tail.id, _jump(nxt))
            nxt = [(tail.id, True)]
        return self._stmt(st, nxt)

    def _stmt(self, st, nxt):
        g = self.g
        an = self.an
        if isinstance(st, (ast.Global, ast.Nonlocal)):
            return nxt  # no bytecode, no event
        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
            # a constant expression: compiled away in 3.9, a NOP with a line event since 3.10
            return [(self.simple(st, nxt, optional=an.const_expr_event != 'always').id, False)]
        if isinstance(st, ast.Pass):
            # a NOP that the optimizer drops when a jump lands on it (3.9-3.13)
            return [(self.simple(st, nxt, optional=True).id, False)]
        if isinstance(st, (ast.If,)):
            h = self.node(st, optional=isinstance(st.test, ast.Constant) and an.const_test_event != 'always')
            body = self.block(st.body, nxt)
            orelse = self.block(st.orelse, nxt) if st.orelse else nxt
            g.edge(h.id, body)
            g.edge(h.id, _jump(orelse))
            self.route('exc', h.id)
            if self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, (ast.While,)):
            const = isinstance(st.test, ast.Constant)
            h = self.node(st, optional=const and an.const_test_event != 'always')
            after = self.block(st.orelse, nxt) if st.orelse else nxt
            if not (const and st.test.value):
                g.edge(h.id, _jump(after))
            self.layers.append(_Layer('loop', [(h.id, True)], nxt))
            body = self.block(st.body, [(h.id, True)])
            self.layers.pop()
            g.edge(h.id, body)
            self.route('exc', h.id)
            if self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, (ast.For, ast.AsyncFor)):
            h = self.node(st)
            after = self.block(st.orelse, nxt) if st.orelse else nxt
            g.edge(h.id, _jump(after))
            self.layers.append(_Layer('loop', [(h.id, True)], nxt))
            body = self.block(st.body, [(h.id, True)])
            self.layers.pop()
            g.edge(h.id, body)
            self.route('exc', h.id)
            if isinstance(st, ast.AsyncFor) or self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, (ast.With, ast.AsyncWith)):
            h = self.node(st)
            ex = None
            if an.with_exit_event != 'never':
                ex = self.node(st, optional=an.with_exit_event == 'maybe')
                if len(st.items) > 1:
                    ex.loops = ex.lines  # each item's exit reports the with line again
                g.edge(ex.id, nxt)
                self.route('exc', ex.id)
                if isinstance(st, ast.AsyncWith):
                    g.edge(ex.id, [(RETURN, False)])
            exc_exits = [ex.id] if ex is not None else []
            if an.with_exit_39 != 'never':
                # 3.9: no event on a normal exit (__exit__ runs from the body's last line
                # event), but an exception's exit reports the body's textually last line
                lines = self.tail_lines(st.body)
                ex39 = g.add(lines, optional=True, loops=lines, stmt=st)
                g.edge(ex39.id, _jump(nxt))
                self.route('exc', ex39.id)
                exc_exits.append(ex39.id)
            self.layers.append(_Layer('with', [ex.id] if ex is not None else [], exc_exits))
            start = len(g.nodes)
            body = self.block(st.body, [(ex.id, False)] if ex is not None else nxt)
            if an.with_exit_39 != 'never':
                self.in_with.update(range(start, len(g.nodes)))
            self.layers.pop()
            g.edge(h.id, body)
            self.route('exc', h.id)
            if isinstance(st, ast.AsyncWith) or self.has_yield(st):
                g.edge(h.id, [(RETURN, False)])
            return [(h.id, False)]
        if isinstance(st, _TRYS):
            return self.try_stmt(st, nxt)
        if _MATCH is not None and isinstance(st, _MATCH):
            return self.match_stmt(st, nxt)
        if isinstance(st, ast.Return):
            n = self.node(st)
            if st.value is not None:
                self.route('exc', n.id)
                if self.has_yield(st):
                    g.edge(n.id, [(RETURN, False)])
            self.route('return', n.id, st)
            return [(n.id, False)]
        if isinstance(st, ast.Raise):
            n = self.node(st)
            self.route('exc', n.id, explicit=True)
            return [(n.id, False)]
        if isinstance(st, ast.Break):
            # 3.9 threads a conditional jump to a break / continue straight to its target
            n = self.node(st, optional=an.pass_optional)
            self.route('break', n.id, st)
            return [(n.id, False)]
        if isinstance(st, ast.Continue):
            n = self.node(st, optional=an.pass_optional)
            self.route('continue', n.id, st)
            return [(n.id, False)]
        return [(self.simple(st, nxt).id, False)]

    def try_stmt(self, st, nxt):
        g = self.g
        t = self.g.add([st.lineno], stmt=st)
        fin_entry = None
        if st.finalbody:
            fx = g.add([], optional=True)
            g.edge(fx.id, nxt)
            # 3.11: an exception leaving a finally block run for an exception reports
            # the block's last line first
            pushed = self.cleanup(st.finalbody, self.an.finally_cleanup_event, st)
            fin_entry = self.block(st.finalbody, [(fx.id, False)])
            if pushed:
                self.layers.pop()
            self.layers.append(_Layer('finally', fin_entry, fx.id))
            after = fin_entry
            if (
                self.an.tail_events != 'never'
                and (st.handlers or st.orelse)
                and any(_tail_event_39(b[-1]) for b in [st.body, st.orelse] + [h.body for h in st.handlers] if b)
            ):
                # 3.9: the POP_BLOCK before the finally carries the last line compiled
                lines = set()
                for block in [st.body, st.orelse] + [h.body for h in st.handlers]:
                    if block:
                        lines |= self.tail_lines(block)
                for h in st.handlers:
                    lines |= self.lines_of(h)[0]
                tail = g.add(lines, optional=True, loops=lines, stmt=st)
                g.edge(tail.id, _jump(fin_entry))
                after = [(tail.id, True)]
        else:
            after = nxt
        # handlers, last first: a handler that does not match passes to the next one
        nomatch = None
        handler_entries = []
        for h in reversed(st.handlers):
            hn = self.node(h, optional=h.type is None and self.an.bare_except_event != 'always')
            start = len(g.nodes)
            # 3.9: an exception leaving an `except ... as name:` body reports the
            # body's last line first (the implicit `del name`)
            pushed = h.name and self.cleanup(h.body, self.an.handler_cleanup_event, h)
            body = self.block(h.body, after)
            if pushed:
                self.layers.pop()
            if h.name:
                self.handler_lines.append((h.name, list(range(start, len(g.nodes)))))
            g.edge(hn.id, body)
            if nomatch is None:
                self.route('exc', hn.id)
            else:
                g.edge(hn.id, _jump(nomatch))
                self.route('exc', hn.id)
            nomatch = [(hn.id, False)]
            handler_entries.append(hn.id)
        orelse = self.block(st.orelse, after) if st.orelse else after
        if nomatch is not None:
            self.layers.append(_Layer('handlers', nomatch))
        body = self.block(st.body, orelse)
        if nomatch is not None:
            self.layers.pop()
        if st.finalbody:
            self.layers.pop()
        g.edge(t.id, body)
        return [(t.id, False)]

    def tail_lines(self, body):
        """Lines the last instructions compiled for `body` may carry: the last
        statement's own lines and, recursively, those of its blocks' tails (a loop's
        closing jump or test carries the loop's line, a with's exit the with's)."""
        st = body[-1]
        lines, _ = self.lines_of(st)
        if isinstance(st, _FUNCS + (ast.ClassDef,)):
            return lines
        for field in ('body', 'orelse', 'finalbody'):
            block = getattr(st, field, None)
            if block:
                lines |= self.tail_lines(block)
        for h in getattr(st, 'handlers', None) or []:
            lines |= self.tail_lines(h.body) | self.lines_of(h)[0]
        for c in getattr(st, 'cases', None) or []:
            lines |= self.tail_lines(c.body)
        return lines

    def cleanup(self, body, feature, st):
        """Push a layer whose exceptions pass through an optional event on the last
        line of `body`; False when no target version has it."""
        if feature == 'never':
            return False
        lines = self.tail_lines(body)
        node = self.g.add(lines, optional=True, loops=lines, stmt=st)
        self.route('exc', node.id)
        self.layers.append(_Layer('with', [], [node.id]))
        return True

    def match_stmt(self, st, nxt):
        g = self.g
        h = self.node(st)
        self.route('exc', h.id)
        follow = nxt
        for case in reversed(st.cases):
            parts = [case.pattern] + ([case.guard] if case.guard is not None else [])
            lines, loops = self.lines_of(case.pattern, parts)
            c = g.add(lines, False, loops & lines, case)
            body = self.block(case.body, nxt)
            g.edge(c.id, body)
            g.edge(c.id, _jump(follow))
            self.route('exc', c.id)
            follow = [(c.id, False)]
        g.edge(h.id, follow)
        return [(h.id, False)]

    # code objects
    def build(self):
        s = self.scope
        node = s.node
        g = self.g
        ret = [(RETURN, False)]
        if s.kind == 'module':
            g.entry = self.block(node.body, ret)
        elif s.kind == 'function':
            body = list(node.body)
            doc = None
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                doc = body.pop(0)
            if body:
                g.entry = self.block(body, ret)
            else:
                # only a docstring: the implicit `return None` reports the docstring's
                # line (3.9) or the def line (3.10+)
                lines = set()
                if self.an.docstring_return_line != 'never':
                    lines.add(doc.lineno)
                if self.an.docstring_return_line != 'always':
                    lines.update((node.lineno, s.call_line))
                n = g.add(lines, stmt=doc)
                g.edge(n.id, ret)
                g.entry = [(n.id, False)]
        elif s.kind == 'class':
            head = g.add([s.call_line], stmt=node)
            body = self.block(node.body, ret)
            g.edge(head.id, body)
            g.entry = [(head.id, False)]
        elif s.kind == 'lambda':
            lines, loops = self.lines_of(node, [node.body])
            n = g.add(lines, False, loops & lines, node)
            g.edge(n.id, ret)
            g.entry = [(n.id, False)]
        else:  # comprehension or generator expression frame: one looping node
            lines = set()
            for m in ast.walk(node):
                _node_lines(m, lines)
            n = g.add(lines, False, lines, node)
            g.edge(n.id, ret)
            g.entry = [(n.id, False)]
        return g


def _explore(nodes):
    """{line: successor lines and markers} of one code object's graph."""
    result = {}
    for node in nodes:
        for line in node.lines:
            result.setdefault(line, set()).update(_next_events(nodes, node.id, line))
    return result


def _next_events(nodes, nid, line):
    """Lines of the next event after an event on `line` while executing node `nid`."""
    out = set()
    seen = set()
    # work items: (how, node id, line of the last event, jump)
    #   'in': executing the node
    #   'enter': entering the node (jump: by a jump, which may repeat the last line)
    stack = [('in', nid, line, False)]
    while stack:
        item = stack.pop()
        if item in seen:
            continue
        seen.add(item)
        how, cur, cl, jump = item
        if cur < 0:
            if cur in MARKERS:
                out.add(MARKERS[cur])
            continue
        node = nodes[cur]
        if how == 'in':
            for l2 in node.lines:
                if l2 != cl or l2 in node.loops:
                    out.add(l2)
            for t, b in node.succ.items():
                stack.append(('enter', t, cl, b))
        else:
            for l2 in node.entry:
                if l2 != cl or jump:
                    out.add(l2)
            if cl in node.entry:
                # an event on the line of the previous event is suppressed (unless a
                # jump led here): the node runs on silently
                stack.append(('in', cur, cl, False))
            if node.optional or not node.lines:
                for t, b in node.succ.items():
                    stack.append(('enter', t, cl, b or jump))
    return out


def entry_events(g):
    """Lines of the first line event of a code object."""
    out = set()
    seen = set()
    stack = [t for t, _ in g.entry]
    while stack:
        t = stack.pop()
        if t in seen or t < 0:
            continue
        seen.add(t)
        node = g.nodes[t]
        out.update(node.entry)
        if node.optional or not node.lines:
            stack.extend(node.succ)
    return out


# --- may-alias and containment ------------------------------------------------------------

H = 'H'  # every object the frame did not create itself: arguments, globals, call results


class Alias:
    """Flow-insensitive may-alias classes, with one "elements" class per class.

    Names in one class may refer to the same object (or to objects related in any
    way). `elem(x)` is the class of every object that x's object may (transitively)
    contain: putting y into x unites y with elem(x). Mutating an object changes the
    repr of its class and of every class that contains it."""

    def __init__(self):
        self.parent = {}
        self.elems = {}  # node -> its elements node
        self.n_anon = 0

    def find(self, x):
        parent = self.parent
        if x not in parent:
            parent[x] = x
            return x
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if rb == H:
                ra, rb = rb, ra
            self.parent[rb] = ra

    def anon(self):
        self.n_anon += 1
        return ('a', self.n_anon)

    def elem(self, x):
        if x == H:
            return H
        e = self.elems.get(x)
        if e is None:
            e = self.elems[x] = ('e', x)
            self.find(e)
        return e

    def contain(self, a, b):
        self.union(self.elem(a), b)

    def connect(self, node, vals):
        for rel, m in vals:
            if rel == 'is':
                self.union(node, m)
            else:
                self.contain(node, m)

    def solve(self):
        # congruence: objects that may be the same have elements that may be the same;
        # a class holding elements of itself (or H) is its own elements class
        while True:
            changed = False
            first = {}
            for x, e in list(self.elems.items()):
                r = self.find(x)
                if r in first:
                    if self.find(first[r]) != self.find(e):
                        self.union(first[r], e)
                        changed = True
                else:
                    first[r] = e
            if not changed:
                break
        up, down = {}, {}
        for x, e in self.elems.items():
            rx, re_ = self.find(x), self.find(e)
            if rx != re_:
                up.setdefault(re_, set()).add(rx)
                down.setdefault(rx, set()).add(re_)
        self.up, self.down = up, down
        self.members = {}
        for x in self.parent:
            if isinstance(x, tuple) and x[0] == 'n':
                self.members.setdefault(self.find(x), set()).add(x[1])

    def _reach(self, starts, graph):
        seen = set(starts)
        stack = list(seen)
        while stack:
            x = stack.pop()
            for y in graph.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        return seen

    def shallow(self, nodes):
        """Names whose repr may change when the objects of `nodes` are mutated."""
        return self._names(self._reach({self.find(n) for n in nodes}, self.up))

    def deep(self, nodes):
        """Names whose repr may change when anything reachable from `nodes` is mutated."""
        inside = self._reach({self.find(n) for n in nodes}, self.down)
        return self._names(self._reach(inside, self.up))

    def _names(self, reps):
        out = set()
        for r in reps:
            out.update(self.members.get(r, ()))
        return out

    def touches_h(self, nodes, deep=False):
        starts = {self.find(n) for n in nodes}
        if deep:
            starts = self._reach(starts, self.down)
        return self.find(H) in self._reach(starts, self.up)


class _Record:
    __slots__ = ('binds', 'shallow', 'deep', 'calls', 'external', 'iterates', 'yields', 'nontrivial', 'any')

    def __init__(self):
        self.binds = set()
        self.shallow = []  # nodes mutated in place
        self.deep = []  # nodes handed to code that may mutate what they reach
        self.calls = set()  # module scopes the statement may call
        self.external = False  # calls code outside the module with arguments
        self.iterates = False
        self.yields = False
        self.nontrivial = False
        self.any = False  # may bind anything (star import, exec, locals() writes)


def _is_dunder(name):
    return len(name) > 4 and name.startswith('__') and name.endswith('__')


def _decorator_name(d):
    if isinstance(d, ast.Call):
        d = d.func
    if isinstance(d, ast.Name):
        return d.id
    if isinstance(d, ast.Attribute):
        return d.attr
    return None


class _Effects:
    """Names a statement binds and mutates, and what it may call, for one scope."""

    def __init__(self, an, scope):
        self.an = an
        self.s = scope
        self.al = Alias()
        self.env = {}
        self.records = {}
        self.rec = None
        self.inline = an.inline_comps != 'never' or scope.kind in ('comprehension', 'genexpr')

    # names and values
    def name_node(self, name):
        b = lookup(self.s, name, self.an.module)
        if b is self.s:
            self.al.find(('n', name))
            return ('n', name)
        if b is None:
            return None
        if b.kind in ('function', 'lambda', 'comprehension', 'genexpr') and self.s.kind != 'class':
            n = ('n', name)  # a free variable: in the frame's locals, shared with another frame
            self.al.union(n, H)
            return n
        return H

    def elem_vals(self, vals):
        """Values that may be elements of `vals`."""
        return [('is', self.al.elem(m)) if r == 'is' else ('is', m) for r, m in vals]

    def copy_vals(self, vals):
        """A new container holding the elements of `vals`."""
        return [('has', self.al.elem(m)) if r == 'is' else ('has', m) for r, m in vals]

    def has_vals(self, vals):
        return [('has', m) for _, m in vals]

    def val(self, e):
        al = self.al
        if isinstance(e, ast.Name):
            if e.id in self.env:
                return [('is', self.env[e.id])]
            n = self.name_node(e.id)
            return [('is', n)] if n is not None else []
        if isinstance(e, ast.Constant):
            return []
        if isinstance(e, (ast.JoinedStr, ast.FormattedValue, ast.Compare)):
            self.rec.nontrivial = True
            for c in ast.iter_child_nodes(e):
                if isinstance(c, ast.expr):
                    self.val(c)
            if isinstance(e, ast.Compare) and any(isinstance(o, (ast.In, ast.NotIn)) for o in e.ops):
                self.rec.iterates = True
            return []
        if isinstance(e, ast.Lambda):
            for d in e.args.defaults + [d for d in e.args.kw_defaults if d is not None]:
                self.val(d)
            return []
        if isinstance(e, ast.UnaryOp):
            self.rec.nontrivial = True
            v = self.val(e.operand)
            return v if self.an.has_dunders and not isinstance(e.op, ast.Not) else []
        if isinstance(e, ast.BinOp):
            self.rec.nontrivial = True
            v = self.val(e.left) + self.val(e.right)
            return v if self.an.has_dunders else self.copy_vals(v)
        if isinstance(e, ast.BoolOp):
            self.rec.nontrivial = True
            out = []
            for x in e.values:
                out += self.val(x)
            return out
        if isinstance(e, ast.IfExp):
            self.rec.nontrivial = True
            self.val(e.test)
            return self.val(e.body) + self.val(e.orelse)
        if isinstance(e, ast.NamedExpr):
            v = self.val(e.value)
            self.bind(e.target, v)
            return v
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            out = []
            for x in e.elts:
                if isinstance(x, ast.Starred):
                    self.rec.iterates = self.rec.nontrivial = True
                    out += self.copy_vals(self.val(x.value))
                else:
                    out += self.has_vals(self.val(x))
            return out
        if isinstance(e, ast.Dict):
            out = []
            for k, v in zip(e.keys, e.values):
                if k is None:
                    self.rec.nontrivial = True
                    out += self.copy_vals(self.val(v))
                else:
                    out += self.has_vals(self.val(k)) + self.has_vals(self.val(v))
            return out
        if isinstance(e, ast.Starred):
            self.rec.iterates = self.rec.nontrivial = True
            return self.val(e.value)
        if isinstance(e, ast.Subscript):
            self.rec.nontrivial = True
            base = self.val(e.value)
            self.val(e.slice)
            if isinstance(e.slice, ast.Slice):
                return self.copy_vals(base)
            return self.elem_vals(base)
        if isinstance(e, ast.Attribute):
            self.rec.nontrivial = True
            return self.elem_vals(self.val(e.value))
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, (ast.Yield, ast.YieldFrom, ast.Await)):
            self.rec.nontrivial = True
            self.rec.yields = True
            if e.value is not None:
                for _, m in self.val(e.value):
                    al.union(m, H)  # the caller gets it, and may change it while we wait
            if isinstance(e, ast.YieldFrom):
                self.rec.iterates = True
            return [('is', H)]
        if isinstance(e, _COMPS + (ast.GeneratorExp,)):
            return self.comprehension(e)
        if isinstance(e, ast.Slice):
            for x in (e.lower, e.upper, e.step):
                if x is not None:
                    self.val(x)
            return []
        for c in ast.iter_child_nodes(e):
            if isinstance(c, ast.expr):
                self.val(c)
        return []

    def comprehension(self, e):
        self.rec.nontrivial = self.rec.iterates = True
        inline = self.inline and not isinstance(e, ast.GeneratorExp)
        saved = dict(self.env)
        for i, g in enumerate(e.generators):
            it = self.val(g.iter)
            for t in ast.walk(g.target):
                if isinstance(t, ast.Name):
                    node = ('n', t.id)
                    self.env[t.id] = node
                    self.al.connect(node, self.elem_vals(it))
                    if inline:
                        self.rec.binds.add(t.id)
            for c in g.ifs:
                self.val(c)
        out = []
        for part in ('elt', 'key', 'value'):
            if hasattr(e, part):
                out += self.has_vals(self.val(getattr(e, part)))
        self.env = saved
        return out

    def call(self, c):
        rec = self.rec
        al = self.al
        rec.nontrivial = True
        func = c.func
        recv = None
        if isinstance(func, ast.Attribute):
            recv = self.val(func.value)
        elif not isinstance(func, ast.Name):
            recv = self.val(func)
        args = []
        for a in c.args:
            if isinstance(a, ast.Starred):
                rec.iterates = True
                args += self.val(a.value)
            else:
                args += self.val(a)
        for k in c.keywords:
            if k.arg is None:
                rec.iterates = True
            args += self.val(k.value)
        kind, callees = self.an.resolve_call(self.s, func)
        rec.calls |= callees
        if kind == 'iterating':
            rec.iterates = True
        name = func.id if isinstance(func, ast.Name) else (func.attr if isinstance(func, ast.Attribute) else None)
        if kind in ('scalar', 'iterating'):
            if name in MUTATING_BUILTINS and args:
                rec.shallow += [m for r, m in args[:1] if r == 'is']
            if name in CONTAINER_BUILTINS:
                return self.copy_vals(args)
            if name in ELEMENT_BUILTINS or name == 'sum':
                return self.elem_vals(args) + (self.copy_vals(args) if name == 'sum' else [])
            if name in ('getattr', 'vars'):
                return self.elem_vals(args)
            return []
        if kind == 'method':
            return self.builtin_method(name, recv or [], args)
        extra = []
        if isinstance(func, ast.Attribute) and name in KNOWN_METHODS:
            # a module method of that name, or the builtin type's one
            extra = self.builtin_method(name, recv or [], args)
        # module code or code we know nothing about
        given = [m for _, m in (recv or []) + args]
        impure = any(not f.pure for f in callees)
        if kind == 'unknown':
            rec.external = True
            impure = impure or self.an.unknown_impure
        rec.deep += given
        result = al.anon()
        al.union(result, H)
        for m in given:
            al.union(result, m) if impure else al.contain(result, m)
        if impure:
            for m in given:
                al.union(m, H)
        elif kind == 'unknown':
            # outside code may store one argument into another
            for m in given[1:]:
                al.union(given[0], m)
        return [('is', result)] + extra

    def builtin_method(self, name, recv, args):
        rec = self.rec
        al = self.al
        if name in MUTATING_METHODS:
            rec.shallow += [m for r, m in recv if r == 'is']
            if args:
                a = al.anon()
                al.connect(a, args)
                for r, m in recv:
                    if r == 'is':
                        al.contain(m, a)
        if name in ITERATING_METHODS:
            rec.iterates = True
        if name in ELEMENT_METHODS:
            return self.elem_vals(recv) + args
        if name in VIEW_METHODS:
            return list(recv)
        if name in COPY_METHODS:
            return self.copy_vals(recv)
        return []

    def bind(self, t, vals):
        rec = self.rec
        al = self.al
        if isinstance(t, ast.Name):
            rec.binds.add(t.id)
            al.find(('n', t.id))
            if self.s.kind == 'class' or lookup(self.s, t.id, self.an.module) is self.s:
                al.connect(('n', t.id), vals)
            else:
                al.connect(('n', t.id), vals)
                al.union(('n', t.id), H)  # global or nonlocal
        elif isinstance(t, (ast.Tuple, ast.List)):
            rec.iterates = rec.nontrivial = True
            for x in t.elts:
                if isinstance(x, ast.Starred):
                    self.bind(x.value, self.copy_vals(vals))
                else:
                    self.bind(x, self.elem_vals(vals))
        elif isinstance(t, ast.Starred):
            self.bind(t.value, self.copy_vals(vals))
        elif isinstance(t, (ast.Attribute, ast.Subscript)):
            rec.nontrivial = True
            base = self.val(t.value)
            if isinstance(t, ast.Subscript):
                self.val(t.slice)
            rec.shallow += [m for r, m in base if r == 'is']
            a = al.anon()
            al.connect(a, vals)
            for r, m in base:
                if r == 'is':
                    al.contain(m, a)

    # statements
    def statement(self, st):
        rec = self.rec = _Record()
        self.records[id(st)] = rec
        al = self.al
        if isinstance(st, ast.Assign):
            v = self.val(st.value)
            for t in st.targets:
                self.bind(t, v)
        elif isinstance(st, ast.AugAssign):
            rec.nontrivial = True
            v = self.val(st.value)
            t = st.target
            if isinstance(t, ast.Name):
                cur = self.val(t)
                rec.binds.add(t.id)
                rec.shallow += [m for r, m in cur if r == 'is']  # `xs += ys` extends xs in place
                a = al.anon()
                al.connect(a, v)
                for r, m in cur:
                    if r == 'is':
                        al.contain(m, a)
                if lookup(self.s, t.id, self.an.module) is not self.s:
                    al.union(('n', t.id), H)
            else:
                self.bind(t, v)
        elif isinstance(st, ast.AnnAssign):
            if self.s.kind in ('module', 'class'):
                self.val(st.annotation)
                if isinstance(st.target, ast.Name):
                    rec.binds.add('__annotations__')
            if st.value is not None:
                self.bind(st.target, self.val(st.value))
            elif not isinstance(st.target, ast.Name):
                self.val(st.target.value)
        elif isinstance(st, ast.Delete):
            for t in st.targets:
                for x in t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]:
                    if isinstance(x, ast.Name):
                        rec.binds.add(x.id)
                    elif isinstance(x, (ast.Attribute, ast.Subscript)):
                        rec.nontrivial = True
                        rec.shallow += [m for r, m in self.val(x.value) if r == 'is']
                        if isinstance(x, ast.Subscript):
                            self.val(x.slice)
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            rec.nontrivial = rec.iterates = True
            self.bind(st.target, self.elem_vals(self.val(st.iter)))
            if isinstance(st, ast.AsyncFor):
                rec.yields = True
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            rec.nontrivial = True
            for it in st.items:
                v = self.val(it.context_expr)
                if it.optional_vars is not None:
                    self.bind(it.optional_vars, v + [('is', H)])
            if isinstance(st, ast.AsyncWith):
                rec.yields = True
        elif isinstance(st, ast.ExceptHandler):
            if st.type is not None:
                self.val(st.type)
            if st.name:
                rec.binds.add(st.name)
                al.union(('n', st.name), H)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            rec.nontrivial = True
            for a in st.names:
                if a.name == '*':
                    rec.any = True
                else:
                    name = a.asname or (a.name.split('.')[0] if isinstance(st, ast.Import) else a.name)
                    rec.binds.add(name)
                    al.union(('n', name), H)
        elif isinstance(st, _FUNCS + (ast.ClassDef,)):
            rec.binds.add(st.name)
            if st.decorator_list or isinstance(st, ast.ClassDef):
                rec.nontrivial = True
            for p in stmt_parts(st):
                self.val(p)
            for d in st.decorator_list:
                kind, callees = self.an.resolve_call(self.s, d)
                rec.calls |= callees
            if isinstance(st, ast.ClassDef):
                body = self.an.scope_of.get(id(st))
                if body is not None:
                    rec.calls.add(body)
        elif isinstance(st, (ast.If, ast.While, ast.Assert)):
            rec.nontrivial = True
            self.val(st.test)
            if isinstance(st, ast.Assert) and st.msg is not None:
                self.val(st.msg)
        elif _MATCH is not None and isinstance(st, _MATCH):
            rec.nontrivial = rec.iterates = True
            subject = self.val(st.subject)
            self.match_subject = subject
        elif isinstance(st, ast.Lambda):
            self.val(st.body)
        elif isinstance(st, _COMPS + (ast.GeneratorExp,)):
            # a comprehension's own frame: its variables are its locals
            rec.nontrivial = rec.iterates = True
            saved = self.inline
            self.inline = True
            it = [('is', H)]
            for i, g in enumerate(st.generators):
                if i:
                    it = self.val(g.iter)
                self.bind(g.target, self.elem_vals(it))
                for c in g.ifs:
                    self.val(c)
            for part in ('elt', 'key', 'value'):
                if hasattr(st, part):
                    self.val(getattr(st, part))
            if isinstance(st, ast.GeneratorExp):
                rec.yields = True
            self.inline = saved
        else:
            for p in stmt_parts(st):
                if isinstance(p, ast.expr):
                    self.val(p)
        return rec

    def case(self, case, subject):
        rec = self.rec = _Record()
        self.records[id(case)] = rec
        rec.nontrivial = True
        vals = subject + self.elem_vals(subject)
        for n in ast.walk(case.pattern):
            name = getattr(n, 'name', None) if not isinstance(n, ast.MatchMapping) else n.rest
            if isinstance(n, (ast.MatchAs, ast.MatchStar)) and name:
                self.bind(ast.Name(id=name, ctx=ast.Store()), vals)
            elif isinstance(n, ast.MatchMapping) and n.rest:
                self.bind(ast.Name(id=n.rest, ctx=ast.Store()), self.copy_vals(subject))
            elif isinstance(n, ast.expr):
                self.val(n)
        if case.guard is not None:
            self.val(case.guard)

    def body(self, stmts):
        for st in stmts:
            self.statement(st)
            if isinstance(st, (ast.For, ast.AsyncFor, ast.While, ast.If)):
                self.body(st.body)
                self.body(st.orelse)
            elif isinstance(st, (ast.With, ast.AsyncWith)):
                self.body(st.body)
            elif isinstance(st, _TRYS):
                self.body(st.body)
                for h in st.handlers:
                    self.statement(h)
                    self.body(h.body)
                self.body(st.orelse)
                self.body(st.finalbody)
            elif _MATCH is not None and isinstance(st, _MATCH):
                subject = self.match_subject
                for case in st.cases:
                    self.case(case, subject)
                    self.body(case.body)

    def run(self):
        s = self.s
        al = self.al
        al.find(H)
        for p in s.params:
            al.union(('n', p), H)
        # names shared with other frames: cells of nested functions; at module level,
        # globals that functions use
        for name in self.an.shared[s]:
            al.union(('n', name), H)
        if s.kind == 'module' or s.kind == 'class' or s.kind == 'function':
            self.body(s.node.body)
        else:
            self.statement(s.node)
        al.solve()
        return self

    def impure(self):
        """Whether running this code may change anything another frame can see."""
        s = self.s
        al = self.al
        if s.kind != 'module' and (any(s.globals & (s.assigned | set(s.defs))) or s.nonlocals):
            return True
        for rec in self.records.values():
            if rec.any:
                return True
            if rec.shallow and al.touches_h(rec.shallow):
                return True
            if any(not f.pure for f in rec.calls):
                return True
            if rec.external and (self.an.unknown_impure or (rec.deep and al.touches_h(rec.deep, deep=True))):
                return True
        return False


# --- the whole analysis ---------------------------------------------------------------------


class Analysis:
    def __init__(self, source, target=None):
        self.target = target if isinstance(target, Target) else Target.parse(target)
        t = self.target
        self.inline_comps = t.feature(lambda v: v >= (3, 12))
        self.comp_frames = t.feature(lambda v: v < (3, 12))
        self.with_exit_event = t.feature(lambda v: v >= (3, 10))
        self.finally_revisit = t.feature(lambda v: v < (3, 10))
        self.const_test_event = t.feature(lambda v: v >= (3, 10))
        self.const_expr_event = t.feature(lambda v: v >= (3, 10))
        self.docstring_return_line = t.feature(lambda v: v < (3, 10))
        self.pass_optional = self.finally_revisit != 'never'  # 3.9: break, continue may be silent
        self.finally_cleanup_event = t.feature(lambda v: v == (3, 11))
        self.handler_cleanup_event = t.feature(lambda v: v < (3, 10))
        self.tail_events = t.feature(lambda v: v < (3, 10))
        self.with_exit_39 = t.feature(lambda v: v < (3, 10))
        self.branch_repeat = t.feature(lambda v: v == (3, 12))
        self.bare_except_event = 'always'

        self.source = source
        self.tree = ast.parse(source)
        sb = _ScopeBuilder()
        sb.visit(self.tree)
        self.sb = sb
        self.module = sb.module
        self.scope_of = sb.scope_of
        self.scopes = [s for s in sb.all if not (s.kind == 'comprehension' and self.comp_frames == 'never')]
        self.frames = [s for s in self.scopes if s.kind != 'module']
        self._lines_info()
        self._keys()
        self._classify()
        self._sharing()
        self._effects()
        self.graphs = {}
        self.handler_names = {}
        self.in_with = {}
        for s in self.scopes:
            b = _CFGBuilder(self, s)
            self.graphs[s] = b.build()
            self.handler_names[s] = b.handler_lines
            self.in_with[s] = b.in_with

    # function table
    def _lines_info(self):
        for s in self.scopes:
            node = s.node
            if s.kind == 'module':
                continue
            s.def_line = node.lineno
            s.call_line = min([d.lineno for d in s.decorators] + [node.lineno])
            s.last_line = getattr(node, 'end_lineno', node.lineno)

    def _keys(self):
        by = {}
        for s in self.frames:
            by.setdefault(s.qualname, []).append(s)
        for q, group in by.items():
            if len(group) == 1:
                group[0].key = q
                continue
            seen = {}
            for s in group:
                k = '%s@%d' % (q, s.def_line)
                if k in seen:
                    seen[k] += 1
                    k = '%s#%d' % (k, seen[k])
                else:
                    seen[k] = 1
                s.key = k
        self.module.key = '<module>'

    def _classify(self):
        sb = self.sb
        self.methods = {}
        escaping, implicit, generators, dels = set(), set(), set(), set()
        self.has_dunders = False
        for s in self.frames:
            if s.kind == 'lambda':
                escaping.add(s)
            if s.kind == 'genexpr' or (s.kind == 'function' and s.is_generator):
                generators.add(s)
            if s.kind != 'function':
                continue
            is_method = s.parent.kind == 'class'
            decos = [_decorator_name(d) for d in s.decorators]
            nontrivial = [d for d in decos if d not in TRIVIAL_DECORATORS]
            if any(d in PROPERTY_DECORATORS for d in decos):
                implicit.add(s)
            elif nontrivial:
                escaping.add(s)
            if is_method:
                self.methods.setdefault(s.name, []).append(s)
                if s.name in sb.nonfunc_attrs or s.name in sb.nonfunc_names:
                    escaping.add(s)
                if _is_dunder(s.name) and s.name not in NOT_IMPLICIT:
                    implicit.add(s)
                    if s.name not in ('__repr__', '__str__'):
                        self.has_dunders = True
                if s.name == '__del__':
                    dels.add(s)
            elif s.name in sb.nonfunc_names:
                escaping.add(s)
        for s in self.frames:
            if s.kind == 'class' and (s.name in sb.nonfunc_names or sb.uses_type_call):
                escaping |= self.constructors(s)
        self.escaping, self.implicit, self.generators, self.dels = escaping, implicit, generators, dels
        # generators that run code when closed: a yield inside try or with
        self.closers = {
            g
            for g in generators
            if g.kind != 'genexpr'
            and any(isinstance(n, _TRYS + (ast.With, ast.AsyncWith)) for n in _walk_scope(g.node))
        }
        self.unknown_set = frozenset(escaping | implicit | generators)
        self.iter_set = frozenset(generators | escaping | implicit)

    def constructors(self, cls, seen=None):
        seen = seen or set()
        if cls in seen:
            return set()
        seen.add(cls)
        out = set()
        for name in CONSTRUCTORS:
            out.update(d for d in cls.defs.get(name, []) if d.kind == 'function')
        for b in cls.node.bases:
            if isinstance(b, ast.Name):
                owner = lookup(cls.parent, b.id, self.module)
                if owner is not None:
                    for d in owner.defs.get(b.id, []):
                        if d.kind == 'class':
                            out |= self.constructors(d, seen)
            else:
                out |= set(f for name in CONSTRUCTORS for f in self.methods.get(name, []))
        return out

    def resolve_call(self, scope, func):
        """(kind, module scopes) for a call of `func` from `scope`; kind is one of
        scalar / iterating (builtins), method (a builtin type's method), module, unknown."""
        if isinstance(func, ast.Name):
            name = func.id
            owner = lookup(scope, name, self.module)
            if owner is None:
                if name in SCALAR_BUILTINS and not self.module.star_import:
                    return 'scalar', frozenset()
                if name in ITERATING_BUILTINS and not self.module.star_import:
                    return 'iterating', self.iter_set
                return 'unknown', self.unknown_set
            out = set()
            unknown = name in owner.assigned
            for d in owner.defs.get(name, []):
                if d.kind == 'class':
                    out |= self.constructors(d)
                    out |= self.implicit
                elif d.kind == 'function':
                    out.add(d)
                    if any(_decorator_name(x) not in TRIVIAL_DECORATORS for x in d.decorators):
                        unknown = True
            if unknown:
                return 'unknown', frozenset(out) | self.unknown_set
            return 'module', frozenset(out)
        if isinstance(func, ast.Attribute):
            name = func.attr
            methods = self.methods.get(name, [])
            if methods:
                out = frozenset(methods)
                if name in self.sb.stored_attrs:
                    return 'unknown', out | self.unknown_set
                return 'module', out
            if name in KNOWN_METHODS and name not in self.sb.stored_attrs:
                if name in ITERATING_METHODS:
                    return 'method', self.iter_set
                return 'method', frozenset()
            return 'unknown', self.unknown_set
        return 'unknown', self.unknown_set

    @property
    def finalizers_impure(self):
        return any(not f.pure for f in self.dels | self.closers)

    def _effects(self):
        self.unknown_impure = False
        while True:
            effects = {s: _Effects(self, s).run() for s in self.scopes}
            changed = False
            for s in self.frames:
                if s.pure and effects[s].impure():
                    s.pure = False
                    changed = True
            unknown_impure = any(not f.pure for f in self.unknown_set)
            if unknown_impure != self.unknown_impure:
                self.unknown_impure = unknown_impure
                changed = True
            if not changed:
                break
        self.effects = effects

    def _sharing(self):
        """Names each frame shares with other frames (`shared`), and the names of a
        frame that code it calls may rebind (`rebind`): globals assigned under a
        `global` declaration (module), cells and free variables (functions)."""
        self.shared = {s: set() for s in self.scopes}
        self.rebind = {s: set() for s in self.scopes}
        m = self.module
        for o in self.scopes:
            for name in o.loads | o.assigned | o.globals | o.nonlocals:
                b = lookup(o, name, m)
                if b is None or b is o or b not in self.shared:
                    continue
                self.shared[b].add(name)
                if b is m:
                    if name in o.globals and (name in o.assigned or name in o.defs):
                        self.rebind[m].add(name)
                elif b.kind != 'class' and o.kind != 'class':
                    self.rebind[o].add(name)  # a free variable of o
                    self.rebind[b].add(name)  # a cell of b

    def rebindable(self, s):
        """Names of `s`'s frame that code it calls may rebind."""
        return self.rebind[s]

    # per-node results
    def node_effects(self, s, node, in_with=False):
        """(binds, mutates, may_mutate, callees) of one graph node."""
        eff = self.effects[s]
        st = node.stmt
        rec = eff.records.get(id(st)) if st is not None else None
        if rec is None or (s.kind == 'class' and st is s.node):
            return set(), set(), set(), set()
        al = eff.al
        binds = set(rec.binds)
        if s.kind in ('module', 'class') and self.inline_comps != 'never' and _has_comp(st):
            # 3.13 shows only the comprehension's variables in a namespace frame's
            # f_locals while an inlined comprehension runs (3.12.0-1 rewrite them)
            binds |= self.scope_names(s)
        mutates = al.shallow(rec.shallow) if rec.shallow else set()
        callees = set(rec.calls)
        if rec.iterates:
            callees |= self.iter_set
        if rec.nontrivial:
            callees |= self.implicit
        callees |= self.dels
        if in_with:
            callees |= self.implicit
        # comprehension and generator-expression frames created on this statement
        for sub in _walk_local_all(st, s):
            sc = self.scope_of.get(id(sub))
            if sc is not None and sc in self.scopes and sc.kind in ('comprehension', 'genexpr') and sc is not s:
                callees.add(sc)
        may = set()
        impure = any(not f.pure for f in callees) or rec.any or self.finalizers_impure
        # any line may drop the last reference to a suspended generator, whose close()
        # resumes it (its finally blocks run), or to an object with __del__
        callees |= self.generators
        if impure:
            may = al.deep(rec.deep + [H]) | self.rebindable(s)
        elif rec.external and rec.deep:
            may = al.deep(rec.deep)
        if rec.yields:
            may |= al.deep([H]) | self.rebindable(s)
        if rec.any:
            may.add('*')
        return binds, mutates, may, callees

    def scope_names(self, s):
        names = set(s.defs) | s.assigned
        if s.kind == 'module':
            names -= {'__annotations__'}
        return {n for n in names if not n.startswith('__')}

    def first_body_line(self, s):
        node = s.node
        if s.kind == 'function':
            body = node.body
            if (
                len(body) > 1
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                return body[1].lineno
            if (
                len(body) == 1
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                return min(entry_events(self.graphs[s]))
            return body[0].lineno
        if s.kind == 'class':
            return s.call_line
        if s.kind == 'lambda':
            return node.body.lineno
        return node.lineno

    def function_entry(self, s):
        return {
            'name': s.key,
            'call_line': s.call_line,
            'def_line': s.def_line,
            'first_body_line': self.first_body_line(s),
        }

    def result(self):
        lines = {}
        frames = {}
        calls = {}
        binds = {}
        for s in self.scopes:
            g = self.graphs[s]
            succ = _explore(g.nodes)
            frames[s.key] = {
                'lines': {str(l): _sorted(v) for l, v in sorted(succ.items())},
                'entry_lines': sorted(entry_events(g)),
            }
            for l, v in succ.items():
                lines.setdefault(l, set()).update(v)
            handler = {}
            for name, ids in self.handler_names[s]:
                for i in ids:
                    handler.setdefault(i, set()).add(name)
            for node in g.nodes:
                if not node.lines:
                    continue
                b, m, may, callees = self.node_effects(s, node, node.id in self.in_with[s])
                b |= handler.get(node.id, set())
                callees |= self.dels | self.generators
                for l in node.lines:
                    e = binds.setdefault(l, (set(), set(), set()))
                    e[0].update(b)
                    e[1].update(m)
                    e[2].update(may)
                    calls.setdefault(l, set()).update(callees)
        module_entry = sorted(entry_events(self.graphs[self.module]))
        functions = {}
        own_names = frame_local_names(self.source, dynamic=_dynamic(self.tree))
        for s in self.frames:
            kind = s.kind
            if kind == 'function' and s.is_generator:
                kind = 'coroutine' if isinstance(s.node, ast.AsyncFunctionDef) else 'generator'
            info = {
                'qualname': s.qualname,
                'kind': kind,
                'def_line': s.def_line,
                'call_line': s.call_line,
                'first_body_line': self.first_body_line(s),
                'entry_lines': sorted(entry_events(self.graphs[s])),
                'last_line': s.last_line,
                'params': list(s.params),
            }
            if s.kind != 'class':
                names = own_names(s)
                if names is not None:
                    info['locals'] = names
            if kind == 'comprehension' and self.comp_frames == 'maybe':
                info['frame_only_before'] = '3.12'
            functions[s.key] = info
        all_lines = sorted(lines)
        return {
            'format': FORMAT_VERSION,
            'target': self.target.name(),
            'entry': module_entry[0] if module_entry else None,
            'entry_lines': module_entry,
            'lines': {str(l): _sorted(lines[l]) for l in all_lines},
            'calls': {
                str(l): [self.function_entry(f) for f in sorted(calls.get(l, ()), key=_scope_order)] for l in all_lines
            },
            'binds': {
                str(l): {
                    'binds': sorted(binds.get(l, ((), (), ()))[0]),
                    'mutates': sorted(binds.get(l, ((), (), ()))[1]),
                    'may_mutate_args': sorted(binds.get(l, ((), (), ()))[2]),
                }
                for l in all_lines
            },
            'functions': functions,
            'frames': frames,
            'quiet': quiet_lines(self.tree),
            'attributes': settable_attributes(self.tree),  # of the program's objects (attrs.py)
            'default_repr': default_repr_classes(self.tree),
            **dict(zip(('bound', 'hidden'), program_names(self.tree))),
        }


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


def _dynamic(tree):
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
    (None, []) when names may be bound dynamically (`_dynamic`): then anything may be."""
    if _dynamic(tree):
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


def _walk_scope(node):
    """Statements and expressions of a function's own code (not nested scopes)."""
    stack = list(node.body) if isinstance(node.body, list) else [node.body]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, _SCOPES):
            continue
        stack.extend(ast.iter_child_nodes(n))


def _has_comp(st):
    if not isinstance(st, (ast.stmt, ast.ExceptHandler)):
        return False
    for p in stmt_parts(st):
        for n in _walk_local(p, True):
            if isinstance(n, _COMPS):
                return True
    return False


def _walk_local_all(st, scope):
    """Nodes a statement evaluates in `scope` (comprehensions included)."""
    if isinstance(st, (ast.Lambda,) + _COMPS + (ast.GeneratorExp,)) and scope.node is st:
        return list(ast.walk(st))[1:]
    parts = stmt_parts(st) if isinstance(st, ast.stmt) or isinstance(st, ast.ExceptHandler) else []
    out = []
    for p in parts:
        out.extend(_walk_local(p, False))
    return out


def _scope_order(s):
    return (s.call_line, s.key)


def _sorted(values):
    nums = sorted(v for v in values if isinstance(v, int))
    marks = sorted(v for v in values if not isinstance(v, int))
    return nums + marks


def analyze(source, target=None):
    """The constraints for `source` (a JSON-serializable dict); see the module docstring.

    `target`: None / 'current' (the running interpreter), 'all' (sound for CPython 3.9
    to 3.13 at once), '3.11', or a list of (major, minor)."""
    return Analysis(source, target).result()


def precision(result):
    """Successor statistics of an `analyze` result: lines, mean successors per line
    (markers count), and the fraction of lines with exactly one successor."""
    succ = result['lines']
    n = len(succ)
    if not n:
        return {'lines': 0, 'mean_successors': 0.0, 'single_successor': 0.0}
    counts = [len(v) for v in succ.values()]
    return {'lines': n, 'mean_successors': sum(counts) / n, 'single_successor': sum(1 for c in counts if c == 1) / n}


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(
        prog='python3 -m ndbg.analysis.cfg', description='Static control flow and effects of a Python program, as JSON.'
    )
    parser.add_argument('file')
    parser.add_argument(
        '--target', default=None, help="CPython version to model: 3.9 .. 3.13, or 'all' (default: this interpreter)"
    )
    parser.add_argument('--indent', type=int, default=None)
    parser.add_argument('--stats', action='store_true', help='print precision statistics instead')
    parser.add_argument(
        '--pdb-facts', action='store_true', help="add this interpreter's pdb facts (pdbfacts.py) as \"pdb_facts\""
    )
    args = parser.parse_args(argv)
    with open(args.file, encoding='utf-8') as f:
        source = f.read()
    extra = {}
    if args.pdb_facts:
        from ndbg.analysis.pdbfacts import pdb_facts

        extra['pdb_facts'] = pdb_facts()
    try:
        result = analyze(source, args.target)
    except SyntaxError as e:
        json.dump(
            {'format': FORMAT_VERSION, 'error': 'SyntaxError: %s (line %s)' % (e.msg, e.lineno), **extra}, sys.stdout
        )
        sys.stdout.write('\n')
        return 1
    json.dump(precision(result) if args.stats else {**result, **extra}, sys.stdout, indent=args.indent)
    sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
