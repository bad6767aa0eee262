// collections (modules/collections.ts, modules/collections-deque.ts): random
// Counters, defaultdicts, OrderedDicts and deques built and changed by random
// sequences of methods and operators, each result and the final state compared
// with CPython on every installed version (the state goes through its repr and
// back, as a frame's locals do). Plus targeted checks: error messages, repr
// round trips through repr-parse, refusals.

import { describe, expect, test } from 'vitest';
import { evaluate, execute, parseRepr } from '../../../src/pyval/index.js';
import { repr } from '../../../src/pyval/repr.js';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { dictOf, int, listOf } from '../values.js';

const key = (r: Rng): string => r.pick(["'a'", "'b'", "'c'", "'d'", '1', '2']);
const letters = (r: Rng): string => JSON.stringify(r.list(0, 8, () => r.pick(['a', 'b', 'c', 'd'])).join(''));
const count = (r: Rng): string => String(r.int(-2, 4));

function counter(r: Rng): string {
  return r.pick([
    () => `Counter(${letters(r)})`,
    () => `Counter(${listOf(r, key, 6)})`,
    () => `Counter(${dictOf(r, key, count, 4)})`,
    () => `Counter(${[...new Set(r.list(0, 3, () => r.pick(['a', 'b', 'c'])))].map((k) => `${k}=${count(r)}`).join(', ')})`,
    () => `Counter(${letters(r)}, a=${count(r)})`,
    () => 'Counter()',
  ])();
}

function counterCases(r: Rng, n: number): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const ops = r.list(1, 5, () =>
      r.pick([
        () => `out.append(c.most_common(${r.pick(['', String(r.int(-1, 4)), 'None'])}))`,
        () => 'out.append(list(c.elements()))',
        () => `out.append(c.update(${r.pick([letters(r), listOf(r, key, 3), dictOf(r, key, count, 3), `${r.pick(['a', 'b'])}=${count(r)}`])}))`,
        () => `out.append(c.subtract(${r.pick([letters(r), dictOf(r, key, count, 3), `b=${count(r)}`])}))`,
        () => 'out.append(c.total())',
        () => `out.append(c[${key(r)}])`,
        () => `c[${key(r)}] += ${count(r)}`,
        () => `del c[${key(r)}]`,
        () => `out.append(c ${r.pick(['+', '-', '&', '|'])} ${counter(r)})`,
        () => `c ${r.pick(['+=', '-=', '&=', '|='])} ${r.pick([counter(r), dictOf(r, key, count, 3)])}`,
        () => `out.append(${r.pick(['+', '-'])}c)`,
        () => `out.append(c ${r.pick(['==', '!=', '<', '<=', '>', '>='])} ${counter(r)})`,
        () => `out.append(c == ${dictOf(r, key, count, 3)})`,
        () => `out.append(${key(r)} in c)`,
        () => 'out.append((len(c), sorted(c.items(), key=repr), c.copy(), dict(c), type(c), isinstance(c, dict), isinstance(c, Counter)))',
        () => `out.append(c.pop(${key(r)}, None))`,
        () => `out.append(c.get(${key(r)}))`,
        () => `out.append(c.setdefault(${key(r)}, ${count(r)}))`,
        () => `out.append(c | ${dictOf(r, key, count, 2)})`,
      ])(),
    );
    out.push({ setup: `from collections import Counter; c = ${counter(r)}; out = []; ${ops.join('; ')}; r = (out, c)`, expr: 'r' });
  }
  return out;
}

const FACTORIES = ['int', 'list', 'set', 'str', 'float', 'tuple', 'dict', 'None', 'lambda: 7', 'Counter', 'deque'];

