// The builtins and methods an expression may call: only side-effect-free ones
// (plus, in `!` statements, the methods that mutate a list, dict or set of the
// predicted state). Every other builtin exists as a name, so that `p open`
// prints as in Python, but calling it is refused.

import { DictStore, SetStore } from './containers.js';
import { asciiOf, formatSpec, percentFormat, strFormat } from './format.js';
import { getHashSeedKnown, hashKey, pyHash, rangeLength } from './hash.js';
import { budget } from './limits.js';
import { absBig, bitLength, floatDivmod, intFloorDiv, intMod, modPow, overflow, roundFloat } from './numbers.js';
import {
  big,
  binop,
  contains,
  differenceUpdate,
  eqItem,
  index,
  indexError,
  isIntLike,
  isNumber,
  isSetLike,
  iterate,
  keyError,
  length,
  lt,
  order,
  pySort,
  setOp,
  setPercentFormatter,
  symmetricDifferenceUpdate,
  toArray,
  toF,
  truthy,
  updateSet,
  viewAsSet,
} from './ops.js';
import { isPrintableChar, repr, str } from './repr.js';
import { chars, cpCount, cpFind, cpLen, isSpace, splitLines, splitWhitespace, stripChars } from './text.js';
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
  pyType,
  refuseOpaque,
  typeError,
  typeName,
  valueError,
  type DictV,
  type IteratorV,
  type SetV,
  type Value,
} from './value.js';

setPercentFormatter(percentFormat);

/** What builtins need from the evaluator. */
export interface Ctx {
  /** 'eval' for p/pp/display/conditions; 'exec' for `!` statements (mutating methods allowed). */
  readonly mode: 'eval' | 'exec';
  call(f: Value, args: Value[], kwargs?: Map<string, Value>): Value;
  getattr(v: Value, name: string): Value;
  write(text: string): void;
  localsDict(): DictV;
  globalsDict(): DictV;
}

type Impl = (args: Value[], kw: Map<string, Value>, ctx: Ctx) => Value;

interface Fn {
  min: number;
  max: number;
  /** Keyword arguments accepted (by name). */
  kw?: string[];
  impl: Impl;
  /** Changes its object: only in `!` statements. */
  mutates?: boolean;
  /** Argument-count messages in the style of a method ('str.upper') or a builtin ('len'). */
  label?: string;
  /** One required argument, but counted as "expected 1 argument, got N" (not METH_O). */
  expected?: boolean;
  /** The name unknown keywords are reported against (sorted reports 'sort'). */
  kwLabel?: string;
}

const INF = Number.POSITIVE_INFINITY;

function checkArgs(name: string, fn: Fn, args: Value[], kw: Map<string, Value>, isMethod: boolean): void {
  const n = args.length;
  const label = fn.label ?? name;
  const shortName = label.includes('.') ? label.slice(label.indexOf('.') + 1) : label;
  for (const k of kw.keys()) {
    if (!fn.kw?.includes(k)) {
      if (!fn.kw?.length) throw typeError(`${label}() takes no keyword arguments`);
      throw typeError(`'${k}' is an invalid keyword argument for ${fn.kwLabel ?? shortName}()`);
    }
  }
  if (n >= fn.min && n <= fn.max) return;
  const s = (k: number): string => (k === 1 ? '' : 's');
  if (fn.min === 1 && fn.max === 1 && !fn.expected) throw typeError(`${label}() takes exactly one argument (${n} given)`);
  if (fn.max === 0) throw typeError(`${label}() takes no arguments (${n} given)`);
  void isMethod;
  if (fn.min === fn.max) throw typeError(`${shortName} expected ${fn.min} argument${s(fn.min)}, got ${n}`);
  if (n < fn.min) throw typeError(`${shortName} expected at least ${fn.min} argument${s(fn.min)}, got ${n}`);
  throw typeError(`${shortName} expected at most ${fn.max} argument${s(fn.max)}, got ${n}`);
}

// ---- helpers ----

const argStr = (v: Value, what: () => string): string => {
  if (v.kind === 'str') return v.v;
  throw typeError(what());
};

const optIndex = (v: Value | undefined, dflt: number): number => {
  if (v === undefined || v.kind === 'none') return dflt;
  const b = index(v, () => 'slice indices must be integers or None or have an __index__ method');
  const lim = BigInt(Number.MAX_SAFE_INTEGER);
  return Number(b > lim ? lim : b < -lim ? -lim : b);
};

const asIntArg = (v: Value): bigint => index(v, () => `'${typeName(v)}' object cannot be interpreted as an integer`);

/** Materialise an iterable as keys via a key function (or identity). */
function keyed(items: Value[], key: Value | undefined, ctx: Ctx): { item: Value; key: Value }[] {
  return items.map((item) => ({ item, key: key && key.kind !== 'none' ? ctx.call(key, [item]) : item }));
}

export function sortValues(items: Value[], key: Value | undefined, reverse: boolean, ctx: Ctx): Value[] {
  const ks = keyed(items, key, ctx);
  if (reverse) ks.reverse();
  pySort(ks, (a, b) => lt(a.key, b.key));
  if (reverse) ks.reverse();
  return ks.map((k) => k.item);
}

function makeIter(typeName: string, it: Iterator<Value>): IteratorV {
  return { kind: 'iterator', typeName, it };
}

