// itertools (Modules/itertoolsmodule.c): lazy iterators over the values pyval
// models, each element produced on demand (so `islice(count(), 5)` is fine and
// `list(count())` stops at the work bound instead of hanging).

import { INF, asIntArg, makeIter, type Ctx, type Fn } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { big, eq, index, isIntLike, iterate, toArray, truthy } from '../object.js';
import { binop } from '../ops.js';
import { NONE, pyInt, pyTuple, typeError, typeName, valueError, type Value } from '../value.js';
import type { ModuleDef } from './module.js';

const it = (name: string, gen: Iterator<Value>): Value => makeIter(`itertools.${name}`, gen);

function* ticking<T>(g: Iterable<T>): Generator<T> {
  for (const x of g) {
    budget.tick();
    yield x;
  }
}

const iterOf = (v: Value): Iterable<Value> => ({ [Symbol.iterator]: () => iterate(v) });

function count(a: Value[], kw: Map<string, Value>): Value {
  const start = a[0] ?? kw.get('start') ?? pyInt(0n);
  const step = a[1] ?? kw.get('step') ?? pyInt(1n);
  for (const v of [start, step]) if (!['int', 'bool', 'float'].includes(v.kind)) throw typeError('a number is required');
  return it(
    'count',
    (function* () {
      let n = start;
      for (;;) {
        budget.tick();
        yield n;
        n = binop('+', n, step);
      }
    })(),
  );
}

function cycle(v: Value): Value {
  const src = iterate(v);
  return it(
    'cycle',
    (function* () {
      const saved: Value[] = [];
      for (let r = src.next(); !r.done; r = src.next()) {
        budget.tick();
        saved.push(r.value);
        yield r.value;
      }
      if (!saved.length) return;
      for (;;) {
        for (const x of saved) {
          budget.tick();
          yield x;
        }
      }
    })(),
  );
}

function repeat(a: Value[], kw: Map<string, Value>): Value {
  const obj = a[0] ?? kw.get('object')!;
  const timesV = a[1] ?? kw.get('times');
  const times = timesV === undefined ? -1 : Number(asIntArg(timesV));
  return it(
    'repeat',
    (function* () {
      for (let i = 0; timesV === undefined || i < times; i++) {
        budget.tick();
        yield obj;
      }
    })(),
  );
}

function accumulate(a: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  const src = iterate(a[0] ?? kw.get('iterable')!);
  const f = a[1] ?? kw.get('func');
  const initial = kw.get('initial');
  return it(
    'accumulate',
    (function* () {
      let acc: Value | undefined = initial && initial.kind !== 'none' ? initial : undefined;
      if (acc !== undefined) yield acc;
      for (let r = src.next(); !r.done; r = src.next()) {
        budget.tick();
        acc = acc === undefined ? r.value : f && f.kind !== 'none' ? ctx.call(f, [acc, r.value]) : binop('+', acc, r.value);
        yield acc;
      }
    })(),
  );
}

function chain(a: Value[]): Value {
  const srcs = a.map((v) => iterOf(v));
  // CPython checks each argument lazily, as it reaches it
  return it(
    'chain',
    (function* () {
      for (const s of srcs) yield* ticking(s);
    })(),
  );
}

function predicateIter(name: string, a: Value[], ctx: Ctx, mode: 'dropwhile' | 'takewhile' | 'filterfalse'): Value {
  const [f, seq] = a as [Value, Value];
  const src = iterate(seq);
  const test = (x: Value): boolean => truthy(mode === 'filterfalse' && f.kind === 'none' ? x : ctx.call(f, [x]));
  return it(
    name,
    (function* () {
      let dropping = true;
      for (let r = src.next(); !r.done; r = src.next()) {
        budget.tick();
        const x = r.value;
        if (mode === 'takewhile') {
          if (!test(x)) return;
          yield x;
        } else if (mode === 'dropwhile') {
          if (dropping && test(x)) continue;
          dropping = false;
          yield x;
        } else if (!test(x)) yield x;
      }
    })(),
  );
}

function compress(a: Value[], kw: Map<string, Value>): Value {
  const data = iterate(a[0] ?? kw.get('data')!);
  const sel = iterate(a[1] ?? kw.get('selectors')!);
  return it(
    'compress',
    (function* () {
      for (;;) {
        budget.tick();
        const d = data.next();
        if (d.done) return;
        const s = sel.next();
        if (s.done) return;
        if (truthy(s.value)) yield d.value;
      }
    })(),
  );
}

