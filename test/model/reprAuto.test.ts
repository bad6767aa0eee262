// The value automaton the decoder writes every value through (src/model/decode/reprAuto.ts):
// it takes every repr CPython writes that the after-the-fact check (validate.ts)
// takes, refuses nonsense an undertrained model once wrote, and can finish
// from any point.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { reprProblem } from '../../src/engine/neural/validate.js';
import { Repr, ownReprs } from '../../src/model/decode/reprAuto.js';
import { testPython } from './helpers.js';

function feed(text: string, own = false): Repr | null {
  const r = new Repr(own);
  for (const b of Buffer.from(text, 'utf8')) if (!r.push(b)) return null;
  return r;
}
const accepts = (text: string) => feed(text)?.complete() === true;

// reprs as CPython writes them, cut as the tracer cuts them (docs/format.md)
const PROGRAM = String.raw`
import json, collections, decimal, dataclasses, fractions, datetime, enum
class Plain: pass
class Custom:
    def __repr__(self): return 'Custom(x=1, tag="a>b")'
@dataclasses.dataclass
class Point:
    x: int
    y: float
class Color(enum.Enum):
    RED = 1
P = collections.namedtuple('P', 'a b')
rec = [1]; rec.append(rec)
d = {}; d['self'] = d
vals = [0, -7, 10**30, 1.5, -0.0, 1e16, 1.5e-07, 5e-324, float('inf'), float('-inf'), float('nan'), 1j, -2.5j,
    complex(1, -2), complex(float('nan'), float('inf')), True, None, Ellipsis, 'x', "it's", 'say "hi"', 'a\nb\\c\t',
    'caf\u00e9 \u4e2d \U0001f600', '\x00\x7f', b'', b'\x00ab\'"', bytearray(b'z'), [], (), {}, set(), frozenset(),
    [1, [2, [3, []]]], (1,), (1, 'a', (2.0,)), {'a': 1, 2: [3], (4, 5): {'b': None}}, {1, 2}, frozenset({3}),
    range(3), range(1, 10, 2), rec, d, [Plain()], [Custom()], Custom(), Point(1, 2.5), [Point(1, 2.5)],
    Color.RED, [Color.RED], P(1, [2]), collections.deque([1, 2]), collections.Counter('aab'),
    collections.OrderedDict(a=1), collections.defaultdict(list, {1: [2]}), decimal.Decimal('1.10'),
    fractions.Fraction(1, 3), datetime.date(2020, 1, 2), [datetime.date(2020, 1, 2)], len, [len], Plain, [Plain],
    json, [json], lambda: 0, [print, sorted], iter([1]), zip([1], [2]), list(range(60)), {i: str(i) for i in range(30)},
    ['x' * 50, 'y' * 70], [[i, -i] for i in range(40)], [(i, 'v%d' % i) for i in range(20)]]
out = []
for v in vals:
    r = repr(v)
    out.append(r if len(r) <= 100 else r[:100] + '...')
print(json.dumps(out))
`;

describe('the value automaton', () => {
  const reprs: string[] = JSON.parse(spawnSync(testPython(), ['-c', PROGRAM], { encoding: 'utf8' }).stdout);

  it('takes every repr CPython writes that the check takes (cut ones included)', () => {
    expect(reprs.length).toBeGreaterThan(70);
    const refused = reprs.filter((r) => reprProblem(r) === null && !accepts(r));
    expect(refused).toEqual([]);
    // the program objects and the cut ones are among them
    expect(reprs.filter((r) => r.endsWith('...')).length).toBeGreaterThan(3);
    expect(reprs.some((r) => r.startsWith('[<__main__.Plain object at 0x'))).toBe(true);
  });

  it("refuses what an undertrained model once wrote, and what the check refuses after '['", () => {
    for (const bad of [
      '[=[=[=[=[1, 2, 3]]]]]',
      "['0x2, '0x2, '0x2]",
      '[1 2]',
      '{1: }',
      '{1: 2: 3}',
      '(1, 2]',
      "'abc",
      '[foo]',
      '12abc',
      '[1+2]',
      '[1, ...x]',
    ]) {
      expect(reprProblem(bad), bad).not.toBeNull();
      expect(accepts(bad), bad).toBe(false);
    }
    // spacing CPython never writes, which the check lets through
    for (const odd of ['[1,2]', '[ 1]', '{1 : 2}']) expect(accepts(odd), odd).toBe(false);
    // which it refuses as soon as it goes wrong: `[=` is already no repr's start
    expect(feed('[=')).toBeNull();
    expect(feed('[1, 2, 3]')).not.toBeNull();
  });

  it("leaves a program object's repr free, as the check does: balanced brackets and quotes only", () => {
    for (const ok of ['Tally(pear=5)', '<Foo object at 0x1>', 'deque([1, 2])', 'a b c', 'x=1', 'b', 'bar(1)', 'b"q"', 'None'])
      expect(accepts(ok), ok).toBe(true);
    for (const bad of ['Foo(', '<a', "Foo('x)", 'a)']) expect(accepts(bad), bad).toBe(false);
  });

  it('a program that writes its own __repr__ may write one that starts like a builtin value and is none', () => {
    const src = 'class Poly:\n    def __repr__(self):\n        return "2x^3 + 1x^0"\n';
    expect(ownReprs(src)).toBe(true);
    expect(ownReprs('x = [1]\n')).toBe(false);
    const text = '2x^3 + -3x^1 + 1x^0'; // from a hand-written program's trace
    expect(reprProblem(text)).not.toBeNull();
    expect(feed(text)).toBeNull();
    expect(reprProblem(text, true)).toBeNull();
    expect(feed(text, true)?.complete()).toBe(true);
    expect(feed('[1, (2', true)?.complete()).toBe(false); // still balanced
  });

  it('the cut: at most 100 characters, or exactly 100 and "..."', () => {
    const long = `[${Array.from({ length: 40 }, (_, i) => i).join(', ')}]`;
    expect(long.length).toBeGreaterThan(100);
    expect(accepts(`${long.slice(0, 100)}...`)).toBe(true);
    expect(accepts(long)).toBe(false);
    expect(accepts(`${long.slice(0, 99)}...`)).toBe(false);
    expect(feed(`${long.slice(0, 100)}x`)).toBeNull();
  });

  it('finishes from every prefix of every repr with bytes it takes itself', () => {
    for (const r of reprs) {
      const bytes = Buffer.from(r, 'utf8');
      for (let k = 0; k <= bytes.length; k++) {
        const a = new Repr();
        for (const b of bytes.subarray(0, k)) a.push(b);
        const rest = a.completion();
        for (const b of rest) expect(a.push(b), `${r.slice(0, k)} + ${Buffer.from(rest).toString('latin1')}`).toBe(true);
        expect(a.complete(), `${r.slice(0, k)} + ${Buffer.from(rest).toString('latin1')}`).toBe(true);
      }
    }
  });
});
