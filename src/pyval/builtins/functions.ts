// The builtin functions (bltinmodule.c): len, min/max, sorted, sum, round,
// divmod, isinstance, chr/ord, format, print... The type constructors live in
// constructors.ts, the iterator builtins in iterators.ts.

import { collectionsIsinstance } from '../modules/collections.js';
import { asciiOf, formatSpec } from '../format.js';
import { budget } from '../limits.js';
import { getHashSeedKnown, hashKey, pyHash } from '../hash.js';
import { absBig, floatDivmod, intFloorDiv, intMod, modPow, overflow, roundFloat } from '../numbers.js';
import { big, isIntLike, isNumber, iterate, length, order, toArray, toF, truthy } from '../object.js';
import { binop } from '../ops.js';
import { repr, str } from '../repr.js';
import { cpLen } from '../text.js';
import { reverseArg, sortValues } from '../types/list.js';
import {
  FALSE,
  NONE,
  PyError,
  Refusal,
  TRUE,
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
  type Value,
} from '../value.js';
import { iterTypeName } from './iterators.js';
import { INF, argStr, asIntArg, makeIter, type Ctx, type Fn } from './signature.js';

function minmax(name: 'min' | 'max', args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  for (const k of kw.keys()) {
    if (k !== 'key' && k !== 'default') {
      throw typeError(budget.pythonMinor >= 13 ? `${name}() got an unexpected keyword argument '${k}'` : `'${k}' is an invalid keyword argument for ${name}()`);
    }
  }
  if (args.length === 0) throw typeError(`${name} expected at least 1 argument, got 0`);
  const key = kw.get('key');
  const dflt = kw.get('default');
  let items: Value[];
  if (args.length === 1) items = toArray(args[0]!);
  else {
    if (dflt !== undefined) throw typeError(`Cannot specify a default for ${name}() with multiple positional arguments`);
    items = args;
  }
  if (!items.length) {
    if (dflt !== undefined) return dflt;
    throw valueError(budget.pythonMinor >= 12 ? `${name}() iterable argument is empty` : `${name}() arg is an empty sequence`);
  }
  let best = items[0]!;
  let bestKey = key && key.kind !== 'none' ? ctx.call(key, [best]) : best;
  for (const item of items.slice(1)) {
    const k = key && key.kind !== 'none' ? ctx.call(key, [item]) : item;
    if (order(name === 'max' ? '>' : '<', k, bestKey)) {
      best = item;
      bestKey = k;
    }
  }
  return best;
}

function roundImpl(args: Value[]): Value {
  const [x, nd] = args as [Value, Value | undefined];
  const hasNd = nd !== undefined && nd.kind !== 'none';
  if (isIntLike(x)) {
    if (!hasNd) return pyInt(big(x));
    const n = asIntArg(nd!);
    if (n >= 0n) return pyInt(big(x));
    const p = 10n ** -n;
    // Round half to even on the integer.
    const v = big(x);
    const q = intFloorDiv(v, p);
    const r = v - q * p;
    const twice = 2n * r;
    const up = twice > p || (twice === p && (q & 1n) === 1n);
    return pyInt((up ? q + 1n : q) * p);
  }
  if (x.kind === 'float') {
    if (!hasNd) {
      if (Number.isNaN(x.v)) throw valueError('cannot convert float NaN to integer');
      if (!Number.isFinite(x.v)) throw overflow('cannot convert float infinity to integer');
      const f = Math.floor(x.v);
      const diff = x.v - f;
      let r = diff > 0.5 || (diff === 0.5 && f % 2 !== 0) ? f + 1 : f;
      if (r === 0) r = 0;
      return pyInt(BigInt(r));
    }
    const n = asIntArg(nd!);
    return pyFloat(roundFloat(x.v, Number(n < -400n ? -400n : n > 400n ? 400n : n)));
  }
  if (x.kind === 'opaque') throw refuseOpaque(x, 'round() of it');
  throw typeError(`type ${typeName(x)} doesn't define __round__ method`);
}

