// Set algebra with CPython's construction order: update, difference,
// symmetric difference, the set a dict view makes, the operators on sets and
// dict views (setobject.c, dictobject.c's dictviews_*). See containers.ts for
// the table itself.

import { SetStore } from '../containers.js';
import { budget } from '../limits.js';
import { contains, isSetLike, isView, iterate, length } from '../object.js';
import { PyError, unsupported, type SetStorage, type SetV, type Value } from '../value.js';

/** set_update_internal: add an iterable's items to a set, as CPython orders them. */
export function updateSet(store: SetStorage, other: Value): void {
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

/** The set of a keys or items view (dictviews_to_set), or a copy of a set, or a set of an iterable. */
export function viewAsSet(v: Value): SetV {
  const store = new SetStore();
  updateSet(store, v.kind === 'dict_keys' ? v.dict : v);
  return { kind: 'set', store };
}

/** set_intersection(so, other) for two sets: iterate the smaller, probe the larger. */
function intersectStores(a: SetStorage, b: SetStorage): SetStore {
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
export function differenceUpdate(store: SetStorage, other: Value): void {
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
export function symmetricDifferenceUpdate(store: SetStorage, other: Value): void {
  let o: SetStorage;
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

/** Set algebra with CPython's construction order (see containers.ts). */
export function setOp(op: '|' | '&' | '-' | '^', a: SetV, b: SetV, kind: 'set' | 'frozenset' = a.kind): SetV {
  let store: SetStorage;
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

export function setOperator(op: '|' | '&' | '-' | '^', a: Value, b: Value): Value {
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
