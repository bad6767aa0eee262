// Subscripts: indexing, slicing, item assignment and deletion on builtin
// values (PySlice_GetIndicesEx and each type's mp_/sq_ slots).

import { rangeLength } from './hash.js';
import { budget } from './limits.js';
import { big, index, indexError, isIntLike, keyError, toArray } from './object.js';
import { collectionsHooks as coll } from './modules/collections-hooks.js';
import { chars } from './text.js';
import { Refusal, pyInt, pyList, pyStr, pyTuple, refuseOpaque, typeError, typeName, valueError, type SliceV, type Value } from './value.js';

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
      ? budget.pythonMinor < 11
        ? 'string indices must be integers'
        : `string indices must be integers, not '${typeName(i)}'`
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
      const v = c.store.get(i) ?? (c.sub ? coll.missing(c, i) : undefined);
      if (v === undefined) throw Object.assign(keyError(keyErrorText(i)), { key: i });
      return v;
    }
    case 'deque':
      return coll.dequeGet(c, i);
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
  if (c.kind === 'deque') {
    coll.dequeSet(c, i, v);
    return;
  }
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
    // Counter's __delitem__ ignores a missing key
    if (c.store.delete(i) === undefined && c.sub?.type !== 'Counter') throw keyError(keyErrorText(i));
    return;
  }
  if (c.kind === 'deque') {
    coll.dequeDel(c, i);
    return;
  }
  if (c.kind === 'opaque') throw refuseOpaque(c, 'what deleting its items does');
  throw typeError(`'${typeName(c)}' object doesn't support item deletion`);
}