function defaultdictCases(r: Rng, n: number): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const f = r.pick(FACTORIES);
    const init = r.pick(['', `, ${dictOf(r, key, int, 3)}`, `, a=${int(r)}`, `, [(${key(r)}, ${int(r)})]`]);
    const ops = r.list(1, 5, () =>
      r.pick([
        () => `out.append(d[${key(r)}])`,
        () => `out.append(d.get(${key(r)}))`,
        () => `out.append(${key(r)} in d)`,
        () => `d[${key(r)}] = ${int(r)}`,
        () => `out.append(d.copy())`,
        () => `out.append(d | ${dictOf(r, key, int, 2)})`,
        () => `out.append(${dictOf(r, key, int, 2)} | d)`,
        () => `out.append((len(d), list(d), d == dict(d), type(d), isinstance(d, dict)))`,
        () => `out.append(d.setdefault(${key(r)}))`,
        () => `out.append(d.pop(${key(r)}, 0))`,
      ])(),
    );
    // a lambda factory's repr shows an address: only what does not print it is compared
    const end = f.startsWith('lambda') ? 'r = (len(out), dict(d)); del d, out' : 'r = (out, d)';
    out.push({ setup: `from collections import defaultdict, Counter, deque; d = defaultdict(${f}${init}); out = []; ${ops.join('; ')}; ${end}`, expr: 'r' });
    if (f === 'int' || f === 'list') {
      const ws = r.list(1, 6, () => key(r));
      const body = (w: string): string => (f === 'int' ? `d[${w}] += 1` : `d[${w}].append(len(d))`);
      out.push({ setup: `from collections import defaultdict; d = defaultdict(${f}); ${ws.map(body).join('; ')}`, expr: 'd' });
    }
  }
  return out;
}

function odCases(r: Rng, n: number): Case[] {
  const out: Case[] = [];
  const od = (): string => r.pick([`OrderedDict(${dictOf(r, key, int, 4)})`, `OrderedDict([(${key(r)}, ${int(r)}), (${key(r)}, ${int(r)})])`, 'OrderedDict()']);
  for (let i = 0; i < n; i++) {
    const ops = r.list(1, 5, () =>
      r.pick([
        () => `out.append(o.move_to_end(${key(r)}${r.pick(['', ', False', ', last=True', ', last=False'])}))`,
        () => `out.append(o.popitem(${r.pick(['', 'False', 'last=False', 'True'])}))`,
        () => `out.append(o == ${od()})`,
        () => `out.append(o == ${dictOf(r, key, int, 3)})`,
        () => `out.append(o != o.copy())`,
        () => `out.append((o.keys(), o.values(), o.items(), list(reversed(o))))`,
        () => `out.append(o | ${dictOf(r, key, int, 2)})`,
        () => `out.append(${dictOf(r, key, int, 2)} | o)`,
        () => `o[${key(r)}] = ${int(r)}`,
        () => `out.append(OrderedDict.fromkeys(${letters(r)}, ${int(r)}))`,
        () => `out.append((type(o), isinstance(o, dict), isinstance(o, OrderedDict), isinstance({}, OrderedDict)))`,
        () => `out.append(o.pop(${key(r)}, None))`,
      ])(),
    );
    out.push({ setup: `from collections import OrderedDict; o = ${od()}; out = []; ${ops.join('; ')}; r = (out, o)`, expr: 'r' });
  }
  return out;
}

function dequeCases(r: Rng, n: number): Case[] {
  const out: Case[] = [];
  const items = (): string => listOf(r, int, 6);
  for (let i = 0; i < n; i++) {
    const maxlen = r.pick(['', '', ', 3', ', maxlen=2', ', maxlen=0', ', None', ', maxlen=5']);
    const ops = r.list(1, 6, () =>
      r.pick([
        () => `out.append(q.append(${int(r)}))`,
        () => `out.append(q.appendleft(${int(r)}))`,
        () => 'out.append(q.pop())',
        () => 'out.append(q.popleft())',
        () => `out.append(q.extend(${items()}))`,
        () => `out.append(q.extendleft(${items()}))`,
        () => `out.append(q.rotate(${r.pick(['', String(r.int(-7, 7))])}))`,
        () => `out.append(q.count(${int(r)}))`,
        () => `out.append(q.index(${r.int(-2, 4)}${r.pick(['', `, ${r.int(-3, 3)}`, `, ${r.int(0, 2)}, ${r.int(-1, 5)}`])}))`,
        () => `out.append(q.insert(${r.int(-4, 6)}, ${int(r)}))`,
        () => `out.append(q.remove(${r.int(-2, 4)}))`,
        () => 'out.append(q.reverse())',
        () => 'out.append(q.copy())',
        () => 'out.append(q.clear())',
        () => `out.append(q[${r.int(-5, 5)}])`,
        () => `q[${r.int(-4, 4)}] = ${int(r)}`,
        () => `del q[${r.int(-4, 4)}]`,
        () => `out.append((len(q), list(q), ${int(r)} in q, q.maxlen, bool(q), type(q), isinstance(q, list)))`,
        () => `out.append(q ${r.pick(['==', '<', '>='])} deque(${items()}))`,
        () => `out.append(q == ${items()})`,
        () => `out.append(q + deque(${items()}))`,
        () => `out.append(q * ${r.int(-1, 3)})`,
        () => `q += ${items()}`,
        () => `q *= ${r.int(0, 2)}`,
      ])(),
    );
    out.push({ setup: `from collections import deque; q = deque(${items()}${maxlen}); out = []; ${ops.join('; ')}; r = (out, q)`, expr: 'r' });
  }
  return out;
}

