"""Lines that cannot write program output when they run (cfg.py's ``quiet``).

A step over such a line (or a step into it, up to the next event) adds nothing to
stdout, so the neural engine need not let the model predict output there (issue 13:
``y = sum(x)`` "printed" ``1 2``). Sound first: a line is quiet only when no code it
runs can be anything but a builtin that never writes. That is decided for the whole
program first, then per line:

- the program defines no class (no ``__repr__``, ``__add__``, ``__del__``, property
  or descriptor can run behind an operator), no generator or coroutine (iterating one
  runs its body), no lambda, and never names ``print``, ``input``, ``exec``, ``eval``,
  ``compile``, ``breakpoint``, ``help``, ``__import__``, ``sys``, ``os``,
  ``subprocess`` or ``builtins`` other than as a direct call (so no alias of a
  writing function exists);
- the line's own code (a simple statement, or a compound statement's header) calls
  only names from ``SAFE_BUILTINS``, none of them rebound anywhere in the program,
  with no function of the program as an argument; it makes no attribute call, no
  import, and no ``await``/``yield``.

Anything else is not quiet (the model may predict output there). Standard library only.
"""

import ast

# Builtins that never write to stdout or stderr and call no code of the program when
# given builtin values (the program defines no class, generator or lambda).
SAFE_BUILTINS = frozenset(
    (
        'abs',
        'all',
        'any',
        'ascii',
        'bin',
        'bool',
        'bytearray',
        'bytes',
        'chr',
        'complex',
        'dict',
        'divmod',
        'enumerate',
        'float',
        'format',
        'frozenset',
        'hash',
        'hex',
        'id',
        'int',
        'isinstance',
        'issubclass',
        'len',
        'list',
        'max',
        'min',
        'oct',
        'ord',
        'pow',
        'range',
        'repr',
        'reversed',
        'round',
        'set',
        'slice',
        'sorted',
        'str',
        'sum',
        'tuple',
        'type',
        'zip',
    )
)

# Names whose mere mention (not as a direct call) could make an alias of a writer.
_WRITERS = frozenset(
    (
        'print',
        'input',
        'exec',
        'eval',
        'compile',
        'breakpoint',
        'help',
        '__import__',
        'sys',
        'os',
        'subprocess',
        'builtins',
        'open',
        'getattr',
        'globals',
        'locals',
        'vars',
        'setattr',
        'map',
        'filter',
        'iter',
        'next',
        '__builtins__',
    )
)


def _program_allows(tree):
    """Whether any line of the program can be quiet at all, and the names it binds."""
    bound = set()
    funcs = set()
    call_funcs = set()
    for node in ast.walk(tree):
        if isinstance(
            node,
            (
                ast.ClassDef,
                ast.Lambda,
                ast.Yield,
                ast.YieldFrom,
                ast.Await,
                ast.AsyncFunctionDef,
                ast.AsyncFor,
                ast.AsyncWith,
            ),
        ):
            return False, bound, funcs
        if isinstance(node, ast.FunctionDef):
            funcs.add(node.name)
            bound.add(node.name)
            for a in ast.walk(node.args):
                if isinstance(a, ast.arg):
                    bound.add(a.arg)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(a.name == '*' for a in node.names):
                return False, bound, funcs  # may rebind any builtin
            for a in node.names:
                bound.add((a.asname or a.name).split('.')[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            call_funcs.add(id(node.func))
    for node in ast.walk(tree):
        # a writer's alias, or a function of the program passed around as a value
        # (sorted(xs, key=fs[0]) would run it): no line is quiet
        if (
            isinstance(node, ast.Name)
            and id(node) not in call_funcs
            and isinstance(node.ctx, ast.Load)
            and (node.id in _WRITERS or node.id in funcs)
        ):
            return False, bound, funcs
    return True, bound, funcs


def _header(stmt):
    """The parts of a statement that run on its own line (a compound one's header)."""
    if isinstance(stmt, (ast.If, ast.While)):
        return [stmt.test]
    if isinstance(stmt, ast.For):
        return [stmt.target, stmt.iter]
    if isinstance(stmt, ast.With):
        return None  # __enter__ / __exit__ of anything: never quiet
    if isinstance(stmt, (ast.FunctionDef, ast.Try)) or type(stmt).__name__ in ('TryStar', 'Match'):
        return None
    if isinstance(stmt, (ast.Import, ast.ImportFrom, ast.Raise, ast.Assert, ast.Delete)):
        return None  # imports run module code; raise/assert may print nothing, but
        # an uncaught one ends the program with a traceback: left to the model
    if isinstance(
        stmt,
        (
            ast.Assign,
            ast.AugAssign,
            ast.AnnAssign,
            ast.Expr,
            ast.Return,
            ast.Pass,
            ast.Break,
            ast.Continue,
            ast.Global,
            ast.Nonlocal,
        ),
    ):
        return [stmt]
    return None


def _quiet_expr(nodes, bound, funcs):
    for root in nodes:
        for n in ast.walk(root):
            if isinstance(n, ast.Call):
                f = n.func
                if not (isinstance(f, ast.Name) and f.id in SAFE_BUILTINS and f.id not in bound):
                    return False
                for a in list(n.args) + [k.value for k in n.keywords]:
                    if isinstance(a, ast.Name) and a.id in funcs:
                        return False
            elif isinstance(n, (ast.Await, ast.Yield, ast.YieldFrom, ast.Lambda, ast.NamedExpr)):
                return False
    return True


def quiet_lines(tree):
    """Sorted line numbers that cannot write output when their code runs."""
    ok, bound, funcs = _program_allows(tree)
    if not ok:
        return []
    quiet = set()
    noisy = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        parts = _header(node)
        body = getattr(node, 'body', None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            # a compound statement: its own lines are the header's (the body's are theirs)
            span = range(node.lineno, max(node.lineno, body[0].lineno - 1) + 1)
        else:
            span = range(node.lineno, (getattr(node, 'end_lineno', None) or node.lineno) + 1)
        if parts is not None and _quiet_expr(parts, bound, funcs):
            quiet.update(span)
        else:
            noisy.update(span)
    return sorted(quiet - noisy)
