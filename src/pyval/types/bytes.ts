// bytes: the constructor and the codecs we implement (utf-8, ascii, latin-1)
// (bytesobject.c). Its methods are bytes-methods.ts's, which build on these.

import { budget } from '../limits.js';
import { big, index, isIntLike, toArray } from '../object.js';
import { chars } from '../text.js';
import { PyError, Refusal, pyStr, typeError, typeName, valueError, type Value } from '../value.js';

export function bytesImpl(args: Value[], kw: Map<string, Value>): Value {
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

/** How a codec error names a character: `\xe9`, `\u4e2d`, `\U0001f600`. */
const escapeChar = (cp: number): string =>
  cp < 0x100 ? `\\x${cp.toString(16).padStart(2, '0')}` : cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;

export function encode(s: string, encoding: string): Value {
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
      throw new PyError('UnicodeEncodeError', `'${name}' codec can't encode character '${escapeChar(cp)}' in position ${i}: ordinal not in range(${limit})`);
    }
    out[i] = cp;
  });
  return { kind: 'bytes', v: out };
}

export function decode(b: Uint8Array, encoding: string): Value {
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

export const bytesArg = (v: Value): Uint8Array => {
  if (v.kind === 'bytes') return v.v;
  throw typeError(`a bytes-like object is required, not '${typeName(v)}'`);
};
