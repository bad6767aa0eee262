// bytes' methods (bytesobject.c, bytes_methods.c). A bytes value is worked on
// as a latin-1 JS string (one char per byte), so the search and split helpers
// see bytes as characters; case and class tests are ASCII-only, as in CPython.

import { asIntArg, m, optIndex, type Method } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { big, isIntLike, iterate, toArray, truthy } from '../object.js';
import { cpCount, cpFind } from '../text.js';
import { FALSE, PyError, pyBool, pyInt, pyList, pyStr, pyTuple, typeError, typeName, valueError, type Value } from '../value.js';
import { bytesArg, decode } from './bytes.js';

const B = (self: Value): Uint8Array => (self as { v: Uint8Array }).v;
const latin = (b: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode(...b.subarray(i, i + 4096));
  return s;
};
const L = (self: Value): string => latin(B(self));
const toBytes = (s: string): Value => {
  budget.strLen(s.length);
  return { kind: 'bytes', v: Uint8Array.from(s, (c) => c.charCodeAt(0)) };
};
const arg = (v: Value): string => latin(bytesArg(v));

const WS = ' \t\n\r\x0b\x0c';
const isWs = (c: string): boolean => WS.includes(c);
const isUp = (c: string): boolean => c >= 'A' && c <= 'Z';
const isLo = (c: string): boolean => c >= 'a' && c <= 'z';
const isDig = (c: string): boolean => c >= '0' && c <= '9';
const up = (s: string): string => s.replace(/[a-z]+/g, (x) => x.toUpperCase());
const lo = (s: string): string => s.replace(/[A-Z]+/g, (x) => x.toLowerCase());

/** expandtabs' int argument: 3.9's PyArg_Parse names the type differently from 3.10's. */
function tabArg(v: Value): number {
  if (budget.pythonMinor < 10 && !isIntLike(v)) {
    throw typeError(v.kind === 'float' ? 'integer argument expected, got float' : `an integer is required (got type ${typeName(v)})`);
  }
  return Number(asIntArg(v));
}

/** The sub argument of find/count/index: a bytes-like object or an int in range(256). */
function subArg(v: Value): string {
  if (v.kind === 'bytes') return latin(v.v);
  if (isIntLike(v)) {
    const n = big(v);
    if (n < 0n || n > 255n) throw valueError('byte must be in range(0, 256)');
    return String.fromCharCode(Number(n));
  }
  throw typeError(`argument should be integer or bytes-like object, not '${typeName(v)}'`);
}

/** find/count's arguments: the slice bounds are converted before the sub argument, as CPython does. */
function searchArgs(self: Value, a: Value[]): [string, string, number, number] {
  const start = optIndex(a[1], 0);
  const end = optIndex(a[2], Number.MAX_SAFE_INTEGER);
  return [L(self), subArg(a[0]!), start, end];
}

function search(self: Value, a: Value[], last: boolean): number {
  return cpFind(...searchArgs(self, a), last);
}

function strip(self: Value, chars: Value | undefined, left: boolean, right: boolean): Value {
  const s = L(self);
  const set = chars === undefined || chars.kind === 'none' ? WS : arg(chars);
  let i = 0;
  let j = s.length;
  if (left) while (i < j && set.includes(s[i]!)) i++;
  if (right) while (j > i && set.includes(s[j - 1]!)) j--;
  return toBytes(s.slice(i, j));
}

