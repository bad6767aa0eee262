// list and tuple methods (listobject.c, tupleobject.c), and the keyed sort
// behind list.sort and sorted().

import { INF, asIntArg, indexNotNone, ssizeArg, m, type Ctx, type Method } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { eqItem, indexError, lt, toArray } from '../object.js';
import { repr } from '../repr.js';
import { NONE, pyInt, pyList, typeError, valueError, type Value } from '../value.js';
import { pySort } from './list-sort.js';

/** Materialise an iterable as keys via a key function (or identity). */
function keyed(items: Value[], key: Value | undefined, ctx: Ctx): { item: Value; key: Value }[] {
  return items.map((item) => ({ item, key: key && key.kind !== 'none' ? ctx.call(key, [item]) : item }));
}

/** sort's `reverse` is parsed as an int ('p' would take any object; it is 'i'). */
export function reverseArg(v: Value | undefined): boolean {
  if (v === undefined) return false;
  if (v.kind === 'float') throw typeError("'float' object cannot be interpreted as an integer");
  return asIntArg(v) !== 0n;
}

export function sortValues(items: Value[], key: Value | undefined, reverse: boolean, ctx: Ctx): Value[] {
  const ks = keyed(items, key, ctx);
  if (reverse) ks.reverse();
  pySort(ks, (a, b) => lt(a.key, b.key));
  if (reverse) ks.reverse();
  return ks.map((k) => k.item);
}

const L = (self: Value): Value[] => (self as { items: Value[] }).items;

function seqIndexOf(items: readonly Value[], x: Value, a: Value[]): number {
  const n = items.length;
  let start = indexNotNone(a[1], 0);
  let stop = indexNotNone(a[2], n);
  if (start < 0) start = Math.max(0, start + n);
  if (stop < 0) stop = Math.max(0, stop + n);
  for (let i = start; i < Math.min(stop, items.length); i++) {
    budget.tick();
    if (eqItem(items[i]!, x)) return i;
  }
  return -1;
}

export const LIST_METHODS: Record<string, Method> = {
  index: m(1, 3, (s, a) => {
    const i = seqIndexOf(L(s), a[0]!, a);
    if (i < 0) throw valueError(`${repr(a[0]!)} is not in list`);
    return pyInt(i);
  }),
  count: m(1, 1, (s, [x]) => pyInt(L(s).filter((y) => eqItem(y, x!)).length), { label: 'list.count' }),
  copy: m(0, 0, (s) => pyList(L(s).slice())),
  append: m(
    1,
    1,
    (s, [x]) => {
      budget.items(L(s).length + 1);
      L(s).push(x!);
      return NONE;
    },
    { mutates: true, label: 'list.append' },
  ),
  extend: m(
    1,
    1,
    (s, [x]) => {
      const more = toArray(x!);
      budget.items(L(s).length + more.length);
      L(s).push(...more);
      return NONE;
    },
    { mutates: true, label: 'list.extend' },
  ),
  insert: m(
    2,
    2,
    (s, [i, x]) => {
      const items = L(s);
      let k = Number(ssizeArg(i!));
      if (k < 0) k = Math.max(0, k + items.length);
      items.splice(Math.min(k, items.length), 0, x!);
      return NONE;
    },
    { mutates: true },
  ),
  pop: m(
    0,
    1,
    (s, a) => {
      const items = L(s);
      // The index is converted before the list is looked at.
      const big = a.length ? ssizeArg(a[0]!) : -1n;
      if (!items.length) throw indexError('pop from empty list');
      let k = Number(big);
      if (k < 0) k += items.length;
      if (k < 0 || k >= items.length) throw indexError('pop index out of range');
      return items.splice(k, 1)[0]!;
    },
    { mutates: true },
  ),
  remove: m(
    1,
    1,
    (s, [x]) => {
      const i = seqIndexOf(L(s), x!, []);
      if (i < 0) throw valueError('list.remove(x): x not in list');
      L(s).splice(i, 1);
      return NONE;
    },
    { mutates: true, label: 'list.remove' },
  ),
  clear: m(
    0,
    0,
    (s) => {
      L(s).length = 0;
      return NONE;
    },
    { mutates: true },
  ),
  reverse: m(
    0,
    0,
    (s) => {
      L(s).reverse();
      return NONE;
    },
    { mutates: true },
  ),
  sort: m(
    0,
    INF,
    (s, a, kw, ctx) => {
      if (a.length) throw typeError('sort() takes no positional arguments');
      const sorted = sortValues(L(s).slice(), kw.get('key'), reverseArg(kw.get('reverse')), ctx);
      L(s).splice(0, L(s).length, ...sorted);
      return NONE;
    },
    { mutates: true, kw: ['key', 'reverse'], label: 'sort' },
  ),
};

export const TUPLE_METHODS: Record<string, Method> = {
  index: m(1, 3, (s, a) => {
    const i = seqIndexOf(L(s), a[0]!, a);
    if (i < 0) throw valueError('tuple.index(x): x not in tuple');
    return pyInt(i);
  }),
  count: m(1, 1, (s, [x]) => pyInt(L(s).filter((y) => eqItem(y, x!)).length), { label: 'tuple.count' }),
};
