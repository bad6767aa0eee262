"""The extra program shapes of `ndbg.data build --mix`: short functions called once and
class-based scripts. Each must be deterministic in its rng, valid, and end normally."""

import ast
import random

import pytest

from ndbg.gen.check import run_program
from ndbg.gen.classes import class_script
from ndbg.gen.short import short_program
from ndbg.learn.data import mixed_program, parse_mix


@pytest.mark.parametrize('make', [short_program, class_script])
def test_deterministic_and_clean(make):
    made = 0
    for seed in range(60):
        a = make(random.Random(seed))
        b = make(random.Random(seed))
        assert a == b
        if a is None:
            continue
        made += 1
        ast.parse(a)
        res = run_program(a, max_steps=2000)
        assert res['status'] == 'ok', (a, res)
    assert made >= 55  # a shape that mostly fails to produce would starve the mix


def test_short_functions_are_short_and_called_once():
    for seed in range(40):
        src = short_program(random.Random(seed))
        tree = ast.parse(src)
        funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
        assert len(funcs) == 1
        f = funcs[0]
        body_lines = f.end_lineno - f.lineno
        assert 2 <= body_lines <= 15, src
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, 'id', None) == f.name]
        assert len(calls) == 1, src


def test_class_scripts_use_their_class():
    kinds = set()
    for seed in range(60):
        src = class_script(random.Random(seed))
        tree = ast.parse(src)
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        assert classes
        names = {c.name for c in classes}
        built = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, 'id', None) in names]
        assert built, src
        methods = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
        assert len(methods) >= 3
        if '@dataclass' in src:
            kinds.add('dataclass')
        if 'super()' in src:
            kinds.add('super')
        if 'except ValueError' in src:
            kinds.add('except')
        if '@property' in src:
            kinds.add('property')
    assert kinds == {'dataclass', 'super', 'except', 'property'}


def test_mix_parsing_and_drawing():
    assert parse_mix('short=0.4,classes=0.3') == {'short': 0.4, 'classes': 0.3}
    with pytest.raises(SystemExit, match='unknown shape'):
        parse_mix('crux=0.5')
    with pytest.raises(SystemExit, match='NAME=SHARE'):
        parse_mix('short=lots')
    with pytest.raises(SystemExit, match='more than 1'):
        parse_mix('short=0.7,classes=0.6')
    sentinel = object()
    shapes = [mixed_program(random.Random(s), {'short': 1.0}, lambda rng: sentinel) for s in range(5)]
    assert all(p is not sentinel and 'shape:short' in p.features for p in shapes)
    assert mixed_program(random.Random(1), {}, lambda rng: sentinel) is sentinel