function islice(a: Value[]): Value {
  const src = iterate(a[0]!);
  const arg = (v: Value | undefined, msg: string, dflt: number): number => {
    if (v === undefined || v.kind === 'none') return dflt;
    if (!isIntLike(v)) throw valueError(msg);
    const n = big(v);
    if (n < 0n) throw valueError(msg);
    return Number(n);
  };
  const STOP = 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.';
  const INDICES = 'Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.';
  let start = 0;
  let stop: number;
  let step = 1;
  if (a.length === 2) stop = arg(a[1], STOP, Infinity);
  else {
    // stop is read first, then start and step
    stop = arg(a[2], STOP, Infinity);
    start = arg(a[1], INDICES, 0);
    if (a.length > 3) {
      step = arg(a[3], 'Step for islice() must be a positive integer or None.', 1);
      if (step === 0) throw valueError('Step for islice() must be a positive integer or None.');
    }
  }
  return it(
    'islice',
    (function* () {
      let next = start;
      for (let i = 0; i < stop; i++) {
        budget.tick();
        const r = src.next();
        if (r.done) return;
        if (i === next) {
          yield r.value;
          next += step;
        }
      }
    })(),
  );
}

function starmap(a: Value[], ctx: Ctx): Value {
  const src = iterate(a[1]!);
  return it(
    'starmap',
    (function* () {
      for (let r = src.next(); !r.done; r = src.next()) {
        budget.tick();
        yield ctx.call(a[0]!, toArray(r.value));
      }
    })(),
  );
}

function zipLongest(a: Value[], kw: Map<string, Value>): Value {
  const fill = kw.get('fillvalue') ?? NONE;
  const srcs = a.map((v) => iterate(v));
  return it(
    'zip_longest',
    (function* () {
      if (!srcs.length) return;
      const done = srcs.map(() => false);
      for (;;) {
        budget.tick();
        const row = srcs.map((s, i) => {
          if (done[i]) return fill;
          const r = s.next();
          if (r.done) {
            done[i] = true;
            return fill;
          }
          return r.value;
        });
        if (done.every(Boolean)) return;
        yield pyTuple(row);
      }
    })(),
  );
}

function product(a: Value[], kw: Map<string, Value>): Value {
  const rep = kw.has('repeat') ? Number(asIntArg(kw.get('repeat')!)) : 1;
  if (rep < 0) throw valueError('repeat argument cannot be negative');
  const pools: Value[][] = [];
  const base = a.map((v) => toArray(v));
  for (let i = 0; i < rep; i++) pools.push(...base);
  return it(
    'product',
    (function* () {
      if (pools.some((p) => !p.length)) return;
      const idx = pools.map(() => 0);
      for (;;) {
        budget.tick();
        yield pyTuple(idx.map((j, i) => pools[i]![j]!));
        let i = pools.length - 1;
        while (i >= 0) {
          idx[i]!++;
          if (idx[i]! < pools[i]!.length) break;
          idx[i] = 0;
          i--;
        }
        if (i < 0) return;
      }
    })(),
  );
}

function rArg(v: Value | undefined, n: number, permutations = false): number {
  if (permutations && (v === undefined || v.kind === 'none')) return n;
  if (permutations && !isIntLike(v!)) throw typeError('Expected int as r');
  const r = Number(index(v!, () => `'${typeName(v!)}' object cannot be interpreted as an integer`));
  if (r < 0) throw valueError('r must be non-negative');
  return r;
}

function permutations(a: Value[], kw: Map<string, Value>): Value {
  const pool = toArray(a[0] ?? kw.get('iterable')!);
  const n = pool.length;
  const r = rArg(a[1] ?? kw.get('r'), n, true);
  return it(
    'permutations',
    (function* () {
      if (r > n) return;
      const indices = pool.map((_, i) => i);
      const cycles = Array.from({ length: r }, (_, i) => n - i);
      yield pyTuple(indices.slice(0, r).map((i) => pool[i]!));
      while (n) {
        budget.tick();
        let i = r - 1;
        for (; i >= 0; i--) {
          cycles[i]!--;
          if (cycles[i] === 0) {
            indices.push(...indices.splice(i, 1));
            cycles[i] = n - i;
          } else {
            const j = cycles[i]!;
            [indices[i], indices[n - j]] = [indices[n - j]!, indices[i]!];
            yield pyTuple(indices.slice(0, r).map((k) => pool[k]!));
            break;
          }
        }
        if (i < 0) return;
      }
    })(),
  );
}

function combinations(a: Value[], kw: Map<string, Value>, replace: boolean): Value {
  const pool = toArray(a[0] ?? kw.get('iterable')!);
  const rv = a[1] ?? kw.get('r');
  if (rv === undefined) throw typeError(`${replace ? 'combinations_with_replacement' : 'combinations'}() missing required argument 'r' (pos 2)`);
  const n = pool.length;
  const r = rArg(rv, n);
  return it(
    replace ? 'combinations_with_replacement' : 'combinations',
    (function* () {
      if (!replace && r > n) return;
      if (replace && n === 0 && r > 0) return;
      const idx = replace ? Array.from({ length: r }, () => 0) : Array.from({ length: r }, (_, i) => i);
      yield pyTuple(idx.map((i) => pool[i]!));
      for (;;) {
        budget.tick();
        let i = r - 1;
        if (replace) while (i >= 0 && idx[i] === n - 1) i--;
        else while (i >= 0 && idx[i] === i + n - r) i--;
        if (i < 0) return;
        if (replace) {
          const v = idx[i]! + 1;
          for (let j = i; j < r; j++) idx[j] = v;
        } else {
          idx[i]!++;
          for (let j = i + 1; j < r; j++) idx[j] = idx[j - 1]! + 1;
        }
        yield pyTuple(idx.map((k) => pool[k]!));
      }
    })(),
  );
}