function splitWs(s: string, maxsplit: number, fromRight: boolean): string[] {
  const out: string[] = [];
  if (!fromRight) {
    let i = 0;
    while (i < s.length) {
      while (i < s.length && isWs(s[i]!)) i++;
      if (i >= s.length) break;
      if (maxsplit >= 0 && out.length === maxsplit) {
        let j = s.length;
        while (j > i && isWs(s[j - 1]!)) j--;
        out.push(s.slice(i, j));
        break;
      }
      let j = i;
      while (j < s.length && !isWs(s[j]!)) j++;
      out.push(s.slice(i, j));
      i = j;
    }
    return out;
  }
  let i = s.length;
  while (i > 0) {
    while (i > 0 && isWs(s[i - 1]!)) i--;
    if (i <= 0) break;
    if (maxsplit >= 0 && out.length === maxsplit) {
      let j = 0;
      while (j < i && isWs(s[j]!)) j++;
      out.push(s.slice(j, i));
      break;
    }
    let j = i;
    while (j > 0 && !isWs(s[j - 1]!)) j--;
    out.push(s.slice(j, i));
    i = j;
  }
  return out.reverse();
}

function split(self: Value, sepV: Value | undefined, maxV: Value | undefined, fromRight: boolean): Value {
  const s = L(self);
  const maxsplit = maxV === undefined ? -1 : Number(asIntArg(maxV));
  if (sepV === undefined || sepV.kind === 'none') return pyList(splitWs(s, maxsplit, fromRight).map(toBytes));
  const sep = arg(sepV);
  if (sep === '') throw valueError('empty separator');
  let parts = s.split(sep);
  if (maxsplit >= 0 && parts.length - 1 > maxsplit) {
    if (fromRight) {
      const keep = parts.length - maxsplit;
      parts = [parts.slice(0, keep).join(sep), ...parts.slice(keep)];
    } else parts = [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
  }
  budget.items(parts.length);
  return pyList(parts.map(toBytes));
}

function partition(self: Value, sepV: Value, fromRight: boolean): Value {
  const s = L(self);
  const sep = arg(sepV);
  if (sep === '') throw valueError('empty separator');
  const i = fromRight ? s.lastIndexOf(sep) : s.indexOf(sep);
  const e = toBytes('');
  if (i < 0) return fromRight ? pyTuple([e, e, toBytes(s)]) : pyTuple([toBytes(s), e, e]);
  return pyTuple([toBytes(s.slice(0, i)), sepV.kind === 'bytes' ? sepV : toBytes(sep), toBytes(s.slice(i + sep.length))]);
}

function pad(self: Value, width: Value, fill: Value | undefined, where: 'center' | 'ljust' | 'rjust'): Value {
  const s = L(self);
  const w = Number(asIntArg(width));
  let f = ' ';
  if (fill !== undefined) {
    if (fill.kind !== 'bytes' || fill.v.length !== 1) throw typeError(`${where}() argument 2 must be a byte string of length 1, not ${typeName(fill)}`);
    f = latin(fill.v);
  }
  if (w <= s.length) return self;
  budget.strLen(w);
  const marg = w - s.length;
  if (where === 'ljust') return toBytes(s + f.repeat(marg));
  if (where === 'rjust') return toBytes(f.repeat(marg) + s);
  const left = Math.floor(marg / 2) + (marg & w & 1);
  return toBytes(f.repeat(left) + s + f.repeat(marg - left));
}

function startsEnds(self: Value, a: Value[], ends: boolean): Value {
  const name = ends ? 'endswith' : 'startswith';
  const s = L(self);
  const n = s.length;
  let start = optIndex(a[1], 0);
  let end = optIndex(a[2], n);
  if (start < 0) start = Math.max(0, start + n);
  if (end < 0) end = Math.max(0, end + n);
  end = Math.min(end, n);
  const test = (p: Value): boolean => {
    const x = arg(p);
    if (start > n || start > end || end - start < x.length) return false;
    const seg = s.slice(start, end);
    return ends ? seg.endsWith(x) : seg.startsWith(x);
  };
  const p = a[0]!;
  if (p.kind === 'tuple') return pyBool(p.items.some(test));
  if (p.kind !== 'bytes') throw typeError(`${name} first arg must be bytes or a tuple of bytes, not ${typeName(p)}`);
  return pyBool(test(p));
}

function replace(s: string, old: string, rep: string, count: number): string {
  if (count < 0) count = Number.MAX_SAFE_INTEGER;
  if (old === '') {
    let out = '';
    let k = 0;
    for (let i = 0; i <= s.length; i++) {
      if (k < count) {
        out += rep;
        k++;
      }
      if (i < s.length) out += s[i];
      budget.strLen(out.length);
    }
    return out;
  }
  const parts = s.split(old);
  if (parts.length - 1 <= count) {
    budget.strLen(s.length + (parts.length - 1) * (rep.length - old.length));
    return parts.join(rep);
  }
  return parts.slice(0, count + 1).join(rep) + old + parts.slice(count + 1).join(old);
}

function title(s: string): string {
  let prevCased = false;
  let out = '';
  for (const c of s) {
    out += prevCased ? lo(c) : up(c);
    prevCased = isUp(c) || isLo(c);
  }
  return out;
}

const predicate =
  (test: (c: string) => boolean) =>
  (self: Value): Value => {
    const s = L(self);
    return pyBool(s.length > 0 && [...s].every(test));
  };

function caseTest(self: Value, upper: boolean): Value {
  let cased = false;
  for (const c of L(self)) {
    if (upper ? isLo(c) : isUp(c)) return FALSE;
    if (isUp(c) || isLo(c)) cased = true;
  }
  return pyBool(cased);
}

function splitLines(s: string, keepends: boolean): string[] {
  const out: string[] = [];
  const re = /\r\n|[\n\r]/g;
  let last = 0;
  for (let mm = re.exec(s); mm; mm = re.exec(s)) {
    out.push(s.slice(last, keepends ? mm.index + mm[0].length : mm.index));
    last = mm.index + mm[0].length;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}

function expandTabs(s: string, tab: number): string {
  let out = '';
  let col = 0;
  for (const c of s) {
    if (c === '\t') {
      if (tab > 0) {
        const n = tab - (col % tab);
        out += ' '.repeat(n);
        col += n;
        budget.strLen(out.length);
      }
    } else {
      out += c;
      col = c === '\n' || c === '\r' ? 0 : col + 1;
    }
  }
  return out;
}

const HEX = '0123456789abcdefABCDEF';

function fromHex(v: Value): Value {
  if (v.kind !== 'str') throw typeError(`fromhex() argument must be str, not ${typeName(v)}`);
  const s = v.v;
  const out: number[] = [];
  const bad = (i: number): PyError => valueError(`non-hexadecimal number found in fromhex() arg at position ${i}`);
  let i = 0;
  for (;;) {
    while (i < s.length && WS.includes(s[i]!)) i++;
    if (i >= s.length) break;
    const hi = s[i]!;
    if (!HEX.includes(hi)) throw bad(i);
    const lo2 = s[i + 1];
    if (lo2 === undefined || !HEX.includes(lo2)) throw bad(i + 1);
    out.push(Number.parseInt(hi + lo2, 16));
    i += 2;
  }
  return { kind: 'bytes', v: Uint8Array.from(out) };
}

function hex(self: Value, sepV: Value | undefined, perV: Value | undefined): Value {
  const digits = Array.from(B(self), (b) => b.toString(16).padStart(2, '0'));
  if (sepV === undefined) return pyStr(digits.join(''));
  let sep: string;
  if (sepV.kind === 'str') sep = sepV.v;
  else if (sepV.kind === 'bytes') sep = latin(sepV.v);
  else if (isIntLike(sepV) || sepV.kind === 'float' || sepV.kind === 'none') throw typeError(`object of type '${typeName(sepV)}' has no len()`);
  else sep = arg(sepV);
  if ([...sep].length !== 1) throw valueError('sep must be length 1.');
  if (sep.codePointAt(0)! > 127) throw valueError('sep must be ASCII.');
  const per = perV === undefined ? 1 : Number(asIntArg(perV));
  if (per === 0 || digits.length === 0) return pyStr(digits.join(''));
  const k = Math.abs(per);
  const groups: string[] = [];
  if (per > 0) {
    // grouped from the right
    let end = digits.length;
    while (end > 0) {
      groups.unshift(digits.slice(Math.max(0, end - k), end).join(''));
      end -= k;
    }
  } else for (let i = 0; i < digits.length; i += k) groups.push(digits.slice(i, i + k).join(''));
  return pyStr(groups.join(sep));
}

function translate(self: Value, table: Value, del: Value | undefined): Value {
  let map: string | null = null;
  if (table.kind !== 'none') {
    map = arg(table);
    if (map.length !== 256) throw valueError('translation table must be 256 characters long');
  }
  const drop = del === undefined ? '' : arg(del);
  let out = '';
  for (const c of L(self)) {
    if (drop.includes(c)) continue;
    out += map === null ? c : map[c.charCodeAt(0)]!;
  }
  return toBytes(out);
}

function maketrans(from: Value, to: Value): Value {
  const a = arg(from);
  const b = arg(to);
  if (a.length !== b.length) throw valueError('maketrans arguments must have same length');
  const t = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i));
  for (let i = 0; i < a.length; i++) t[a.charCodeAt(i)] = b[i]!;
  return toBytes(t.join(''));
}

