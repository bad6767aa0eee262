// The builtin types called as constructors: int(), str(), list(), dict(),
// range(), map(), filter()... Each type's parsing and conversion rules live in
// its own file under types/; this table only binds names to them.

import { DictStore } from '../containers.js';
import { budget } from '../limits.js';
import { iterate, toArray, truthy } from '../object.js';
import { collectionsTypeOf } from '../modules/collections.js';
import { str } from '../repr.js';
import { bytesImpl, decode } from '../types/bytes.js';
import { dictUpdate } from '../types/dict.js';
import { toFloat } from '../types/float.js';
import { toInt } from '../types/int.js';
import { rangeImpl } from '../types/range.js';
import { newSet } from '../types/set.js';
import { NONE, pyBool, pyFloat, pyInt, pyList, pyStr, pyTuple, pyType, refuseOpaque, typeError, typeName, type Value } from '../value.js';
import { enumerateImpl, reversedImpl, zipImpl } from './iterators.js';
import { INF, makeIter, type Fn } from './signature.js';

export const TYPE_CONSTRUCTORS: Record<string, Fn> = {
  int: { min: 0, max: 2, kw: ['base'], label: 'int', impl: (a, kw) => (a.length ? toInt(a[0]!, a[1] ?? kw.get('base')) : pyInt(0n)) },
  float: { min: 0, max: 1, impl: (a) => (a.length ? toFloat(a[0]!) : pyFloat(0)) },
  str: {
    min: 0,
    max: 3,
    kw: ['object', 'encoding', 'errors'],
    impl: (a, kw) => {
      const v = a[0] ?? kw.get('object');
      const enc = a[1] ?? kw.get('encoding');
      if (v === undefined) return pyStr('');
      if (enc !== undefined) {
        if (enc.kind !== 'str') throw typeError(`str() argument ${budget.pythonMinor < 10 ? '2' : "'encoding'"} must be str, not ${typeName(enc)}`);
        if (v.kind !== 'bytes') throw typeError(`decoding to str: need a bytes-like object, ${typeName(v)} found`);
        return decode(v.v, enc.v);
      }
      return pyStr(str(v));
    },
  },
  bool: { min: 0, max: 1, impl: (a) => pyBool(a.length ? truthy(a[0]!) : false) },
  bytes: { min: 0, max: 3, kw: ['source', 'encoding', 'errors'], impl: (a, kw) => bytesImpl(a, kw) },
  list: { min: 0, max: 1, impl: (a) => pyList(a.length ? toArray(a[0]!) : []) },
  tuple: { min: 0, max: 1, impl: (a) => (a.length && a[0]!.kind === 'tuple' ? a[0]! : pyTuple(a.length ? toArray(a[0]!) : [])) },
  dict: {
    min: 0,
    max: 1,
    kw: ['*'],
    impl: (a, kw, ctx) => {
      const store = new DictStore();
      dictUpdate(store, a[0], kw, ctx);
      return { kind: 'dict', store };
    },
  },
  set: { min: 0, max: 1, impl: (a) => newSet('set', a[0]) },
  frozenset: { min: 0, max: 1, impl: (a) => (a[0]?.kind === 'frozenset' ? a[0] : newSet('frozenset', a[0])) },
  range: { min: 1, max: 3, impl: rangeImpl },
  slice: {
    min: 1,
    max: 3,
    impl: (a) => {
      if (a.length === 1) return { kind: 'slice', start: NONE, stop: a[0]!, step: NONE };
      return { kind: 'slice', start: a[0]!, stop: a[1]!, step: a[2] ?? NONE };
    },
  },
  type: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      if (v!.kind === 'opaque') throw refuseOpaque(v!, 'its type');
      return collectionsTypeOf(v!) ?? pyType(typeName(v!));
    },
  },
  enumerate: { min: 0, max: 2, kw: ['iterable', 'start'], impl: enumerateImpl },
  zip: { min: 0, max: INF, kw: ['strict'], impl: zipImpl },
  reversed: { min: 1, max: 1, expected: true, impl: ([v]) => reversedImpl(v!) },
  map: {
    min: 2,
    max: INF,
    impl: (a, _kw, ctx) => {
      const f = a[0]!;
      const its = a.slice(1).map(iterate);
      function* gen(): Generator<Value> {
        for (;;) {
          const row: Value[] = [];
          for (const it of its) {
            const r = it.next();
            if (r.done) return;
            row.push(r.value);
          }
          yield ctx.call(f, row);
        }
      }
      return makeIter('map', gen());
    },
  },
  filter: {
    min: 2,
    max: 2,
    impl: ([f, src], _kw, ctx) => {
      const it = iterate(src!);
      function* gen(): Generator<Value> {
        for (let r = it.next(); !r.done; r = it.next()) {
          const keep = f!.kind === 'none' ? truthy(r.value) : truthy(ctx.call(f!, [r.value]));
          if (keep) yield r.value;
        }
      }
      return makeIter('filter', gen());
    },
  },
};