function divmodImpl(a: Value, b: Value): Value {
  if (isNumber(a) && isNumber(b)) {
    if (a.kind !== 'float' && b.kind !== 'float') {
      const x = big(a);
      const y = big(b);
      if (y === 0n) throw new PyError('ZeroDivisionError', 'integer division or modulo by zero');
      return pyTuple([pyInt(intFloorDiv(x, y)), pyInt(intMod(x, y, true))]);
    }
    const [q, r] = floatDivmod(toF(a), toF(b), 'divmod');
    return pyTuple([pyFloat(q), pyFloat(r)]);
  }
  if (a.kind === 'opaque') throw refuseOpaque(a, 'divmod() of it');
  if (b.kind === 'opaque') throw refuseOpaque(b, 'divmod() of it');
  throw typeError(`unsupported operand type(s) for divmod(): '${typeName(a)}' and '${typeName(b)}'`);
}

function isinstanceImpl(v: Value, t: Value): boolean {
  if (t.kind === 'tuple') return t.items.some((x) => isinstanceImpl(v, x));
  // a namedtuple instance against its class (the program's own objects are the evaluator's: evaluator/object-builtins.ts)
  if (t.kind === 'class' && v.kind === 'tuple') return v.cls?.mro.includes(t) === true;
  if (t.kind !== 'type')
    throw typeError(
      budget.pythonMinor < 10 ? 'isinstance() arg 2 must be a type or tuple of types' : 'isinstance() arg 2 must be a type, a tuple of types, or a union',
    );
  if (t.name === 'object') return true;
  if (v.kind === 'opaque') throw refuseOpaque(v, 'its type');
  const coll = collectionsIsinstance(v, t);
  if (coll !== undefined) return coll;
  const name = typeName(v);
  if (name === t.name) return true;
  if (t.name === 'int' && v.kind === 'bool') return true;
  return false;
}

function chrImpl(v: Value): Value {
  if (budget.pythonMinor < 10 && !isIntLike(v) && v.kind !== 'float') throw typeError(`an integer is required (got type ${typeName(v)})`);
  const n = asIntArg(v);
  if (n < 0n || n > 0x10ffffn) throw valueError('chr() arg not in range(0x110000)');
  return pyStr(String.fromCodePoint(Number(n)));
}

function ordImpl(v: Value): Value {
  if (v.kind === 'str') {
    const n = cpLen(v.v);
    if (n !== 1) throw typeError(`ord() expected a character, but string of length ${n} found`);
    return pyInt(v.v.codePointAt(0)!);
  }
  if (v.kind === 'bytes') {
    if (v.v.length !== 1) throw typeError(`ord() expected a character, but string of length ${v.v.length} found`);
    return pyInt(v.v[0]!);
  }
  throw typeError(`ord() expected string of length 1, but ${typeName(v)} found`);
}

function radix(prefix: string, base: number) {
  return (a: Value[]): Value => {
    const n = asIntArg(a[0]!);
    return pyStr((n < 0n ? '-' : '') + prefix + absBig(n).toString(base));
  };
}

function printImpl(args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  if (kw.has('file') && kw.get('file')!.kind !== 'none') throw new Refusal('print() to a file is not allowed');
  const sepV = kw.get('sep');
  const endV = kw.get('end');
  const sep = sepV === undefined || sepV.kind === 'none' ? ' ' : argStr(sepV, () => `sep must be None or a string, not ${typeName(sepV)}`);
  const end = endV === undefined || endV.kind === 'none' ? '\n' : argStr(endV, () => `end must be None or a string, not ${typeName(endV)}`);
  ctx.write(args.map((a) => str(a)).join(sep) + end);
  return NONE;
}

function sumImpl(args: Value[], kw: Map<string, Value>): Value {
  if (args.length === 0) throw typeError('sum() takes at least 1 positional argument (0 given)');
  let acc = args[1] ?? kw.get('start') ?? pyInt(0n);
  if (acc.kind === 'str') throw typeError("sum() can't sum strings [use ''.join(seq) instead]");
  if (acc.kind === 'bytes') throw typeError("sum() can't sum bytes [use b''.join(seq) instead]");
  const it = iterate(args[0]!);
  // Floats are summed with compensation in CPython 3.12+, plainly in 3.11.
  for (let r = it.next(); !r.done; r = it.next()) acc = binop('+', acc, r.value);
  return acc;
}

