// Python's operators on our values: truth, length, iteration, equality and
// ordering, arithmetic, containment, subscripts. Error texts are CPython 3.11's.

import { SetStore } from './containers.js';
import { hashKey, rangeLength } from './hash.js';
import { budget } from './limits.js';
import { bitLength, cmpIntFloat, floatDivmod, floatMod, floatPow, floatTrueDiv, intFloorDiv, intMod, intPow, intToFloat, intTrueDiv } from './numbers.js';
import { chars, cmpStr, cpLen } from './text.js';
import {
  PyError,
  Refusal,
  shortText,
  pyBool,
  pyFloat,
  pyInt,
  pyList,
  pyStr,
  pyTuple,
  refuseOpaque,
  typeError,
  typeName,
  valueError,
  type DictV,
  type IntV,
  type ListV,
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

/** A JS number from an int, for sizes and positions. */
export function smallInt(v: Value, what: () => string): number {
  const b = index(v, what);
  if (b > BigInt(Number.MAX_SAFE_INTEGER) || b < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new PyError('OverflowError', 'Python int too large to convert to C ssize_t');
  }
  return Number(b);
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
  if (v.kind === 'list' || v.kind === 'tuple') {
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
    case 'builtin':
      return a.name === (b as typeof a).name;
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
    case 'tuple': {
      const y = (b as typeof a).items;
      if (a.items.length !== y.length) return false;
      for (let i = 0; i < y.length; i++) {
        budget.tick();
        if (!eqItem(a.items[i]!, y[i]!)) return false;
      }
      return true;
    }
    case 'dict': {
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
    case 'builtin':
      return a.name === (b as typeof a).name;
    case 'method':
      return a.name === (b as typeof a).name && isSame(a.self, (b as typeof a).self);
    default:
      return a === b;
  }
}

/** The set of a keys or items view (dictviews_to_set), or a copy of a set, or a set of an iterable. */
export function viewAsSet(v: Value): SetV {
  const store = new SetStore();
  updateSet(store, v.kind === 'dict_keys' ? v.dict : v);
  return { kind: 'set', store };
}

const isView = (v: Value): boolean => v.kind === 'dict_keys' || v.kind === 'dict_items';
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

/** set_update_internal: add an iterable's items to a set, as CPython orders them. */
export function updateSet(store: SetStore, other: Value): void {
  if (isSetLike(other)) store.merge(other.store);
  else if (other.kind === 'dict') {
    store.presize(other.store.size);
    for (const k of other.store.keys()) store.add(k);
  } else {
    const it = iterate(other);
    for (let r = it.next(); !r.done; r = it.next()) store.add(r.value);
  }
  budget.items(store.size);
}

/** set_intersection(so, other) for two sets: iterate the smaller, probe the larger. */
function intersectStores(a: SetStore, b: SetStore): SetStore {
  let [so, other] = [a, b];
  if (other.size > so.size) [so, other] = [other, so];
  const store = new SetStore();
  for (const x of other.values()) {
    budget.tick();
    if (so.has(x)) store.add(x);
  }
  return store;
}

/** set_difference_update_internal, including its purge of dummy slots. */
export function differenceUpdate(store: SetStore, other: Value): void {
  if (isSetLike(other)) {
    if (other.store === store) {
      store.clear();
      return;
    }
    const o = other.store.size >> 3 > store.size ? intersectStores(store, other.store) : other.store;
    for (const x of o.values()) store.discard(x);
  } else {
    const it = iterate(other);
    for (let r = it.next(); !r.done; r = it.next()) store.discard(r.value);
  }
  store.purgeDummies();
}

/** set_symmetric_difference_update. */
export function symmetricDifferenceUpdate(store: SetStore, other: Value): void {
  let o: SetStore;
  if (isSetLike(other)) o = other.store;
  else {
    o = new SetStore();
    updateSet(o, other);
  }
  if (o === store) {
    store.clear();
    return;
  }
  for (const x of o.values()) {
    budget.tick();
    if (!store.discard(x)) store.add(x);
  }
}

/** Operators where a dict view is an operand (dictobject.c's dictviews_* and _PyDictView_Intersect). */
function viewOperator(op: '|' | '&' | '-' | '^', a: Value, b: Value): SetV {
  if (op === '&') {
    let [self, other] = isView(a) ? [a, b] : [b, a];
    const lenSelf = length(self);
    if (other.kind === 'set' && lenSelf <= other.store.size) {
      const store = new SetStore();
      const it = iterate(self);
      for (let r = it.next(); !r.done; r = it.next()) if (other.store.has(r.value)) store.add(r.value);
      return { kind: 'set', store };
    }
    if (isView(other) && length(other) > lenSelf) [self, other] = [other, self];
    const store = new SetStore();
    const it = iterate(other);
    for (let r = it.next(); !r.done; r = it.next()) if (contains(self, r.value)) store.add(r.value);
    return { kind: 'set', store };
  }
  const result = viewAsSet(a);
  if (op === '|') updateSet(result.store, b);
  else if (op === '-') differenceUpdate(result.store, b);
  else symmetricDifferenceUpdate(result.store, b);
  return result;
}

export function setFrom(items: Value[]): SetStore {
  const s = new SetStore();
  for (const x of items) {
    budget.tick();
    s.add(x);
  }
  return s;
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
  if ((a.kind === 'list' && b.kind === 'list') || (a.kind === 'tuple' && b.kind === 'tuple')) {
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

/**
 * A stable sort that makes the same comparisons as CPython's for lists under 64
 * items (count_run, then binary insertion), so errors from incomparable items
 * name the same pair. Longer lists merge sorted runs (same result for any
 * consistent ordering).
 */
export function pySort<T>(a: T[], less: (x: T, y: T) => boolean): T[] {
  const n = a.length;
  if (n < 2) return a;
  let r = 0;
  let nn = n;
  while (nn >= 64) {
    r |= nn & 1;
    nn >>= 1;
  }
  const minrun = nn + r;
  const runs: [number, number][] = [];
  let lo = 0;
  while (lo < n) {
    let run = 1;
    if (lo + 1 < n) {
      run = 2;
      budget.tick();
      if (less(a[lo + 1]!, a[lo]!)) {
        while (lo + run < n && less(a[lo + run]!, a[lo + run - 1]!)) run++;
        const part = a.slice(lo, lo + run).reverse();
        a.splice(lo, run, ...part);
      } else {
        while (lo + run < n && !less(a[lo + run]!, a[lo + run - 1]!)) run++;
      }
    }
    if (run < minrun) {
      const force = Math.min(minrun, n - lo);
      for (let start = lo + run; start < lo + force; start++) {
        const pivot = a[start]!;
        let l = lo;
        let rr = start;
        while (l < rr) {
          budget.tick();
          const p = l + ((rr - l) >> 1);
          if (less(pivot, a[p]!)) rr = p;
          else l = p + 1;
        }
        a.splice(start, 1);
        a.splice(l, 0, pivot);
      }
      run = force;
    }
    runs.push([lo, run]);
    lo += run;
  }
  while (runs.length > 1) {
    const [s1, n1] = runs[0]!;
    const [, n2] = runs[1]!;
    const left = a.slice(s1, s1 + n1);
    const right = a.slice(s1 + n1, s1 + n1 + n2);
    const merged: T[] = [];
    let i = 0;
    let j = 0;
    while (i < left.length && j < right.length) {
      budget.tick();
      if (less(right[j]!, left[i]!)) merged.push(right[j++]!);
      else merged.push(left[i++]!);
    }
    while (i < left.length) merged.push(left[i++]!);
    while (j < right.length) merged.push(right[j++]!);
    a.splice(s1, n1 + n2, ...merged);
    runs.splice(0, 2, [s1, n1 + n2]);
  }
  return a;
}

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

// ---- arithmetic ----

const unsupported = (op: string, a: Value, b: Value): PyError => typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);

function checkOpaque(a: Value, b: Value): void {
  if (a.kind === 'opaque') throw refuseOpaque(a, 'what operators do with it');
  if (b.kind === 'opaque') throw refuseOpaque(b, 'what operators do with it');
}

const SSIZE_MAX = (1n << 63n) - 1n;

function repeatCount(n: Value, seq: Value): number {
  if (!isIntLike(n)) throw typeError(`can't multiply sequence by non-int of type '${typeName(n)}'`);
  const k = big(n);
  if (k > SSIZE_MAX || k < -SSIZE_MAX - 1n) throw new PyError('OverflowError', "cannot fit 'int' into an index-sized integer");
  if (k <= 0n) return 0;
  const unit = length(seq);
  if (unit === 0) return 0;
  const total = BigInt(unit) * k;
  if (seq.kind === 'str' || seq.kind === 'bytes') budget.strLen(total);
  else budget.items(total);
  return Number(k);
}

function repeat(seq: Value, n: Value): Value {
  const k = repeatCount(n, seq);
  switch (seq.kind) {
    case 'str':
      return pyStr(seq.v.repeat(k));
    case 'bytes': {
      const out = new Uint8Array(seq.v.length * k);
      for (let i = 0; i < k; i++) out.set(seq.v, i * seq.v.length);
      return { kind: 'bytes', v: out };
    }
    case 'list':
    case 'tuple': {
      const out: Value[] = [];
      for (let i = 0; i < k; i++) out.push(...seq.items);
      return seq.kind === 'list' ? pyList(out) : pyTuple(out);
    }
    default:
      throw new Error('not a sequence');
  }
}

const isSeq = (v: Value): boolean => v.kind === 'str' || v.kind === 'bytes' || v.kind === 'list' || v.kind === 'tuple';

const SMALL = 1n << 52n;

function checkIntResult(x: bigint): IntV {
  if (x > SMALL || x < -SMALL) budget.intBits(bitLength(x));
  return pyInt(x);
}

/** Set algebra with CPython's construction order (see containers.ts). */
export function setOp(op: '|' | '&' | '-' | '^', a: SetV, b: SetV, kind: 'set' | 'frozenset' = a.kind): SetV {
  let store: SetStore;
  switch (op) {
    case '|':
      store = a.store.copy();
      store.merge(b.store);
      break;
    case '&': {
      let [so, other] = [a.store, b.store];
      if (other.size > so.size) [so, other] = [other, so];
      store = new SetStore();
      for (const x of other.values()) {
        budget.tick();
        if (so.has(x)) store.add(x);
      }
      break;
    }
    case '-': {
      if (a.store.size >> 2 > b.store.size) {
        store = a.store.copy();
        differenceUpdate(store, b);
      } else {
        store = new SetStore();
        for (const x of a.store.values()) {
          budget.tick();
          if (!b.store.has(x)) store.add(x);
        }
      }
      break;
    }
    case '^': {
      store = new SetStore();
      store.merge(b.store);
      for (const x of a.store.values()) {
        budget.tick();
        if (!store.discard(x)) store.add(x);
      }
      break;
    }
  }
  return { kind, store };
}

export function binop(op: string, a: Value, b: Value): Value {
  if (isNumber(a) && isNumber(b)) return numericOp(op, a, b);
  checkOpaque(a, b);
  switch (op) {
    case '+':
      if (a.kind === 'str') {
        if (b.kind !== 'str') throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
        budget.strLen(a.v.length + b.v.length);
        return pyStr(a.v + b.v);
      }
      if (a.kind === 'list' || a.kind === 'tuple') {
        if (b.kind !== a.kind) throw typeError(`can only concatenate ${a.kind} (not "${typeName(b)}") to ${a.kind}`);
        budget.items(a.items.length + b.items.length);
        const items = [...a.items, ...b.items];
        return a.kind === 'list' ? pyList(items) : pyTuple(items);
      }
      if (a.kind === 'bytes') {
        if (b.kind !== 'bytes') throw typeError(`can't concat ${typeName(b)} to bytes`);
        const out = new Uint8Array(a.v.length + b.v.length);
        out.set(a.v);
        out.set(b.v, a.v.length);
        return { kind: 'bytes', v: out };
      }
      break;
    case '*':
      if (isSeq(a)) return repeat(a, b);
      if (isSeq(b)) return repeat(b, a);
      break;
    case '%':
      if (a.kind === 'str') return formatPercent(a.v, b);
      break;
    case '|':
      if (a.kind === 'dict' && b.kind === 'dict') {
        const store = a.store.copy();
        for (const [k, v] of b.store.entries()) store.set(k, v);
        return { kind: 'dict', store };
      }
      return setOperator(op, a, b);
    case '&':
    case '-':
    case '^':
      return setOperator(op, a, b);
  }
  throw unsupported(op === '**' ? '** or pow()' : op, a, b);
}

function setOperator(op: '|' | '&' | '-' | '^', a: Value, b: Value): Value {
  if (isSetLike(a) && isSetLike(b)) return setOp(op, a, b);
  if (isView(a) || isView(b)) {
    try {
      return viewOperator(op, a, b);
    } catch (e) {
      // A non-iterable operand: Python reports the operator as unsupported.
      if (!(e instanceof PyError && e.pyMessage.endsWith('is not iterable'))) throw e;
    }
  }
  throw unsupported(op, a, b);
}

/** The `%` operator on str is printf-style formatting: implemented in format.ts. */
let formatPercent: (fmt: string, args: Value) => Value = () => {
  throw new Error('format module not loaded');
};
export function setPercentFormatter(f: (fmt: string, args: Value) => Value): void {
  formatPercent = f;
}

function numericOp(op: string, a: Value, b: Value): Value {
  if (a.kind !== 'float' && b.kind !== 'float') {
    const x = big(a);
    const y = big(b);
    switch (op) {
      case '+':
        return checkIntResult(x + y);
      case '-':
        return checkIntResult(x - y);
      case '*':
        if (x > SMALL || x < -SMALL || y > SMALL || y < -SMALL) budget.intBits(bitLength(x) + bitLength(y) - 1);
        return pyInt(x * y);
      case '/':
        return pyFloat(intTrueDiv(x, y));
      case '//':
        return pyInt(intFloorDiv(x, y));
      case '%':
        return pyInt(intMod(x, y));
      case '**':
        if (y < 0n) return pyFloat(floatPow(intToFloat(x), intToFloat(y)));
        return pyInt(intPow(x, y));
      case '<<':
        if (y < 0n) throw valueError('negative shift count');
        if (x === 0n) return pyInt(0n);
        budget.intBits(BigInt(bitLength(x)) + y);
        return pyInt(x << y);
      case '>>':
        if (y < 0n) throw valueError('negative shift count');
        return pyInt(y > BigInt(bitLength(x)) + 1n ? (x < 0n ? -1n : 0n) : x >> y);
      case '&':
      case '|':
      case '^': {
        const r = op === '&' ? x & y : op === '|' ? x | y : x ^ y;
        if (a.kind === 'bool' && b.kind === 'bool') return pyBool(r !== 0n);
        return pyInt(r);
      }
      case '@':
        break;
    }
    throw unsupported(op, a, b);
  }
  const x = toF(a);
  const y = toF(b);
  switch (op) {
    case '+':
      return pyFloat(x + y);
    case '-':
      return pyFloat(x - y);
    case '*':
      return pyFloat(x * y);
    case '/':
      return pyFloat(floatTrueDiv(x, y));
    case '//':
      return pyFloat(floatDivmod(x, y, 'floordiv')[0]);
    case '%':
      return pyFloat(floatMod(x, y));
    case '**':
      return pyFloat(floatPow(x, y));
  }
  throw unsupported(op, a, b);
}

export function unaryop(op: string, v: Value): Value {
  if (op === 'not') return pyBool(!truthy(v));
  if (v.kind === 'opaque') throw refuseOpaque(v, 'what operators do with it');
  if (isIntLike(v)) {
    const x = big(v);
    if (op === '-') return pyInt(-x);
    if (op === '+') return pyInt(x);
    if (op === '~') return pyInt(~x);
  }
  if (v.kind === 'float') {
    if (op === '-') return pyFloat(-v.v);
    if (op === '+') return pyFloat(v.v);
  }
  throw typeError(`bad operand type for unary ${op}: '${typeName(v)}'`);
}

/** In-place operators: lists, sets and dicts change in place (aliases see it); others rebind. */
export function inplaceOp(op: string, a: Value, b: Value): Value {
  if (a.kind === 'list') {
    if (op === '+') {
      const more = toArray(b);
      budget.items(a.items.length + more.length);
      a.items.push(...more);
      return a;
    }
    if (op === '*') {
      const r = repeat(a, b) as ListV;
      a.items.splice(0, a.items.length, ...r.items);
      return a;
    }
  }
  if (a.kind === 'set' && isSetLike(b) && (op === '|' || op === '&' || op === '-' || op === '^')) {
    if (op === '|') updateSet(a.store, b);
    else if (op === '&') a.store.replaceWith(setOp('&', a, b).store);
    else if (op === '-') differenceUpdate(a.store, b);
    else symmetricDifferenceUpdate(a.store, b);
    return a;
  }
  if (a.kind === 'dict' && op === '|') {
    if (b.kind === 'dict') for (const [k, v] of b.store.entries()) a.store.set(k, v);
    else
      for (const item of toArray(b)) {
        const kv = toArray(item);
        a.store.set(kv[0]!, kv[1]!);
      }
    return a;
  }
  try {
    return binop(op, a, b);
  } catch (e) {
    if (e instanceof PyError && e.pyMessage.startsWith('unsupported operand type(s) for ')) {
      throw typeError(e.pyMessage.replace(`for ${op}:`, `for ${op}=:`));
    }
    throw e;
  }
}

// ---- subscripts ----

export interface SliceBounds {
  start: number;
  stop: number;
  step: number;
  n: number;
}

/** PySlice_GetIndicesEx: normalise a slice against a length. */
export function sliceBounds(s: SliceV, len: number): SliceBounds {
  const what = (): string => 'slice indices must be integers or None or have an __index__ method';
  let step = 1n;
  if (s.step.kind !== 'none') {
    step = index(s.step, what);
    if (step === 0n) throw valueError('slice step cannot be zero');
  }
  const L = BigInt(len);
  const adjust = (v: Value, dflt: bigint): bigint => {
    if (v.kind === 'none') return dflt;
    let x = index(v, what);
    if (x < 0n) {
      x += L;
      if (x < 0n) x = step < 0n ? -1n : 0n;
    } else if (x >= L) x = step < 0n ? L - 1n : L;
    return x;
  };
  const start = adjust(s.start, step < 0n ? L - 1n : 0n);
  const stop = adjust(s.stop, step < 0n ? -1n : L);
  let n = 0n;
  if (step < 0n) {
    if (stop < start) n = (start - stop - 1n) / -step + 1n;
  } else if (start < stop) n = (stop - start - 1n) / step + 1n;
  const clampStep = step > L + 1n ? L + 1n : step < -(L + 1n) ? -(L + 1n) : step;
  return { start: Number(start), stop: Number(stop), step: Number(clampStep), n: Number(n) };
}

function pick<T>(items: readonly T[], b: SliceBounds): T[] {
  if (b.step === 1) return items.slice(b.start, b.start + b.n);
  const out: T[] = [];
  for (let i = 0, j = b.start; i < b.n; i++, j += b.step) out.push(items[j]!);
  return out;
}

function seqIndex(i: Value, len: number, kind: string): number {
  const what = (): string =>
    kind === 'str'
      ? `string indices must be integers, not '${typeName(i)}'`
      : kind === 'bytes'
        ? `byte indices must be integers or slices, not ${typeName(i)}`
        : `${kind} indices must be integers or slices, not ${typeName(i)}`;
  let x = index(i, what);
  if (x < 0n) x += BigInt(len);
  if (x < 0n || x >= BigInt(len)) {
    throw indexError(
      kind === 'str'
        ? 'string index out of range'
        : kind === 'bytes'
          ? 'index out of range'
          : kind === 'range'
            ? 'range object index out of range'
            : `${kind} index out of range`,
    );
  }
  return Number(x);
}

export function getItem(c: Value, i: Value): Value {
  budget.tick();
  switch (c.kind) {
    case 'list':
    case 'tuple': {
      if (i.kind === 'slice') {
        const items = pick(c.items, sliceBounds(i, c.items.length));
        return c.kind === 'list' ? pyList(items) : pyTuple(items);
      }
      return c.items[seqIndex(i, c.items.length, c.kind)]!;
    }
    case 'str': {
      const cs = chars(c.v);
      if (i.kind === 'slice') return pyStr(pick(cs, sliceBounds(i, cs.length)).join(''));
      return pyStr(cs[seqIndex(i, cs.length, 'str')]!);
    }
    case 'bytes': {
      const arr = Array.from(c.v);
      if (i.kind === 'slice') return { kind: 'bytes', v: Uint8Array.from(pick(arr, sliceBounds(i, arr.length))) };
      return pyInt(arr[seqIndex(i, arr.length, 'bytes')]!);
    }
    case 'range': {
      const n = rangeLength(c.start, c.stop, c.step);
      if (i.kind === 'slice') {
        const b = sliceBounds(i, Number(n));
        const start = c.start + BigInt(b.start) * c.step;
        const step = c.step * BigInt(b.step);
        return { kind: 'range', start, stop: start + BigInt(b.n) * step, step };
      }
      const k = seqIndex(i, Number(n), 'range');
      return pyInt(c.start + BigInt(k) * c.step);
    }
    case 'dict': {
      const v = c.store.get(i);
      if (v === undefined) throw keyError(keyErrorText(i));
      return v;
    }
    case 'opaque':
      throw refuseOpaque(c, 'what its items are');
    case 'type':
      throw new Refusal('generic aliases (such as list[int]) are not supported');
    default:
      throw typeError(`'${typeName(c)}' object is not subscriptable`);
  }
}

/** str(KeyError(k)): the repr of the key (set by evaluate, which owns repr). */
let keyErrorText: (k: Value) => string = () => '';
export function setKeyErrorText(f: (k: Value) => string): void {
  keyErrorText = f;
}

export function setItem(c: Value, i: Value, v: Value): void {
  budget.tick();
  if (c.kind === 'list') {
    if (i.kind === 'slice') {
      const b = sliceBounds(i, c.items.length);
      if (
        v.kind !== 'list' &&
        v.kind !== 'tuple' &&
        v.kind !== 'str' &&
        v.kind !== 'range' &&
        v.kind !== 'set' &&
        v.kind !== 'dict' &&
        v.kind !== 'iterator' &&
        v.kind !== 'bytes' &&
        v.kind !== 'frozenset' &&
        !v.kind.startsWith('dict_')
      ) {
        throw typeError(
          i.step.kind === 'none' || (isIntLike(i.step) && big(i.step) === 1n) ? 'can only assign an iterable' : 'must assign iterable to extended slice',
        );
      }
      const items = toArray(v);
      if (b.step === 1) {
        const stop = Math.max(b.start, b.start + b.n);
        budget.items(c.items.length - b.n + items.length);
        c.items.splice(b.start, stop - b.start, ...items);
        return;
      }
      if (items.length !== b.n) {
        throw valueError(`attempt to assign sequence of size ${items.length} to extended slice of size ${b.n}`);
      }
      for (let k = 0, j = b.start; k < b.n; k++, j += b.step) c.items[j] = items[k]!;
      return;
    }
    const what = (): string => `list indices must be integers or slices, not ${typeName(i)}`;
    let x = index(i, what);
    if (x < 0n) x += BigInt(c.items.length);
    if (x < 0n || x >= BigInt(c.items.length)) throw indexError('list assignment index out of range');
    c.items[Number(x)] = v;
    return;
  }
  if (c.kind === 'dict') {
    c.store.set(i, v);
    return;
  }
  if (c.kind === 'opaque') throw refuseOpaque(c, 'what assigning to its items does');
  throw typeError(`'${typeName(c)}' object does not support item assignment`);
}

export function delItem(c: Value, i: Value): void {
  budget.tick();
  if (c.kind === 'list') {
    if (i.kind === 'slice') {
      const b = sliceBounds(i, c.items.length);
      if (b.step === 1) {
        c.items.splice(b.start, b.n);
        return;
      }
      const drop = new Set<number>();
      for (let k = 0, j = b.start; k < b.n; k++, j += b.step) drop.add(j);
      c.items = c.items.filter((_, j) => !drop.has(j));
      return;
    }
    const what = (): string => `list indices must be integers or slices, not ${typeName(i)}`;
    let x = index(i, what);
    if (x < 0n) x += BigInt(c.items.length);
    if (x < 0n || x >= BigInt(c.items.length)) throw indexError('list assignment index out of range');
    c.items.splice(Number(x), 1);
    return;
  }
  if (c.kind === 'dict') {
    if (c.store.delete(i) === undefined) throw keyError(keyErrorText(i));
    return;
  }
  if (c.kind === 'opaque') throw refuseOpaque(c, 'what deleting its items does');
  throw typeError(`'${typeName(c)}' object doesn't support item deletion`);
}
