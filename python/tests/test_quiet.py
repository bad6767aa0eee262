"""Quiet lines (ndbg.analysis.quiet): lines whose code cannot write output."""
import ast

from ndbg.analysis.quiet import quiet_lines
from ndbg.trace.tracer import trace_program


def q(src):
    return quiet_lines(ast.parse(src))


def test_builtins_and_arithmetic_are_quiet_print_and_imports_are_not():
    src = 'import os\nx = [1, 2, 3]\ny = sum(x)\nprint(y)\nfor i in range(len(x)):\n    y += i * 2\n'
    assert q(src) == [2, 3, 5, 6]


def test_calls_of_the_programs_functions_are_not_quiet():
    src = 'def f(n):\n    return n + 1\n\nx = f(2)\ny = abs(x)\nz = sorted([3, 1], key=abs)\n'
    assert q(src) == [2, 5, 6]


def test_what_could_run_hidden_code_turns_the_whole_program_off():
    for src in (
        'class A:\n    pass\nx = 1\n',  # dunders behind operators
        'def g():\n    yield 1\nx = sum(g())\n',  # iterating runs the body
        'f = lambda: 1\nx = 1\n',
        'p = print\nx = 1\n',  # an alias of a writer
        'def f():\n    print(1)\nfs = [f]\nx = sorted([1], key=fs[0])\n',  # a function as a value
        'from os import *\nx = sum([1])\n',  # may rebind any builtin
        'import sys\nx = len(sys.argv)\n',
    ):
        assert q(src) == [], src


def test_rebound_builtins_attribute_calls_and_shared_lines_are_not_quiet():
    assert q('sum = max\nx = sum([1])\n') == [1]  # line 2's `sum` is not the builtin
    assert q('xs = []\nxs.append(1)\nn = len(xs)\n') == [1, 3]
    assert q('x = 1; print(x)\ny = 2\n') == [2]
    assert q('if True: print(1)\nz = 0\n') == [2]


def test_sound_on_traced_programs():
    # every line event at a quiet line is followed by an event with no output
    srcs = [
        'x = [1, 2, 3]\ny = sum(x)\nprint(y)\nfor i in range(3):\n    y += i\n    if y > 4:\n        print("big", y)\n',
        'def f(n):\n    print("f", n)\n    return n * 2\n\ntotal = 0\nfor k in range(3):\n    total += f(k)\nprint(total)\n',
        'words = "a bb ccc".split()\nlens = [len(w) for w in words]\nbest = max(lens)\nprint(best, lens)\n',
    ]
    for src in srcs:
        quiet = set(q(src))
        assert quiet, src
        t = trace_program(src)
        ev = t['events']
        for a, b in zip(ev, ev[1:]):
            if a['event'] == 'line' and a['line'] in quiet:
                assert not b.get('out'), (src, a, b)
