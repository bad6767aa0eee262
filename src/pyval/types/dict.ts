// dict's methods (dictobject.c), dict(...)/update's argument rules, and the
// methods of dict views.

import { m, type Ctx, type Method } from '../builtins/signature.js';
import { DictStore } from '../containers.js';
import { budget } from '../limits.js';
import { iterate, keyError, toArray } from '../object.js';
import { viewAsSet } from './set-algebra.js';
import { repr } from '../repr.js';
import { FALSE, NONE, PyError, TRUE, pyStr, pyTuple, refuseOpaque, typeError, valueError, type DictStorage, type DictV, type Value } from '../value.js';

export function dictUpdate(d: DictStorage, other: Value | undefined, kw: Map<string, Value>, ctx: Ctx, fname = 'dict'): void {
  void ctx;
  if (other !== undefined) {
    if (other.kind === 'dict') for (const [k, v] of other.store.entries()) d.set(k, v);
    else {
      if (other.kind === 'opaque') throw refuseOpaque(other, `${fname}() of it`);
      let i = 0;
      const it = iterate(other);
      for (let r = it.next(); !r.done; r = it.next(), i++) {
        let kv: Value[];
        try {
          kv = toArray(r.value);
        } catch (e) {
          if (e instanceof PyError && e.type === 'TypeError') {
            throw typeError(`cannot convert dictionary update sequence element #${i} to a sequence`);
          }
          throw e;
        }
        if (kv.length !== 2) throw valueError(`dictionary update sequence element #${i} has length ${kv.length}; 2 is required`);
        d.set(kv[0]!, kv[1]!);
      }
    }
  }
  for (const [k, v] of kw) d.set(pyStr(k), v);
  budget.items(d.size);
}

const D = (self: Value): DictStorage => (self as DictV).store;

export const DICT_METHODS: Record<string, Method> = {
  get: m(1, 2, (s, [k, d]) => D(s).get(k!) ?? d ?? NONE),
  keys: m(0, 0, (s) => ({ kind: 'dict_keys', dict: s as DictV })),
  values: m(0, 0, (s) => ({ kind: 'dict_values', dict: s as DictV })),
  items: m(0, 0, (s) => ({ kind: 'dict_items', dict: s as DictV })),
  copy: m(0, 0, (s) => ({ kind: 'dict', store: D(s).copy() })),
  fromkeys: m(
    1,
    2,
    (_s, [it, v]) => {
      const store = new DictStore();
      const its = iterate(it!);
      for (let r = its.next(); !r.done; r = its.next()) store.set(r.value, v ?? NONE);
      budget.items(store.size);
      return { kind: 'dict', store };
    },
    { classmethod: true },
  ),
  pop: m(
    1,
    2,
    (s, [k, d]) => {
      // An empty dict answers the default before hashing the key.
      if (D(s).size === 0 && d !== undefined) return d;
      const v = D(s).delete(k!);
      if (v !== undefined) return v;
      if (d !== undefined) return d;
      throw keyError(repr(k!));
    },
    { mutates: true },
  ),
  popitem: m(
    0,
    0,
    (s) => {
      const kv = D(s).popLast();
      if (!kv) throw keyError("'popitem(): dictionary is empty'");
      return pyTuple(kv);
    },
    { mutates: true },
  ),
  setdefault: m(
    1,
    2,
    (s, [k, d]) => {
      const v = D(s).get(k!);
      if (v !== undefined) return v;
      D(s).set(k!, d ?? NONE);
      return d ?? NONE;
    },
    { mutates: true },
  ),
  update: m(
    0,
    1,
    (s, a, kw, ctx) => {
      dictUpdate(D(s), a[0], kw, ctx);
      return NONE;
    },
    { mutates: true, kw: ['*'] },
  ),
  clear: m(
    0,
    0,
    (s) => {
      D(s).clear();
      return NONE;
    },
    { mutates: true },
  ),
};

export const VIEW_METHODS: Record<string, Method> = {
  isdisjoint: m(1, 1, (s, [o]) => {
    const me = viewAsSet(s);
    const it = iterate(o!);
    for (let x = it.next(); !x.done; x = it.next()) if (me.store.has(x.value)) return FALSE;
    return TRUE;
  }),
};
