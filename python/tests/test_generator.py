"""The program generator: valid, runnable, terminating, deterministic, diverse.

Run: /usr/bin/python3 -m pytest -q python/tests/test_generator.py
"""

import ast
import json
import os
import random
import re
import shutil
import subprocess
import sys

import pytest

from ndbg.gen.generator import (
    CATALOGUE,
    CONSTRUCTS,
    Program,
    coverage,
    generate,
    generate_unique,
    main,
)
from ndbg.gen.check import run_program

PYDIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
N_RUN = 300  # programs executed
N_COVER = 2000  # programs for coverage and mix


@pytest.fixture(scope='module')
def programs():
    return [generate(random.Random(seed)) for seed in range(N_COVER)]


@pytest.fixture(scope='module')
def results(programs):
    return [run_program(p.source, p.stdin, max_steps=20000, max_seconds=2.0) for p in programs[:N_RUN]]


def test_every_idiom_is_in_the_one_table():
    # idioms.py lists every idiom a body may be drawn from; no module adds to
    # a table when imported (they are tuples), and no idiom is left out.
    from ndbg.gen import aggregates, arith, control, funcs, idioms, loops, mappings, sequences, shapes, strings
    from ndbg.gen import templates

    tables = (idioms.FUNCTION, idioms.SCALAR, idioms.SCRIPT)
    assert all(type(t) is tuple for t in tables)
    listed = {fn for t in tables for _, fn in t}
    defined = {
        v
        for m in (aggregates, arith, control, funcs, loops, mappings, sequences, shapes, strings, templates)
        for n, v in vars(m).items()
        if n.startswith('st_') and callable(v)
    }
    assert listed == defined
    assert {templates.st_recursion, templates.st_generator, templates.st_raise_helper} <= {
        fn for _, fn in idioms.FUNCTION
    }
    # a body draws only from its table
    rng = random.Random(3)
    script = {fn for _, fn in idioms.SCRIPT}
    assert all(idioms.draw(rng, idioms.SCRIPT) in script for _ in range(200))


def test_catalogue():
    assert len(CATALOGUE) >= 120
    assert len(set(CATALOGUE)) == len(CATALOGUE)
    assert not set(CATALOGUE) & set(CONSTRUCTS)


def test_program_shape(programs):
    for p in programs[:50]:
        assert isinstance(p, Program)
        assert p.kind in ('function', 'script')
        assert isinstance(p.source, str) and p.source.endswith('\n')
        assert isinstance(p.stdin, str)
        assert isinstance(p.features, set) and p.kind in p.features


def test_parses_on_python39_grammar(programs):
    for i, p in enumerate(programs[:1000]):
        try:
            ast.parse(p.source, feature_version=(3, 9))
        except SyntaxError as e:  # pragma: no cover - the message is the point
            pytest.fail('seed %d: %s\n%s' % (i, e, p.source))


def test_runs_and_ends_as_labelled(programs, results):
    """Every program ends within the bounds; raises iff 'uncaught', hits the bound iff 'infinite'."""
    wrong = []
    for i, (p, r) in enumerate(zip(programs, results)):
        raised = r['status'] == 'error'
        looped = r['status'] == 'limit'
        if raised != ('uncaught' in p.features) or looped != ('infinite' in p.features):
            wrong.append((i, r['status'], r['exc']))
    assert not wrong, wrong[:5]


def test_stdin_only_when_read(programs):
    for p in programs:
        if p.stdin:
            assert re.search(r'\binput\(', p.source) and 'input' in p.features
        if re.search(r'\binput\(', p.source):
            assert p.stdin