function hashImpl(v: Value): Value {
  hashKey(v); // raises for unhashable values
  const h = pyHash(v);
  if (h === null) {
    if (v.kind === 'str' || v.kind === 'bytes') {
      throw new Refusal(getHashSeedKnown() ? 'its hash is not known' : "the hash of a str depends on the program's PYTHONHASHSEED, which is not known");
    }
    throw new Refusal(`the hash of a ${typeName(v)} depends on memory addresses`);
  }
  return pyInt(h);
}

function callableImpl(v: Value): boolean {
  switch (v.kind) {
    case 'builtin':
    case 'type':
    case 'method':
    case 'function':
      return true;
    case 'opaque':
      if (/^<(function|bound method|built-in|class|method|lambda)/.test(v.text)) return true;
      throw refuseOpaque(v, 'whether it is callable');
    default:
      return false;
  }
}

// ---- the builtin functions ----

export const BUILTIN_FUNCTIONS: Record<string, Fn> = {
  len: { min: 1, max: 1, impl: ([v]) => pyInt(length(v!)) },
  abs: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      if (isIntLike(v!)) return pyInt(absBig(big(v!)));
      if (v!.kind === 'float') return pyFloat(Math.abs(v!.v));
      if (v!.kind === 'opaque') throw refuseOpaque(v!, 'abs() of it');
      throw typeError(`bad operand type for abs(): '${typeName(v!)}'`);
    },
  },
  min: { min: 0, max: INF, kw: ['*'], impl: (a, kw, ctx) => minmax('min', a, kw, ctx) },
  max: { min: 0, max: INF, kw: ['*'], impl: (a, kw, ctx) => minmax('max', a, kw, ctx) },
  sum: { min: 0, max: 2, kw: ['start'], impl: sumImpl, label: 'sum' },
  sorted: {
    min: 1,
    max: 1,
    kw: ['key', 'reverse'],
    expected: true,
    kwLabel: 'sort',
    impl: ([v], kw, ctx) => pyList(sortValues(toArray(v!), kw.get('key'), reverseArg(kw.get('reverse')), ctx)),
  },
  repr: { min: 1, max: 1, impl: ([v]) => pyStr(repr(v!)) },
  ascii: { min: 1, max: 1, impl: ([v]) => pyStr(asciiOf(v!)) },
  round: { min: 1, max: 2, kw: ['number', 'ndigits'], impl: (a, kw) => roundImpl([a[0] ?? kw.get('number')!, a[1] ?? kw.get('ndigits')!].filter(Boolean)) },
  divmod: { min: 2, max: 2, impl: ([a, b]) => divmodImpl(a!, b!) },
  pow: {
    min: 0,
    max: 3,
    kw: ['base', 'exp', 'mod'],
    label: 'pow',
    impl: (a, kw) => {
      const names = ['base', 'exp', 'mod'];
      const [x, y, m] = names.map((n, i) => {
        if (a[i] !== undefined && kw.has(n)) throw typeError(`argument for pow() given by name ('${n}') and position (${i + 1})`);
        return a[i] ?? kw.get(n);
      });
      for (const [i, v] of [x, y].entries()) if (v === undefined) throw typeError(`pow() missing required argument '${names[i]}' (pos ${i + 1})`);
      if (!x || !y) throw typeError('pow() missing required argument');
      if (m !== undefined && m.kind !== 'none') {
        if (![x, y, m].every(isNumber)) {
          const names = [x, y, m].map((v) => `'${typeName(v!)}'`).join(', ');
          throw typeError(`unsupported operand type(s) for ${budget.pythonMinor < 10 ? 'pow()' : '** or pow()'}: ${names}`);
        }
        if (!isIntLike(x) || !isIntLike(y) || !isIntLike(m)) throw typeError('pow() 3rd argument not allowed unless all arguments are integers');
        return pyInt(modPow(big(x), big(y), big(m)));
      }
      return binop('**', x, y);
    },
  },
  any: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      const it = iterate(v!);
      for (let r = it.next(); !r.done; r = it.next()) if (truthy(r.value)) return TRUE;
      return FALSE;
    },
  },
  all: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      const it = iterate(v!);
      for (let r = it.next(); !r.done; r = it.next()) if (!truthy(r.value)) return FALSE;
      return TRUE;
    },
  },
  isinstance: { min: 2, max: 2, impl: ([v, t]) => pyBool(isinstanceImpl(v!, t!)) },
  issubclass: {
    min: 2,
    max: 2,
    impl: ([c, t]) => {
      if (c!.kind !== 'type') throw typeError('issubclass() arg 1 must be a class');
      const check = (x: Value): boolean => {
        if (x.kind === 'tuple') return x.items.some(check);
        if (x.kind !== 'type') throw typeError('issubclass() arg 2 must be a class, a tuple of classes, or a union');
        return x.name === 'object' || x.name === (c as { name: string }).name || (x.name === 'int' && (c as { name: string }).name === 'bool');
      };
      return pyBool(check(t!));
    },
  },
  chr: { min: 1, max: 1, impl: ([v]) => chrImpl(v!) },
  ord: { min: 1, max: 1, impl: ([v]) => ordImpl(v!) },
  hex: { min: 1, max: 1, impl: radix('0x', 16) },
  oct: { min: 1, max: 1, impl: radix('0o', 8) },
  bin: { min: 1, max: 1, impl: radix('0b', 2) },
  format: {
    min: 1,
    max: 2,
    impl: ([v, spec]) => {
      const s = spec === undefined ? '' : argStr(spec, () => `format() argument 2 must be str, not ${typeName(spec)}`);
      return pyStr(formatSpec(v!, s));
    },
  },
  hash: { min: 1, max: 1, impl: ([v]) => hashImpl(v!) },
  callable: { min: 1, max: 1, impl: ([v]) => pyBool(callableImpl(v!)) },
  iter: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      if (v!.kind === 'iterator') return v!;
      return makeIter(iterTypeName(v!), iterate(v!));
    },
  },
  next: {
    min: 1,
    max: 2,
    impl: ([it, dflt]) => {
      if (it!.kind !== 'iterator') {
        if (it!.kind === 'opaque') throw refuseOpaque(it!, 'next() of it');
        throw typeError(`'${typeName(it!)}' object is not an iterator`);
      }
      const r = it!.it.next();
      if (r.done) {
        if (dflt !== undefined) return dflt;
        throw new PyError('StopIteration', '');
      }
      return r.value;
    },
  },
  getattr: {
    min: 2,
    max: 3,
    impl: ([v, name, dflt], _kw, ctx) => {
      const n = argStr(name!, () => "attribute name must be string, not '" + typeName(name!) + "'");
      try {
        return ctx.getattr(v!, n);
      } catch (e) {
        if (dflt !== undefined && e instanceof PyError && e.type === 'AttributeError') return dflt;
        throw e;
      }
    },
  },
  hasattr: {
    min: 2,
    max: 2,
    impl: ([v, name], _kw, ctx) => {
      const n = argStr(name!, () => "attribute name must be string, not '" + typeName(name!) + "'");
      try {
        ctx.getattr(v!, n);
        return TRUE;
      } catch (e) {
        if (e instanceof PyError && e.type === 'AttributeError') return FALSE;
        throw e;
      }
    },
  },
  print: { min: 0, max: INF, kw: ['sep', 'end', 'file', 'flush'], impl: printImpl },
  locals: { min: 0, max: 0, impl: (_a, _kw, ctx) => ctx.localsDict() },
  globals: { min: 0, max: 0, impl: (_a, _kw, ctx) => ctx.globalsDict() },
  vars: {
    min: 0,
    max: 1,
    impl: (a, _kw, ctx) => {
      if (!a.length) return ctx.localsDict();
      if (a[0]!.kind === 'opaque') throw refuseOpaque(a[0] as Extract<Value, { kind: 'opaque' }>, 'its attributes');
      throw typeError('vars() argument must have __dict__ attribute');
    },
  },
  dir: {
    min: 0,
    max: 0,
    impl: (_a, _kw, ctx) => pyList(sortValues(ctx.localsDict().store.keys(), undefined, false, ctx)),
  },
};

// ---- builtin types (callable as constructors) ----
