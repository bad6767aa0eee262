"""The syntax the analysis reads: groups of `ast` node types, and walks over the nodes
one code object evaluates itself (not the bodies of the functions, lambdas and, where
they have frames, comprehensions nested in it).

Owns: which nodes a statement evaluates (`stmt_parts`), which belong to one frame
(`walk_local`, `walk_scope`, `walk_local_all`) and which line numbers a node reports
(`node_lines`). Imports only the standard library: every other file of the analysis
may import it.
"""

import ast

COMPS = (ast.ListComp, ast.SetComp, ast.DictComp)
MATCH = getattr(ast, 'Match', None)
_TRY_STAR = getattr(ast, 'TryStar', None)
TRYS = tuple(t for t in (ast.Try, _TRY_STAR) if t is not None)
FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
COMPOUND = (
    (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith) + TRYS + ((MATCH,) if MATCH is not None else ())
)
SCOPES = FUNCS + (ast.ClassDef, ast.Lambda, ast.GeneratorExp) + COMPS


def is_dunder(name):
    return len(name) > 4 and name.startswith('__') and name.endswith('__')


def decorator_name(d):
    if isinstance(d, ast.Call):
        d = d.func
    if isinstance(d, ast.Name):
        return d.id
    if isinstance(d, ast.Attribute):
        return d.attr
    return None


def walk_local(node, inline):
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
        if isinstance(n, FUNCS + (ast.ClassDef,)):
            continue
        if isinstance(n, ast.GeneratorExp) or (isinstance(n, COMPS) and not inline):
            stack.append(n.generators[0].iter)
            continue
        stack.extend(ast.iter_child_nodes(n))


def node_lines(n, lines):
    ln = getattr(n, 'lineno', None)
    if ln is not None:
        lines.add(ln)
        if isinstance(n, ast.Attribute) and n.end_lineno:
            lines.add(n.end_lineno)  # 3.12+: an attribute access reports the attribute's line


def stmt_parts(st):
    """The expressions (and other nodes) a statement evaluates itself, not its body."""
    if isinstance(st, FUNCS):
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
    if MATCH is not None and isinstance(st, MATCH):
        return [st.subject]
    if isinstance(st, TRYS):
        return []
    if isinstance(st, ast.ExceptHandler):
        return [st.type] if st.type is not None else []
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return list(st.names)
    return [c for c in ast.iter_child_nodes(st) if not isinstance(c, (ast.expr_context,))]


def walk_scope(node):
    """Statements and expressions of a function's own code (not nested scopes)."""
    stack = list(node.body) if isinstance(node.body, list) else [node.body]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, SCOPES):
            continue
        stack.extend(ast.iter_child_nodes(n))


def has_comp(st):
    if not isinstance(st, (ast.stmt, ast.ExceptHandler)):
        return False
    for p in stmt_parts(st):
        for n in walk_local(p, True):
            if isinstance(n, COMPS):
                return True
    return False


def walk_local_all(st, scope):
    """Nodes a statement evaluates in `scope` (comprehensions included)."""
    if isinstance(st, (ast.Lambda,) + COMPS + (ast.GeneratorExp,)) and scope.node is st:
        return list(ast.walk(st))[1:]
    parts = stmt_parts(st) if isinstance(st, ast.stmt) or isinstance(st, ast.ExceptHandler) else []
    out = []
    for p in parts:
        out.extend(walk_local(p, False))
    return out
