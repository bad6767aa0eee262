"""Context selection (docs/format.md, "Context selection"): the golden files that pin the
rule for the TypeScript twin (test/model/contextSelect.test.ts), its invariants, and the
data builder's windows for programs longer than the window.

`NDBG_REGEN_GOLDEN=1 python -m pytest python/tests/test_context.py` rewrites
test/golden/context/*.json."""

import gzip
import json
import os
import random
import subprocess
import sys

import pytest

from ndbg.trace import context as C
from ndbg.trace import examples as E
from ndbg.trace import format as fmt
from ndbg.trace.tracer import trace_program
from ndbg.trace.tree import Trace, sample_trajectories, segment_states

from golden import REGEN, ROOT, golden_path, golden_tokenizer

PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')

# a small program with every kind of definition the rule reads
SMALL = '''import math
from dataclasses import dataclass

LIMIT = 3


@dataclass
class Point:
    x: int
    y: int

    def norm(self):
        return math.hypot(self.x, self.y)


class Shape:
    """A named list of points."""

    def __init__(self, name, points):
        self.name = name
        self.points = points

    @property
    def size(self):
        return len(self.points)

    def longest(self):
        best = None
        for p in self.points:
            if best is None or p.norm() > best.norm():
                best = p
        return best


def make(n):
    def point(i):
        return Point(i, i * 2)
    return Shape('s%d' % n, [point(i) for i in range(n)])


def report(shape):
    # the longest point
    p = shape.longest()
    return '%s: %d points, longest %r' % (shape.name, shape.size, p)


shapes = [make(k) for k in range(1, LIMIT + 1)]
for s in shapes:
    print(report(s))
'''

PROGRAMS = {
    'small': ('inline', SMALL),
    'order_system': ('evalsets/long/02_order_system.py', None),
    'calc_interpreter': ('evalsets/long/03_calc_interpreter.py', None),
    'graph_algorithms': ('evalsets/long/08_graph_algorithms.py', None),
}
BUDGETS = (60, 180, 500)


def source_of(name):
    where, text = PROGRAMS[name]
    if text is not None:
        return text
    with open(os.path.join(ROOT, where)) as f:
        return f.read()


def costs_of(tok, source):
    lines = source.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    return lines, [len(tok.encode('%d %s\n' % (k, t))) for k, t in enumerate(lines, 1)]


def states_of(source, k=6):
    """`k` states of the program's trace, evenly spaced, and one at the exit."""
    t = trace_program(source)
    tr = Trace(t['events'], t['exit'])
    picks = [int((i + 0.5) * tr.n / k) for i in range(k)]
    return [(tr.events[i]['line'], list(tr.stack[i])) for i in picks] + [(None, [])]


def make_golden(tok, name):
    source = source_of(name)
    lines, costs = costs_of(tok, source)
    defs = C.analyze_defs(source)
    cases = []
    for focus, stack in states_of(source):
        for budget in BUDGETS:
            cases.append(
                {
                    'focus': focus,
                    'stack': stack,
                    'budget': budget,
                    'lines': C.select_lines(lines, costs, defs, focus, stack, budget),
                }
            )
    return {
        'program': PROGRAMS[name][0],
        'tokenizer': 'test/golden/tokenizer.json',
        'source': source,
        'defs': defs,
        'costs': costs,
        'cases': cases,
    }


@pytest.fixture(scope='module')
def tok():
    return golden_tokenizer()


@pytest.mark.parametrize('name', sorted(PROGRAMS))
def test_golden(tok, name):
    path = golden_path('context', name + '.json')
    if REGEN or not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            json.dump(make_golden(tok, name), f, indent=1)
            f.write('\n')
    with open(path) as f:
        g = json.load(f)
    lines, costs = costs_of(tok, g['source'])
    assert costs == g['costs']
    assert C.analyze_defs(g['source']) == g['defs']
    for case in g['cases']:
        got = C.select_lines(lines, costs, g['defs'], case['focus'], case['stack'], case['budget'])
        assert got == case['lines'], case


def _check(lines, costs, defs, focus, stack, budget, got):
    f = min(max(focus or 1, 1), len(lines))
    assert got == sorted(set(got)) and f in got
    assert all(1 <= k <= len(lines) for k in got)
    assert sum(costs[k - 1] for k in got) <= max(budget, costs[f - 1])


def test_rule_invariants(tok):
    source = source_of('order_system')
    lines, costs = costs_of(tok, source)
    defs = C.analyze_defs(source)
    for focus, stack in states_of(source, k=20):
        for budget in (0, 40, 300, 10**6):
            got = C.select_lines(lines, costs, defs, focus, stack, budget)
            _check(lines, costs, defs, focus, stack, budget, got)
            if budget == 10**6:
                assert got == list(range(1, len(lines) + 1))