function minmax(name: 'min' | 'max', args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
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
    throw valueError(`${name}() arg is an empty sequence`);
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

function toInt(v: Value, base?: Value): Value {
  if (base !== undefined) {
    const b = asIntArg(base);
    if (v.kind !== 'str' && v.kind !== 'bytes') throw typeError("int() can't convert non-string with explicit base");
    if (b !== 0n && (b < 2n || b > 36n)) throw valueError('int() base must be >= 2 and <= 36, or 0');
    return parseIntText(v.kind === 'str' ? v.v : String.fromCharCode(...v.v), Number(b), v);
  }
  switch (v.kind) {
    case 'int':
      return v;
    case 'bool':
      return pyInt(v.v ? 1n : 0n);
    case 'float':
      if (Number.isNaN(v.v)) throw valueError('cannot convert float NaN to integer');
      if (!Number.isFinite(v.v)) throw overflow('cannot convert float infinity to integer');
      return pyInt(BigInt(Math.trunc(v.v)));
    case 'str':
      return parseIntText(v.v, 10, v);
    case 'bytes':
      return parseIntText(String.fromCharCode(...v.v), 10, v);
    case 'opaque':
      throw refuseOpaque(v, 'int() of it');
    default:
      throw typeError(`int() argument must be a string, a bytes-like object or a real number, not '${typeName(v)}'`);
  }
}

function parseIntText(text: string, base: number, orig: Value): Value {
  const bad = (): PyError => valueError(`invalid literal for int() with base ${base}: ${repr(orig)}`);
  let s = stripChars(text, null, true, true);
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  // Non-ASCII decimal digits count as digits in Python.
  s = s.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    if (cp < 128) return d;
    for (let z = cp; z > cp - 10; z--) if (!/\p{Nd}/u.test(String.fromCodePoint(z - 1))) return String(cp - z);
    return d;
  });
  let b = base;
  if (b === 0 || b === 16 || b === 8 || b === 2) {
    const m = /^0([xXoObB])/.exec(s);
    if (m) {
      const pb = { x: 16, o: 8, b: 2 }[m[1]!.toLowerCase() as 'x' | 'o' | 'b'];
      if (b === 0 || b === pb) {
        b = pb;
        s = s.slice(2);
        if (s.startsWith('_')) s = s.slice(1);
      }
    }
    if (b === 0) {
      if (/^0+(_?0)*$/.test(s)) return pyInt(0n);
      if (s.startsWith('0')) throw bad();
      b = 10;
    }
  }
  if (!s || s.startsWith('_') || s.endsWith('_') || s.includes('__')) throw bad();
  s = s.replace(/_/g, '');
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, b);
  let r = 0n;
  const B = BigInt(b);
  if (s.length > 4300 && b === 10) {
    throw valueError(
      `Exceeds the limit (4300 digits) for integer string conversion: value has ${s.length} digits; use sys.set_int_max_str_digits() to increase the limit`,
    );
  }
  for (const ch of s.toLowerCase()) {
    const d = digits.indexOf(ch);
    if (d < 0) throw bad();
    r = r * B + BigInt(d);
  }
  return pyInt(neg ? -r : r);
}

const FLOAT_TEXT = /^[-+]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*(?:[eE][-+]?\d(?:_?\d)*)?|\d(?:_?\d)*\.(?:[eE][-+]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

function toFloat(v: Value): Value {
  switch (v.kind) {
    case 'float':
      return v;
    case 'int':
    case 'bool':
      return pyFloat(toF(v));
    case 'str': {
      const s = stripChars(v.v, null, true, true);
      if (!FLOAT_TEXT.test(s)) throw valueError(`could not convert string to float: ${repr(v)}`);
      const t = s.replace(/_/g, '').toLowerCase();
      if (t.endsWith('inf') || t.endsWith('infinity')) return pyFloat(t.startsWith('-') ? -Infinity : Infinity);
      if (t.endsWith('nan')) return pyFloat(NaN);
      return pyFloat(Number(t));
    }
    case 'opaque':
      throw refuseOpaque(v, 'float() of it');
    default:
      throw typeError(`float() argument must be a string or a real number, not '${typeName(v)}'`);
  }
}

function newSet(kind: 'set' | 'frozenset', from?: Value): SetV {
  const store = new SetStore();
  if (from) updateSet(store, from);
  return { kind, store };
}

function dictUpdate(d: DictStore, other: Value | undefined, kw: Map<string, Value>, ctx: Ctx, fname = 'dict'): void {
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
  if (t.kind !== 'type') throw typeError('isinstance() arg 2 must be a type, a tuple of types, or a union');
  if (t.name === 'object') return true;
  if (v.kind === 'opaque') throw refuseOpaque(v, 'its type');
  const name = typeName(v);
  if (name === t.name) return true;
  if (t.name === 'int' && v.kind === 'bool') return true;
  return false;
}

function chrImpl(v: Value): Value {
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

function bytesImpl(args: Value[], kw: Map<string, Value>): Value {
  const src = args[0];
  const enc = args[1] ?? kw.get('encoding');
  if (src === undefined) return { kind: 'bytes', v: new Uint8Array() };
  if (src.kind === 'str') {
    if (enc === undefined) throw typeError('string argument without an encoding');
    return encode(src.v, enc.kind === 'str' ? enc.v : 'utf-8');
  }
  if (enc !== undefined) throw typeError('encoding without a string argument');
  if (isIntLike(src)) {
    const n = big(src);
    if (n < 0n) throw valueError('negative count');
    budget.strLen(n);
    return { kind: 'bytes', v: new Uint8Array(Number(n)) };
  }
  if (src.kind === 'bytes') return src;
  const items = toArray(src);
  return {
    kind: 'bytes',
    v: Uint8Array.from(items, (x) => {
      const b = index(x, () => `'${typeName(x)}' object cannot be interpreted as an integer`);
      if (b < 0n || b > 255n) throw valueError('bytes must be in range(0, 256)');
      return Number(b);
    }),
  };
}

function encode(s: string, encoding: string): Value {
  const enc = encoding.toLowerCase().replace(/_/g, '-');
  if (enc === 'utf-8' || enc === 'utf8') {
    if (/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) {
      const i = Array.from(s).findIndex((c) => c.length === 1 && /[\uD800-\uDFFF]/.test(c));
      throw new PyError(
        'UnicodeEncodeError',
        `'utf-8' codec can't encode character '\\u${s.codePointAt(i)!.toString(16)}' in position ${i}: surrogates not allowed`,
      );
    }
    return { kind: 'bytes', v: new TextEncoder().encode(s) };
  }
  const limit = enc === 'ascii' ? 128 : enc === 'latin-1' || enc === 'latin1' || enc === 'iso-8859-1' ? 256 : -1;
  if (limit < 0) throw new Refusal(`the ${encoding} codec is not supported`);
  const cs = chars(s);
  const out = new Uint8Array(cs.length);
  cs.forEach((c, i) => {
    const cp = c.codePointAt(0)!;
    if (cp >= limit) {
      const name = enc === 'ascii' ? 'ascii' : 'latin-1';
      throw new PyError('UnicodeEncodeError', `'${name}' codec can't encode character ${repr(pyStr(c))} in position ${i}: ordinal not in range(${limit})`);
    }
    out[i] = cp;
  });
  return { kind: 'bytes', v: out };
}

function decode(b: Uint8Array, encoding: string): Value {
  const enc = encoding.toLowerCase().replace(/_/g, '-');
  if (enc === 'utf-8' || enc === 'utf8') {
    try {
      return pyStr(new TextDecoder('utf-8', { fatal: true }).decode(b));
    } catch {
      const i = findBadUtf8(b);
      throw new PyError('UnicodeDecodeError', `'utf-8' codec can't decode byte 0x${b[i]!.toString(16).padStart(2, '0')} in position ${i}: invalid start byte`);
    }
  }
  if (enc === 'ascii') {
    const i = b.findIndex((x) => x >= 128);
    if (i >= 0) throw new PyError('UnicodeDecodeError', `'ascii' codec can't decode byte 0x${b[i]!.toString(16)} in position ${i}: ordinal not in range(128)`);
    return pyStr(String.fromCharCode(...b));
  }
  if (enc === 'latin-1' || enc === 'latin1' || enc === 'iso-8859-1') return pyStr(String.fromCharCode(...b));
  throw new Refusal(`the ${encoding} codec is not supported`);
}

function findBadUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length; i++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b.slice(0, i + 1));
    } catch {
      return i;
    }
  }
  return 0;
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

