// float: float() parsing and float's methods (floatobject.c).

import { m, type Method } from '../builtins/signature.js';
import { toF } from '../object.js';
import { repr } from '../repr.js';
import { stripChars } from '../text.js';
import { PyError, pyBool, pyFloat, pyInt, pyTuple, refuseOpaque, typeError, typeName, valueError, type Value } from '../value.js';

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

export const FLOAT_METHODS: Record<string, Method> = {
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
