// repr(parseRepr(s)) === s for canonical reprs, float repr against CPython's
// bits, and CPython's set iteration order, all checked against python3.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluate, execute, floatRepr, parseRepr, repr, setHashSeed } from '../../src/pyval/index.js';
import { pythonJson } from './oracle.js';

const REPRS = pythonJson<string[]>(String.raw`
import json, random, struct
random.seed(1234)
vals = [
    None, True, False, Ellipsis, 0, 1, -1, 255, 2**63, -2**64, 2**100, 10**40 + 7,
    0.0, -0.0, 1.0, -1.5, 0.1, 0.2 + 0.1, 1/3, 2/3, 1e16, 1e15, 1e-4, 1e-5, 123456789.125, 1e22, 1e23,
    5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, float('inf'), float('-inf'), float('nan'),
    100.0, 12345678901234567.0, 0.5, 3.14159, 2.5e-10, -7e100,
    '', 'a', "it's", 'say "hi"', 'both \' and "', '\\', 'tab\there', 'new\nline', 'cr\r', '\x00\x01\x1f\x7f',
    'é', 'naïve café', '中文', '😀 emoji', '\u200b zero width', '\u00a0nbsp', '\u2028', '\ufeff', '\u0301', 'a\u0301',
    '\ud800', '\U0010ffff', '\U000e0001', 'mixed \'"\\ \n \x85 \xad',
    b'', b'abc', b"it's", b'\x00\xff\x7f\x80', bytes(range(256)), b'\'"',
    [], [1], [1, 2, 3], [[], [[]]], (), (1,), (1, 2), ((1,),), {}, {'a': 1}, {1: 'x', 'y': [2], (3, 4): None},
    {True: 1}, {1.5: 2, -0.0: 3}, set(), {1}, {3, 1, 2}, {-1, -2, 5}, {10**20, 7}, frozenset(), frozenset({1, 2}),
    {frozenset({1}): 2}, {(1, 'a'), (2, 'b')}, range(0), range(5), range(1, 10, 2), range(10, 0, -3),
    [1, 'two', 3.0, None, True, (4,), {'five': {5}}, b'six', range(7)],
    {'nested': {'deep': [1, {2: [3, (4, 5)]}]}},
    {'a', 'b', 'c'}, {'hello', 'world', 'x', 'longer string here'},
]
for _ in range(300):
    bits = random.getrandbits(64)
    f = struct.unpack('<d', struct.pack('<Q', bits))[0]
    if f == f:
        vals.append(f)
for _ in range(100):
    vals.append(random.uniform(-1e6, 1e6))
    vals.append(random.randint(-10**30, 10**30))
    vals.append(''.join(chr(random.choice([random.randint(32, 126), random.randint(0, 0x3000), random.randint(0, 0x10ffff)])) for _ in range(random.randint(0, 8))))
    vals.append([random.randint(-5, 300) for _ in range(random.randint(0, 6))])
    vals.append(set(random.randint(-50, 500) for _ in range(random.randint(0, 30))))
out = []
for v in vals:
    try:
        out.append(repr(v))
    except Exception:
        pass
print(json.dumps(out))
`);

describe('repr round trip', () => {
  test(`${REPRS.length} canonical reprs read back and print identically`, () => {
    const bad: string[] = [];
    for (const s of REPRS) {
      const v = parseRepr(s);
      if (v.kind === 'opaque') bad.push(`${s} (opaque: ${v.why})`);
      else if (repr(v) !== s) bad.push(`${s} -> ${repr(v)}`);
    }
    expect(bad).toEqual([]);
  });

  test('floats print exactly as CPython from their bits', () => {
    const cases = pythonJson<[string, string][]>(String.raw`
import json, random, struct
random.seed(99)
out = []
for i in range(3000):
    bits = random.getrandbits(64) if i % 3 else struct.unpack('<Q', struct.pack('<d', random.choice([random.random(), random.uniform(-1e20, 1e20), 10.0 ** random.randint(-30, 30), round(random.random(), random.randint(0, 6))])))[0]
    f = struct.unpack('<d', struct.pack('<Q', bits))[0]
    out.append(['%016x' % bits, repr(f)])
print(json.dumps(out))
`);
    const dv = new DataView(new ArrayBuffer(8));
    const bad: string[] = [];
    for (const [bits, want] of cases) {
      dv.setBigUint64(0, BigInt('0x' + bits));
      const got = floatRepr(dv.getFloat64(0));
      if (got !== want) bad.push(`${bits}: ${got} != ${want}`);
    }
    expect(bad).toEqual([]);
  });

  test('unreadable reprs are opaque and print as themselves', () => {
    for (const s of [
      '<__main__.Foo object at 0x7f3a2c1b2d30>',
      'Point(x=1, y=2)',
      "defaultdict(<class 'list'>, {'a': [1]})",
      "Counter({'a': 2})",
      'deque([1, 2])',
      '[1, 2, 3, ...',
      "'abcdef...",
      '(1+2j)',
      '1j',
      'array([1, 2])',
      '[1, [...]]',
      'not a repr at all',
    ]) {
      const v = parseRepr(s);
      expect(repr(v)).toBe(s);
    }
    expect(parseRepr('<__main__.Foo object at 0x7f3a2c1b2d30>').kind).toBe('opaque');
    expect(parseRepr('[1, 2, 3, ...').kind).toBe('opaque');
    expect(parseRepr('[<Foo object at 0x1>, 2]').kind).toBe('list');
    expect(parseRepr('[1, 2]', { cutMarker: '…' }).kind).toBe('list');
    expect(parseRepr('[1, 2]…', { cutMarker: '…' }).kind).toBe('opaque');
    expect(parseRepr("<class 'int'>")).toEqual({ kind: 'type', name: 'int' });
  });
});

