// `pp EXPR`: pprint.pformat of our values must equal CPython's, byte for byte.

import { describe, expect, test } from 'vitest';
import { parseRepr, pformat, printExpression } from '../../src/pyval/index.js';
import { pythonJson } from './oracle.js';

const CASES = pythonJson<[string, string][]>(String.raw`
import json, pprint, random
random.seed(5)
vals = [
    list(range(30)), list(range(100)), {str(i): i for i in range(30)}, {i: 'v' * i for i in range(12)},
    {'b': 1, 'a': 2, 'c': {'z': [1, 2, 3] * 10, 'y': 'short'}}, [{'name': 'x' * 20, 'id': i, 'tags': ['a', 'b']} for i in range(5)],
    tuple(range(40)), (list(range(30)),), set(range(40)), frozenset(range(40)), {5, 3, 1} , {'word%d' % i for i in range(20)},
    'short', 'a long string ' * 12, 'line one\nline two\n' * 6, ['a long string ' * 8, 'x'], {'k': 'a long string ' * 10},
    b'short', bytes(range(100)), [b'\x00' * 50, b'abc' * 20], {1: 'int', 'a': 'str', 2.5: 'float', None: 'none'},
    {(1, 2): 'tuple key', (0, 5): 'another', (1,): 'one'}, [[[[list(range(25))]]]], {'deep': {'deeper': {'deepest': list(range(30))}}},
    [1.5, -0.0, float('inf'), 1e100, 1e-100] * 6, [True, False, None] * 10, [], {}, (), set(), [[], {}, ()], range(100),
    {'x': set(range(30)), 'y': frozenset({3, 2, 1})}, [('key%d' % i, i * 1.5) for i in range(15)],
    {i: list(range(i)) for i in range(15)}, ['é' * 30, '中文' * 20], [(1,)] * 30, [(1, 2)] * 20,
]
for _ in range(40):
    n = random.randint(5, 40)
    vals.append([random.choice([random.randint(-1000, 10**6), 'w' * random.randint(1, 15), random.random(), None, (random.randint(0, 9),)]) for _ in range(n)])
    vals.append({('k%d' % random.randint(0, 99)): [random.randint(0, 99) for _ in range(random.randint(0, 12))] for _ in range(random.randint(1, 12))})
print(json.dumps([[repr(v), pprint.pformat(v)] for v in vals]))
`);

describe('pp EXPR matches pprint.pformat', () => {
  test(`${CASES.length} values format identically`, () => {
    const bad: string[] = [];
    for (const [r, want] of CASES) {
      const got = pformat(parseRepr(r));
      if (got !== want) bad.push(`${r.slice(0, 80)}\n--- python\n${want}\n--- ndbg\n${got}`);
    }
    expect(bad.join('\n\n')).toBe('');
  });

  test('printExpression prints what pdb prints for p and pp', () => {
    const scope = { locals: { xs: JSON.stringify(Array.from({ length: 40 }, (_, i) => i)) } };
    expect(printExpression('len(xs)', scope, 'p')).toEqual({ ok: true, text: '40', output: '' });
    expect(printExpression('xs[:3]', scope, 'pp').text).toBe('[0, 1, 2]');
    expect(printExpression('xs', scope, 'pp').text.split('\n')).toHaveLength(40);
    expect(printExpression('nope', scope, 'pp')).toEqual({ ok: false, text: "*** NameError: name 'nope' is not defined", output: '' });
  });
});
