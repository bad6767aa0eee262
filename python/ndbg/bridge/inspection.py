"""Quiet inspection of the stopped program for variables views (the TUI's tree,
DAP's variables, MCP's evaluate): a value as repr, type and number of children,
and a page of its children. The children rule (names, expressions, which values
open) is specified in docs/json.md ("Inspection") and pinned by
test/golden/children.json, which the neural engine's rule (src/engine/neural/
children.ts, over predicted reprs) matches too.

Runs inside pdb's command loop, where nothing is traced (CPython does not trace
a trace function's own calls), with the channel muted: a __repr__ or property
that prints writes nothing into the transcript.
"""

import re

from .values import safe_repr

# An expression that takes `.attr` / `[i]` without parentheses: a name, or a
# chain of attributes and subscripts on one.
_POSTFIX = re.compile(r'[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\[\]]*\])*\Z')

_SEQUENCES = (list, tuple)
_SETS = (set, frozenset)
_LEAVES = (str, bytes, bytearray, int, float, complex, bool, type(None), range)


def operand(expr):
    """`expr` ready for a postfix: parenthesized unless it is a plain chain."""
    expr = expr.strip()
    return expr if _POSTFIX.match(expr) else '(' + expr + ')'


def attributes(v):
    """The attributes an object opens into: its instance __dict__'s names that do
    not start with `__`, in their order; none for types, modules, functions."""
    if isinstance(v, _LEAVES) or isinstance(v, type) or callable(v):
        return []
    fields = _fields(v)
    if fields is not None:
        return fields
    try:
        d = object.__getattribute__(v, '__dict__')
    except Exception:
        return []
    if type(d) is not dict:
        return []
    return [k for k in d if type(k) is str and not k.startswith('__')]


def _fields(v):
    """A named tuple's fields (it shows as `Point(x=1, y=2)`: it opens into them)."""
    if isinstance(v, tuple):
        f = getattr(type(v), '_fields', None)
        if type(f) is tuple and all(type(n) is str for n in f):
            return list(f)
    return None


def size(v):
    t = type(v)
    if _fields(v) is not None:
        return len(v)
    if isinstance(v, _SEQUENCES) or isinstance(v, _SETS) or isinstance(v, dict):
        try:
            return len(v)
        except Exception:
            return 0
    if isinstance(v, _LEAVES) or t.__module__ == 'builtins':
        return 0
    return len(attributes(v))


def view(v, limit):
    return {'value': safe_repr(v, limit), 'type': type(v).__name__, 'size': size(v)}


def children(v, expr, start, count, limit):
    """Children start .. start + count - 1 of v: (name, expression, value)."""
    base = operand(expr)
    out = []
    end = start + count
    if _fields(v) is not None:
        for i, name in enumerate(_fields(v)[start:end]):
            out.append((name, '%s.%s' % (base, name), v[start + i]))
    elif isinstance(v, _SEQUENCES):
        for i in range(start, min(end, len(v))):
            out.append(('[%d]' % i, '%s[%d]' % (base, i), v[i]))
    elif isinstance(v, dict):
        for i, (k, x) in enumerate(v.items()):
            if i >= end:
                break
            if i >= start:
                kr = safe_repr(k, limit)
                out.append(('[%s]' % kr, '%s[%s]' % (base, kr), x))
    elif isinstance(v, _SETS):
        for i, x in enumerate(v):
            if i >= end:
                break
            if i >= start:
                out.append(('[%d]' % i, 'list(%s)[%d]' % (base, i), x))
    elif type(v).__module__ != 'builtins':
        d = object.__getattribute__(v, '__dict__') if attributes(v) else {}
        for name in attributes(v)[start:end]:
            out.append((name, '%s.%s' % (base, name), d[name]))
    rows = []
    for name, cexpr, x in out:
        row = view(x, limit)
        row['name'] = name
        row['expr'] = cexpr
        rows.append(row)
    return rows


def inspect(kind, expr, namespace_globals, namespace_locals, start, count, limit):
    """The answer to one inspection request ('e': evaluate, 'c': children)."""
    try:
        v = eval(expr, namespace_globals, namespace_locals)
    except BaseException as e:  # the expression's own error is the answer
        try:
            msg = '%s: %s' % (type(e).__name__, e) if str(e) else type(e).__name__
        except Exception:
            msg = type(e).__name__
        return {'t': 'v', 'ok': False, 'e': msg}
    try:
        ans = {'t': 'v', 'ok': True, 'v': view(v, limit)}
        if kind == 'c':
            ans['start'] = start
            ans['ch'] = children(v, expr, start, count, limit)
        return ans
    except BaseException as e:  # a broken __len__ or __dict__
        return {'t': 'v', 'ok': False, 'e': 'cannot inspect: %s: %s' % (type(e).__name__, e)}
