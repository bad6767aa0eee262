// Tokens of Python's expression and simple-statement syntax, one logical line.

import { PyError } from './value.js';

export type Token =
  | { t: 'name'; v: string; start: number; end: number }
  | { t: 'int'; v: bigint; start: number; end: number }
  | { t: 'float'; v: number; start: number; end: number }
  | { t: 'imag'; start: number; end: number }
  | { t: 'str'; v: string; start: number; end: number }
  | { t: 'bytes'; v: Uint8Array; start: number; end: number }
  /** An f-string: its body, still to be split into text and fields. */
  | { t: 'fstr'; body: string; raw: boolean; start: number; end: number }
  | { t: 'op'; v: string; start: number; end: number }
  | { t: 'eof'; start: number; end: number };

export const syntaxError = (msg = 'invalid syntax'): PyError => new PyError('SyntaxError', msg);

const OPS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
  '->',
  ':=',
  '**',
  '//',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '@',
  '&',
  '|',
  '^',
  '~',
  '<',
  '>',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  ';',
  '=',
];

const NAME_START = /[\p{L}\p{Nl}_\u2118\u212e\u309b\u309c]/u;
const NAME_CONT = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_\u00b7\u0387\u1369-\u1371\u19da]/u;

const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

export const isKeyword = (s: string): boolean => KEYWORDS.has(s);

/**
 * Decode the body of a string literal (between the quotes). `bytes`: the
 * result's code points are byte values. Unknown escapes stay as written, as in
 * Python.
 */
export function decodeEscapes(body: string, bytes: boolean): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const n = body[++i];
    if (n === undefined) throw syntaxError('unterminated string literal (detected at line 1)');
    switch (n) {
      case '\n':
        break;
      case '\\':
        out += '\\';
        break;
      case "'":
        out += "'";
        break;
      case '"':
        out += '"';
        break;
      case 'a':
        out += '\x07';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x': {
        const h = body.slice(i + 1, i + 3);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) {
          throw syntaxError(
            `(${bytes ? 'value' : 'unicode'} error) ${bytes ? 'invalid \\x escape at position ' + (i - 1) : "'unicodeescape' codec can't decode bytes in position " + (i - 1) + '-' + (i + h.length) + ': truncated \\xXX escape'}`,
          );
        }
        out += String.fromCharCode(parseInt(h, 16));
        i += 2;
        break;
      }
      case 'u':
      case 'U': {
        if (bytes) {
          out += '\\' + n;
          break;
        }
        const len = n === 'u' ? 4 : 8;
        const h = body.slice(i + 1, i + 1 + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(h)) {
          throw syntaxError(
            `(unicode error) 'unicodeescape' codec can't decode bytes in position ${i - 1}-${i + h.length}: truncated \\${n}${'X'.repeat(len)} escape`,
          );
        }
        const cp = parseInt(h, 16);
        if (cp > 0x10ffff) {
          throw syntaxError(`(unicode error) 'unicodeescape' codec can't decode bytes in position ${i - 1}-${i + len}: illegal Unicode character`);
        }
        out += String.fromCodePoint(cp);
        i += len;
        break;
      }
      case 'N':
        if (bytes) {
          out += '\\N';
          break;
        }
        throw new PyError('SyntaxError', 'ndbg: \\N{...} escapes are not supported');
      default:
        if (n >= '0' && n <= '7') {
          let j = i;
          while (j < i + 3 && body[j]! >= '0' && body[j]! <= '7') j++;
          const v = parseInt(body.slice(i, j), 8);
          out += bytes ? String.fromCharCode(v & 0xff) : String.fromCharCode(v);
          i = j - 1;
        } else {
          out += '\\' + n;
        }
    }
  }
  return out;
}