function namedtupleCases(r: Rng, n: number): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const names = r.pick([['x', 'y'], ['a', 'b', 'c'], ['n'], []]);
    const spec = r.pick([`'${names.join(' ')}'`, `'${names.join(', ')}'`, JSON.stringify(names)]);
    const defaults = r.pick(['', '', `, defaults=[${r.list(0, 2, () => int(r)).join(', ')}]`, ', defaults=None']);
    const arg = (): string => (r.chance(0.2) ? `${r.pick([...names, 'z'])}=${int(r)}` : int(r));
    const call = (): string => {
      const given = r.list(0, 4, arg);
      const kws = [...new Map(given.filter((a) => a.includes('=')).map((a) => [a.split('=')[0], a])).values()];
      return `P(${[...given.filter((a) => !a.includes('=')), ...kws].join(', ')})`;
    };
    const ops = r.list(1, 5, () =>
      r.pick([
        () => `p = ${call()}`,
        () => `out.append(p.${r.pick([...names, 'z', 'count(0)', 'index(1)'])})`,
        () => `out.append(p._replace(${r.pick([...names, 'z'])}=${int(r)}))`,
        () => 'out.append(p._asdict())',
        () => `out.append(P._make(${listOf(r, int, 3)}))`,
        () => `out.append(p[${r.int(-3, 3)}])`,
        () => 'out.append(p[1:])',
        () => `out.append(p == ${r.pick(['p', `(${r.list(0, 3, () => int(r)).join(', ')},)`, call()])})`,
        () => `out.append(p < ${call()})`,
        () => 'out.append((type(p), isinstance(p, tuple), isinstance(p, P), isinstance((1,), P), len(p), list(p), p + (0,), hash(p) == hash(tuple(p))))',
        () => `out.append((P._fields, P._field_defaults, P, str(p), repr([p, p]), sorted([p, ${call()}])))`,
        () => (names.length ? `${names.join(', ')}, = p; out.append(${names[0]})` : 'out.append(list(p))'),
      ])(),
    );
    out.push({
      setup: `from collections import namedtuple; P = namedtuple('P', ${spec}${defaults}); out = []; p = ${call()}; ${ops.join('; ')}; r = (out, p)`,
      expr: 'r',
    });
  }
  for (const bad of ["'x _y'", "'x x'", "'x class'", "'x 1y'", '[1]', "'x y', defaults=[1, 2, 3]", "'x _y def x', rename=True"])
    out.push({ setup: `from collections import namedtuple; r = namedtuple('A', ${bad})._fields`, expr: 'r' });
  return out;
}

/** Errors and edges, each its own case (the whole message is compared). */
const EDGES: Case[] = [
  'deque().pop()',
  'deque().popleft()',
  'deque([1])[5]',
  'deque([1, 2])[1:]',
  "deque([1])['a']",
  'deque([1], 1).insert(0, 2)',
  'deque([1]).remove(5)',
  'deque([1]).index(5)',
  'deque([1]) + [2]',
  '[2] + deque([1])',
  'deque(maxlen=-1)',
  "deque([1], 'x')",
  'deque(5)',
  'hash(deque())',
  'deque([1]).rotate(1.5)',
  'Counter(5)',
  "Counter('a', 'b')",
  "Counter(a=1) + {'a': 1}",
  "Counter.fromkeys('ab')",
  'list(Counter(a=1.5).elements())',
  'Counter(a=1).total()',
  'Counter(a=1) < Counter(a=2)',
  'Counter(a=1) == Counter(a=1, b=0)',
  "Counter(a='x', b=1)",
  'Counter(a=True) + Counter()',
  '+Counter(a=True)',
  'hash(Counter())',
  'defaultdict(5)',
  "defaultdict(None)['k']",
  'defaultdict(None, a=1)',
  "defaultdict.fromkeys('ab')",
  'hash(defaultdict())',
  'OrderedDict().popitem()',
  'OrderedDict().move_to_end(1)',
  'OrderedDict(a=1).keys()',
  'OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1)',
  'OrderedDict(a=1, b=2) == dict(b=2, a=1)',
  'hash(OrderedDict())',
  '(Counter, defaultdict, OrderedDict, deque)',
  'type(Counter().keys()), type(OrderedDict().keys())',
  "collections.Counter('aab')",
  'collections.nope',
].map((e) => ({ setup: `import collections; from collections import Counter, defaultdict, OrderedDict, deque; r = ${e}`, expr: 'r' }));

