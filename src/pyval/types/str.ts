// str's methods (unicodeobject.c), with CPython's argument rules and error
// texts. Lengths and indices count code points, not UTF-16 units.

import { INF, asIntArg, m, optIndex, type Method } from '../builtins/signature.js';
import { strFormat } from '../format.js';
import { budget } from '../limits.js';
import { big, isIntLike, iterate, toArray, truthy } from '../object.js';
import { isPrintableChar } from '../repr.js';
import { chars, cpCount, cpFind, cpLen, isSpace, splitLines, splitWhitespace, stripChars } from '../text.js';
import { FALSE, NONE, PyError, pyBool, pyInt, pyList, pyStr, pyTuple, refuseOpaque, typeError, typeName, valueError, type Value } from '../value.js';
import { DictStore } from '../containers.js';
import { getItem } from '../subscript.js';
import { encode } from './bytes.js';

function subArg(v: Value, method: string): string {
  if (v.kind !== 'str')
    throw typeError(budget.pythonMinor >= 13 ? `${method}() argument 1 must be str, not ${typeName(v)}` : `must be str, not ${typeName(v)}`);
  return v.v;
}

function stripArg(v: Value, method: string): string {
  if (v.kind !== 'str') throw typeError(`${method} arg must be None or str`);
  return v.v;
}

function affixArg(v: Value, method: string): string {
  if (v.kind !== 'str') throw typeError(`${method}() argument must be str, not ${typeName(v)}`);
  return v.v;
}

/** expandtabs' int argument: 3.9's PyArg_Parse names the type differently from 3.10's. */
function tabArg(v: Value): number {
  if (budget.pythonMinor < 10 && !isIntLike(v) && v.kind !== 'float') throw typeError(`an integer is required (got type ${typeName(v)})`);
  return Number(asIntArg(v));
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
    if (fill.kind !== 'str') throw typeError(`The fill character must be a unicode character, not ${typeName(fill)}`);
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

/** find/count's arguments: 3.13 converts the sub argument first, earlier versions the slice bounds. */
function findArgs(self: Value, args: Value[], method: string): [string, string, number, number] {
  const s = (self as { v: string }).v;
  const sub = budget.pythonMinor >= 13 ? subArg(args[0]!, method) : '';
  const start = optIndex(args[1], 0);
  const end = optIndex(args[2], Number.MAX_SAFE_INTEGER);
  return [s, budget.pythonMinor >= 13 ? sub : subArg(args[0]!, method), start, end];
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

export const STR_METHODS: Record<string, Method> = {
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
  strip: m(0, 1, (s, a) => pyStr(stripChars(S(s), a[0] && a[0].kind !== 'none' ? stripArg(a[0], 'strip') : null, true, true))),
  lstrip: m(0, 1, (s, a) => pyStr(stripChars(S(s), a[0] && a[0].kind !== 'none' ? stripArg(a[0], 'lstrip') : null, true, false))),
  rstrip: m(0, 1, (s, a) => pyStr(stripChars(S(s), a[0] && a[0].kind !== 'none' ? stripArg(a[0], 'rstrip') : null, false, true))),
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
  find: m(1, 3, (s, a) => pyInt(cpFind(...findArgs(s, a, 'find')))),
  rfind: m(1, 3, (s, a) => pyInt(cpFind(...findArgs(s, a, 'rfind'), true))),
  index: m(1, 3, (s, a) => {
    const i = cpFind(...findArgs(s, a, 'index'));
    if (i < 0) throw valueError('substring not found');
    return pyInt(i);
  }),
  rindex: m(1, 3, (s, a) => {
    const i = cpFind(...findArgs(s, a, 'rindex'), true);
    if (i < 0) throw valueError('substring not found');
    return pyInt(i);
  }),
  count: m(1, 3, (s, a) => pyInt(cpCount(...findArgs(s, a, 'count')))),
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
      const x = affixArg(p!, 'removeprefix');
      return pyStr(S(s).startsWith(x) ? S(s).slice(x.length) : S(s));
    },
    { label: 'str.removeprefix' },
  ),
  removesuffix: m(
    1,
    1,
    (s, [p]) => {
      const x = affixArg(p!, 'removesuffix');
      return pyStr(x && S(s).endsWith(x) ? S(s).slice(0, S(s).length - x.length) : S(s));
    },
    { label: 'str.removesuffix' },
  ),
  expandtabs: m(0, 1, (s, a, kw) => pyStr(expandTabs(S(s), tabArg(a[0] ?? kw.get('tabsize') ?? pyInt(8n)))), { kw: ['tabsize'] }),
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
    if (d!.kind === 'opaque') throw refuseOpaque(d!, 'its items');
    return pyStr(
      strFormat(
        S(s),
        null,
        (name) => getItem(d!, pyStr(name)),
        (v, n) => ctx.getattr(v, n),
      ),
    );
  }),
  maketrans: m(1, 3, (_s, a) => maketrans(a), { classmethod: true, label: 'maketrans' }),
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

/** str.maketrans: a dict from code points to code points, strs or None. */
function maketrans(args: Value[]): Value {
  const store = new DictStore();
  const [x, y, z] = args;
  if (args.length === 1) {
    if (x!.kind !== 'dict') throw typeError('if you give only one argument to maketrans it must be a dict');
    for (const [k, v] of x!.store.entries()) {
      if (k.kind === 'str') {
        const cs = chars(k.v);
        if (cs.length !== 1) throw valueError('string keys in translate table must be of length 1');
        store.set(pyInt(cs[0]!.codePointAt(0)!), v);
      } else if (isIntLike(k)) store.set(pyInt(big(k)), v);
      else throw typeError('keys in translate table must be strings or integers');
    }
    return { kind: 'dict', store };
  }
  if (x!.kind !== 'str') throw typeError('first maketrans argument must be a string if there is a second argument');
  if (y!.kind !== 'str') throw typeError(`maketrans() argument 2 must be str, not ${typeName(y!)}`);
  if (z !== undefined && z.kind !== 'str') throw typeError(`maketrans() argument 3 must be str, not ${typeName(z)}`);
  const a = chars(x!.v);
  const b = chars(y!.v);
  if (a.length !== b.length) throw valueError('the first two maketrans arguments must have equal length');
  a.forEach((c, i) => store.set(pyInt(c.codePointAt(0)!), pyInt(b[i]!.codePointAt(0)!)));
  if (z) for (const c of chars(z.v)) store.set(pyInt(c.codePointAt(0)!), NONE);
  return { kind: 'dict', store };
}

function getMapping(table: Value, k: Value): Value | undefined {
  if (table.kind === 'dict') return table.store.get(k);
  if (table.kind === 'opaque') throw refuseOpaque(table);
  return undefined;
}