/** Scan a string literal starting at `pos` (at its prefix or quote). Returns the token, or null. */
export function scanString(src: string, pos: number): Token | null {
  const m = /^([rRbBuUfF]{0,2})(['"])/.exec(src.slice(pos, pos + 3));
  if (!m) return null;
  const prefix = m[1]!.toLowerCase();
  if (prefix && !['r', 'u', 'b', 'br', 'rb', 'f', 'fr', 'rf'].includes(prefix)) return null;
  const q = m[2]!;
  let i = pos + m[0].length;
  const triple = src.startsWith(q + q, i);
  const close = triple ? q.repeat(3) : q;
  if (triple) i += 2;
  const bodyStart = i;
  for (;;) {
    if (i >= src.length) {
      throw syntaxError(triple ? 'unterminated triple-quoted string literal (detected at line 1)' : 'unterminated string literal (detected at line 1)');
    }
    const c = src[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (!triple && c === '\n') throw syntaxError('unterminated string literal (detected at line 1)');
    if (src.startsWith(close, i)) break;
    i++;
  }
  const body = src.slice(bodyStart, i);
  const end = i + close.length;
  const raw = prefix.includes('r');
  if (prefix.includes('f')) return { t: 'fstr', body, raw, start: pos, end };
  if (prefix.includes('b')) {
    if (/[^\x00-\x7f]/.test(body)) throw syntaxError('bytes can only contain ASCII literal characters');
    const s = raw ? body : decodeEscapes(body, true);
    return { t: 'bytes', v: Uint8Array.from(s, (ch) => ch.charCodeAt(0)), start: pos, end };
  }
  return { t: 'str', v: raw ? body : decodeEscapes(body, false), start: pos, end };
}

const NUMBER = /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][-+]?\d(?:_?\d)*)?[jJ]?)/;

/** Scan a number at `pos`; null when there is none. */
export function scanNumber(src: string, pos: number): Token | null {
  const m = NUMBER.exec(src.slice(pos));
  if (!m) return null;
  const text = m[0];
  const end = pos + text.length;
  if (/[jJ]$/.test(text)) return { t: 'imag', start: pos, end };
  const clean = text.replace(/_/g, '');
  if (/^0[xXoObB]/.test(clean)) return { t: 'int', v: BigInt(clean.toLowerCase()), start: pos, end };
  if (/^\d+$/.test(clean)) {
    if (/^0+[1-9]/.test(clean)) {
      throw syntaxError('leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers');
    }
    return { t: 'int', v: BigInt(clean), start: pos, end };
  }
  return { t: 'float', v: Number(clean), start: pos, end };
}

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let depth = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\f' || (c === '\n' && depth > 0) || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n') {
      out.push({ t: 'op', v: ';', start: i, end: i + 1 });
      i++;
      continue;
    }
    const s = scanString(src, i);
    if (s) {
      out.push(s);
      i = s.end;
      continue;
    }
    if ((c >= '0' && c <= '9') || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const n = scanNumber(src, i)!;
      out.push(n);
      i = n.end;
      if (i < src.length && NAME_CONT.test(src[i]!) && n.t !== 'imag') {
        throw syntaxError(n.t === 'int' ? 'invalid decimal literal' : 'invalid syntax');
      }
      continue;
    }
    const cp = String.fromCodePoint(src.codePointAt(i)!);
    if (NAME_START.test(cp)) {
      let j = i + cp.length;
      for (;;) {
        if (j >= src.length) break;
        const d = String.fromCodePoint(src.codePointAt(j)!);
        if (!NAME_CONT.test(d)) break;
        j += d.length;
      }
      out.push({ t: 'name', v: src.slice(i, j).normalize('NFKC'), start: i, end: j });
      i = j;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      if ('([{'.includes(op)) depth++;
      if (')]}'.includes(op)) depth = Math.max(0, depth - 1);
      out.push({ t: 'op', v: op, start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    if (c === '!') throw syntaxError('invalid syntax');
    if (c === '$' || c === '?' || c === '`') throw syntaxError('invalid syntax');
    throw syntaxError(`invalid character '${cp}' (U+${cp.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
  }
  out.push({ t: 'eof', start: src.length, end: src.length });
  return out;
}
