"""The bridge's inspection rule against its golden cases, and an inspection
over the real bridge at a prompt (evaluate, children, a frame, errors)."""

import json
import os

from children_golden import answer, cases

GOLDEN = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'golden', 'children', 'cases.json')


def test_bridge_rule_matches_golden():
    with open(GOLDEN) as f:
        golden = json.load(f)
    assert cases() == golden


def test_locals_are_their_own_reprs():
    # the neural side reads these as predicted reprs: they must be what repr() prints
    for case in cases():
        for name, src in case['locals'].items():
            from children_golden import NAMESPACE

            assert repr(eval(src, dict(NAMESPACE))) == src


def test_errors_are_answers():
    a = answer({'xs': '[1]'}, 'xs[5]')
    assert a == {'t': 'v', 'ok': False, 'e': 'IndexError: list index out of range'}
    a = answer({}, 'nope')
    assert a['ok'] is False and a['e'].startswith('NameError')


def test_paging():
    from ndbg.bridge import inspection

    a = inspection.inspect('c', 'r', {}, {'r': list(range(250))}, 100, 50, 1000)
    assert a['v']['size'] == 250
    assert [c['name'] for c in a['ch']] == ['[%d]' % i for i in range(100, 150)]
    assert a['start'] == 100


def test_object_with_plain_repr_opens_into_attributes():
    from ndbg.bridge import inspection

    class Box:
        def __init__(self):
            self.w = 2
            self.items = [1]
            self.__hidden = 0

    a = inspection.inspect('c', 'b', {}, {'b': Box()}, 0, 100, 1000)
    # private (mangled) attributes show, as in PuDB; dunders do not
    assert a['v']['type'] == 'Box' and a['v']['size'] == 3
    assert [(c['name'], c['expr'], c['value']) for c in a['ch']] == [
        ('w', 'b.w', '2'),
        ('items', 'b.items', '[1]'),
        ('_Box__hidden', 'b._Box__hidden', '0'),
    ]