function groupby(a: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  const src = iterate(a[0] ?? kw.get('iterable')!);
  const keyf = a[1] ?? kw.get('key');
  const keyOf = (v: Value): Value => (keyf && keyf.kind !== 'none' ? ctx.call(keyf, [v]) : v);
  // A shared cursor: advancing the outer iterator abandons the current group, as in CPython.
  let cur: { v: Value; k: Value } | null = null;
  let exhausted = false;
  let gen = 0;
  const advance = (): void => {
    const r = src.next();
    if (r.done) {
      exhausted = true;
      cur = null;
    } else cur = { v: r.value, k: keyOf(r.value) };
  };
  return it(
    'groupby',
    (function* () {
      let tgt: Value | undefined;
      for (;;) {
        budget.tick();
        if (cur === null && !exhausted) advance();
        while (cur !== null && tgt !== undefined && eq((cur as { k: Value }).k, tgt)) advance();
        if (cur === null) return;
        const key: Value = (cur as { k: Value }).k;
        tgt = key;
        const mine = ++gen;
        const group = makeIter(
          'itertools._grouper',
          (function* () {
            while (mine === gen && cur !== null && eq((cur as { k: Value }).k, key)) {
              budget.tick();
              const v: Value = (cur as { v: Value }).v;
              advance();
              yield v;
            }
          })(),
        );
        yield pyTuple([key, group]);
      }
    })(),
  );
}

function pairwise(v: Value): Value {
  const src = iterate(v);
  return it(
    'pairwise',
    (function* () {
      let prev = src.next();
      if (prev.done) return;
      for (let r = src.next(); !r.done; r = src.next()) {
        budget.tick();
        yield pyTuple([prev.value, r.value]);
        prev = r;
      }
    })(),
  );
}

function batched(a: Value[], kw: Map<string, Value>): Value {
  const src = iterate(a[0] ?? kw.get('iterable')!);
  const n = Number(asIntArg(a[1] ?? kw.get('n')!));
  if (n < 1) throw valueError('n must be at least one');
  return it(
    'batched',
    (function* () {
      for (;;) {
        const batch: Value[] = [];
        for (let r = src.next(); !r.done; r = batch.length < n ? src.next() : { done: true, value: undefined }) {
          budget.tick();
          batch.push(r.value);
          if (batch.length === n) break;
        }
        if (!batch.length) return;
        yield pyTuple(batch);
        if (batch.length < n) return;
      }
    })(),
  );
}

const FUNCTIONS: Record<string, Fn> = {
  count: { min: 0, max: 2, kw: ['start', 'step'], impl: count },
  cycle: { min: 1, max: 1, label: 'cycle', expected: true, impl: ([v]) => cycle(v!) },
  repeat: { min: 1, max: 2, kw: ['object', 'times'], impl: repeat },
  accumulate: { min: 1, max: 2, kw: ['iterable', 'func', 'initial'], impl: accumulate },
  chain: { min: 0, max: INF, impl: chain },
  compress: { min: 0, max: 2, kw: ['data', 'selectors'], impl: compress },
  dropwhile: { min: 2, max: 2, label: 'dropwhile', expected: true, impl: (a, _kw, ctx) => predicateIter('dropwhile', a, ctx, 'dropwhile') },
  takewhile: { min: 2, max: 2, label: 'takewhile', expected: true, impl: (a, _kw, ctx) => predicateIter('takewhile', a, ctx, 'takewhile') },
  filterfalse: { min: 2, max: 2, label: 'filterfalse', expected: true, impl: (a, _kw, ctx) => predicateIter('filterfalse', a, ctx, 'filterfalse') },
  islice: { min: 2, max: 4, label: 'islice', impl: islice },
  starmap: { min: 2, max: 2, label: 'starmap', expected: true, impl: (a, _kw, ctx) => starmap(a, ctx) },
  zip_longest: { min: 0, max: INF, kw: ['fillvalue'], impl: zipLongest },
  product: { min: 0, max: INF, kw: ['repeat'], impl: product },
  permutations: { min: 1, max: 2, kw: ['iterable', 'r'], impl: permutations },
  combinations: { min: 1, max: 2, kw: ['iterable', 'r'], impl: (a, kw) => combinations(a, kw, false) },
  combinations_with_replacement: { min: 1, max: 2, kw: ['iterable', 'r'], impl: (a, kw) => combinations(a, kw, true) },
  groupby: { min: 1, max: 2, kw: ['iterable', 'key'], impl: groupby },
  pairwise: { min: 1, max: 1, label: 'pairwise', expected: true, impl: ([v]) => pairwise(v!) },
  batched: { min: 1, max: 2, kw: ['iterable', 'n'], impl: batched },
};

export const ITERTOOLS: ModuleDef = { name: 'itertools', functions: FUNCTIONS, since: { pairwise: 10, batched: 12 } };
