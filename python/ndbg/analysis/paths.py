"""The exact line events of a statement written over several lines.

Owns: `line_paths(source, target)`, {first line: (lines...)} for each simple statement
(assignment, expression, return, del) that spans several lines, in the order
`sys.settrace` reports its line events. CPython reports a line event each time the
next instruction's line differs from the last one's, so a dict display over lines 2-5
gives 3, 4, 2 (its items, then the BUILD_MAP and the store on the statement's line),
and `t = (x,\\n x + 1)` gives 10, 11, 10. The order is read from the compiled
statement's own instructions (the program is compiled, never run), so only for a
target of the running interpreter's version, from 3.10 on (`co_lines`), and only for
statements whose instructions run straight through (no jump: no `and` / `or` /
conditional expression, no 3.12+ inlined comprehension). flow.py narrows the
statement's successor lines to this order. Imports only the standard library.
"""

import ast
import dis
import sys

SIMPLE = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Delete)
_JUMPS = set(dis.hasjrel) | set(dis.hasjabs) | set(getattr(dis, 'hasjump', ()))


def line_paths(source, target, tree=None):
    """{lineno: tuple of lines} for the multi-line simple statements of `source`."""
    if tuple(sys.version_info[:2]) not in target.versions or len(target.versions) != 1 or sys.version_info < (3, 10):
        return {}
    tree = tree or ast.parse(source)
    stmts = [st for st in ast.walk(tree) if isinstance(st, SIMPLE) and st.end_lineno > st.lineno]
    if not stmts:
        return {}
    try:
        code = compile(source, '<ndbg>', 'exec', dont_inherit=True)
    except (SyntaxError, ValueError):
        return {}
    by_line = _lines_in_use(tree)
    codes = []
    todo = [code]
    while todo:
        c = todo.pop()
        codes.append(c)
        todo.extend(k for k in c.co_consts if hasattr(k, 'co_code'))
    out = {}
    for st in stmts:
        if any(by_line.get(l, 0) > 1 for l in range(st.lineno, st.end_lineno + 1)):
            continue  # another statement shares one of its lines
        path = _path(st, codes)
        if path is not None:
            out[st.lineno] = path
    return out


def _lines_in_use(tree):
    """line -> number of statements that start or continue on it."""
    count = {}
    for st in ast.walk(tree):
        if isinstance(st, ast.stmt):
            last = st.end_lineno if isinstance(st, SIMPLE) else st.lineno
            for l in range(st.lineno, last + 1):
                count[l] = count.get(l, 0) + 1
    return count


def _instructions(code):
    """(offset, opcode, line) of a code object's instructions (line None: no line)."""
    starts = sorted(code.co_lines())
    out = []
    k = 0
    for ins in dis.get_instructions(code):
        while k < len(starts) and starts[k][1] <= ins.offset:
            k += 1
        line = starts[k][2] if k < len(starts) and starts[k][0] <= ins.offset else None
        out.append((ins.offset, ins.opcode, line))
    return out


def _path(st, codes):
    lo, hi = st.lineno, st.end_lineno
    found = None
    for c in codes:
        if (
            c.co_name in ('<lambda>', '<listcomp>', '<dictcomp>', '<setcomp>', '<genexpr>')
            and lo <= c.co_firstlineno <= hi
        ):
            continue  # a frame of its own, made by the statement
        ins = _instructions(c)
        idx = [i for i, (_, _, line) in enumerate(ins) if line is not None and lo <= line <= hi]
        if not idx:
            continue
        if found is not None:
            return None  # in two code objects: not one straight run
        found = (ins, idx)
    if found is None:
        return None
    ins, idx = found
    first, last = idx[0], idx[-1]
    path = []
    for offset, opcode, line in ins[first : last + 1]:
        if opcode in _JUMPS:
            return None
        if line is None:
            return None  # an instruction without a line: what the next one reports is not plain
        if not lo <= line <= hi:
            return None  # not contiguous
        if not path or path[-1] != line:
            path.append(line)
    return tuple(path)
