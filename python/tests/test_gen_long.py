"""ndbg.gen.long: generated programs composed into scripts longer than the window."""

import ast
import random

from ndbg.gen.generator import generate
from ndbg.gen.long import long_program, split_program
from ndbg.trace.tracer import trace_program


def test_split_program_separates_definitions_from_module_code():
    src = "import math\n\n@staticmethod\ndef f(x):\n    return x\n\nclass C:\n    pass\n\nprint(f(2))\n"
    defs, code, defined, names = split_program(src)
    assert defs == ['@staticmethod\ndef f(x):\n    return x', 'class C:\n    pass']
    assert code == ['import math', 'print(f(2))']
    assert defined == {'f', 'C'}
    assert {'f', 'C', 'print', 'x'} <= names
    assert split_program('def (:\n') is None


def test_long_programs_are_long_valid_and_unshadowed():
    lengths = []
    for seed in range(40):
        prog = long_program(random.Random(seed), generate)
        tree = ast.parse(prog.source)
        lengths.append(prog.source.count('\n'))
        assert 'long' in prog.features
        top = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
        assert len(top) == len(set(top)), 'a definition shadows another'
        # definitions first, then module-level code only (the shape of evalsets/long)
        kinds = [isinstance(n, (ast.FunctionDef, ast.ClassDef)) for n in tree.body]
        assert kinds[-1] is False
    assert min(lengths) >= 100
    assert sorted(lengths)[len(lengths) // 2] >= 150
    assert max(lengths) <= 460


def test_long_programs_run_and_reach_far_definitions():
    far = 0
    ends = {}
    for seed in range(20):
        prog = long_program(random.Random(100 + seed), generate)
        traced = trace_program(prog.source, prog.stdin, max_events=2000, time_limit=2.0, repr_limit=100)
        ends[traced['exit']['kind']] = ends.get(traced['exit']['kind'], 0) + 1
        module_lines = [e['line'] for e in traced['events'] if e.get('event') == 'line' and e['depth'] == 0]
        calls = [e for e in traced['events'] if e.get('event') == 'call']
        if calls and module_lines and min(c['line'] for c in calls) < max(module_lines) - 100:
            far += 1
    assert ends.get('normal', 0) >= 15
    assert far >= 10, 'calls should land far above the module-level code'


def test_same_seed_same_program():
    a = long_program(random.Random(9), generate).source
    b = long_program(random.Random(9), generate).source
    assert a == b
