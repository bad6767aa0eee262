// float: float() parsing and float's methods (floatobject.c).

import { m, type Method } from '../builtins/signature.js';
import { toF } from '../object.js';
import { repr } from '../repr.js';
import { stripChars } from '../text.js';
import { PyError, pyBool, pyFloat, pyInt, pyStr, pyTuple, refuseOpaque, typeError, typeName, valueError, type Value } from '../value.js';

const FLOAT_TEXT = /^[-+]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*(?:[eE][-+]?\d(?:_?\d)*)?|\d(?:_?\d)*\.(?:[eE][-+]?\d(?:_?\d)*)?|inf(?:inity)?|nan)$/i;

export function toFloat(v: Value): Value {
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

const F = (self: Value): number => (self as { v: number }).v;

/** float.hex: the exact binary value, `[-]0x1.<13 hex digits>p<exp>` (`0x0.` for subnormals). */
function floatHex(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0x0.0p+0`;
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const bits = dv.getBigUint64(0);
  const e = Number((bits >> 52n) & 0x7ffn);
  const frac = (bits & ((1n << 52n) - 1n)).toString(16).padStart(13, '0');
  const exp = e === 0 ? -1022 : e - 1023;
  return `${sign}0x${e === 0 ? 0 : 1}.${frac}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
}

const HEX_FLOAT = /^([-+]?)(?:0x)?(?:([0-9a-f]+)(?:\.([0-9a-f]*))?|\.([0-9a-f]+))(?:p([-+]?\d+))?$/i;

/** float.fromhex: exact, rounded half to even once, as floatobject.c does. */
function fromHex(v: Value): Value {
  if (v.kind !== 'str') throw typeError('bad argument type for built-in operation');
  const s = stripChars(v.v, null, true, true);
  const special = /^([-+]?)(inf|infinity|nan)$/i.exec(s);
  if (special) {
    const neg = special[1] === '-';
    return pyFloat(special[2]!.toLowerCase() === 'nan' ? NaN : neg ? -Infinity : Infinity);
  }
  const m = HEX_FLOAT.exec(s);
  if (!m) throw valueError('invalid hexadecimal floating-point string');
  const neg = m[1] === '-';
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? m[4] ?? '';
  let mant = BigInt(`0x${intPart + fracPart || '0'}`);
  let exp = (m[5] ? Number(m[5]) : 0) - 4 * fracPart.length;
  if (m[5] && Math.abs(Number(m[5])) > 1e8) exp = Number(m[5]) > 0 ? 1e8 : -1e8;
  if (mant === 0n) return pyFloat(neg ? -0 : 0);
  const len = mant.toString(2).length;
  // the value is mant * 2**exp, with 2**(top-1) <= value < 2**top
  const top = len + exp;
  if (top > 1024) throw new PyError('OverflowError', 'hexadecimal value too large to represent as a float');
  // keep 53 bits, or fewer where the result is subnormal (lowest bit 2**-1074)
  const lowest = Math.max(top - 53, -1074);
  const shift = lowest - exp;
  if (shift > 0) {
    const sh = BigInt(shift);
    const rest = mant & ((1n << sh) - 1n);
    mant >>= sh;
    const half = 1n << (sh - 1n);
    if (rest > half || (rest === half && (mant & 1n) === 1n)) mant += 1n;
    exp = lowest;
  }
  if (mant.toString(2).length + exp > 1024) throw new PyError('OverflowError', 'hexadecimal value too large to represent as a float');
  // mant has at most 54 bits: exact as a double; the power of two scaling is exact too
  let r = Number(mant);
  let e = exp;
  while (e > 0) {
    const k = Math.min(e, 1000);
    r *= 2 ** k;
    e -= k;
  }
  while (e < 0) {
    const k = Math.min(-e, 1000);
    r /= 2 ** k;
    e += k;
  }
  return pyFloat(neg ? -r : r);
}

export const FLOAT_METHODS: Record<string, Method> = {
  hex: m(0, 0, (s) => pyStr(floatHex(F(s)))),
  fromhex: m(1, 1, (_s, [v]) => fromHex(v!), { classmethod: true, label: 'float.fromhex' }),
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
