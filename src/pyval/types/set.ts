// set and frozenset methods (setobject.c). frozenset has the non-mutating
// subset; construction order follows containers.ts's simulated hash table.

import { INF, m, type Method } from '../builtins/signature.js';
import { SetStore } from '../containers.js';
import { budget } from '../limits.js';
import { isSetLike, iterate, keyError, order } from '../object.js';
import { repr } from '../repr.js';
import { FALSE, NONE, TRUE, pyBool, type DictV, type SetV, type Value } from '../value.js';
import { differenceUpdate, setOp, symmetricDifferenceUpdate, updateSet } from './set-algebra.js';

export function newSet(kind: 'set' | 'frozenset', from?: Value): SetV {
  const store = new SetStore();
  if (from) updateSet(store, from);
  return { kind, store };
}

const SS = (self: Value): SetV => self as SetV;

/** set_intersection_multi: a copy, intersected with each argument in turn. */
function intersectionMulti(self: SetV, others: Value[]): SetV {
  let r: SetV = { kind: self.kind, store: self.store.copy() };
  for (const o of others) {
    if (isSetLike(o)) r = setOp('&', r, o, self.kind);
    else {
      const store = new SetStore();
      const it = iterate(o);
      for (let x = it.next(); !x.done; x = it.next()) if (r.store.has(x.value)) store.add(x.value);
      r = { kind: self.kind, store };
    }
  }
  return r;
}

/** set_difference(so, other) for any iterable `other`. */
function setDifference(self: SetV, other: Value): SetV {
  if (isSetLike(other)) return setOp('-', self, other, self.kind);
  const otherSize = other.kind === 'dict' ? other.store.size : -1;
  if (otherSize < 0 || self.store.size >> 2 > otherSize) {
    const store = self.store.copy();
    differenceUpdate(store, other);
    return { kind: self.kind, store };
  }
  const store = new SetStore();
  for (const x of self.store.values()) if (!(other as DictV).store.has(x)) store.add(x);
  return { kind: self.kind, store };
}

function asSetArg(v: Value): SetV {
  if (isSetLike(v)) return v;
  return newSet('set', v);
}

/** set_remove/set_discard/set_contains look a set up as the frozenset of its items. */
const asKey = (x: Value): Value => (x.kind === 'set' ? { kind: 'frozenset', store: x.store } : x);

export const SET_METHODS: Record<string, Method> = {
  union: m(0, INF, (s, a) => {
    const store = SS(s).store.copy();
    for (const o of a) updateSet(store, o);
    return { kind: SS(s).kind, store };
  }),
  intersection: m(0, INF, (s, a) => intersectionMulti(SS(s), a)),
  difference: m(0, INF, (s, a) => {
    if (!a.length) return { kind: SS(s).kind, store: SS(s).store.copy() };
    const r = setDifference(SS(s), a[0]!);
    for (const o of a.slice(1)) differenceUpdate(r.store, o);
    return r;
  }),
  symmetric_difference: m(
    1,
    1,
    (s, [o]) => {
      // set_symmetric_difference: a new set from the argument, updated with self.
      const store = new SetStore();
      updateSet(store, o!);
      symmetricDifferenceUpdate(store, SS(s));
      return { kind: SS(s).kind, store };
    },
    { label: 'symmetric_difference' },
  ),
  issubset: m(1, 1, (s, [o]) => pyBool(order('<=', SS(s), asSetArg(o!))), { label: 'issubset' }),
  issuperset: m(1, 1, (s, [o]) => pyBool(order('>=', SS(s), asSetArg(o!))), { label: 'issuperset' }),
  isdisjoint: m(
    1,
    1,
    (s, [o]) => {
      const it = iterate(o!);
      for (let x = it.next(); !x.done; x = it.next()) if (SS(s).store.has(x.value)) return FALSE;
      return TRUE;
    },
    { label: 'isdisjoint' },
  ),
  copy: m(0, 0, (s) => ({ kind: SS(s).kind, store: SS(s).store.copy() })),
  add: m(
    1,
    1,
    (s, [x]) => {
      SS(s).store.add(x!);
      budget.items(SS(s).store.size);
      return NONE;
    },
    { mutates: true, label: 'set.add' },
  ),
  remove: m(
    1,
    1,
    (s, [x]) => {
      if (!SS(s).store.discard(asKey(x!))) throw keyError(repr(x!));
      return NONE;
    },
    { mutates: true, label: 'set.remove' },
  ),
  discard: m(
    1,
    1,
    (s, [x]) => {
      SS(s).store.discard(asKey(x!));
      return NONE;
    },
    { mutates: true, label: 'set.discard' },
  ),
  pop: m(
    0,
    0,
    (s) => {
      const v = SS(s).store.pop();
      if (v === undefined) throw keyError("'pop from an empty set'");
      return v;
    },
    { mutates: true },
  ),
  clear: m(
    0,
    0,
    (s) => {
      SS(s).store.clear();
      return NONE;
    },
    { mutates: true },
  ),
  update: m(
    0,
    INF,
    (s, a) => {
      for (const o of a) updateSet(SS(s).store, o);
      return NONE;
    },
    { mutates: true },
  ),
  intersection_update: m(
    0,
    INF,
    (s, a) => {
      SS(s).store.replaceWith(intersectionMulti(SS(s), a).store);
      return NONE;
    },
    { mutates: true },
  ),
  difference_update: m(
    0,
    INF,
    (s, a) => {
      for (const o of a) differenceUpdate(SS(s).store, o);
      return NONE;
    },
    { mutates: true },
  ),
  symmetric_difference_update: m(
    1,
    1,
    (s, [o]) => {
      symmetricDifferenceUpdate(SS(s).store, o!);
      return NONE;
    },
    { mutates: true, label: 'symmetric_difference_update' },
  ),
};

export const FROZENSET_METHODS: Record<string, Method> = Object.fromEntries(Object.entries(SET_METHODS).filter(([, v]) => !v.mutates));