def test_executed_lines(results):
    """Mostly 20..400 executed lines: enough to learn from, short enough to trace fast."""
    steps = sorted(r['steps'] for r in results if r['status'] != 'limit')
    median = steps[len(steps) // 2]
    inside = sum(1 for s in steps if 20 <= s <= 400) / len(steps)
    assert 20 <= median <= 400, median
    assert inside >= 0.75, inside
    assert steps[-1] <= 5000


def test_call_depth(results):
    """Helpers called from helpers: step_into, step_over and step_return differ."""
    depth = [r['depth'] for r in results]
    assert sum(1 for d in depth if d >= 3) / len(depth) >= 0.3


def test_deterministic():
    a = [generate(random.Random(s)).source for s in range(40)]
    b = [generate(random.Random(s)).source for s in range(40)]
    assert a == b
    rng1, rng2 = random.Random(5), random.Random(5)
    assert [generate(rng1).source for _ in range(10)] == [generate(rng2).source for _ in range(10)]


def _digest_in_subprocess(hashseed, n=80, python=None):
    """Sources and outputs of n programs, computed in a fresh interpreter."""
    code = (
        'import hashlib, json, random, sys\n'
        'sys.path.insert(0, %r)\n'
        'from ndbg.gen.generator import generate\n'
        'from ndbg.gen.check import run_program\n'
        'out = []\n'
        'for s in range(%d):\n'
        '    p = generate(random.Random(s))\n'
        '    r = run_program(p.source, p.stdin, max_steps=20000)\n'
        '    out.append([hashlib.md5(p.source.encode()).hexdigest(), r["status"], r["exc"],\n'
        '                hashlib.md5(r["stdout"].encode()).hexdigest(), "uncaught" in p.features,\n'
        '                "infinite" in p.features, "stdlib" in p.features])\n'
        'print(json.dumps(out))\n' % (PYDIR, n)
    )
    env = dict(os.environ, PYTHONHASHSEED=str(hashseed))
    res = subprocess.run([python or sys.executable, '-c', code], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout)


def test_deterministic_across_hash_seeds():
    """Same sources and same program output whatever the hash seed (no str sets printed)."""
    a = _digest_in_subprocess(1)
    b = _digest_in_subprocess(12345)
    assert [x[0] for x in a] == [x[0] for x in b]
    assert a == b


def _python39():
    cands = [os.path.expanduser('~/.pyenv/versions/3.9.18/bin/python'), shutil.which('python3.9')]
    for path in cands:
        if not path or not os.path.exists(path):
            continue
        try:
            res = subprocess.run(
                [path, '-c', 'import sys; print(sys.version_info[:2])'], capture_output=True, text=True, timeout=20
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if res.returncode == 0 and res.stdout.strip() == '(3, 9)':
            return path
    return None


def test_python39_generates_and_runs():
    """Where a python3.9 exists: the generator runs on it, makes the same programs, and they end as labelled."""
    py39 = _python39()
    if py39 is None:
        pytest.skip('no python3.9 here')
    old = _digest_in_subprocess(0, n=60, python=py39)
    new = _digest_in_subprocess(0, n=60)
    # stdlib programs hold the running interpreter's own stdlib source: the same shape, other text
    assert [x[6] for x in old] == [x[6] for x in new]
    assert [x[0] for x in old if not x[6]] == [x[0] for x in new if not x[6]]
    for s, x in enumerate(old):
        assert (x[1] == 'error') == x[4] and (x[1] == 'limit') == x[5], (s, x)


def test_coverage(programs):
    cov = coverage(programs)
    assert cov['total'] == len(CATALOGUE)
    share = cov['covered'] / cov['total']
    print(
        'catalogue coverage over %d programs: %d / %d (%.1f%%)'
        % (len(programs), cov['covered'], cov['total'], 100 * share)
    )
    assert share >= 0.9, [e for e in CATALOGUE if not cov[e]]
    assert all(isinstance(cov[e], int) for e in CATALOGUE)


# How each catalogue entry shows in source text: features must not be claimed falsely.
def _pattern(entry):
    special = {
        'set|': r'\|',
        'set&': r'&',
        'set-': r' - ',
        'set^': r'\^',
        'dict|': r'\|',
        'str.maketrans': r'str\.maketrans\(',
        'dict.fromkeys': r'dict\.fromkeys\(',
        'int(base)': r'int\(',
        'pow(mod)': r'pow\(',
        'range(step)': r'range\(',
        'print(sep=)': r'sep=',
        'print(end=)': r'end=',
        'enumerate(start=)': r'enumerate\(',
        'sum(start=)': r'sum\(',
        'list.pop(i)': r'\.pop\(',
        'list.sort(key=)': r'\.sort\(key=',
        'list.sort(reverse=)': r'\.sort\(reverse=True',
        'sorted(reverse=)': r'reverse=True',
    }
    if entry in special:
        return special[entry]
    m = re.match(r'^(\w+)\((\w+)=\)$', entry)
    if m:
        return r'%s\(.*%s=' % m.groups()
    if '.' in entry:
        return r'\.%s\b' % entry.split('.', 1)[1]
    return r'\b%s\b' % entry


def test_features_are_honest(programs):
    pats = {e: re.compile(_pattern(e)) for e in CATALOGUE}
    for i, p in enumerate(programs[:600]):
        for f in p.features:
            if f in pats:
                assert pats[f].search(p.source), (i, f, p.source)


def test_mix(programs):
    n = len(programs)
    share = lambda pred: sum(1 for p in programs if pred(p)) / n
    assert 0.6 <= share(lambda p: p.kind == 'function') <= 0.8
    assert 0.02 <= share(lambda p: 'uncaught' in p.features) <= 0.09
    assert 0.003 <= share(lambda p: 'infinite' in p.features) <= 0.03
    assert share(lambda p: bool(p.stdin)) >= 0.03
    for f in (
        'helper',
        'recursion',
        'class',
        'generator',
        'try',
        'lambda',
        'listcomp',
        'dictcomp',
        'while',
        'fstring',
        'slice',
        'early_return',
        'raise',
    ):
        assert share(lambda p: f in p.features) >= 0.02, f


def test_dedup(programs):
    sources = [p.source for p in programs]
    dup = 1 - len(set(sources)) / len(sources)
    assert dup < 0.01, dup
    uniq = generate_unique(random.Random(3), 300)
    assert len(set(p.source for p in uniq)) == 300


def test_throughput():
    import time
    from ndbg.gen.stdlib import available

    available()  # the stdlib closures are built once per process (about 0.3 s), not per program
    rng = random.Random(9)
    t0 = time.process_time()
    n = 0
    while time.process_time() - t0 < 0.15:
        generate(rng)
        n += 1
    rate = n / (time.process_time() - t0)
    print('generator throughput: %.0f programs per CPU second' % rate)
    assert rate >= 1000  # measured ~4,500 per CPU second


def test_cli(capsys):
    assert main(['--n', '2', '--seed', '1', '--stats', '60']) == 0
    out = capsys.readouterr().out
    assert out.count('# --- sample') == 2
    assert 'catalogue coverage:' in out and 'throughput:' in out


def test_inconsistent_int_range_regression():
    # Seed 6000287 once crashed int_cond with an empty randint range.
    prog = generate(random.Random(6000287))
    ast.parse(prog.source)
    result = run_program(prog.source, prog.stdin)
    expected = 'limit' if 'infinite' in prog.features else ('error' if 'uncaught' in prog.features else 'ok')
    assert result['status'] == expected


def test_real_code_shapes():
    """Method chains, d.get(k, []) + [x] grouping, classes that update attributes and
    recursion over nested data (shapes.py): present, and every such program runs as labelled."""
    from ndbg.gen import shapes
    from ndbg.gen.program import G

    for seed in range(60):
        for make in (shapes.record_class_program, shapes.nested_program):
            g = G(random.Random(seed))
            src = make(g)
            ast.parse(src, feature_version=(3, 9))
            r = run_program(src, '', max_steps=20000, max_seconds=2.0)
            assert r['status'] == 'ok', (r['exc'], src)
            assert r['stdout']
            if make is shapes.nested_program:
                assert 'recursion' in g.feats and r['depth'] >= 2
            else:
                assert re.search(r'self\.\w+ (\+|-)= ', src)
    progs = [generate(random.Random(s)) for s in range(1500)]
    share = lambda rx: sum(1 for p in progs if re.search(rx, p.source, re.M)) / len(progs)
    assert share(r'\.get\(\w+, \[\]\) \+ \[') >= 0.02
    assert share(r'join\(sorted\(set\(') >= 0.02
    assert share(r'\.\w+\([^()]*\)\.\w+\([^()]*\)\.\w+\(') >= 0.02
    assert share(r'self\.\w+ (\+|-)= ') >= 0.02
    assert share(r'isinstance\(\w+, list\)') >= 0.01
