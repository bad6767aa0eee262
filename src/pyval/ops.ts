// Python's operators on our values: arithmetic, repetition, the set and
// view operators, unary and in-place operators, with CPython 3.11's error
// texts. The object protocols (truth, iteration, equality, ordering,
// containment) are in object.ts and subscripts in subscript.ts; they are
// re-exported here, for the callers that know ops.ts as the one entry.

import { budget } from './limits.js';
import { collectionsHooks as coll } from './modules/collections-hooks.js';
import { bitLength, floatDivmod, floatMod, floatPow, floatTrueDiv, intFloorDiv, intMod, intPow, intToFloat, intTrueDiv } from './numbers.js';
import { big, isIntLike, isNumber, isSetLike, length, toArray, toF, truthy } from './object.js';
import { differenceUpdate, setOp, setOperator, symmetricDifferenceUpdate, updateSet } from './types/set-algebra.js';
import {
  PyError,
  pyBool,
  pyFloat,
  pyInt,
  pyList,
  pyStr,
  pyTuple,
  refuseOpaque,
  typeError,
  typeName,
  unsupported,
  valueError,
  type IntV,
  type ListV,
  type Value,
} from './value.js';

// ---- arithmetic ----

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

export function binop(op: string, a: Value, b: Value): Value {
  if (isNumber(a) && isNumber(b)) return numericOp(op, a, b);
  checkOpaque(a, b);
  if (isCollection(a) || isCollection(b)) {
    const r = coll.binop(op, a, b, false);
    if (r !== undefined) return r;
  }
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
  const counted = coll.unary(op, v);
  if (counted) return counted;
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
  if (isCollection(a)) {
    checkOpaque(a, b);
    const r = coll.binop(op, a, b, true);
    if (r !== undefined) return r;
  }
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

const isCollection = (v: Value): boolean => v.kind === 'deque' || (v.kind === 'dict' && v.sub !== undefined);

export * from './object.js';
export * from './subscript.js';
export { pySort } from './types/list-sort.js';
export { differenceUpdate, setOp, symmetricDifferenceUpdate, updateSet, viewAsSet } from './types/set-algebra.js';
export { unsupported } from './value.js';
