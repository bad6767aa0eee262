"""Which attributes a program can set (ndbg.analysis.attrs), checked against what
the tracer really shows of its objects (docs/format.md, "Objects")."""

import ast
import textwrap

from ndbg.analysis.attrs import settable_attributes
from ndbg.trace.tracer import trace_program

from trace_programs import PROGRAMS


def attrs(src):
    return settable_attributes(ast.parse(textwrap.dedent(src)))


def shown_attributes(src):
    out = set()
    for e in trace_program(textwrap.dedent(src))['events']:
        out.update(k.rsplit('.', 1)[1] for k in e['locals'] if '.' in k)
    return out


SOURCES = [
    PROGRAMS['objects'],
    PROGRAMS['methods'],
    '''\
    from dataclasses import dataclass, field
    @dataclass
    class P:
        x: int
        tags: list = field(default_factory=list)
    class S:
        __slots__ = ('a', '__b')
        def __init__(self):
            self.a = P(1)
            self.__b = 2
    class N:
        count = 0
        def __init__(self):
            self.count += 1
            self.left, (self.right, *self.rest) = None, (1, 2)
            setattr(self, 'extra', 3)
            object.__setattr__(self, 'more', 4)
    s, n = S(), N()
    s.a.x = 5
    ''',
]


def test_every_attribute_the_tracer_shows_is_settable():
    for src in SOURCES:
        got = attrs(src)
        assert got is not None and shown_attributes(src) <= set(got), src


def test_the_names_found():
    # a private name mangled with every class (sound: which class's method sets it is not asked)
    private = ['_N__b', '_P__b', '_S__b']
    assert attrs(SOURCES[2]) == sorted(private + ['a', 'count', 'extra', 'left', 'more', 'rest', 'right', 'tags', 'x'])


def test_open_when_names_are_computed_or_a_library_base_may_set_any():
    assert attrs('setattr(o, name, 1)\n') is None
    assert attrs('o.__dict__["a"] = 1\n') is None
    assert attrs('import threading\nclass T(threading.Thread):\n    pass\n') is None
    assert attrs('class E(ValueError):\n    pass\nclass F(E, object):\n    pass\n') == []
