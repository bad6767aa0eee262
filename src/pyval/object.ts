// The abstract object protocols (Objects/abstract.c, object.c) over our
// values: truth, length, iteration, identity, equality, ordering and
// containment. Error texts are CPython 3.11's. Operators are in ops.ts,
// subscripts in subscript.ts.

import { hashKey, rangeLength } from './hash.js';
import { budget } from './limits.js';
import { cmpIntFloat, intToFloat } from './numbers.js';
import { chars, cmpStr, cpLen } from './text.js';
import { collectionsHooks as coll } from './modules/collections-hooks.js';
import {
  PyError,
  Refusal,
  pyInt,
  pyStr,
  pyTuple,
  refuseOpaque,
  shortText,
  typeError,
  typeName,
  valueError,
  type DictV,
  type IntV,
  type SetV,
  type SliceV,
  type Value,
} from './value.js';

export const indexError = (msg: string): PyError => new PyError('IndexError', msg);
export const keyError = (k: string): PyError => new PyError('KeyError', k);

// ---- kinds ----

export const isIntLike = (v: Value): v is IntV | { kind: 'bool'; v: boolean } => v.kind === 'int' || v.kind === 'bool';
export const isNumber = (v: Value): boolean => v.kind === 'int' || v.kind === 'bool' || v.kind === 'float';
export const isSetLike = (v: Value): v is SetV => v.kind === 'set' || v.kind === 'frozenset';

/** The integer value of an int or bool. */
export function big(v: Value): bigint {
  if (v.kind === 'int') return v.v;
  if (v.kind === 'bool') return v.v ? 1n : 0n;
  throw new Error('not an int');
}

/** float(v) for a number. */
export function toF(v: Value): number {
  if (v.kind === 'float') return v.v;
  return intToFloat(big(v));
}

/** An index (__index__): ints and bools only. */
export function index(v: Value, what: () => string): bigint {
  if (isIntLike(v)) return big(v);
  if (v.kind === 'opaque') throw refuseOpaque(v);
  throw typeError(what());
}

// ---- truth and length ----

export function truthy(v: Value): boolean {
  switch (v.kind) {
    case 'none':
      return false;
    case 'bool':
      return v.v;
    case 'int':
      return v.v !== 0n;
    case 'float':
      return v.v !== 0;
    case 'str':
      return v.v.length > 0;
    case 'bytes':
      return v.v.length > 0;
    case 'list':
    case 'tuple':
    case 'deque':
      return v.items.length > 0;
    case 'dict':
      return v.store.size > 0;
    case 'set':
    case 'frozenset':
      return v.store.size > 0;
    case 'range':
      return rangeLength(v.start, v.stop, v.step) > 0n;
    case 'dict_keys':
    case 'dict_values':
    case 'dict_items':
      return v.dict.store.size > 0;
    case 'opaque':
      throw refuseOpaque(v, 'its truth value');
    default:
      return true;
  }
}

export function length(v: Value): number {
  switch (v.kind) {
    case 'str':
      return cpLen(v.v);
    case 'bytes':
      return v.v.length;
    case 'list':
    case 'tuple':
    case 'deque':
      return v.items.length;
    case 'dict':
      return v.store.size;
    case 'set':
    case 'frozenset':
      return v.store.size;
    case 'dict_keys':
    case 'dict_values':
    case 'dict_items':
      return v.dict.store.size;
    case 'range': {
      const n = rangeLength(v.start, v.stop, v.step);
      if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new PyError('OverflowError', 'Python int too large to convert to C ssize_t');
      return Number(n);
    }
    case 'opaque':
      throw refuseOpaque(v, 'its length');
    default:
      throw typeError(`object of type '${typeName(v)}' has no len()`);
  }
}

// ---- iteration ----

function* counted<T>(it: Iterable<T>): Generator<T> {
  for (const x of it) {
    budget.tick();
    yield x;
  }
}

