"""Programs made of real standard-library functions (ndbg.gen.stdlib).

Run: /usr/bin/python3 -m pytest -q python/tests/test_stdlib_gen.py
"""

import ast
import inspect
import random
import subprocess
import sys

import pytest

from ndbg.gen import stdlib as S
from ndbg.gen.generator import generate
from ndbg.gen.program import G
from ndbg.trace.tracer import trace_program

SEEDS = 4  # programs per curated function


def _programs(entry, fault=None, n=SEEDS):
    """n programs that call `entry`'s function (the first draw that picks it, seed after seed)."""
    out = []
    seed = 0
    while len(out) < n and seed < 20000:
        rng = random.Random(seed * 7919 + 13)
        # draw the entry's function directly: pin the choice, keep the rest of the draw
        g = G(rng)
        made = _with_entry(g, entry, fault)
        if made is not None:
            out.append((seed, made))
        seed += 1
    return out


def _with_entry(g, entry, fault):
    saved = S.CURATED
    S.CURATED = [entry]
    try:
        return S.stdlib_program(g, fault, max_chars=10**6)  # every function, however long
    finally:
        S.CURATED = saved


def test_curated_list():
    assert len(S.CURATED) >= 25
    names = [(m, f) for m, f, _, _ in S.CURATED]
    assert len(set(names)) == len(names)
    assert len(set(m for m, _ in names)) >= 12
    # on this interpreter (3.11) every curated function's closure is built
    missing = [(m, f) for m, f in names if S.closure(m, f) is None]
    assert not missing, missing
    # short enough for the dataset's windows (the builder skips longer programs): most of them
    assert len(S.drawable()) >= 25


def test_programs_fit_the_window():
    from ndbg.trace import format as fmt
    from ndbg.trace.tokenizer import Tokenizer
    import os

    models = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'models')
    with open(os.path.join(models, 'default')) as f:
        path = os.path.join(models, f.read().strip(), 'tokenizer.json')
    if not os.path.exists(path):
        pytest.skip('no tokenizer here')
    tok = Tokenizer.load(path)
    progs = [generate(random.Random(s)) for s in range(1200)]
    lens = [len(tok.encode_items(fmt.encode_context(p.source, p.stdin))) for p in progs if 'stdlib' in p.features]
    assert sum(1 for n in lens if n <= 512) / len(lens) >= 0.9, sorted(lens)[-20:]


@pytest.mark.parametrize('entry', S.CURATED, ids=lambda e: '%s.%s' % (e[0], e[1]))
def test_every_function_runs_and_is_traced(entry):
    modname, name, _, flags = entry
    progs = _programs(entry)
    assert len(progs) == SEEDS
    cl = S.closure(modname, name)
    real = cl['defs']
    for seed, (src, feats) in progs:
        assert 'stdlib' in feats and 'stdlib:' + modname in feats and 'stdlib:%s.%s' % (modname, name) in feats
        ast.parse(src, feature_version=(3, 9))
        # the real source: its def line, and every code line of the stdlib's own text
        defline = [l for d in real for l in d.split('\n') if l.startswith('def %s(' % name)][0]
        assert ('\n' + defline + '\n') in ('\n' + src), (name, src)
        # the lines of the function are those of the installed stdlib
        mod = __import__(modname, fromlist=['_'])
        stdsrc = inspect.getsource(mod)
        defs_part = src.rsplit('\n\n\n', 1)[0]
        body = [
            l.strip()
            for l in defs_part.split('\n')
            if l.startswith('    ') and l.strip() and not l.strip().startswith(('#', '"', "'")) and l.strip() != 'pass'
        ]
        assert body and all(b in stdsrc for b in body), [b for b in body if b not in stdsrc]
        # deterministic for a seed
        again = _programs(entry, n=1)[0][1]
        if seed == progs[0][0]:
            assert again[0] == src
        # traced in the program's own frames: events on the function's lines
        traced = trace_program(src)
        assert traced['exit']['kind'] == 'normal', (name, traced['exit'], src)
        funcs = {e['func'] for e in traced['events'] if e['event'] == 'line'}
        assert name in funcs, (name, funcs)
        assert any(e['event'] == 'return' and e['func'] == name for e in traced['events'])


@pytest.mark.parametrize('name', sorted(S.BAD))
def test_deliberate_faults_raise_inside_the_function(name):
    entry = [e for e in S.CURATED if e[1] == name][0]
    for seed, (src, feats) in _programs(entry, fault='uncaught', n=2):
        assert 'uncaught' in feats
        traced = trace_program(src)
        assert traced['exit']['kind'] == 'error', (name, src)
        exc = [e for e in traced['events'] if e['event'] == 'exception']
        assert exc and exc[0]['func'] != '<module>', (name, exc[:1])


def test_programs_run_under_system_python():
    # a few whole programs from generate() run under /usr/bin/python3 itself, in a fresh process
    picked = []
    for seed in range(3000):
        p = generate(random.Random(seed))
        if 'stdlib' in p.features:
            picked.append(p)
        if len(picked) == 12:
            break
    assert len(picked) == 12
    for p in picked:
        res = subprocess.run(
            ['/usr/bin/python3' if sys.platform != 'win32' else sys.executable, '-c', p.source],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert (res.returncode != 0) == ('uncaught' in p.features), (p.source, res.stderr[-500:])
        assert res.stdout


def test_share_in_generate():
    progs = [generate(random.Random(s)) for s in range(1500)]
    share = sum(1 for p in progs if 'stdlib' in p.features) / len(progs)
    assert 0.08 <= share <= 0.16, share
    mods = {f for p in progs for f in p.features if f.startswith('stdlib:') and '.' not in f[7:]}
    assert len(mods) >= 10
