"""The exact line events of statements over several lines (ndbg.analysis.paths),
against real executions on every installed CPython from 3.10.

Seeded random programs of multi-line displays, calls, f-strings, subscripts and
returns are traced with sys.settrace (test_cfg's tracer) under each interpreter,
with the analysis run by that same interpreter: every observed transition must be
allowed (sound) and the statement's lines must each allow exactly one next line in
the statement (exact), so the successor sets are the real order. Runs under pytest,
or directly (`python3.12 test_paths.py`), which is how pytest runs it on the others.
"""

import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..'))

from ndbg.analysis.cfg import analyze  # noqa: E402
from ndbg.analysis.paths import line_paths  # noqa: E402
from ndbg.analysis.versions import Target  # noqa: E402
from test_cfg import check, trace  # noqa: E402

PYENV = os.path.expanduser('~/.pyenv/versions')
SEED = 20261203
N = 60


def _atom(rng, names):
    return rng.choice(
        [str(rng.randint(0, 9)), repr(rng.choice('abc')), rng.choice(names), 'len(xs)', 'x + 1', '[1, 2]', 'None']
    )


def _expr(rng, names, indent, depth=0):
    """A random expression over several lines, at `indent` for its continuation lines."""
    pad = ' ' * (indent + 4)
    kind = rng.choice(['dict', 'list', 'tuple', 'call', 'fstr', 'sub', 'binop'] if depth < 2 else ['list', 'call'])
    items = [
        (_expr(rng, names, indent + 4, depth + 1) if rng.random() < 0.25 else _atom(rng, names))
        for _ in range(rng.randint(1, 3))
    ]
    if kind == 'dict':
        body = ''.join('\n%s%r: %s,' % (pad, 'k%d' % i, it) for i, it in enumerate(items))
        return '{' + body + '\n' + ' ' * indent + '}'
    if kind == 'list':
        return '[' + ''.join('\n%s%s,' % (pad, it) for it in items) + '\n' + ' ' * indent + ']'
    if kind == 'tuple':
        return '(' + (',\n' + pad).join(items) + ',)'
    if kind == 'call':
        return rng.choice(['max', 'str', 'sorted', 'f']) + '(\n' + pad + (',\n' + pad).join(items[:1]) + ')'
    if kind == 'fstr':
        return 'f"{%s}" + str(\n%s%s)' % (_atom(rng, names), pad, items[-1])
    if kind == 'sub':
        return 'xs[\n%s0]' % pad
    return '(%s +\n%s%s)' % (items[0] if items[0][0].isdigit() else '1', pad, '2')


def program(rng):
    names = ['x', 'xs']
    out = ['x = 1', 'xs = [3, 1, 2]', '', '', 'def f(v):', '    return [v]', '', '']
    for k in range(rng.randint(2, 5)):
        out.append('y%d = %s' % (k, _expr(rng, names, 0)))
    out.append('')
    out.append('')
    out.append('def g(x):')
    out.append('    xs = [x]')
    out.append('    z = %s' % _expr(rng, names, 4))
    out.append('    return %s' % _expr(rng, names, 4))
    out.append('')
    out.append('')
    out.append('r = g(2)')
    out.append('print(\n    r,\n    y0)')
    return '\n'.join(out) + '\n'


def violations(seed=SEED, n=N):
    """[(program, what is wrong)] over `n` seeded programs, on the running interpreter."""
    rng = random.Random(seed)
    bad = []
    exercised = 0
    for _ in range(n):
        src = program(rng)
        result = analyze(src)
        for v in check(src, result, trace(src, max_events=3000)):
            bad.append((src, 'unsound: %s' % v))
        paths = line_paths(src, Target.parse('current'))
        exercised += len(paths)
        for first, path in paths.items():
            frames = [f['lines'] for f in result['frames'].values() if str(path[0]) in f['lines']]
            for line in set(path):
                inner = {path[j + 1] for j in range(len(path) - 1) if path[j] == line}
                nxt = set(frames[0][str(line)]) if frames else set()
                extra = nxt - inner
                # after the statement's last event its successors follow; otherwise nothing else
                if not inner <= nxt or (extra & set(path)) or (extra and line != path[-1]):
                    bad.append(
                        (
                            src,
                            'line %d of the statement at %d: next %s, in order %s'
                            % (line, first, sorted(nxt, key=str), path),
                        )
                    )
    return bad, exercised


def _interpreters():
    found = []
    for minor in range(10, 14):
        versions = sorted(d for d in os.listdir(PYENV) if d.startswith('3.%d.' % minor)) if os.path.isdir(PYENV) else []
        if versions:
            found.append(os.path.join(PYENV, versions[-1], 'bin', 'python3'))
    return found


def test_paths_exact_here():
    bad, exercised = violations()
    assert exercised > 100
    assert bad == [], bad[:3]


def test_paths_exact_on_every_installed_python():
    for python in _interpreters():
        r = subprocess.run([python, os.path.abspath(__file__)], capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, (python, r.stdout[-2000:], r.stderr[-2000:])
        assert json.loads(r.stdout)['exercised'] > 100, python


if __name__ == '__main__':
    bad, exercised = violations()
    print(json.dumps({'exercised': exercised, 'bad': [b for _, b in bad[:5]], 'example': bad[0][0] if bad else None}))
    sys.exit(1 if bad else 0)
