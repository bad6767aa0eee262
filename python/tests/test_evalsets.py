"""The hand-written evaluation programs (evalsets/handwritten, evalsets/long, and
handwritten-long, made from the first by scripts/make-long-evalset.py when it is
needed, with the digest recorded in evalsets/derived.json):
each one runs to completion under the system python3, prints the same output on
two runs with different hash seeds, imports only the standard library, has the
length its set asks for, and exits nonzero exactly when its first line says
`# expect: error`."""

import ast
import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
EVALSETS = os.path.join(ROOT, 'evalsets')
PYTHON = os.environ.get('NDBG_EVALSET_PYTHON', '/usr/bin/python3')
TIMEOUT = 10
LINES = {'handwritten': (10, 80), 'long': (300, None), 'handwritten-long': (300, 400), 'classes': (10, 80)}
MIN_COUNT = {'handwritten': 45, 'long': 10, 'handwritten-long': 45, 'classes': 20}


DERIVED = os.path.join(tempfile.mkdtemp(prefix='ndbg-evalsets-'), 'handwritten-long')


def derive():
    """Makes handwritten-long the way `ndbg eval --set` does; the script checks the digest."""
    script = os.path.join(ROOT, 'scripts', 'make-long-evalset.py')
    subprocess.run([sys.executable, script, '--out', DERIVED], check=True, capture_output=True, text=True)


derive()


def programs(kind):
    d = DERIVED if kind == 'handwritten-long' else os.path.join(EVALSETS, kind)
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith('.py'))


ALL = [(kind, path) for kind in LINES for path in programs(kind)]


def stdlib_names():
    names = getattr(sys, 'stdlib_module_names', None)
    if names is None:  # python < 3.10 running pytest: ask the interpreter under test
        out = subprocess.run(
            [PYTHON, '-c', 'import sys; print(*sorted(sys.stdlib_module_names))'],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        names = out.split()
    return frozenset(names)


STDLIB = stdlib_names()


def stdin_path(path):
    return path[: -len('.py')] + '.stdin'


def run_once(path, seed):
    sidecar = stdin_path(path)
    stdin = open(sidecar, 'rb').read() if os.path.exists(sidecar) else b''
    env = {
        'PATH': os.environ.get('PATH', '/usr/bin:/bin'),
        'PYTHONHASHSEED': str(seed),
        'PYTHONIOENCODING': 'utf-8',
        'LC_ALL': 'C.UTF-8',
    }
    try:
        return subprocess.run(
            [PYTHON, path], input=stdin, capture_output=True, timeout=TIMEOUT, cwd=os.path.dirname(path), env=env
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f'{os.path.basename(path)} ran past {TIMEOUT} s')


def uses_input(tree):
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == 'input' for n in ast.walk(tree)
    )


@pytest.mark.parametrize('kind', sorted(LINES))
def test_set_size(kind):
    assert len(programs(kind)) >= MIN_COUNT[kind]


def test_long_set_is_the_short_one_after_definitions():
    # each handwritten-long program ends with its handwritten program, whole
    short = {os.path.basename(p): open(p, encoding='utf-8').read() for p in programs('handwritten')}
    long_ = {os.path.basename(p): open(p, encoding='utf-8').read() for p in programs('handwritten-long')}
    assert sorted(long_) == sorted(short)
    for name, text in long_.items():
        assert text.endswith('\n\n\n' + short[name]), name
        body = ast.parse(text[: -len(short[name])])
        assert all(isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)) for n in body.body), name


def test_stdin_programs():
    reading = [p for p in programs('handwritten') if os.path.exists(stdin_path(p))]
    assert len(reading) >= 5
    d = os.path.join(EVALSETS, 'handwritten')
    for f in os.listdir(d):
        if f.endswith('.stdin'):
            assert os.path.exists(os.path.join(d, f[: -len('.stdin')] + '.py')), f'{f} has no program'


@pytest.mark.skipif(not os.path.exists(PYTHON), reason=f'no {PYTHON}')
@pytest.mark.parametrize('kind,path', ALL, ids=[f'{k}/{os.path.basename(p)}' for k, p in ALL])
def test_program(kind, path):
    text = open(path, encoding='utf-8').read()
    lines = text.splitlines()
    lo, hi = LINES[kind]
    assert len(lines) >= lo, f'{len(lines)} lines'
    if hi is not None:
        assert len(lines) <= hi, f'{len(lines)} lines'

    tree = ast.parse(text, path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, 'relative import'
            mods = [node.module]
        else:
            continue
        for m in mods:
            assert m.split('.')[0] in STDLIB, f'imports {m}, not in the standard library'

    # a program that reads input() gets its stdin from a sidecar file
    assert uses_input(tree) == os.path.exists(stdin_path(path))

    first, second = run_once(path, 1), run_once(path, 2)
    assert (first.returncode, first.stdout, first.stderr) == (
        second.returncode,
        second.stdout,
        second.stderr,
    ), 'output differs between runs'
    assert first.stdout.strip(), 'prints nothing'
    if lines[0].strip() == '# expect: error':
        assert first.returncode != 0
        assert b'Traceback (most recent call last)' in first.stderr
    else:
        assert first.returncode == 0, first.stderr.decode('utf-8', 'replace')[-2000:]
        assert first.stderr == b''
