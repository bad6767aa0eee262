// collections.deque (Modules/_collectionsmodule.c): a list of items with an
// optional maxlen that drops from the far end as CPython's does, its methods,
// indexing (integers only: a deque does not slice), `+` and `*`, and its repr
// `deque([1, 2], maxlen=3)`, with each version's error messages.

import { asIntArg, indexNotNone, m, type Method } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { eqItem, index, indexError, iterate } from '../object.js';
import { repr } from '../repr.js';
import { NONE, PyError, pyInt, refuseOpaque, typeError, typeName, valueError, type DequeV, type Value } from '../value.js';

export const newDeque = (items: Value[], maxlen: number | null): DequeV => {
  const d: DequeV = { kind: 'deque', items: [], maxlen };
  for (const x of items) pushRight(d, x);
  return d;
};

function pushRight(d: DequeV, x: Value): void {
  if (d.maxlen === 0) return;
  d.items.push(x);
  if (d.maxlen !== null && d.items.length > d.maxlen) d.items.shift();
}

function pushLeft(d: DequeV, x: Value): void {
  if (d.maxlen === 0) return;
  d.items.unshift(x);
  if (d.maxlen !== null && d.items.length > d.maxlen) d.items.pop();
}

function extend(d: DequeV, src: Value, left: boolean): void {
  if (src.kind === 'opaque') throw refuseOpaque(src, 'its items');
  // d.extend(d) reads a copy, as CPython does
  const it = src === d ? iterate({ kind: 'list', items: d.items.slice() }) : iterate(src);
  for (let r = it.next(); !r.done; r = it.next()) {
    budget.tick();
    if (left) pushLeft(d, r.value);
    else pushRight(d, r.value);
  }
  budget.items(d.items.length);
}

/** `deque(iterable=(), maxlen=None)`. */
export function dequeImpl(args: Value[], kw: Map<string, Value>): Value {
  if (args.length > 2) throw typeError(`deque expected at most 2 arguments, got ${args.length}`);
  const src = args[0] ?? kw.get('iterable');
  const ml = args[1] ?? kw.get('maxlen');
  let maxlen: number | null = null;
  if (ml !== undefined && ml.kind !== 'none') {
    if (ml.kind !== 'int' && ml.kind !== 'bool') throw typeError('an integer is required');
    const n = ml.kind === 'int' ? ml.v : ml.v ? 1n : 0n;
    if (n < 0n) throw valueError('maxlen must be non-negative');
    maxlen = n > BigInt(budget.limits.maxItems) ? budget.limits.maxItems : Number(n);
  }
  const d: DequeV = { kind: 'deque', items: [], maxlen };
  if (src !== undefined) extend(d, src, false);
  return d;
}

const D = (s: Value): DequeV => s as DequeV;

/** The position an int index names, or CPython's errors. */
function position(d: DequeV, i: Value): number {
  if (i.kind !== 'int' && i.kind !== 'bool') {
    if (i.kind === 'opaque') throw refuseOpaque(i, 'it as an index');
    throw typeError(`sequence index must be integer, not '${typeName(i)}'`);
  }
  let x = index(i, () => '');
  if (x < 0n) x += BigInt(d.items.length);
  if (x < 0n || x >= BigInt(d.items.length)) throw indexError('deque index out of range');
  return Number(x);
}

export const dequeGet = (d: DequeV, i: Value): Value => d.items[position(d, i)]!;
export function dequeSet(d: DequeV, i: Value, v: Value): void {
  d.items[position(d, i)] = v;
}
export function dequeDel(d: DequeV, i: Value): void {
  d.items.splice(position(d, i), 1);
}

export function dequeRepr(d: DequeV, r: (v: Value) => string, active: Set<object>): string {
  if (active.has(d)) return '[...]';
  active.add(d);
  try {
    const items = `[${d.items.map(r).join(', ')}]`;
    return d.maxlen === null ? `deque(${items})` : `deque(${items}, maxlen=${d.maxlen})`;
  } finally {
    active.delete(d);
  }
}

/** `a + b`, `a * n` with a deque operand; undefined where the deque has no say. */
export function dequeBinop(op: string, a: Value, b: Value, inplace: boolean): Value | undefined {
  if (a.kind === 'deque') {
    if (op === '+') {
      if (inplace) {
        extend(a, b, false);
        return a;
      }
      if (b.kind !== 'deque') throw typeError(`can only concatenate deque (not "${typeName(b)}") to deque`);
      const out = newDeque(a.items, a.maxlen);
      extend(out, b, false);
      return out;
    }
    if (op === '*' && (b.kind === 'int' || b.kind === 'bool')) return repeat(a, b, inplace);
    return undefined;
  }
  if (b.kind === 'deque') {
    if (op === '*' && (a.kind === 'int' || a.kind === 'bool')) return repeat(b, a, false);
    if (op === '+' && (a.kind === 'list' || a.kind === 'tuple')) throw typeError(`can only concatenate ${a.kind} (not "${typeName(b)}") to ${a.kind}`);
  }
  return undefined;
}

