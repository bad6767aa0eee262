"""Rules the Python and TypeScript sides both need, pinned by files under test/golden/
that each side's tests check (docs/architecture.md, "Rules both sides need"):

- cfg/analysis.json: the control-flow analysis's JSON (python/ndbg/analysis/) for one
  program, in the format src/model/format/cfg.ts reads (its `format` is cfg.ts's CFG_FORMAT);
  `NDBG_REGEN_GOLDEN=1` rewrites it, as for the trace format's golden files.
- pdb_facts.json: the facts python/ndbg/analysis/pdbfacts.py gives and
  src/engine/neural/probe.ts reads: their names, kinds and the source lines they find.
- bridge_protocol.json: the wire format between python/ndbg/bridge/ and
  src/engine/bridgeProtocol.ts: message tags, their fields, the inbound tags.
  Written by hand: both sides are checked against it, neither generates it.

The TypeScript side: test/model/sharedRules.test.ts.
"""

import json
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from golden import check_or_write, golden_path  # noqa: E402
from ndbg.analysis import cfg  # noqa: E402
from ndbg.analysis.pdbfacts import pdb_facts  # noqa: E402

PYTHON_DIR = os.path.join(HERE, '..')
BRIDGE_DIR = os.path.join(PYTHON_DIR, 'ndbg', 'bridge')
PYENV = os.path.expanduser('~/.pyenv/versions')

CFG_PROGRAM = '''import math


class Counter:
    def __init__(self, start):
        self.n = start

    def bump(self, k=1):
        self.n += k
        return self.n


def squares(xs):
    for x in xs:
        yield x * x


def main(items):
    c = Counter(0)
    odd = [v for v in squares(items) if v % 2]
    try:
        c.bump(len(odd))
    except ValueError as e:
        print(e)
    finally:
        print(math.floor(c.n))
    return c.n


main([1, 2, 3])
'''


def load(name):
    with open(golden_path(name), encoding='utf-8') as f:
        return json.load(f)


# --- the control-flow analysis's JSON -------------------------------------------------


def test_cfg_golden_is_what_the_analysis_writes():
    # target 3.11: the interpreter the shipped models learned (cfg.ts DEFAULT_CFG_TARGET)
    result = cfg.analyze(CFG_PROGRAM, '3.11')
    assert result['format'] == cfg.FORMAT_VERSION
    check_or_write(golden_path('cfg', 'analysis.json'), {'source': CFG_PROGRAM, 'target': '3.11', 'analysis': result})
    assert load(os.path.join('cfg', 'analysis.json'))['analysis'] == json.loads(json.dumps(result))


def test_cfg_command_line_writes_the_golden_format(tmp_path):
    p = tmp_path / 'prog.py'
    p.write_text(CFG_PROGRAM)
    out = subprocess.run(
        [sys.executable, '-S', '-m', 'ndbg.analysis.cfg', str(p), '--target', '3.11'],
        cwd=PYTHON_DIR,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == load(os.path.join('cfg', 'analysis.json'))['analysis']


# --- pdb facts ------------------------------------------------------------------------

KINDS = {
    'version': lambda v: isinstance(v, str) and re.fullmatch(r'\d+\.\d+\.\d+', v),
    'path': lambda v: isinstance(v, str) and os.path.isabs(v),
    'line': lambda v: isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and isinstance(v[1], str),
    'text': lambda v: isinstance(v, str) and v,
    'texts': lambda v: isinstance(v, dict) and v and all(isinstance(t, str) for t in v.values()),
}


def check_facts(facts):
    g = load('pdb_facts.json')
    assert sorted(facts) == sorted(g['facts'])
    for name, kind in g['facts'].items():
        assert KINDS[kind](facts[name]), (name, facts[name])
    for name, texts in g['lines'].items():
        line, text = facts[name]
        assert line > 0 and text in texts, (name, facts[name])


def test_pdb_facts_are_the_golden_ones():
    check_facts(pdb_facts())


def _interpreters():
    found = []
    for minor in range(9, 14):
        versions = sorted(d for d in os.listdir(PYENV) if d.startswith('3.%d.' % minor)) if os.path.isdir(PYENV) else []
        if versions:
            found.append(os.path.join(PYENV, versions[-1], 'bin', 'python3'))
    return found


@pytest.mark.parametrize('python', _interpreters() or [sys.executable])
def test_pdb_facts_on_every_supported_python(python):
    # as probe.ts runs it: isolated, no site, the file on its own
    script = os.path.join(PYTHON_DIR, 'ndbg', 'analysis', 'pdbfacts.py')
    out = subprocess.run([python, '-I', '-S', script], capture_output=True, text=True, check=True).stdout
    check_facts(json.loads(out))


def test_cfg_pdb_facts_on_every_supported_python(tmp_path):
    # the neural engine asks the analysis for them: they never make it fail
    p = tmp_path / 'prog.py'
    p.write_text('x = 1\n')
    for python in _interpreters() or [sys.executable]:
        r = subprocess.run(
            [python, '-S', '-m', 'ndbg.analysis.cfg', str(p), '--pdb-facts'],
            cwd=PYTHON_DIR,
            capture_output=True,
            text=True,
        )
        assert r.returncode == 0, (python, r.stderr[-500:])
        out = json.loads(r.stdout)
        assert out['lines'] == {'1': ['return']}
        check_facts(out['pdb_facts'])


# --- the bridge's wire format ---------------------------------------------------------

BRIDGE_PROGRAM = '''def f(n):
    x = n * 2
    return x


y = f(3)
print(y)
z = input()
raise ValueError(z)
'''


def drive(tmp_path, items):
    """Run the bridge on BRIDGE_PROGRAM as ndbg does, sending `items` (raw inbound
    lines, tagged as bridge_protocol.json's `in` says) one per prompt, input request
    or inspection answer; return every outbound message."""
    tags = load('bridge_protocol.json')['in']
    prog = tmp_path / 'prog.py'
    prog.write_text(BRIDGE_PROGRAM)
    out_r, out_w = os.pipe()
    in_r, in_w = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, BRIDGE_DIR, '--fd-out=%d' % out_w, '--fd-in=%d' % in_r, '--locals=1', '--', str(prog)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        pass_fds=(out_w, in_r),
    )
    os.close(out_w)
    os.close(in_r)
    feed = list(items)
    msgs = []
    with os.fdopen(out_r, 'rb') as reader:
        for raw in reader:
            m = json.loads(raw)
            msgs.append(m)
            if m['t'] in ('p', 'i', 'v'):
                os.write(in_w, ((feed.pop(0) if feed else tags['eof']) + '\n').encode())
    os.close(in_w)
    proc.communicate(timeout=60)
    return msgs