describe("set iteration order is CPython's", () => {
  beforeAll(() => setHashSeed(0));
  afterAll(() => setHashSeed(null));

  test('set(), literals and set algebra match python3 (PYTHONHASHSEED=0)', () => {
    const cases = pythonJson<[string, string][]>(String.raw`
import json, random
random.seed(7)
exprs = ['{3, 1, 2}', '{1, 2, 3}', '{100, 1, 9, 8}', 'set(range(20, 0, -1))', '{-1, -2, -3, 0}', '{2**64, 1, 2**61 - 1}',
         '{1.5, 2.5, 0.25}', '{(1, 2), (2, 1), ()}', "{'a', 'b', 'c'}", "set('hello world')", "{'apple', 'banana', 'cherry', 'date'}",
         '{1, 2, 3} | {100, 4}', '{1, 2, 3} & {3, 2, 9}', '{1, 2, 3, 4, 5} - {2, 4}', '{1, 2, 3} ^ {3, 4, 5}',
         'set(range(100)) - set(range(3, 98))', 'frozenset([5, 3, 1])', '{frozenset({1}), frozenset({2})}',
         'set([1, 1.0, True])', "{x % 7 for x in range(50)}", "set('abcdefghijklmnop') & set('ponmlk')",
         '{True, 2, 1.0}', 'set({5: 1, 3: 2})']
for _ in range(80):
    n = random.randint(0, 60)
    xs = [random.choice([random.randint(-20, 20), random.randint(0, 10**6), random.randint(-10**12, 10**12)]) for _ in range(n)]
    exprs.append('set(%r)' % (xs,))
    ys = [random.randint(0, 200) for _ in range(random.randint(0, 40))]
    exprs.append('set(%r) | set(%r)' % (xs[:10], ys))
    exprs.append('set(%r) & set(%r)' % (ys, xs))
    exprs.append('set(%r) - set(%r)' % (ys, ys[:5]))
    exprs.append('set(%r) ^ set(%r)' % (ys[::2], ys[1::3]))
    words = [''.join(random.choice('abcxyz') for _ in range(random.randint(1, 4))) for _ in range(random.randint(0, 12))]
    exprs.append('set(%r)' % (words,))
print(json.dumps([[e, repr(eval(e))] for e in exprs]))
`);
    const bad: string[] = [];
    for (const [e, want] of cases) {
      const r = evaluate(e, { locals: {} });
      const got = r.ok ? r.repr : r.error;
      if (got !== want) bad.push(`${e}: ${got} != ${want}`);
    }
    expect(bad).toEqual([]);
  });

  test("set mutation (add, discard, updates) keeps CPython's table order", () => {
    const cases = pythonJson<[string, string][]>(String.raw`
import json, random
random.seed(11)
out = []
ops = ['s.add(%d)', 's.discard(%d)', 's.difference_update(%r)', 's.intersection_update(%r)', 's.symmetric_difference_update(%r)',
       's.update(%r)', 's -= set(%r)', 's |= set(%r)', 's &= set(%r)', 's ^= set(%r)', 's = s - set(%r)', 's = s.difference(%r)',
       's = s.union(%r)', 's = s.intersection(%r)', 's = s.symmetric_difference(%r)', 's.pop() if s else None', 's = set(s)', 's = {v for v in s}']
for _ in range(120):
    stmts = ['s = set(%r)' % ([random.randint(0, 300) for _ in range(random.randint(0, 40))],)]
    for _ in range(random.randint(1, 6)):
        op = random.choice(ops)
        arg = random.randint(0, 300) if '%d' in op else [random.randint(0, 300) for _ in range(random.randint(0, 30))]
        stmts.append(op % (arg,) if '%' in op else op)
    src = '; '.join(stmts)
    ns = {}
    exec(src, ns)
    out.append([src, repr(ns['s'])])
print(json.dumps(out))
`);
    const bad: string[] = [];
    for (const [src, want] of cases) {
      const r = execute(src, { locals: {} });
      const got = r.ok ? r.changes.s : r.error;
      if (got !== want) bad.push(`${src}\n    python: ${want}\n    ndbg:   ${got}`);
    }
    expect(bad.join('\n')).toBe('');
  });
});
