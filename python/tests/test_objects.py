"""The program's objects in a state (docs/format.md, "Objects"): the rule of
ndbg.bridge.shown against real classes, as the tracer writes it and as the
bridge shows a stopped frame, and the format's round trip of its entries."""

import re
import textwrap

from ndbg.bridge import shown
from ndbg.bridge.values import frame_locals
from ndbg.trace import format as fmt
from ndbg.trace.format import State
from ndbg.trace.tracer import trace_program


def last_locals(src):
    r = trace_program(textwrap.dedent(src))
    assert r['exit']['kind'] == 'normal', r['exit']
    return r['events'][-1]['locals'], r['events']


def test_plain_instance_attributes_follow_it_in_insertion_order():
    loc, _ = last_locals(
        '''\
        class P:
            def __init__(self):
                self.y = 2
                self.x = 1
        n = 0
        p = P()
        m = 1
        '''
    )
    assert list(loc.items()) == [('n', '0'), ('p', '<__main__.P object>'), ('p.y', '2'), ('p.x', '1'), ('m', '1')]


def test_nested_instances_to_depth_three():
    loc, _ = last_locals(
        '''\
        class N:
            def __init__(self, v, nxt=None):
                self.v = v
                self.nxt = nxt
        a = N(1, N(2, N(3, N(4))))
        '''
    )
    assert list(loc) == ['a', 'a.v', 'a.nxt', 'a.nxt.v', 'a.nxt.nxt', 'a.nxt.nxt.v', 'a.nxt.nxt.nxt']
    assert loc['a.nxt.nxt.nxt'] == '<__main__.N object>'  # depth 3: its repr only
    assert shown.ATTR_DEPTH == 3


def test_cap_is_breadth_first_every_field_before_nested_ones():
    src = 'class T:\n    pass\nt = T()\n'
    src += ''.join('t.f%d = %d\n' % (k, k) for k in range(3))
    src += 't.sub = T()\n' + ''.join('t.sub.g%d = %d\n' % (k, k) for k in range(20))
    src += ''.join('t.h%d = %d\n' % (k, k) for k in range(5))
    loc, _ = last_locals(src)
    dotted = [k for k in loc if '.' in k]
    assert len(dotted) == shown.ATTR_LIMIT == 12
    # all 9 direct attributes, then the first 3 of the nested object, in place after it
    assert dotted == ['t.f0', 't.f1', 't.f2', 't.sub', 't.sub.g0', 't.sub.g1', 't.sub.g2'] + [
        't.h%d' % k for k in range(5)
    ]


def test_slots_custom_repr_and_private_names():
    loc, _ = last_locals(
        '''\
        class S:
            __slots__ = ('a', 'b', '__c')
            def __init__(self):
                self.a = 1
                self.__c = 3
            def __repr__(self):
                return 'S(a=%r)' % self.a
        s = S()
        '''
    )
    assert list(loc.items()) == [('s', 'S(a=1)'), ('s.a', '1'), ('s._S__c', '3')]  # b is not set


FAILED = "<repr failed: AttributeError: 'D' object has no attribute 'x'>"


def test_dataclass_and_an_attribute_deleted():
    loc, events = last_locals(
        '''\
        from dataclasses import dataclass
        @dataclass
        class D:
            x: int
            y: list
        d = D(1, [2])
        del d.x
        k = 0
        '''
    )
    assert list(loc.items()) == [('d', FAILED), ('d.y', '[2]'), ('k', '0')]
    before = [e for e in events if e['line'] == 7][0]['locals']
    assert before == {'d': 'D(x=1, y=[2])', 'd.x': '1', 'd.y': '[2]'}
    a, b = State('line', 7, '<module>', 0, (), before), State('line', 8, '<module>', 0, (), dict(loc))
    del b.locals['k']
    items = fmt.encode_state(b, a, 'step_over')
    assert fmt.render(items) == '<|line|>8<|var|>d=%s<|del|>d.x<|end|>' % FAILED
    assert fmt.decode_state(items, a).key() == b.key()


def test_library_instances_enums_and_classes_are_not_expanded():
    loc, _ = last_locals(
        '''\
        import enum, fractions
        class Color(enum.Enum):
            RED = 1
        class K:
            pass
        c = Color.RED
        f = fractions.Fraction(1, 2)
        k = K
        e = ValueError('x')
        '''
    )
    assert list(loc) == ['c', 'f', 'e']  # K is a class: hidden at module level


def test_reading_attributes_runs_no_program_code():
    loc, _ = last_locals(
        '''\
        calls = []
        class G:
            def __init__(self):
                self.v = 1
            def __getattribute__(self, name):
                calls.append(name)
                return object.__getattribute__(self, name)
        g = G()
        n = len(calls)
        '''
    )
    assert loc['g.v'] == '1' and loc['n'] == '0' and loc['calls'] == '[]'


def test_self_in_a_method_and_new_attributes_decode_in_place():
    r = trace_program(
        textwrap.dedent(
            '''\
            class C:
                def __init__(self, a, b):
                    self.a = a
                    self.b = b
            c = C(1, 2)
            '''
        )
    )
    ev = r['events']
    init = [e for e in ev if e['func'] == '__init__']
    assert list(init[-1]['locals']) == ['self', 'self.a', 'self.b', 'a', 'b']
    # a diff adds self.b after self.a, not after the frame's last local
    prev = State('line', 4, '__init__', 1, (5,), init[-2]['locals'])
    nxt = State('return', 4, '__init__', 1, (5,), init[-1]['locals'], retval='None')
    items = fmt.encode_state(nxt, prev, 'step_into')
    assert fmt.render(items) == '<|return|>4<|var|>self.b=2<|retval|>None<|end|>'
    assert fmt.decode_state(items, prev).key() == nxt.key()


def test_bridge_shows_the_same_entries():
    import sys

    src = textwrap.dedent(
        '''\
        class P:
            def __init__(self):
                self.x = [1]
                self.q = None
        p = P()
        p.q = P()
        '''
    )
    got = {}

    def tracer(frame, event, arg):
        if frame.f_code.co_filename == '<objs>' and frame.f_code.co_name == '<module>' and event == 'return':
            got['loc'] = frame_locals(frame, True, 1000)
        return tracer

    g = {'__name__': '__main__'}
    sys.settrace(tracer)
    try:
        exec(compile(src, '<objs>', 'exec'), g)
    finally:
        sys.settrace(None)
    out, hidden = got['loc']
    shown_names = [k for k in out if k not in hidden]
    assert shown_names == ['p', 'p.x', 'p.q', 'p.q.x', 'p.q.q']
    real = {k: re.sub(' at 0x[0-9a-f]+', '', out[k]) for k in shown_names}  # as verify.ts normalizes
    assert trace_program(src)['events'][-1]['locals'] == real


def test_dotted_names_parse_and_bad_ones_do_not():
    st = State('line', 3, 'f', 0, (), {'o': '<__main__.O object>', 'o.a': "'x=y'", 'o.b.c': '1'})
    assert fmt.decode_state(fmt.encode_state(st)).key() == st.key()
    assert fmt.is_local_name('a.b_1.c') and not fmt.is_local_name('a..b') and not fmt.is_local_name('a.1')