def check_fields(obj, spec, what):
    keys = set(obj)
    assert set(spec['required']) <= keys, (what, obj)
    assert keys <= set(spec['required']) | set(spec['optional']), (what, obj)


def test_bridge_messages_are_the_golden_ones(tmp_path):
    g = load('bridge_protocol.json')
    i = g['in']
    inspect = lambda kind, expr, count=0: '%s%s\t-1\t0\t%d\t%s' % (i['inspect'], kind, count, expr)  # noqa: E731
    msgs = drive(
        tmp_path,
        [
            i['line'] + 'b 3',
            i['line'] + 'c',
            inspect('e', 'n'),
            inspect('c', '[n, x]', 5),
            inspect('e', 'no_such_name'),
            i['line'] + 'p x',
            i['line'] + 'zzz(',
            i['reverse'] + 'step',
            i['line'] + 'n',
            i['line'] + 'c',
            i['partial'] + 'typed',
            i['line'] + 'q',
        ],
    )
    assert msgs[0]['t'] == 'h' and msgs[0]['v'] == g['version']
    seen = set()
    for m in msgs:
        t = m['t']
        assert t in g['out'], m
        seen.add(t)
        check_fields({k: v for k, v in m.items() if k != 't'}, g['out'][t], t)
        for field in ('s', 'k', 'event'):
            key = '%s.%s' % (t, field)
            if key in g['enums'] and field in m:
                assert m[field] in g['enums'][key], m
        for fr in m.get('frames', []) if t == 's' else []:
            check_fields(fr, g['frame'], 'frame')
        if t == 'v' and 'v' in m:
            check_fields(m['v'], g['value'], 'value')
        for ch in m.get('ch', []) if t == 'v' else []:
            check_fields(ch, g['child'], 'child')
    # the run covers what a session sends: hello, output, prompts, input, stops,
    # outcomes, results, breakpoints, answers (and the exception's post-mortem stop)
    assert {'h', 'o', 'p', 'i', 's', 'c', 'r', 'b', 'v'} <= seen, seen
    assert any(m['t'] == 's' and m.get('pm') for m in msgs)
    assert any(m['t'] == 'v' and m.get('ch') for m in msgs)


def test_bridge_sends_only_golden_tags():
    # every message the bridge's source builds carries a tag the golden file lists
    tags = set(load('bridge_protocol.json')['out'])
    found = set()
    for name in os.listdir(BRIDGE_DIR):
        if name.endswith('.py'):
            with open(os.path.join(BRIDGE_DIR, name), encoding='utf-8') as f:
                found |= set(re.findall(r"""\{\s*['"]t['"]\s*:\s*['"](\w+)['"]""", f.read()))
    assert found and found <= tags, found - tags
