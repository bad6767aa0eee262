"""The children rule's golden cases (docs/json.md, "Inspection"): the bridge's
answers for values built from these sources. test_inspection.py checks the
bridge against test/golden/children/cases.json; test/inspection.test.ts checks
the neural engine's rule (over the same reprs, as predicted locals) against it.

Regenerate (review the diff: it is the specification):
    cd python && /usr/bin/python3 tests/children_golden.py > ../test/golden/children/cases.json
"""

import collections
import dataclasses
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))

from ndbg.bridge import inspection  # noqa: E402


@dataclasses.dataclass
class Item:
    name: str
    qty: int


Point = collections.namedtuple('Point', 'x y')

NAMESPACE = {'Item': Item, 'Point': Point}

# (locals as their reprs, which are also Python source for them; expression)
CASES = [
    ({'xs': "[3, 'a', [1, 2], None]"}, 'xs'),
    ({'xs': "[3, 'a', [1, 2], None]"}, 'xs[2]'),
    ({'xs': "[3, 'a']"}, 'xs + [9]'),
    ({'d': "{'k': 1, 2: [3], (1, 2): 'x'}"}, 'd'),
    ({'d': "{'k': {'inner': True}}"}, "d['k']"),
    ({'s': '{1, 2, 3}'}, 's'),
    ({'t': '(1,)'}, 't'),
    ({'item': "Item(name='pen', qty=3)"}, 'item'),
    ({'p': 'Point(x=1, y=[2, 3])'}, 'p'),
    ({'n': '42'}, 'n'),
    ({'w': "'abc'"}, 'w'),
    ({'e': '{}'}, 'e'),
]


def answer(local_sources, expr):
    loc = {k: eval(v, dict(NAMESPACE)) for k, v in local_sources.items()}
    return inspection.inspect('c', expr, dict(NAMESPACE), loc, 0, 100, 1000)


def cases():
    out = []
    for local_sources, expr in CASES:
        a = answer(local_sources, expr)
        out.append({'locals': local_sources, 'expr': expr, 'parent': a['v'], 'children': a['ch']})
    return out


if __name__ == '__main__':
    print(json.dumps(cases(), indent=1))