def test_priorities(tok):
    lines, costs = costs_of(tok, SMALL)
    defs = C.analyze_defs(SMALL)
    by = {d['name']: d for d in defs}
    span = lambda d: set(range(by[d]['call_line'], by[d]['last_line'] + 1))  # noqa: E731
    # in report(), called from the module loop: report whole, then what it calls
    focus = by['report']['last_line']
    call = SMALL.split('\n').index('    print(report(s))') + 1
    got = set(C.select_lines(lines, costs, defs, focus, [call], 240))
    assert span('report') <= got and call in got
    assert span('longest') <= got  # shape.longest() is called from the focus function
    assert by['Shape']['call_line'] in got  # a method's class header comes with it
    # no definitions known (no analysis): lines by distance, the module's code first
    got = C.select_lines(lines, costs, [], 30, [], 40)
    assert 30 in got and sum(costs[k - 1] for k in got) <= 40


def test_defs_of_a_program_with_a_syntax_error():
    assert C.analyze_defs('def f(:\n  pass\n') == []
    assert C.select_lines(['x = (', 'y'], [3, 2], [], 2, [], 1) == [2]


def test_selector_ids_and_windows(tok):
    source = source_of('order_system')
    sel = C.ContextSelector(tok, source, '', budget=300)
    assert not sel.fits
    t = trace_program(source)
    tr = Trace(t['events'], t['exit'])
    segs = [segment_states(tr, s) for s in sample_trajectories(tr, random.Random(0), source)]
    windows = fmt.build_windows(tok, fmt.encode_context(source), segs, 1024, selector=sel)
    assert windows
    line_ids = [tok.encode('%d %s\n' % (k, x)) for k, x in enumerate(source.split('\n')[:-1], 1)]
    assert all(len(w.ids) <= 1024 and w.ids[:2] == [fmt.BOS, fmt.SPECIAL_ID['code']] for w in windows)
    first = segs[0][0]
    ids = sel.ids(first)
    assert windows[0].ids[: len(ids)] == ids and len(ids) <= 300
    expect = [fmt.BOS, fmt.SPECIAL_ID['code']]
    for k in sel.select(first.line, first.stack):
        expect += line_ids[k - 1]
    assert ids == expect
    # a program that fits is shown whole, as before
    small = C.ContextSelector(tok, SMALL, '', budget=10**5)
    assert small.fits and small.ids(first) == tok.encode_items(fmt.encode_context(SMALL))


def test_build_prompt_selects_a_long_context(tok):
    source = source_of('order_system')
    t = trace_program(source)
    tr = Trace(t['events'], t['exit'])
    first, steps = segment_states(tr, sample_trajectories(tr, random.Random(1), source)[0])
    prompt = E.build_prompt(tok, source, '', first, steps[:3], 'step_into', window=1024)
    last = steps[2][2] if len(steps) >= 3 else first
    room = max(1024 - 256 - E.ACTION_ALLOWANCE - len(E.encode_state(tok, last)), (1024 - 256) // 2)
    ctx = C.ContextSelector(tok, source, '', budget=min(room, 512)).ids(last)
    assert prompt[: len(ctx)] == ctx and len(prompt) < 1024


def test_data_builder_selects_long_programs(tmp_path):
    progs = tmp_path / 'progs'
    progs.mkdir()
    (progs / 'long.py').write_text(source_of('order_system'))
    tok_path = golden_path('tokenizer.json')
    outs = {}
    for flag in ('--select-context', '--no-select-context'):
        out = tmp_path / flag.strip('-')
        subprocess.run(
            [
                sys.executable,
                '-m',
                'ndbg.data',
                'build',
                '--programs-dir',
                str(progs),
                '--split-all',
                'test',
                '--out',
                str(out),
                '--tokenizer',
                tok_path,
                '--workers',
                '1',
                flag,
            ],
            cwd=PYTHON_DIR,
            check=True,
            capture_output=True,
        )
        with gzip.open(out / 'test' / 'traces-00000.jsonl.gz', 'rt') as f:
            outs[flag] = next(map(json.loads, f))
    on, off = outs['--select-context'], outs['--no-select-context']
    assert off['windows'] == 0 and 'context_budget' not in off
    assert on['windows'] > 0 and on['context_budget'] == 512
    # the stored trajectories rebuild the windows, contexts selected the same way
    tok = golden_tokenizer()
    examples = list(E.iter_examples(on, tok))
    assert examples and all(len(ex.prompt_ids) < 1024 for ex in examples)
    sel = C.ContextSelector(tok, on['source'], '', budget=512)
    first = E.record_states(on)[0][0]
    assert examples[0].prompt_ids[: len(sel.ids(first))] == sel.ids(first)