function* rangeIter(start: bigint, stop: bigint, step: bigint): Generator<Value> {
  for (let i = start; step > 0n ? i < stop : i > stop; i += step) {
    budget.tick();
    yield pyInt(i);
  }
}

function* listIter(items: Value[] | readonly Value[]): Generator<Value> {
  for (let i = 0; i < items.length; i++) {
    budget.tick();
    yield items[i]!;
  }
}

function* dictIter(d: DictV): Generator<Value> {
  const size = d.store.size;
  for (const k of d.store.iterKeys()) {
    budget.tick();
    yield k;
    if (d.store.size !== size) throw new PyError('RuntimeError', 'dictionary changed size during iteration');
  }
}

/** iter(v): a JS iterator over a Python iterable. */
export function iterate(v: Value): Iterator<Value> {
  switch (v.kind) {
    case 'list':
    case 'tuple':
    case 'deque':
      return listIter(v.items);
    case 'str':
      return counted(chars(v.v).map(pyStr));
    case 'bytes':
      return counted(Array.from(v.v, (b) => pyInt(b)));
    case 'dict':
    case 'dict_keys':
      return dictIter(v.kind === 'dict' ? v : v.dict);
    case 'dict_values':
      return counted(v.dict.store.values());
    case 'dict_items':
      return counted(v.dict.store.entries().map(([k, x]) => pyTuple([k, x])));
    case 'set':
    case 'frozenset':
      return counted(v.store.values());
    case 'range':
      return rangeIter(v.start, v.stop, v.step);
    case 'iterator':
      return v.it;
    case 'opaque':
      throw refuseOpaque(v, 'its items');
    default:
      throw typeError(`'${typeName(v)}' object is not iterable`);
  }
}

/** list(v), bounded. */
export function toArray(v: Value): Value[] {
  if (v.kind === 'list' || v.kind === 'tuple' || v.kind === 'deque') {
    budget.items(v.items.length);
    return v.items.slice();
  }
  if (v.kind === 'range') budget.items(rangeLength(v.start, v.stop, v.step));
  const it = iterate(v);
  const out: Value[] = [];
  for (let r = it.next(); !r.done; r = it.next()) {
    out.push(r.value);
    if (out.length > budget.limits.maxItems) budget.items(out.length);
  }
  return out;
}

// ---- identity, equality, ordering ----

/** `a is b`. Small ints, None, bools and builtin singletons are shared objects in CPython. */
export function isSame(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'none':
    case 'ellipsis':
      return true;
    case 'bool':
      return a.v === (b as typeof a).v;
    case 'int': {
      const x = a.v;
      return x === (b as IntV).v && x >= -5n && x <= 256n;
    }
    case 'str': {
      const y = (b as typeof a).v;
      return a.v === y && cpLen(y) <= 1 && (y.codePointAt(0) ?? 0) < 256;
    }
    case 'type':
      return a.name === (b as typeof a).name;
    case 'builtin':
      return a.name === (b as typeof a).name && a.module === (b as typeof a).module;
    case 'opaque': {
      // Two reprs naming the same address are the same object.
      const t = (b as typeof a).text;
      if (/ at 0x[0-9a-fA-F]+>$/.test(a.text) && / at 0x[0-9a-fA-F]+>$/.test(t)) return a.text === t;
      throw new Refusal(`whether they are the same object is not known: ${shortText(a.text)} ${a.why}`);
    }
    default:
      return false;
  }
}

/** PyObject_RichCompareBool(a, b, Py_EQ): identity first, as containers compare items. */
export function eqItem(a: Value, b: Value): boolean {
  if (a === b) return true;
  return eq(a, b);
}