function repeat(d: DequeV, n: Value, inplace: boolean): DequeV {
  const k = asIntArg(n);
  const times = k < 0n ? 0n : k;
  const size = BigInt(d.items.length) * times;
  budget.items(d.maxlen !== null && size > BigInt(d.maxlen) ? d.maxlen : size);
  const out = inplace ? d : newDeque([], d.maxlen);
  const src = d.items.slice();
  if (inplace) d.items = [];
  // with a maxlen only the last maxlen items survive; build just those
  const keep = d.maxlen === null ? Number(size) : Math.min(d.maxlen, Number(size));
  const start = Number(size) - keep;
  for (let j = start; j < Number(size); j++) pushRight(out, src[j % src.length]!);
  return out;
}

export const DEQUE_METHODS: Record<string, Method> = {
  append: m(
    1,
    1,
    (s, [x]) => {
      pushRight(D(s), x!);
      return NONE;
    },
    { mutates: true },
  ),
  appendleft: m(
    1,
    1,
    (s, [x]) => {
      pushLeft(D(s), x!);
      return NONE;
    },
    { mutates: true },
  ),
  pop: m(
    0,
    0,
    (s) => {
      const v = D(s).items.pop();
      if (v === undefined) throw indexError('pop from an empty deque');
      return v;
    },
    { mutates: true },
  ),
  popleft: m(
    0,
    0,
    (s) => {
      const v = D(s).items.shift();
      if (v === undefined) throw indexError('pop from an empty deque');
      return v;
    },
    { mutates: true },
  ),
  extend: m(
    1,
    1,
    (s, [x]) => {
      extend(D(s), x!, false);
      return NONE;
    },
    { mutates: true },
  ),
  extendleft: m(
    1,
    1,
    (s, [x]) => {
      extend(D(s), x!, true);
      return NONE;
    },
    { mutates: true },
  ),
  rotate: m(
    0,
    1,
    (s, [k]) => {
      const d = D(s);
      let n = k === undefined ? 1n : asIntArg(k);
      const len = BigInt(d.items.length);
      if (len <= 1n) return NONE;
      n = ((n % len) + len) % len;
      if (n) d.items = [...d.items.slice(d.items.length - Number(n)), ...d.items.slice(0, d.items.length - Number(n))];
      budget.tick(d.items.length);
      return NONE;
    },
    { mutates: true, label: 'rotate', expected: true },
  ),
  clear: m(
    0,
    0,
    (s) => {
      D(s).items = [];
      return NONE;
    },
    { mutates: true },
  ),
  count: m(1, 1, (s, [x]) => {
    let n = 0;
    for (const y of D(s).items.slice()) {
      budget.tick();
      if (eqItem(y, x!)) n++;
    }
    return pyInt(n);
  }),
  index: m(
    1,
    3,
    (s, [x, a, b]) => {
      const items = D(s).items;
      const n = items.length;
      let start = indexNotNone(a, 0);
      let stop = indexNotNone(b, n);
      if (start < 0) start = Math.max(0, start + n);
      if (stop < 0) stop = Math.max(0, stop + n);
      for (let i = start; i < Math.min(stop, n); i++) {
        budget.tick();
        if (eqItem(items[i]!, x!)) return pyInt(i);
      }
      throw valueError(`${repr(x!)} is not in deque`);
    },
    { label: 'index' },
  ),
  insert: m(
    2,
    2,
    (s, [i, x]) => {
      const d = D(s);
      if (d.maxlen !== null && d.items.length >= d.maxlen) throw new PyError('IndexError', 'deque already at its maximum size');
      const n = d.items.length;
      let k = Number(asIntArg(i!));
      if (k < 0) k = Math.max(0, k + n);
      d.items.splice(Math.min(k, n), 0, x!);
      return NONE;
    },
    { mutates: true, label: 'insert', expected: true },
  ),
  remove: m(
    1,
    1,
    (s, [x]) => {
      const d = D(s);
      for (let i = 0; i < d.items.length; i++) {
        budget.tick();
        if (eqItem(d.items[i]!, x!)) {
          d.items.splice(i, 1);
          return NONE;
        }
      }
      throw valueError(budget.pythonMinor < 10 ? 'deque.remove(x): x not in deque' : `${repr(x!)} is not in deque`);
    },
    { mutates: true },
  ),
  reverse: m(
    0,
    0,
    (s) => {
      D(s).items.reverse();
      return NONE;
    },
    { mutates: true },
  ),
  copy: m(0, 0, (s) => newDeque(D(s).items, D(s).maxlen)),
};
