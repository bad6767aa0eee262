"""Short functions called once: 3 to 15 lines over strings, lists and dicts with their
builtin methods, then one call with literal arguments at module level. The shape of
the small functions people paste into a debugger to see what they return (and of
input/output prediction tasks), written from the typed statements of typed.py.

    from ndbg.gen.short import short_program
    src = short_program(random.Random(3))     # None when no clean program came out

Each candidate is run (ndbg.gen.check) and kept only when it ends normally within a
few hundred lines, so the function's return is always reached.
"""

from .check import ends_normally
from .typed import Scope, lit_value, snippet, result_expr

FUNC_NAMES = ['f', 'f', 'f', 'solve', 'transform', 'process', 'clean', 'encode', 'count_items', 'rearrange']
PARAMS = {
    'str': ['text', 's', 'word', 'line', 'string', 'st'],
    'int': ['n', 'k', 'num', 'x', 'count'],
    'lint': ['nums', 'arr', 'values', 'items', 'lst'],
    'lstr': ['words', 'names', 'strings', 'parts'],
    'dsi': ['d', 'counts', 'dic', 'mapping'],
    'bool': ['flag', 'reverse'],
}
SIGNATURES = [
    ('str',),
    ('str',),
    ('str',),
    ('lint',),
    ('lint',),
    ('lstr',),
    ('dsi',),
    ('str', 'str'),
    ('str', 'int'),
    ('lint', 'int'),
    ('lstr', 'str'),
    ('dsi', 'str'),
    ('str', 'lint'),
    ('lint', 'lint'),
    ('str', 'bool'),
]


def _function(rng):
    S = Scope(rng)
    sig = rng.choice(SIGNATURES)
    params = []
    for t in sig:
        pool = [p for p in PARAMS[t] if p not in S.vars]
        name = rng.choice(pool)
        S.vars[name] = t
        S.used.add(name)
        params.append(name)
    name = rng.choice(FUNC_NAMES)
    body = []
    target = rng.randint(2, 9)
    while len(body) < target:
        lines = snippet(S)
        if lines is None:
            break
        if len(body) + len(lines) > 14:
            break
        body += lines
    if not body:
        return None
    body.append('return ' + result_expr(S))
    src = ['def %s(%s):' % (name, ', '.join(params))] + ['    ' + ln for ln in body]
    args = ', '.join(lit_value(rng, t) for t in sig)
    call = rng.random()
    if call < 0.5:
        tail = '%s(%s)' % (name, args)
    elif call < 0.8:
        tail = 'result = %s(%s)' % (name, args)
    else:
        tail = 'print(%s(%s))' % (name, args)
    return '\n'.join(src) + '\n\n\n' + tail + '\n'


def short_program(rng, tries=12):
    for _ in range(tries):
        src = _function(rng)
        if src is not None and ends_normally(src, max_steps=400):
            return src
    return None