/** `a == b`. */
export function eq(a: Value, b: Value): boolean {
  if (a.kind === 'opaque' || b.kind === 'opaque') {
    const o = (a.kind === 'opaque' ? a : b) as Extract<Value, { kind: 'opaque' }>;
    throw refuseOpaque(o, 'its equality to other values');
  }
  if (isNumber(a) && isNumber(b)) {
    if (a.kind === 'float' && b.kind === 'float') return a.v === b.v;
    if (a.kind === 'float') return cmpIntFloat(big(b), a.v) === 0;
    if (b.kind === 'float') return cmpIntFloat(big(a), b.v) === 0;
    return big(a) === big(b);
  }
  if (isSetLike(a) && isSetLike(b)) return a.store.size === b.store.size && a.store.values().every((x) => b.store.has(x));
  if ((isView(a) && (isSetLike(b) || isView(b))) || (isSetLike(a) && isView(b))) {
    return setLikeSize(a) === setLikeSize(b) && containedIn(a, b);
  }
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'none':
    case 'ellipsis':
      return true;
    case 'str':
      return a.v === (b as typeof a).v;
    case 'bytes': {
      const y = (b as typeof a).v;
      return a.v.length === y.length && a.v.every((x, i) => x === y[i]);
    }
    case 'list':
    case 'tuple':
    case 'deque': {
      const y = (b as typeof a).items;
      if (a.items.length !== y.length) return false;
      for (let i = 0; i < y.length; i++) {
        budget.tick();
        if (!eqItem(a.items[i]!, y[i]!)) return false;
      }
      return true;
    }
    case 'dict': {
      const sub = coll.eq(a, b);
      if (sub !== undefined) return sub;
      const y = (b as DictV).store;
      if (a.store.size !== y.size) return false;
      for (const [k, v] of a.store.entries()) {
        budget.tick();
        const w = y.get(k);
        if (w === undefined || !eqItem(v, w)) return false;
      }
      return true;
    }
    case 'range':
      return hashKey(a) === hashKey(b);
    case 'slice': {
      const y = b as SliceV;
      return eqItem(a.start, y.start) && eqItem(a.stop, y.stop) && eqItem(a.step, y.step);
    }
    case 'type':
      return a.name === (b as typeof a).name;
    case 'builtin':
      return a.name === (b as typeof a).name && a.module === (b as typeof a).module;
    case 'method':
      return a.name === (b as typeof a).name && isSame(a.self, (b as typeof a).self);
    default:
      return a === b;
  }
}

export const isView = (v: Value): boolean => v.kind === 'dict_keys' || v.kind === 'dict_items';
const isSetOrView = (v: Value): boolean => isSetLike(v) || isView(v);

function setLikeSize(v: Value): number {
  return isSetLike(v) ? v.store.size : length(v);
}

/** all_contained_in: every item of `a` is in `b` (views test membership without hashing values). */
function containedIn(a: Value, b: Value): boolean {
  const it = iterate(a);
  for (let r = it.next(); !r.done; r = it.next()) if (!contains(b, r.value)) return false;
  return true;
}

export type Ordering = '<' | '<=' | '>' | '>=';