const r = new Rng(20261203);
const CASES: Case[] = [...counterCases(r, 260), ...defaultdictCases(r, 120), ...odCases(r, 120), ...dequeCases(r, 260), ...namedtupleCases(r, 160), ...EDGES];

describe.each(installedPythons())('collections matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random cases`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});

describe('collections in pyval', () => {
  test('reprs read back as the same values', () => {
    for (const text of [
      "Counter({'a': 2, 'b': 1})",
      'Counter()',
      "defaultdict(<class 'list'>, {'a': [1]})",
      'defaultdict(None, {})',
      "defaultdict(<class 'collections.Counter'>, {1: Counter({'x': 1})})",
      'deque([1, 2])',
      'deque([], maxlen=2)',
      "deque([deque([1]), 'a'], maxlen=5)",
      "OrderedDict([('a', 1), ('b', 2)])",
      'OrderedDict()',
      "[Counter({'a': 1}), deque([])]",
    ]) {
      const v = parseRepr(text);
      expect(v.kind, text).not.toBe('opaque');
      expect(repr(v)).toBe(text);
    }
    // 3.12's OrderedDict repr reads back too
    expect(evaluate("o['b']", { locals: { o: "OrderedDict({'a': 1, 'b': 2})" } }, { pythonMinor: 12 })).toMatchObject({ ok: true, repr: '2' });
    expect(evaluate('o', { locals: { o: "OrderedDict({'a': 1})" } }, { pythonMinor: 11 })).toMatchObject({ ok: true, repr: "OrderedDict([('a', 1)])" });
  });

  test('a state read from reprs is computed over', () => {
    const scope = { locals: { c: "Counter({'a': 2, 'b': 1})", q: 'deque([1, 2], maxlen=2)', d: "defaultdict(<class 'int'>, {'a': 1})" } };
    expect(evaluate("c['z'], c.most_common(1), q[-1], d.default_factory", scope)).toMatchObject({ ok: true, repr: "(0, [('a', 2)], 2, <class 'int'>)" });
    const x = execute("q.append(3); d['b'] += 5; c.update('bbb')", scope);
    expect(x.ok && x.changes).toEqual({ q: 'deque([2, 3], maxlen=2)', d: "defaultdict(<class 'int'>, {'a': 1, 'b': 5})", c: "Counter({'b': 4, 'a': 2})" });
  });

  test('what would change the state in p, or print an address, is refused', () => {
    const scope = { locals: { d: "defaultdict(<class 'list'>, {})", q: 'deque([1])', f: "defaultdict(<function <lambda> at 0x7f00>, {'a': 1})" } };
    for (const e of ["d['new']", 'q.append(2)']) {
      const r = evaluate(e, scope);
      expect(r.ok, e).toBe(false);
      expect(r.ok ? '' : r.error, e).toMatch(/would change the predicted state/);
    }
    const x = execute('from collections import defaultdict; g = defaultdict(lambda: 0)', { locals: {} });
    expect(x.ok).toBe(false);
    expect(x.ok ? '' : x.error).toMatch(/address/);
    // a factory read back from its repr keeps it; existing keys still read
    expect(evaluate("f['a'], f", scope)).toMatchObject({ ok: true, repr: "(1, defaultdict(<function <lambda> at 0x7f00>, {'a': 1}))" });
    expect(execute("f['zz']", scope).ok).toBe(false);
  });
});
