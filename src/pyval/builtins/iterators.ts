// The builtins that make iterators: zip, enumerate, reversed, iter's
// type names. Lazy, as in CPython: each is consumed once.

import { rangeLength } from '../hash.js';
import { budget } from '../limits.js';
import { iterate, toArray, truthy } from '../object.js';
import { pyInt, pyTuple, refuseOpaque, typeError, typeName, valueError, type Value } from '../value.js';
import { asIntArg, makeIter } from './signature.js';

export function zipImpl(args: Value[], kw: Map<string, Value>): Value {
  if (kw.size && budget.pythonMinor < 10) throw typeError('zip() takes no keyword arguments');
  const strict = kw.has('strict') && truthy(kw.get('strict')!);
  const its = args.map(iterate);
  function* gen(): Generator<Value> {
    if (!its.length) return;
    for (;;) {
      const row: Value[] = [];
      for (let i = 0; i < its.length; i++) {
        const r = its[i]!.next();
        if (r.done) {
          if (strict) {
            if (i > 0) throw valueError(`zip() argument ${i + 1} is shorter than argument${i > 1 ? 's 1-' + i : ' 1'}`);
            for (let j = 1; j < its.length; j++) {
              if (!its[j]!.next().done) throw valueError(`zip() argument ${j + 1} is longer than argument${j > 1 ? 's 1-' + j : ' 1'}`);
            }
          }
          return;
        }
        row.push(r.value);
      }
      budget.tick();
      yield pyTuple(row);
    }
  }
  return makeIter('zip', gen());
}

export function enumerateImpl(args: Value[], kw: Map<string, Value>): Value {
  const src = args[0] ?? kw.get('iterable');
  if (!src) throw typeError("enumerate() missing required argument 'iterable'");
  const startV = args[1] ?? kw.get('start');
  let i = startV ? asIntArg(startV) : 0n;
  const it = iterate(src);
  function* gen(): Generator<Value> {
    for (let r = it.next(); !r.done; r = it.next()) yield pyTuple([pyInt(i++), r.value]);
  }
  return makeIter('enumerate', gen());
}

export function reversedImpl(v: Value): Value {
  switch (v.kind) {
    case 'list': {
      const items = v.items;
      function* gen(): Generator<Value> {
        for (let i = items.length - 1; i >= 0; i--) {
          budget.tick();
          if (i < items.length) yield items[i]!;
        }
      }
      return makeIter('list_reverseiterator', gen());
    }
    case 'tuple':
    case 'str':
    case 'bytes':
      return makeIter('reversed', toArray(v).reverse()[Symbol.iterator]());
    case 'range': {
      const n = rangeLength(v.start, v.stop, v.step);
      const last = v.start + (n - 1n) * v.step;
      return makeIter('range_iterator', iterate({ kind: 'range', start: last, stop: v.start - v.step, step: -v.step }));
    }
    case 'dict':
    case 'dict_keys':
      return makeIter('dict_reversekeyiterator', (v.kind === 'dict' ? v : v.dict).store.keys().reverse()[Symbol.iterator]());
    case 'dict_values':
      return makeIter('dict_reversevalueiterator', v.dict.store.values().reverse()[Symbol.iterator]());
    case 'dict_items':
      return makeIter(
        'dict_reverseitemiterator',
        v.dict.store
          .entries()
          .reverse()
          .map(([k, x]) => pyTuple([k, x]))
          [Symbol.iterator](),
      );
    case 'opaque':
      throw refuseOpaque(v, 'reversed() of it');
    default:
      throw typeError(`'${typeName(v)}' object is not reversible`);
  }
}

export function iterTypeName(v: Value): string {
  switch (v.kind) {
    case 'list':
      return 'list_iterator';
    case 'tuple':
      return 'tuple_iterator';
    case 'str':
      return /^[\x00-\x7f]*$/.test(v.v) ? 'str_ascii_iterator' : 'str_iterator';
    case 'bytes':
      return 'bytes_iterator';
    case 'dict':
    case 'dict_keys':
      return 'dict_keyiterator';
    case 'dict_values':
      return 'dict_valueiterator';
    case 'dict_items':
      return 'dict_itemiterator';
    case 'set':
    case 'frozenset':
      return 'set_iterator';
    case 'range':
      return 'range_iterator';
    default:
      return 'iterator';
  }
}