function join(self: Value, it: Value): Value {
  try {
    iterate(it);
  } catch (e) {
    if (e instanceof PyError) throw typeError('can only join an iterable');
    throw e;
  }
  const parts = toArray(it).map((x, i) => {
    if (x.kind !== 'bytes') throw typeError(`sequence item ${i}: expected a bytes-like object, ${typeName(x)} found`);
    return latin(x.v);
  });
  return toBytes(parts.join(L(self)));
}

const findLike = (last: boolean, raise: boolean) =>
  m(1, 3, (s, a) => {
    const i = search(s, a, last);
    if (raise && i < 0) throw valueError('subsection not found');
    return pyInt(i);
  });

export const BYTES_METHODS: Record<string, Method> = {
  decode: m(
    0,
    2,
    (s, a, kw) => {
      const enc = a[0] ?? kw.get('encoding');
      return decode(B(s), enc && enc.kind === 'str' ? enc.v : 'utf-8');
    },
    { kw: ['encoding', 'errors'] },
  ),
  hex: m(0, 2, (s, a, kw) => hex(s, a[0] ?? kw.get('sep'), a[1] ?? kw.get('bytes_per_sep')), { kw: ['sep', 'bytes_per_sep'] }),
  fromhex: m(1, 1, (_s, [v]) => fromHex(v!), { classmethod: true, label: 'bytes.fromhex' }),
  maketrans: m(2, 2, (_s, [a, b]) => maketrans(a!, b!), { classmethod: true, label: 'maketrans' }),
  upper: m(0, 0, (s) => toBytes(up(L(s)))),
  lower: m(0, 0, (s) => toBytes(lo(L(s)))),
  swapcase: m(0, 0, (s) => toBytes(L(s).replace(/[a-zA-Z]/g, (c) => (isUp(c) ? lo(c) : up(c))))),
  capitalize: m(0, 0, (s) => toBytes(up(L(s).slice(0, 1)) + lo(L(s).slice(1)))),
  title: m(0, 0, (s) => toBytes(title(L(s)))),
  isalnum: m(
    0,
    0,
    predicate((c) => isUp(c) || isLo(c) || isDig(c)),
  ),
  isalpha: m(
    0,
    0,
    predicate((c) => isUp(c) || isLo(c)),
  ),
  isdigit: m(0, 0, predicate(isDig)),
  isspace: m(0, 0, predicate(isWs)),
  isascii: m(0, 0, (s) => pyBool(B(s).every((b) => b < 128))),
  isupper: m(0, 0, (s) => caseTest(s, true)),
  islower: m(0, 0, (s) => caseTest(s, false)),
  istitle: m(0, 0, (s) => {
    let prevCased = false;
    let cased = false;
    for (const c of L(s)) {
      if (isUp(c)) {
        if (prevCased) return FALSE;
        prevCased = cased = true;
      } else if (isLo(c)) {
        if (!prevCased) return FALSE;
        prevCased = cased = true;
      } else prevCased = false;
    }
    return pyBool(cased);
  }),
  strip: m(0, 1, (s, a) => strip(s, a[0], true, true)),
  lstrip: m(0, 1, (s, a) => strip(s, a[0], true, false)),
  rstrip: m(0, 1, (s, a) => strip(s, a[0], false, true)),
  split: m(0, 2, (s, a, kw) => split(s, a[0] ?? kw.get('sep'), a[1] ?? kw.get('maxsplit'), false), { kw: ['sep', 'maxsplit'] }),
  rsplit: m(0, 2, (s, a, kw) => split(s, a[0] ?? kw.get('sep'), a[1] ?? kw.get('maxsplit'), true), { kw: ['sep', 'maxsplit'] }),
  splitlines: m(0, 1, (s, a, kw) => pyList(splitLines(L(s), truthy(a[0] ?? kw.get('keepends') ?? FALSE)).map(toBytes)), { kw: ['keepends'] }),
  partition: m(1, 1, (s, [p]) => partition(s, p!, false), { label: 'bytes.partition' }),
  rpartition: m(1, 1, (s, [p]) => partition(s, p!, true), { label: 'bytes.rpartition' }),
  startswith: m(1, 3, (s, a) => startsEnds(s, a, false)),
  endswith: m(1, 3, (s, a) => startsEnds(s, a, true)),
  find: findLike(false, false),
  rfind: findLike(true, false),
  index: findLike(false, true),
  rindex: findLike(true, true),
  count: m(1, 3, (s, a) => pyInt(cpCount(...searchArgs(s, a)))),
  join: m(1, 1, (s, [it]) => join(s, it!), { label: 'bytes.join' }),
  replace: m(2, 3, (s, [o, r, c]) => toBytes(replace(L(s), arg(o!), arg(r!), c ? Number(asIntArg(c)) : -1))),
  removeprefix: m(
    1,
    1,
    (s, [p]) => {
      const x = arg(p!);
      return L(s).startsWith(x) ? toBytes(L(s).slice(x.length)) : s;
    },
    { label: 'bytes.removeprefix' },
  ),
  removesuffix: m(
    1,
    1,
    (s, [p]) => {
      const x = arg(p!);
      return x && L(s).endsWith(x) ? toBytes(L(s).slice(0, L(s).length - x.length)) : s;
    },
    { label: 'bytes.removesuffix' },
  ),
  center: m(1, 2, (s, [w, f]) => pad(s, w!, f, 'center')),
  ljust: m(1, 2, (s, [w, f]) => pad(s, w!, f, 'ljust')),
  rjust: m(1, 2, (s, [w, f]) => pad(s, w!, f, 'rjust')),
  zfill: m(
    1,
    1,
    (s, [w]) => {
      const text = L(s);
      const width = Number(asIntArg(w!));
      if (text.length >= width) return s;
      budget.strLen(width);
      const sign = text[0] === '+' || text[0] === '-' ? text[0] : '';
      return toBytes(sign + '0'.repeat(width - text.length) + text.slice(sign.length));
    },
    { label: 'bytes.zfill' },
  ),
  expandtabs: m(0, 1, (s, a, kw) => toBytes(expandTabs(L(s), tabArg(a[0] ?? kw.get('tabsize') ?? pyInt(8n)))), { kw: ['tabsize'] }),
  translate: m(1, 2, (s, a, kw) => translate(s, a[0]!, a[1] ?? kw.get('delete')), { kw: ['delete'] }),
};
