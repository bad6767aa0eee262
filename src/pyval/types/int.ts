// int (and bool, its subclass): int() parsing with CPython's literal rules
// and the 4300-digit limit; int's methods (longobject.c).

import { asIntArg, m, type Method } from '../builtins/signature.js';
import { absBig, bitLength, overflow } from '../numbers.js';
import { big, truthy } from '../object.js';
import { repr } from '../repr.js';
import { stripChars } from '../text.js';
import { FALSE, PyError, pyBool, pyInt, pyStr, pyTuple, refuseOpaque, typeError, typeName, valueError, type Value } from '../value.js';
import { bytesArg } from './bytes.js';

export function toInt(v: Value, base?: Value): Value {
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

const I = (self: Value): bigint => big(self);

export const INT_METHODS: Record<string, Method> = {
  bit_length: m(0, 0, (s) => pyInt(bitLength(I(s)))),
  bit_count: m(0, 0, (s) => pyInt(absBig(I(s)).toString(2).replace(/0/g, '').length), { since: 10 }),
  is_integer: m(0, 0, () => pyBool(true), { since: 12 }),
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