function rangeImpl(args: Value[]): Value {
  const ints = args.map((a) => asIntArg(a));
  let [start, stop, step] = [0n, 0n, 1n];
  if (ints.length === 1) stop = ints[0]!;
  else [start, stop, step = 1n] = ints as [bigint, bigint, bigint?];
  if (step === 0n) throw valueError('range() arg 3 must not be zero');
  return { kind: 'range', start, stop, step };
}

function zipImpl(args: Value[], kw: Map<string, Value>): Value {
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

function enumerateImpl(args: Value[], kw: Map<string, Value>): Value {
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

function reversedImpl(v: Value): Value {
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

function iterTypeName(v: Value): string {
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
  min: { min: 0, max: INF, kw: ['key', 'default'], impl: (a, kw, ctx) => minmax('min', a, kw, ctx) },
  max: { min: 0, max: INF, kw: ['key', 'default'], impl: (a, kw, ctx) => minmax('max', a, kw, ctx) },
  sum: { min: 0, max: 2, kw: ['start'], impl: sumImpl, label: 'sum' },
  sorted: {
    min: 1,
    max: 1,
    kw: ['key', 'reverse'],
    expected: true,
    kwLabel: 'sort',
    impl: ([v], kw, ctx) => pyList(sortValues(toArray(v!), kw.get('key'), kw.has('reverse') && truthy(kw.get('reverse')!), ctx)),
  },
  repr: { min: 1, max: 1, impl: ([v]) => pyStr(repr(v!)) },
  ascii: { min: 1, max: 1, impl: ([v]) => pyStr(asciiOf(v!)) },
  round: { min: 1, max: 2, kw: ['number', 'ndigits'], impl: (a, kw) => roundImpl([a[0] ?? kw.get('number')!, a[1] ?? kw.get('ndigits')!].filter(Boolean)) },
  divmod: { min: 2, max: 2, impl: ([a, b]) => divmodImpl(a!, b!) },
  pow: {
    min: 2,
    max: 3,
    kw: ['base', 'exp', 'mod'],
    impl: (a) => {
      const [x, y, m] = a as [Value, Value, Value | undefined];
      if (m !== undefined && m.kind !== 'none') {
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
        if (enc.kind !== 'str') throw typeError(`str() argument 'encoding' must be str, not ${typeName(enc)}`);
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
      return pyType(typeName(v!));
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

/** Every name in Python 3.11's builtins module: calls of the ones not implemented are refused. */
export const PYTHON_BUILTIN_FUNCTIONS = [
  'abs',
  'aiter',
  'all',
  'anext',
  'any',
  'ascii',
  'bin',
  'breakpoint',
  'callable',
  'chr',
  'compile',
  'delattr',
  'dir',
  'divmod',
  'eval',
  'exec',
  'format',
  'getattr',
  'globals',
  'hasattr',
  'hash',
  'hex',
  'id',
  'input',
  'isinstance',
  'issubclass',
  'iter',
  'len',
  'locals',
  'max',
  'min',
  'next',
  'oct',
  'open',
  'ord',
  'pow',
  'print',
  'repr',
  'round',
  'setattr',
  'sorted',
  'sum',
  'vars',
  '__import__',
  '__build_class__',
];
export const PYTHON_BUILTIN_TYPES = [
  'bool',
  'bytearray',
  'bytes',
  'classmethod',
  'complex',
  'dict',
  'enumerate',
  'filter',
  'float',
  'frozenset',
  'int',
  'list',
  'map',
  'memoryview',
  'object',
  'property',
  'range',
  'reversed',
  'set',
  'slice',
  'staticmethod',
  'str',
  'super',
  'tuple',
  'type',
  'zip',
  'BaseException',
  'Exception',
  'ArithmeticError',
  'AssertionError',
  'AttributeError',
  'EOFError',
  'IndexError',
  'KeyError',
  'LookupError',
  'NameError',
  'NotImplementedError',
  'OSError',
  'OverflowError',
  'RecursionError',
  'RuntimeError',
  'StopIteration',
  'SyntaxError',
  'TypeError',
  'ValueError',
  'ZeroDivisionError',
  'FileNotFoundError',
  'KeyboardInterrupt',
  'SystemExit',
  'UnicodeError',
  'UnicodeDecodeError',
  'UnicodeEncodeError',
  'ImportError',
  'ModuleNotFoundError',
  'IOError',
  'PermissionError',
  'TimeoutError',
  'Warning',
  'UserWarning',
  'DeprecationWarning',
];
/** Names that are not functions or types but live in builtins (exit, quit, help... are site objects). */
export const REFUSED_OBJECTS: Record<string, string> = {
  exit: 'Use exit() or Ctrl-D (i.e. EOF) to exit',
  quit: 'Use quit() or Ctrl-D (i.e. EOF) to exit',
  help: 'Type help() for interactive help, or help(object) for help about object.',
  copyright: 'copyright',
  credits: 'credits',
  license: 'Type license() to see the full license text',
};

/** Why a builtin we do not implement is refused. */
export function refusedCallReason(name: string): string {
  switch (name) {
    case 'open':
      return 'calls of open are not allowed (it touches files)';
    case 'exec':
    case 'eval':
    case 'compile':
      return `calls of ${name} are not allowed (it runs code)`;
    case '__import__':
      return 'calls of __import__ are not allowed (imports run code)';
    case 'input':
      return 'calls of input are not allowed (it reads stdin)';
    case 'breakpoint':
    case 'exit':
    case 'quit':
    case 'help':
      return `calls of ${name} are not allowed`;
    case 'setattr':
    case 'delattr':
      return `calls of ${name} are not allowed (it changes objects)`;
    case 'id':
      return 'object identities (id) are not known without running the program';
    case 'complex':
      return 'complex numbers are not supported';
    default:
      return `calls of ${name} are not allowed`;
  }
}

// ---- methods ----

type MImpl = (self: Value, args: Value[], kw: Map<string, Value>, ctx: Ctx) => Value;
interface Method extends Omit<Fn, 'impl'> {
  impl: MImpl;
  /** Class-level methods: `dict.fromkeys`, called on the type. */
  classmethod?: boolean;
}

const m = (min: number, max: number, impl: MImpl, extra: Partial<Method> = {}): Method => ({ min, max, impl, ...extra });

function subArg(v: Value, method: string): string {
  if (v.kind !== 'str') throw typeError(`must be str, not ${typeName(v)}`);
  void method;
  return v.v;
}

function startsEnds(s: Value, args: Value[], ends: boolean): Value {
  const name = ends ? 'endswith' : 'startswith';
  const text = (s as { v: string }).v;
  const cs = chars(text);
  const n = cs.length;
  let start = optIndex(args[1], 0);
  let end = optIndex(args[2], n);
  if (start < 0) start = Math.max(0, start + n);
  if (end < 0) end = Math.max(0, end + n);
  end = Math.min(end, n);
  const test = (p: Value): boolean => {
    if (p.kind !== 'str') throw typeError(`tuple for ${name} must only contain str, not ${typeName(p)}`);
    if (start > n) return false;
    const seg = cs.slice(start, Math.max(start, end)).join('');
    if (end - start < cpLen(p.v) && p.v !== '') return false;
    if (start > end) return false;
    return ends ? seg.endsWith(p.v) : seg.startsWith(p.v);
  };
  const p = args[0]!;
  if (p.kind === 'tuple') return pyBool(p.items.some(test));
  if (p.kind !== 'str') throw typeError(`${name} first arg must be str or a tuple of str, not ${typeName(p)}`);
  return pyBool(test(p));
}

function padTo(s: string, width: Value, fill: Value | undefined, where: 'center' | 'ljust' | 'rjust'): Value {
  const w = Number(asIntArg(width));
  let f = ' ';
  if (fill !== undefined) {
    if (fill.kind !== 'str') throw typeError(`${where}() argument 2 must be str, not ${typeName(fill)}`);
    if (cpLen(fill.v) !== 1) throw typeError('The fill character must be exactly one character long');
    f = fill.v;
  }
  const len = cpLen(s);
  if (w <= len) return pyStr(s);
  budget.strLen(w);
  const marg = w - len;
  if (where === 'ljust') return pyStr(s + f.repeat(marg));
  if (where === 'rjust') return pyStr(f.repeat(marg) + s);
  const left = Math.floor(marg / 2) + (marg & w & 1);
  return pyStr(f.repeat(left) + s + f.repeat(marg - left));
}

const CASED = /[\p{Lu}\p{Ll}\p{Lt}]/u;
const isUpperChar = (c: string): boolean => /[\p{Lu}\p{Lt}]/u.test(c);
const isLowerChar = (c: string): boolean => /\p{Ll}/u.test(c);
const DIGIT_EXTRA =
  /[\u00b2\u00b3\u00b9\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247c\u2488-\u2490\u24ea\u24f5-\u24fd\u24ff\u2776-\u277e\u2780-\u2788\u278a-\u2792\u1369-\u1371\u19da]/u;

function strPredicate(test: (c: string) => boolean, nonEmpty = true) {
  return (s: Value): Value => {
    const cs = chars((s as { v: string }).v);
    if (nonEmpty && cs.length === 0) return FALSE;
    return pyBool(cs.every(test));
  };
}

function caseTest(upper: boolean) {
  return (s: Value): Value => {
    let cased = false;
    for (const c of chars((s as { v: string }).v)) {
      if (upper ? isLowerChar(c) : isUpperChar(c)) return FALSE;
      if (CASED.test(c)) cased = true;
    }
    return pyBool(cased);
  };
}

/** Unicode titlecase where it differs from uppercase (digraphs, ß and the Latin ligatures). */
const TITLECASE: Record<string, string> = {
  Ǆ: 'ǅ',
  ǅ: 'ǅ',
  ǆ: 'ǅ',
  Ǉ: 'ǈ',
  ǈ: 'ǈ',
  ǉ: 'ǈ',
  Ǌ: 'ǋ',
  ǋ: 'ǋ',
  ǌ: 'ǋ',
  Ǳ: 'ǲ',
  ǲ: 'ǲ',
  ǳ: 'ǲ',
  ß: 'Ss',
  ﬀ: 'Ff',
  ﬁ: 'Fi',
  ﬂ: 'Fl',
  ﬃ: 'Ffi',
  ﬄ: 'Ffl',
  ﬅ: 'St',
  ﬆ: 'St',
  ŉ: 'ʼN',
  և: 'Եւ',
};
const toTitle = (c: string): string => TITLECASE[c] ?? c.toUpperCase();

/** Full case folding where it differs from per-character lowercasing. */
const CASEFOLD: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  ς: 'σ',
  µ: 'μ',
  ſ: 's',
  ﬀ: 'ff',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ﬃ: 'ffi',
  ﬄ: 'ffl',
  ﬅ: 'st',
  ﬆ: 'st',
  ŉ: 'ʼn',
  ẚ: 'aʾ',
  ϐ: 'β',
  ϑ: 'θ',
  ϕ: 'φ',
  ϖ: 'π',
  ϰ: 'κ',
  ϱ: 'ρ',
  ϵ: 'ε',
  ẛ: 'ṡ',
  ι: 'ι',
  և: 'եւ',
};

const CASE_IGNORABLE = /[\p{Mn}\p{Me}\p{Cf}\p{Lm}\p{Sk}'.:\u00b7\u0387\u05f4\u2018\u2019\u2024\u2027\ufe13\ufe52\ufe55\uff07\uff0e\uff1a]/u;

/** Unicode's Final_Sigma: a cased letter before (skipping case-ignorables), none after. */
function finalSigma(cs: string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && CASE_IGNORABLE.test(cs[j]!)) j--;
  if (j < 0 || !CASED.test(cs[j]!)) return false;
  let k = i + 1;
  while (k < cs.length && CASE_IGNORABLE.test(cs[k]!)) k++;
  return !(k < cs.length && CASED.test(cs[k]!));
}

/** Lowercase of cs[i] in context, as CPython's lower_ucs4 (capital sigma becomes final where it ends a word). */
function lowerAt(cs: string[], i: number): string {
  const c = cs[i]!;
  if (c === 'Σ') return finalSigma(cs, i) ? 'ς' : 'σ';
  return c.toLowerCase();
}

function titleCase(s: string): string {
  const cs = chars(s);
  let prevCased = false;
  let out = '';
  cs.forEach((c, i) => {
    out += prevCased ? lowerAt(cs, i) : toTitle(c);
    prevCased = CASED.test(c);
  });
  return out;
}

function replaceImpl(s: string, old: string, rep: string, count: number): string {
  if (count < 0) count = Number.MAX_SAFE_INTEGER;
  const cs = chars(s);
  if (old === '') {
    let out = '';
    let n = 0;
    for (let i = 0; i <= cs.length; i++) {
      if (n < count) {
        out += rep;
        n++;
      }
      if (i < cs.length) out += cs[i];
    }
    budget.strLen(out.length);
    return out;
  }
  const parts = s.split(old);
  if (parts.length - 1 <= count) {
    budget.strLen(s.length + (parts.length - 1) * (rep.length - old.length));
    return parts.join(rep);
  }
  return parts.slice(0, count + 1).join(rep) + old + parts.slice(count + 1).join(old);
}

function splitImpl(s: string, sepV: Value | undefined, maxV: Value | undefined, fromRight: boolean): Value {
  const maxsplit = maxV === undefined ? -1 : Number(asIntArg(maxV));
  if (sepV === undefined || sepV.kind === 'none') return pyList(splitWhitespace(s, maxsplit, fromRight).map(pyStr));
  if (sepV.kind !== 'str') throw typeError(`must be str or None, not ${typeName(sepV)}`);
  const sep = sepV.v;
  if (sep === '') throw valueError('empty separator');
  let parts = s.split(sep);
  if (maxsplit >= 0 && parts.length - 1 > maxsplit) {
    if (fromRight) {
      const keep = parts.length - maxsplit;
      parts = [parts.slice(0, keep).join(sep), ...parts.slice(keep)];
    } else {
      parts = [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
    }
  }
  budget.items(parts.length);
  return pyList(parts.map(pyStr));
}

function partitionImpl(s: string, sepV: Value, fromRight: boolean): Value {
  if (sepV.kind !== 'str') throw typeError(`must be str, not ${typeName(sepV)}`);
  const sep = sepV.v;
  if (sep === '') throw valueError('empty separator');
  const i = fromRight ? s.lastIndexOf(sep) : s.indexOf(sep);
  if (i < 0) return fromRight ? pyTuple([pyStr(''), pyStr(''), pyStr(s)]) : pyTuple([pyStr(s), pyStr(''), pyStr('')]);
  return pyTuple([pyStr(s.slice(0, i)), pyStr(sep), pyStr(s.slice(i + sep.length))]);
}

function findArgs(self: Value, args: Value[]): [string, string, number, number] {
  const s = (self as { v: string }).v;
  return [s, subArg(args[0]!, 'find'), optIndex(args[1], 0), optIndex(args[2], Number.MAX_SAFE_INTEGER)];
}

function expandTabs(s: string, tab: number): string {
  let out = '';
  let col = 0;
  for (const c of chars(s)) {
    if (c === '\t') {
      if (tab > 0) {
        const n = tab - (col % tab);
        out += ' '.repeat(n);
        col += n;
      }
    } else {
      out += c;
      col = c === '\n' || c === '\r' ? 0 : col + 1;
    }
  }
  return out;
}

const S = (self: Value): string => (self as { v: string }).v;

const STR_METHODS: Record<string, Method> = {
  upper: m(0, 0, (s) => pyStr(S(s).toUpperCase())),
  lower: m(0, 0, (s) => pyStr(S(s).toLowerCase())),
  casefold: m(0, 0, (s) =>
    pyStr(
      chars(S(s))
        .map((c) => CASEFOLD[c] ?? c.toLowerCase())
        .join(''),
    ),
  ),
  swapcase: m(0, 0, (s) => {
    const cs = chars(S(s));
    return pyStr(cs.map((c, i) => (isUpperChar(c) ? lowerAt(cs, i) : isLowerChar(c) ? c.toUpperCase() : c)).join(''));
  }),
  title: m(0, 0, (s) => pyStr(titleCase(S(s)))),
  capitalize: m(0, 0, (s) => {
    const cs = chars(S(s));
    return pyStr(cs.map((c, i) => (i === 0 ? toTitle(c) : lowerAt(cs, i))).join(''));
  }),
  strip: m(0, 1, (s, a) => pyStr(stripChars(S(s), a[0] && a[0].kind !== 'none' ? subArg(a[0], 'strip') : null, true, true))),
  lstrip: m(0, 1, (s, a) => pyStr(stripChars(S(s), a[0] && a[0].kind !== 'none' ? subArg(a[0], 'lstrip') : null, true, false))),
  rstrip: m(0, 1, (s, a) => pyStr(stripChars(S(s), a[0] && a[0].kind !== 'none' ? subArg(a[0], 'rstrip') : null, false, true))),
  split: m(0, 2, (s, a, kw) => splitImpl(S(s), a[0] ?? kw.get('sep'), a[1] ?? kw.get('maxsplit'), false), { kw: ['sep', 'maxsplit'] }),
  rsplit: m(0, 2, (s, a, kw) => splitImpl(S(s), a[0] ?? kw.get('sep'), a[1] ?? kw.get('maxsplit'), true), { kw: ['sep', 'maxsplit'] }),
  splitlines: m(0, 1, (s, a, kw) => pyList(splitLines(S(s), truthy(a[0] ?? kw.get('keepends') ?? FALSE)).map(pyStr)), { kw: ['keepends'] }),
  join: m(
    1,
    1,
    (s, [it]) => {
      if (it!.kind !== 'opaque') {
        try {
          iterate(it!);
        } catch (e) {
          if (e instanceof PyError) throw typeError('can only join an iterable');
          throw e;
        }
      }
      const items = toArray(it!);
      const parts = items.map((x, i) => {
        if (x.kind !== 'str') throw typeError(`sequence item ${i}: expected str instance, ${typeName(x)} found`);
        return x.v;
      });
      const out = parts.join(S(s));
      budget.strLen(out.length);
      return pyStr(out);
    },
    { label: 'str.join' },
  ),
  replace: m(2, 3, (s, [o, r, c]) => {
    if (o!.kind !== 'str') throw typeError(`replace() argument 1 must be str, not ${typeName(o!)}`);
    if (r!.kind !== 'str') throw typeError(`replace() argument 2 must be str, not ${typeName(r!)}`);
    return pyStr(replaceImpl(S(s), o!.v, r!.v, c ? Number(asIntArg(c)) : -1));
  }),
  startswith: m(1, 3, (s, a) => startsEnds(s, a, false)),
  endswith: m(1, 3, (s, a) => startsEnds(s, a, true)),
  find: m(1, 3, (s, a) => pyInt(cpFind(...findArgs(s, a)))),
  rfind: m(1, 3, (s, a) => pyInt(cpFind(...findArgs(s, a), true))),
  index: m(1, 3, (s, a) => {
    const i = cpFind(...findArgs(s, a));
    if (i < 0) throw valueError('substring not found');
    return pyInt(i);
  }),
  rindex: m(1, 3, (s, a) => {
    const i = cpFind(...findArgs(s, a), true);
    if (i < 0) throw valueError('substring not found');
    return pyInt(i);
  }),
  count: m(1, 3, (s, a) => pyInt(cpCount(...findArgs(s, a)))),
  isdigit: m(
    0,
    0,
    strPredicate((c) => /\p{Nd}/u.test(c) || DIGIT_EXTRA.test(c)),
  ),
  isdecimal: m(
    0,
    0,
    strPredicate((c) => /\p{Nd}/u.test(c)),
  ),
  isnumeric: m(
    0,
    0,
    strPredicate((c) => /\p{N}/u.test(c)),
  ),
  isalpha: m(
    0,
    0,
    strPredicate((c) => /\p{L}/u.test(c)),
  ),
  isalnum: m(
    0,
    0,
    strPredicate((c) => /[\p{L}\p{N}]/u.test(c)),
  ),
  isspace: m(0, 0, strPredicate(isSpace)),
  isascii: m(
    0,
    0,
    strPredicate((c) => c.codePointAt(0)! < 128, false),
  ),
  isprintable: m(0, 0, strPredicate(isPrintableChar, false)),
  isidentifier: m(0, 0, (s) => pyBool(/^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u.test(S(s)))),
  isupper: m(0, 0, caseTest(true)),
  islower: m(0, 0, caseTest(false)),
  istitle: m(0, 0, (s) => {
    let prevCased = false;
    let cased = false;
    for (const c of chars(S(s))) {
      if (isUpperChar(c)) {
        if (prevCased) return FALSE;
        prevCased = cased = true;
      } else if (isLowerChar(c)) {
        if (!prevCased) return FALSE;
        prevCased = cased = true;
      } else prevCased = false;
    }
    return pyBool(cased);
  }),
  center: m(1, 2, (s, [w, f]) => padTo(S(s), w!, f, 'center')),
  ljust: m(1, 2, (s, [w, f]) => padTo(S(s), w!, f, 'ljust')),
  rjust: m(1, 2, (s, [w, f]) => padTo(S(s), w!, f, 'rjust')),
  zfill: m(
    1,
    1,
    (s, [w]) => {
      const text = S(s);
      const width = Number(asIntArg(w!));
      const len = cpLen(text);
      if (len >= width) return pyStr(text);
      budget.strLen(width);
      const sign = text[0] === '+' || text[0] === '-' ? text[0] : '';
      return pyStr(sign + '0'.repeat(width - len) + text.slice(sign.length));
    },
    { label: 'str.zfill' },
  ),
  partition: m(1, 1, (s, [sep]) => partitionImpl(S(s), sep!, false), { label: 'str.partition' }),
  rpartition: m(1, 1, (s, [sep]) => partitionImpl(S(s), sep!, true), { label: 'str.rpartition' }),
  removeprefix: m(
    1,
    1,
    (s, [p]) => {
      const x = subArg(p!, 'removeprefix');
      return pyStr(S(s).startsWith(x) ? S(s).slice(x.length) : S(s));
    },
    { label: 'str.removeprefix' },
  ),
  removesuffix: m(
    1,
    1,
    (s, [p]) => {
      const x = subArg(p!, 'removesuffix');
      return pyStr(x && S(s).endsWith(x) ? S(s).slice(0, S(s).length - x.length) : S(s));
    },
    { label: 'str.removesuffix' },
  ),
  expandtabs: m(0, 1, (s, a, kw) => pyStr(expandTabs(S(s), Number(asIntArg(a[0] ?? kw.get('tabsize') ?? pyInt(8n))))), { kw: ['tabsize'] }),
  encode: m(
    0,
    2,
    (s, a, kw) => {
      const enc = a[0] ?? kw.get('encoding');
      return encode(S(s), enc && enc.kind === 'str' ? enc.v : 'utf-8');
    },
    { kw: ['encoding', 'errors'] },
  ),
  format: m(0, INF, (s, a, kw, ctx) => pyStr(strFormat(S(s), a, kw, (v, n) => ctx.getattr(v, n))), { kw: ['*'] }),
  format_map: m(1, 1, (s, [d], _kw, ctx) => {
    if (d!.kind !== 'dict') throw typeError(`'${typeName(d!)}' object is not a mapping`);
    const kw = new Map<string, Value>();
    for (const [k, v] of d!.store.entries()) if (k.kind === 'str') kw.set(k.v, v);
    return pyStr(strFormat(S(s), [], kw, (v, n) => ctx.getattr(v, n)));
  }),
  translate: m(
    1,
    1,
    (s, [table]) => {
      let out = '';
      for (const c of chars(S(s))) {
        let r: Value | undefined;
        try {
          r = getMapping(table!, pyInt(c.codePointAt(0)!));
        } catch (e) {
          if (e instanceof PyError && (e.type === 'KeyError' || e.type === 'IndexError')) r = undefined;
          else throw e;
        }
        if (r === undefined) out += c;
        else if (r.kind === 'none') continue;
        else if (isIntLike(r)) out += String.fromCodePoint(Number(big(r)));
        else if (r.kind === 'str') out += r.v;
        else throw typeError('character mapping must return integer, None or str');
      }
      return pyStr(out);
    },
    { label: 'str.translate' },
  ),
};

function getMapping(table: Value, k: Value): Value | undefined {
  if (table.kind === 'dict') return table.store.get(k);
  if (table.kind === 'opaque') throw refuseOpaque(table);
  return undefined;
}

const B = (self: Value): Uint8Array => (self as { v: Uint8Array }).v;
const bytesArg = (v: Value): Uint8Array => {
  if (v.kind === 'bytes') return v.v;
  throw typeError(`a bytes-like object is required, not '${typeName(v)}'`);
};
const latin = (b: Uint8Array): string => String.fromCharCode(...b);
const toBytes = (s: string): Value => ({ kind: 'bytes', v: Uint8Array.from(s, (c) => c.charCodeAt(0)) });

const BYTES_METHODS: Record<string, Method> = {
  decode: m(
    0,
    2,
    (s, a, kw) => {
      const enc = a[0] ?? kw.get('encoding');
      return decode(B(s), enc && enc.kind === 'str' ? enc.v : 'utf-8');
    },
    { kw: ['encoding', 'errors'] },
  ),
  hex: m(0, 0, (s) => pyStr(Array.from(B(s), (b) => b.toString(16).padStart(2, '0')).join(''))),
  upper: m(0, 0, (s) => toBytes(latin(B(s)).replace(/[a-z]+/g, (x) => x.toUpperCase()))),
  lower: m(0, 0, (s) => toBytes(latin(B(s)).replace(/[A-Z]+/g, (x) => x.toLowerCase()))),
  strip: m(0, 1, (s, a) => toBytes(stripChars(latin(B(s)), a[0] && a[0].kind !== 'none' ? latin(bytesArg(a[0])) : ' \t\n\r\x0b\x0c', true, true))),
  startswith: m(1, 1, (s, [p]) => pyBool(latin(B(s)).startsWith(latin(bytesArg(p!))))),
  endswith: m(1, 1, (s, [p]) => pyBool(latin(B(s)).endsWith(latin(bytesArg(p!))))),
  find: m(1, 1, (s, [p]) => pyInt(isIntLike(p!) ? B(s).indexOf(Number(big(p!))) : latin(B(s)).indexOf(latin(bytesArg(p!))))),
  count: m(1, 1, (s, [p]) => pyInt(cpCount(latin(B(s)), latin(bytesArg(p!)), 0, B(s).length))),
  split: m(0, 1, (s, a) => {
    const text = latin(B(s));
    const parts = a[0] && a[0].kind !== 'none' ? text.split(latin(bytesArg(a[0]))) : text.split(/[ \t\n\r\x0b\x0c]+/).filter((x) => x);
    return pyList(parts.map(toBytes));
  }),
  join: m(1, 1, (s, [it]) =>
    toBytes(
      toArray(it!)
        .map((x) => latin(bytesArg(x)))
        .join(latin(B(s))),
    ),
  ),
  replace: m(2, 2, (s, [o, r]) =>
    toBytes(
      latin(B(s))
        .split(latin(bytesArg(o!)))
        .join(latin(bytesArg(r!))),
    ),
  ),
};

const L = (self: Value): Value[] => (self as { items: Value[] }).items;

function seqIndexOf(items: readonly Value[], x: Value, a: Value[]): number {
  const n = items.length;
  let start = optIndex(a[1], 0);
  let stop = optIndex(a[2], n);
  if (start < 0) start = Math.max(0, start + n);
  if (stop < 0) stop = Math.max(0, stop + n);
  for (let i = start; i < Math.min(stop, items.length); i++) {
    budget.tick();
    if (eqItem(items[i]!, x)) return i;
  }
  return -1;
}

const LIST_METHODS: Record<string, Method> = {
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
      let k = Number(asIntArg(i!));
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
      if (!items.length) throw indexError('pop from empty list');
      let k = a.length ? Number(asIntArg(a[0]!)) : -1;
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
    0,
    (s, _a, kw, ctx) => {
      const sorted = sortValues(L(s).slice(), kw.get('key'), kw.has('reverse') && truthy(kw.get('reverse')!), ctx);
      L(s).splice(0, L(s).length, ...sorted);
      return NONE;
    },
    { mutates: true, kw: ['key', 'reverse'], label: 'sort' },
  ),
};

const TUPLE_METHODS: Record<string, Method> = {
  index: m(1, 3, (s, a) => {
    const i = seqIndexOf(L(s), a[0]!, a);
    if (i < 0) throw valueError('tuple.index(x): x not in tuple');
    return pyInt(i);
  }),
  count: m(1, 1, (s, [x]) => pyInt(L(s).filter((y) => eqItem(y, x!)).length), { label: 'tuple.count' }),
};

const D = (self: Value): DictStore => (self as DictV).store;

const DICT_METHODS: Record<string, Method> = {
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

const SET_METHODS: Record<string, Method> = {
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
      if (!SS(s).store.discard(x!)) throw keyError(repr(x!));
      return NONE;
    },
    { mutates: true, label: 'set.remove' },
  ),
  discard: m(
    1,
    1,
    (s, [x]) => {
      SS(s).store.discard(x!);
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

const FROZENSET_METHODS: Record<string, Method> = Object.fromEntries(Object.entries(SET_METHODS).filter(([, v]) => !v.mutates));

const I = (self: Value): bigint => big(self);

const INT_METHODS: Record<string, Method> = {
  bit_length: m(0, 0, (s) => pyInt(bitLength(I(s)))),
  bit_count: m(0, 0, (s) => pyInt(absBig(I(s)).toString(2).replace(/0/g, '').length)),
  conjugate: m(0, 0, (s) => pyInt(I(s))),
  as_integer_ratio: m(0, 0, (s) => pyTuple([pyInt(I(s)), pyInt(1n)])),
  to_bytes: m(
    0,
    2,
    (s, a, kw) => {
      const len = Number(asIntArg(a[0] ?? kw.get('length') ?? pyInt(1n)));
      const order = a[1] ?? kw.get('byteorder') ?? pyStr('big');
      const signed = truthy(kw.get('signed') ?? FALSE);
      let x = I(s);
      if (x < 0n && !signed) throw new PyError('OverflowError', "can't convert negative int to unsigned");
      if (x < 0n) x += 1n << BigInt(8 * len);
      const out = new Uint8Array(len);
      for (let i = len - 1; i >= 0; i--) {
        out[i] = Number(x & 0xffn);
        x >>= 8n;
      }
      if (x !== 0n) throw new PyError('OverflowError', 'int too big to convert');
      if (order.kind === 'str' && order.v === 'little') out.reverse();
      return { kind: 'bytes', v: out };
    },
    { kw: ['length', 'byteorder', 'signed'] },
  ),
  from_bytes: m(
    1,
    2,
    (_s, a, kw) => {
      const b = bytesArg(a[0]!);
      const order = a[1] ?? kw.get('byteorder') ?? pyStr('big');
      const arr = order.kind === 'str' && order.v === 'little' ? Array.from(b).reverse() : Array.from(b);
      let x = 0n;
      for (const v of arr) x = (x << 8n) | BigInt(v);
      if (truthy(kw.get('signed') ?? FALSE) && arr.length && arr[0]! >= 128) x -= 1n << BigInt(8 * arr.length);
      return pyInt(x);
    },
    { classmethod: true, kw: ['bytes', 'byteorder', 'signed'] },
  ),
};

const F = (self: Value): number => (self as { v: number }).v;

const FLOAT_METHODS: Record<string, Method> = {
  is_integer: m(0, 0, (s) => pyBool(Number.isInteger(F(s)))),
  conjugate: m(0, 0, (s) => pyFloat(F(s))),
  as_integer_ratio: m(0, 0, (s) => {
    const x = F(s);
    if (Number.isNaN(x)) throw valueError('cannot convert NaN to integer ratio');
    if (!Number.isFinite(x)) throw new PyError('OverflowError', 'cannot convert Infinity to integer ratio');
    let num = 0n;
    let den = 1n;
    let f = Math.abs(x);
    // Exact: scale by powers of two until integral.
    let e = 0;
    while (!Number.isInteger(f)) {
      f *= 2;
      e++;
    }
    num = BigInt(f);
    den = 1n << BigInt(e);
    while (num % 2n === 0n && den > 1n) {
      num /= 2n;
      den /= 2n;
    }
    return pyTuple([pyInt(x < 0 ? -num : num), pyInt(den)]);
  }),
};

const RANGE_METHODS: Record<string, Method> = {
  index: m(
    1,
    1,
    (s, [x]) => {
      const r = s as Extract<Value, { kind: 'range' }>;
      if (!contains(r, x!)) throw valueError(`${repr(x!)} is not in range`);
      return pyInt((big(x!) - r.start) / r.step);
    },
    { label: 'range.index' },
  ),
  count: m(1, 1, (s, [x]) => pyInt(contains(s, x!) ? 1n : 0n), { label: 'range.count' }),
};

const VIEW_METHODS: Record<string, Method> = {
  isdisjoint: m(1, 1, (s, [o]) => {
    const me = viewAsSet(s);
    const it = iterate(o!);
    for (let x = it.next(); !x.done; x = it.next()) if (me.store.has(x.value)) return FALSE;
    return TRUE;
  }),
};

export const METHODS: Record<string, Record<string, Method>> = {
  str: STR_METHODS,
  bytes: BYTES_METHODS,
  list: LIST_METHODS,
  tuple: TUPLE_METHODS,
  dict: DICT_METHODS,
  set: SET_METHODS,
  frozenset: FROZENSET_METHODS,
  int: INT_METHODS,
  bool: INT_METHODS,
  float: FLOAT_METHODS,
  range: RANGE_METHODS,
  dict_keys: VIEW_METHODS,
  dict_items: VIEW_METHODS,
};

/** Data attributes of builtin values (`x.real`, `r.start`...). */
export function dataAttribute(v: Value, name: string): Value | undefined {
  if (isIntLike(v)) {
    if (name === 'real' || name === 'numerator') return pyInt(big(v));
    if (name === 'imag') return pyInt(0n);
    if (name === 'denominator') return pyInt(1n);
  }
  if (v.kind === 'float') {
    if (name === 'real') return v;
    if (name === 'imag') return pyFloat(0);
  }
  if (v.kind === 'range' && (name === 'start' || name === 'stop' || name === 'step')) return pyInt(v[name]);
  if (v.kind === 'slice' && (name === 'start' || name === 'stop' || name === 'step')) return v[name];
  if (v.kind === 'type' && (name === '__name__' || name === '__qualname__')) return pyStr(v.name);
  if (v.kind === 'builtin' && (name === '__name__' || name === '__qualname__')) return pyStr(v.name);
  if (v.kind === 'function' && (name === '__name__' || name === '__qualname__')) return pyStr(v.name);
  if (v.kind === 'method' && name === '__name__') return pyStr(v.name);
  return undefined;
}

export interface MethodCall {
  method: Method;
  label: string;
}

/** The method `name` of a value's type, or undefined. */
export function findMethod(kind: string, name: string): Method | undefined {
  const table = METHODS[kind];
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Call a method with argument checks; refuse mutation outside `!` statements. */
export function callMethod(self: Value, name: string, args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  let target = self;
  let kind = self.kind === 'type' ? self.name : self.kind;
  const method = findMethod(kind, name);
  if (!method) throw new PyError('AttributeError', `'${typeName(self)}' object has no attribute '${name}'`);
  if (self.kind === 'type' && !method.classmethod) {
    // Unbound method: `str.upper('a')`.
    const first = args[0];
    if (!first) throw typeError(`unbound method ${kind}.${name}() needs an argument`);
    if (typeName(first) !== kind && !(kind === 'int' && first.kind === 'bool')) {
      throw typeError(`descriptor '${name}' for '${kind}' objects doesn't apply to a '${typeName(first)}' object`);
    }
    target = first;
    args = args.slice(1);
    kind = first.kind;
  }
  if (method.mutates && ctx.mode === 'eval') {
    throw new Refusal(`${kind}.${name}() would change the predicted state; to change it, use a '!' statement`);
  }
  const label = method.label ?? `${kind}.${name}`;
  checkArgs(name, { ...method, label, impl: () => NONE }, args, method.kw?.includes('*') ? new Map() : kw, true);
  return method.impl(target, args, kw, ctx);
}

/** Call a builtin function or type constructor with argument checks. */
export function callBuiltin(name: string, fn: Fn, args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  checkArgs(name, fn, args, fn.kw?.includes('*') ? new Map() : kw, false);
  return fn.impl(args, kw, ctx);
}