function applyOrdering(op: Ordering, c: number): boolean {
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

function cmpBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** `a < b` and friends. */
export function order(op: Ordering, a: Value, b: Value): boolean {
  if (a.kind === 'opaque') throw refuseOpaque(a, 'how it orders');
  if (b.kind === 'opaque') throw refuseOpaque(b, 'how it orders');
  if (isNumber(a) && isNumber(b)) {
    let c: number | null;
    if (a.kind === 'float' && b.kind === 'float') c = Number.isNaN(a.v) || Number.isNaN(b.v) ? null : a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
    else if (a.kind === 'float') {
      const r = cmpIntFloat(big(b), a.v);
      c = r === null ? null : -r;
    } else if (b.kind === 'float') c = cmpIntFloat(big(a), b.v);
    else {
      const x = big(a);
      const y = big(b);
      c = x < y ? -1 : x > y ? 1 : 0;
    }
    return c !== null && applyOrdering(op, c);
  }
  if (a.kind === 'str' && b.kind === 'str') return applyOrdering(op, cmpStr(a.v, b.v));
  if (a.kind === 'bytes' && b.kind === 'bytes') return applyOrdering(op, cmpBytes(a.v, b.v));
  const counted = coll.order(op, a, b);
  if (counted !== undefined) return counted;
  if ((a.kind === 'list' && b.kind === 'list') || (a.kind === 'tuple' && b.kind === 'tuple') || (a.kind === 'deque' && b.kind === 'deque')) {
    const x = a.items;
    const y = (b as typeof a).items;
    let i = 0;
    for (; i < x.length && i < y.length; i++) {
      budget.tick();
      if (!eqItem(x[i]!, y[i]!)) break;
    }
    if (i >= x.length || i >= y.length) return applyOrdering(op, x.length - y.length);
    return order(op, x[i]!, y[i]!);
  }
  if (isSetOrView(a) && isSetOrView(b)) {
    const la = setLikeSize(a);
    const lb = setLikeSize(b);
    switch (op) {
      case '<':
        return la < lb && containedIn(a, b);
      case '<=':
        return la <= lb && containedIn(a, b);
      case '>':
        return la > lb && containedIn(b, a);
      case '>=':
        return la >= lb && containedIn(b, a);
    }
  }
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** `a < b` as list.sort and min() use it. */
export const lt = (a: Value, b: Value): boolean => order('<', a, b);

// ---- containment ----

export function contains(c: Value, x: Value): boolean {
  switch (c.kind) {
    case 'str':
      if (x.kind !== 'str') throw typeError(`'in <string>' requires string as left operand, not ${typeName(x)}`);
      return c.v.includes(x.v);
    case 'bytes': {
      if (isIntLike(x)) {
        const b = big(x);
        if (b < 0n || b > 255n) throw valueError('byte must be in range(0, 256)');
        return c.v.includes(Number(b));
      }
      if (x.kind !== 'bytes') throw typeError(`a bytes-like object is required, not '${typeName(x)}'`);
      return bytesFind(c.v, x.v, 0) >= 0;
    }
    case 'list':
    case 'tuple':
    case 'deque':
      for (const item of c.items) {
        budget.tick();
        if (eqItem(item, x)) return true;
      }
      return false;
    case 'dict':
      return c.store.get(x) !== undefined;
    case 'dict_keys':
      return c.dict.store.get(x) !== undefined;
    case 'dict_items': {
      if (x.kind !== 'tuple' || x.items.length !== 2) return false;
      const v = c.dict.store.get(x.items[0]!);
      return v !== undefined && eqItem(v, x.items[1]!);
    }
    case 'set':
    case 'frozenset':
      if (x.kind === 'set') return c.store.has({ kind: 'frozenset', store: x.store });
      return c.store.has(x);
    case 'range': {
      if (isIntLike(x) || (x.kind === 'float' && Number.isInteger(x.v))) {
        const v = x.kind === 'float' ? BigInt(x.v) : big(x);
        if (c.step > 0n ? v < c.start || v >= c.stop : v > c.start || v <= c.stop) return false;
        return (v - c.start) % c.step === 0n;
      }
      break;
    }
    case 'opaque':
      throw refuseOpaque(c, 'what it contains');
    case 'dict_values':
    case 'iterator':
      break;
    default:
      throw typeError(`argument of type '${typeName(c)}' is not iterable`);
  }
  const it = iterate(c);
  for (let r = it.next(); !r.done; r = it.next()) if (eqItem(r.value, x)) return true;
  return false;
}

export function bytesFind(h: Uint8Array, n: Uint8Array, start: number, end = h.length, last = false): number {
  if (last) {
    for (let i = end - n.length; i >= start; i--) if (n.every((b, j) => h[i + j] === b)) return i;
    return -1;
  }
  for (let i = start; i + n.length <= end; i++) if (n.every((b, j) => h[i + j] === b)) return i;
  return -1;
}
