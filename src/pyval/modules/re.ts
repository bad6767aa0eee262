// re: compile, search, match, fullmatch, findall, finditer, sub, subn, split,
// escape; Pattern and Match objects; the flags (RegexFlag) and their reprs.
// Patterns are translated to JS RegExps by re-translate.ts (which refuses what
// would not match as CPython's sre does); the iteration of findall, finditer,
// sub and split follows CPython 3.7+'s rule for empty matches (one is allowed
// right after a previous match, but never twice at one position). Positions
// are code points, as Python's, whatever UTF-16 does with astral characters.

import { INF, type Ctx, type Fn } from '../builtins/signature.js';
import { DictStore } from '../containers.js';
import { budget } from '../limits.js';
import { index } from '../object.js';
import { NATIVE_REPR } from '../native-repr.js';
import { callValue, makeClass } from '../objects.js';
import { strRepr } from '../repr.js';
import {
  FALSE,
  NONE,
  PyError,
  Refusal,
  TRUE,
  pyInt,
  pyList,
  pyStr,
  pyTuple,
  typeError,
  typeName,
  type ClassV,
  type FunctionV,
  type InstanceV,
  type TupleV,
  type Value,
} from '../value.js';
import type { ModuleDef } from './module.js';
import { F, reError, translate, type Compiled } from './re-translate.js';
import { unstableClassChar } from './re-unicode.js';

const refuse = (what: string): Refusal => new Refusal(`re: ${what} is not modelled by pyval`);

// ---- classes ----

const cls = (name: string): ClassV => makeClass(name, name, [], 'builtins');
export const PATTERN = cls('re.Pattern');
export const MATCH = cls('re.Match');
export const REGEXFLAG = cls('RegexFlag');

const native = (name: string, call: (args: Value[], kwargs: Map<string, Value>) => Value): FunctionV => ({
  kind: 'function',
  name,
  qualname: name,
  call,
});

/** A missing attribute of these objects is refused rather than reported (pyval models only part of them). */
for (const [c, what] of [
  [PATTERN, 'Pattern'],
  [MATCH, 'Match'],
  [REGEXFLAG, 'RegexFlag'],
] as const) {
  c.dict.set(
    '__getattr__',
    native('__getattr__', ([self, n]) => {
      // a pattern read back from its repr learns its flags and groups on first use
      if (c === PATTERN && n?.kind === 'str' && (n.v === 'flags' || n.v === 'groups')) {
        const k = patternCompiled(self as InstanceV);
        return pyInt(n.v === 'flags' ? k.flags : k.groups);
      }
      throw refuse(`the attribute ${what}.${n?.kind === 'str' ? n.v : '?'}`);
    }),
  );
}

// ---- flags ----

const FLAG_ORDER: [string, number][] = [
  ['ASCII', F.ASCII],
  ['IGNORECASE', F.IGNORECASE],
  ['LOCALE', F.LOCALE],
  ['UNICODE', F.UNICODE],
  ['MULTILINE', F.MULTILINE],
  ['DOTALL', F.DOTALL],
  ['VERBOSE', F.VERBOSE],
  ['DEBUG', F.DEBUG],
];

export const flagValue = (v: number): InstanceV => ({ kind: 'instance', cls: REGEXFLAG, dict: new Map(), payload: [pyInt(v)] });
const flagOf = (v: InstanceV): number => Number((v.payload![0] as { v: bigint }).v);

function flagRepr(v: number): string {
  if (v === 0) {
    if (budget.pythonMinor < 11) throw refuse('the repr of an empty RegexFlag before 3.11');
    return 're.NOFLAG';
  }
  const names: string[] = [];
  let rest = v;
  for (const [n, bit] of FLAG_ORDER) {
    if (v & bit) {
      names.push(`re.${n}`);
      rest &= ~bit;
    }
  }
  if (rest) throw refuse('the repr of a RegexFlag with unnamed bits');
  return names.join('|');
}
NATIVE_REPR.set(REGEXFLAG, (v) => flagRepr(flagOf(v)));

/** An int operand of a flag operation (another flag, an int, a bool); undefined: not one. */
function flagOperand(v: Value | undefined): number | undefined {
  if (!v) return undefined;
  if (v.kind === 'instance' && v.cls === REGEXFLAG) return flagOf(v);
  if (v.kind === 'int' || v.kind === 'bool') {
    const n = v.kind === 'int' ? v.v : v.v ? 1n : 0n;
    if (n < 0n || n > 0x1ffn) throw refuse('a RegexFlag combined with an int outside the flag bits');
    return Number(n);
  }
  return undefined;
}

const NOT_IMPLEMENTED: Value = { kind: 'opaque', text: 'NotImplemented', why: 'is NotImplemented' };
for (const [op, f] of [
  ['or', (a: number, b: number) => a | b],
  ['and', (a: number, b: number) => a & b],
  ['xor', (a: number, b: number) => a ^ b],
] as const) {
  const impl = native(`__${op}__`, ([self, other]) => {
    const b = flagOperand(other);
    return b === undefined ? NOT_IMPLEMENTED : flagValue(f(flagOf(self as InstanceV), b));
  });
  REGEXFLAG.dict.set(`__${op}__`, impl);
  REGEXFLAG.dict.set(`__r${op}__`, impl);
}
REGEXFLAG.dict.set(
  '__eq__',
  native('__eq__', ([self, other]) => {
    const b =
      other && (other.kind === 'int' || other.kind === 'bool' || (other.kind === 'instance' && other.cls === REGEXFLAG)) ? flagOperand(other) : undefined;
    return b === undefined ? NOT_IMPLEMENTED : flagOf(self as InstanceV) === b ? TRUE : FALSE;
  }),
);
REGEXFLAG.dict.set(
  '__ne__',
  native('__ne__', ([self, other]) => {
    const b =
      other && (other.kind === 'int' || other.kind === 'bool' || (other.kind === 'instance' && other.cls === REGEXFLAG)) ? flagOperand(other) : undefined;
    return b === undefined ? NOT_IMPLEMENTED : flagOf(self as InstanceV) !== b ? TRUE : FALSE;
  }),
);
// RegexFlag is an int: its arithmetic gives ints, which pyval does not model here
for (const op of ['add', 'sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow', 'lshift', 'rshift', 'lt', 'le', 'gt', 'ge']) {
  const no = native(`__${op}__`, () => {
    throw refuse('arithmetic and ordering on RegexFlag values');
  });
  REGEXFLAG.dict.set(`__${op}__`, no);
  if (!['lt', 'le', 'gt', 'ge'].includes(op)) REGEXFLAG.dict.set(`__r${op}__`, no);
}
for (const op of ['neg', 'pos', 'invert', 'index', 'int', 'hash', 'len', 'iter', 'contains']) {
  REGEXFLAG.dict.set(
    `__${op}__`,
    native(`__${op}__`, () => {
      throw refuse('this operation on RegexFlag values');
    }),
  );
}

/** A flags argument: an int, a bool or a RegexFlag. */
function flagsArg(v: Value | undefined): number {
  if (v === undefined) return 0;
  const n = flagOperand(v);
  if (n === undefined) throw refuse(`flags given as ${typeName(v)}`);
  return n;
}

// ---- patterns ----

const compiledCache = new Map<string, Compiled>();

/** The compiled form of a pattern (cached per version: messages and refusals depend on it). */
function compiled(pattern: string, flags: number): Compiled {
  const key = `${budget.pythonMinor}:${flags}:${pattern}`;
  let c = compiledCache.get(key);
  if (!c) {
    c = translate(pattern, flags, budget.pythonMinor);
    if (compiledCache.size > 500) compiledCache.clear();
    compiledCache.set(key, c);
  }
  return c;
}

const patternText = (p: InstanceV): string => (p.payload![0] as { v: string }).v;
const patternFlags = (p: InstanceV): number => Number((p.payload![1] as { v: bigint }).v);
const patternCompiled = (p: InstanceV): Compiled => compiled(patternText(p), patternFlags(p));

/** A Pattern value for a pattern that compiles (re.error otherwise). */
export function makePattern(pattern: string, flags: number): InstanceV {
  const c = compiled(pattern, flags);
  const dict = new Map<string, Value>([
    ['pattern', pyStr(pattern)],
    ['flags', pyInt(c.flags)],
    ['groups', pyInt(c.groups)],
  ]);
  return { kind: 'instance', cls: PATTERN, dict, payload: [pyStr(pattern), pyInt(flags)] };
}

const PATTERN_REPR_FLAGS: [string, number][] = [
  ['TEMPLATE', F.TEMPLATE],
  ['IGNORECASE', F.IGNORECASE],
  ['LOCALE', F.LOCALE],
  ['MULTILINE', F.MULTILINE],
  ['DOTALL', F.DOTALL],
  ['UNICODE', F.UNICODE],
  ['VERBOSE', F.VERBOSE],
  ['DEBUG', F.DEBUG],
  ['ASCII', F.ASCII],
];

const cut = (s: string, n: number): string => {
  const cps = [...s];
  return cps.length > n ? cps.slice(0, n).join('') : s;
};

function patternRepr(p: InstanceV): string {
  let flags = patternCompiled(p).flags;
  if ((flags & (F.LOCALE | F.UNICODE | F.ASCII)) === F.UNICODE) flags &= ~F.UNICODE;
  const text = cut(strRepr(patternText(p)), 200);
  if (!flags) return `re.compile(${text})`;
  const names = PATTERN_REPR_FLAGS.filter(([, b]) => flags & b).map(([n]) => `re.${n}`);
  return `re.compile(${text}, ${names.join('|')})`;
}
NATIVE_REPR.set(PATTERN, patternRepr);

/** `re.compile('a+')` / `re.compile('a', re.IGNORECASE|re.MULTILINE)` as a frame shows a pattern: the pattern, when it reads. */
export function patternFromRepr(text: string, scanStr: (s: string, i: number) => { value: string; end: number } | null): Value | undefined {
  if (!text.startsWith('re.compile(')) return undefined;
  const lit = scanStr(text, 11);
  if (!lit) return undefined;
  const rest = text.slice(lit.end);
  let flags = 0;
  if (rest !== ')') {
    const m = /^, (re\.[A-Z]+(?:\|re\.[A-Z]+)*)\)$/.exec(rest);
    if (!m) return undefined;
    for (const name of m[1]!.split('|')) {
      const bit = PATTERN_REPR_FLAGS.find(([n]) => `re.${n}` === name);
      if (!bit) return undefined;
      flags |= bit[1];
    }
  }
  return { kind: 'instance', cls: PATTERN, dict: new Map<string, Value>([['pattern', pyStr(lit.value)]]), payload: [pyStr(lit.value), pyInt(flags)] };
}

// ---- subjects and matching ----

/** A str subject: UTF-16 offsets for its code points, when it has astral characters. */
class Subject {
  readonly len: number;
  private readonly units?: number[];
  private readonly cpAt?: Map<number, number>;
  constructor(readonly s: string) {
    if (/[\ud800-\udfff]/.test(s)) {
      this.units = [];
      this.cpAt = new Map();
      let u = 0;
      for (const ch of s) {
        this.cpAt.set(u, this.units.length);
        this.units.push(u);
        u += ch.length;
      }
      this.cpAt.set(u, this.units.length);
      this.units.push(u);
      this.len = this.units.length - 1;
    } else this.len = s.length;
  }
  unit(cp: number): number {
    return this.units ? this.units[cp]! : cp;
  }
  boundary(unit: number): boolean {
    return !this.cpAt || this.cpAt.has(unit);
  }
  cp(unit: number): number {
    return this.cpAt ? this.cpAt.get(unit)! : unit;
  }
  slice(a: number, b: number): string {
    return this.s.slice(this.unit(a), this.unit(b));
  }
}

type Spans = ([number, number] | null)[];

const regexCache = new Map<string, RegExp>();
function regex(c: Compiled, kind: 'g' | 'y' | 'full' | 'advance', p = 0): RegExp {
  const key = `${kind}:${p}:${c.ignoreCase ? 'i' : ''}:${c.source}`;
  let r = regexCache.get(key);
  if (!r) {
    const src = kind === 'full' ? `(?:${c.source})$` : kind === 'advance' ? `(?:${c.source})(?<!^[^]{${p}})` : c.source;
    r = new RegExp(src, `${kind === 'g' ? 'g' : 'y'}ud${c.ignoreCase ? 'i' : ''}`);
    if (regexCache.size > 500) regexCache.clear();
    regexCache.set(key, r);
  }
  return r;
}

function checkSubject(c: Compiled, s: string): void {
  // a JS RegExp cannot be interrupted: a step that could hang the debugger is left to the model
  if (c.nestedRepeat && s.length > 256) throw refuse('a pattern with nested repeats on a text longer than 256 characters');
  if (c.ignoreCase && /[^\x00-\x7f]/.test(s)) throw refuse('IGNORECASE matching of non-ASCII text');
  if (c.unicodeClasses && /[^\x00-\x7f]/.test(s)) {
    for (const ch of s) {
      const cp = ch.codePointAt(0)!;
      if (cp > 127 && unstableClassChar(cp)) throw refuse(`\\w, \\d or \\b on U+${cp.toString(16).toUpperCase()}, whose class depends on the Unicode version`);
    }
  }
}

/** One match attempt of `kind` from code point `pos`, in the subject cut at `endpos`. */
function exec(c: Compiled, subj: Subject, cutText: string, kind: 'g' | 'y' | 'full' | 'advance', pos: number): Spans | null {
  budget.tick();
  const r = regex(c, kind, pos);
  r.lastIndex = subj.unit(pos);
  let m = r.exec(cutText);
  // V8's scan moves one UTF-16 unit at a time: a match found inside an astral character is not one; go on from the next character
  while (m && kind === 'g' && !subj.boundary(m.index)) {
    r.lastIndex = m.index + 1;
    m = r.exec(cutText);
  }
  if (!m) return null;
  const idx = (m as RegExpExecArray & { indices: ([number, number] | undefined)[] }).indices;
  const spans: Spans = [];
  for (let g = 0; g <= c.groups; g++) {
    const sp = idx[g];
    spans.push(sp ? [subj.cp(sp[0]), subj.cp(sp[1])] : null);
  }
  return spans;
}

interface Target {
  c: Compiled;
  subj: Subject;
  cutText: string;
  pos: number;
  endpos: number;
}

function target(p: InstanceV, string: Value, pos: Value | undefined, endpos: Value | undefined): Target {
  if (string.kind !== 'str') {
    if (string.kind === 'bytes') throw refuse('matching bytes');
    throw typeError(budget.pythonMinor >= 11 ? `expected string or bytes-like object, got '${typeName(string)}'` : 'expected string or bytes-like object');
  }
  const c = patternCompiled(p);
  checkSubject(c, string.v);
  const subj = new Subject(string.v);
  const clamp = (v: Value | undefined, d: number): number => {
    if (v === undefined) return d;
    if (v.kind !== 'int' && v.kind !== 'bool') throw refuse(`a position given as ${typeName(v)}`);
    const n = index(v, () => '');
    return Number(n < 0n ? 0n : n > BigInt(subj.len) ? BigInt(subj.len) : n);
  };
  const a = clamp(pos, 0);
  const b = clamp(endpos, subj.len);
  return { c, subj, cutText: subj.slice(0, b), pos: a, endpos: b };
}

function matchAt(t: Target, kind: 'search' | 'match' | 'fullmatch'): Spans | null {
  if (t.pos > t.endpos) return null;
  return exec(t.c, t.subj, t.cutText, kind === 'search' ? 'g' : kind === 'match' ? 'y' : 'full', t.pos);
}

/** The matches findall, finditer, sub and split walk through (CPython 3.7+: an empty match may follow a match, not repeat at its position). */
function* allMatches(t: Target): Generator<Spans> {
  let p = t.pos;
  let mustAdvance = false;
  while (p <= t.endpos) {
    let m: Spans | null = mustAdvance ? exec(t.c, t.subj, t.cutText, 'advance', p) : exec(t.c, t.subj, t.cutText, 'g', p);
    if (!m && mustAdvance && p < t.endpos) m = exec(t.c, t.subj, t.cutText, 'g', p + 1);
    if (!m) return;
    yield m;
    const [s, e]: [number, number] = m[0]!;
    mustAdvance = s === e;
    p = e;
  }
}

// ---- match objects ----

function makeMatch(p: InstanceV, t: Target, spans: Spans): InstanceV {
  const c = t.c;
  let last: number | null = null;
  for (let g = 1; g <= c.groups; g++) if (spans[g] && (last === null || c.closeRank[g]! > c.closeRank[last]!)) last = g;
  const name = last === null ? undefined : c.names[last];
  const dict = new Map<string, Value>([
    ['string', pyStr(t.subj.s)],
    ['re', p],
    ['pos', pyInt(t.pos)],
    ['endpos', pyInt(t.endpos)],
    ['lastindex', last === null ? NONE : pyInt(last)],
    ['lastgroup', name === undefined ? NONE : pyStr(name)],
  ]);
  const spanValues = pyTuple(spans.map((s) => (s ? pyTuple([pyInt(s[0]), pyInt(s[1])]) : NONE)));
  return { kind: 'instance', cls: MATCH, dict, payload: [spanValues] };
}

interface MatchData {
  c: Compiled;
  s: Subject;
  spans: Spans;
}
function matchData(m: InstanceV): MatchData {
  const p = m.dict.get('re') as InstanceV;
  const s = new Subject((m.dict.get('string') as { v: string }).v);
  const spans = (m.payload![0] as TupleV).items.map((x) =>
    x.kind === 'tuple' ? ([Number((x.items[0] as { v: bigint }).v), Number((x.items[1] as { v: bigint }).v)] as [number, number]) : null,
  );
  return { c: patternCompiled(p), s, spans };
}

function groupIndex(d: MatchData, g: Value): number {
  if (g.kind === 'int' || g.kind === 'bool') {
    const n = g.kind === 'int' ? g.v : g.v ? 1n : 0n;
    if (n >= 0n && n <= BigInt(d.c.groups)) return Number(n);
  } else if (g.kind === 'str') {
    const n = d.c.groupindex.get(g.v);
    if (n !== undefined) return n;
  } else if (g.kind === 'instance' || g.kind === 'opaque') throw refuse(`a group given as ${typeName(g)}`);
  throw new PyError('IndexError', 'no such group');
}

const groupValue = (d: MatchData, g: number, dflt: Value): Value => {
  const sp = d.spans[g];
  return sp ? pyStr(d.s.slice(sp[0], sp[1])) : dflt;
};

/** Positional and keyword arguments by name; a call outside the signature is refused (CPython's messages for it are not modelled). */
function bind(what: string, names: string[], required: number, args: Value[], kwargs: Map<string, Value>): (Value | undefined)[] {
  if (args.length > names.length) throw refuse(`${what}() with ${args.length} positional arguments`);
  const out: (Value | undefined)[] = [...args];
  for (const [k, v] of kwargs) {
    const i = names.indexOf(k);
    if (i < 0 || out[i] !== undefined) throw refuse(`${what}() with the keyword argument ${k}`);
    out[i] = v;
  }
  for (let i = 0; i < required; i++) if (out[i] === undefined) throw refuse(`${what}() without its argument ${names[i]}`);
  return out;
}

function matchRepr(m: InstanceV): string {
  const d = matchData(m);
  const [a, b] = d.spans[0]!;
  return `<re.Match object; span=(${a}, ${b}), match=${cut(strRepr(d.s.slice(a, b)), 50)}>`;
}
NATIVE_REPR.set(MATCH, matchRepr);

const matchMethod = (name: string, names: string[], required: number, f: (m: InstanceV, d: MatchData, a: (Value | undefined)[]) => Value): void => {
  MATCH.dict.set(
    name,
    native(name, ([self, ...args], kw) => {
      const a = bind(name, names, required, args, kw);
      return f(self as InstanceV, matchData(self as InstanceV), a);
    }),
  );
};

MATCH.dict.set(
  'group',
  native('group', ([self, ...args], kw) => {
    if (kw.size) throw refuse('group() with keyword arguments');
    const d = matchData(self as InstanceV);
    if (!args.length) return groupValue(d, 0, NONE);
    const vs = args.map((g) => groupValue(d, groupIndex(d, g), NONE));
    return vs.length === 1 ? vs[0]! : pyTuple(vs);
  }),
);
matchMethod('__getitem__', ['g'], 1, (_m, d, [g]) => groupValue(d, groupIndex(d, g!), NONE));
matchMethod('groups', ['default'], 0, (_m, d, [dflt]) => pyTuple(d.spans.slice(1).map((_, i) => groupValue(d, i + 1, dflt ?? NONE))));
matchMethod('groupdict', ['default'], 0, (_m, d, [dflt]) => {
  const out = new Map<Value, Value>();
  for (const [n, g] of d.c.groupindex) out.set(pyStr(n), groupValue(d, g, dflt ?? NONE));
  return dictOf(out);
});
for (const which of ['start', 'end', 'span'] as const) {
  matchMethod(which, ['group'], 0, (_m, d, [g]) => {
    const sp = d.spans[g === undefined ? 0 : groupIndex(d, g)] ?? [-1, -1];
    return which === 'span' ? pyTuple([pyInt(sp[0]), pyInt(sp[1])]) : pyInt(which === 'start' ? sp[0] : sp[1]);
  });
}
matchMethod('expand', ['template'], 1, (_m, d, [tpl]) => {
  if (tpl!.kind !== 'str') throw refuse(`expand() of ${typeName(tpl!)}`);
  return pyStr(expand(parseTemplate(tpl!.v, d.c), d));
});

function dictOf(m: Map<Value, Value>): Value {
  const store = new DictStore();
  for (const [k, v] of m) store.set(k, v);
  return { kind: 'dict', store };
}

// ---- templates ----

type Template = (string | number)[];

/** re/_parser.py parse_template: literal pieces and group numbers; CPython's errors. */
function parseTemplate(t: string, c: Compiled): Template {
  const s = [...t];
  const out: Template = [];
  let lit = '';
  let i = 0;
  const minor = budget.pythonMinor;
  const addGroup = (g: number, at: number): void => {
    if (g > c.groups) throw reError(minor, `invalid group reference ${g}`, at, s);
    out.push(lit, g);
    lit = '';
  };
  while (i < s.length) {
    const ch = s[i]!;
    if (ch !== '\\') {
      lit += ch;
      i++;
      continue;
    }
    if (i + 1 >= s.length) throw reError(minor, 'bad escape (end of pattern)', s.length - 1, s);
    const c1 = s[i + 1]!;
    i += 2;
    if (c1 === 'g') {
      if (s[i] !== '<') throw refuse('\\g without <name> in a template');
      const close = s.indexOf('>', i + 1);
      if (close < 0) throw refuse('an unterminated \\g<...> in a template');
      const name = s.slice(i + 1, close).join('');
      const at = i + 1;
      i = close + 1;
      if (/^[0-9]+$/.test(name)) addGroup(Number(name), at);
      else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        const g = c.groupindex.get(name);
        if (g === undefined) throw new PyError('IndexError', `unknown group name '${name}'`);
        addGroup(g, at);
      } else throw refuse('this group name in a template');
    } else if (c1 === '0') {
      let oct = '0';
      while (oct.length < 3 && s[i] !== undefined && '01234567'.includes(s[i]!)) oct += s[i++];
      lit += String.fromCharCode(Number.parseInt(oct, 8) & 0xff);
    } else if (c1 >= '1' && c1 <= '9') {
      let num = c1;
      if (s[i] !== undefined && /[0-9]/.test(s[i]!)) {
        num += s[i++];
        if ('01234567'.includes(c1) && '01234567'.includes(num[1]!) && s[i] !== undefined && '01234567'.includes(s[i]!))
          throw refuse('an octal escape in a template');
      }
      addGroup(Number(num), i - num.length);
    } else {
      const esc: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
      if (Object.hasOwn(esc, c1)) lit += esc[c1];
      else if (/[A-Za-z]/.test(c1)) throw reError(minor, `bad escape \\${c1}`, i - 2, s);
      else lit += `\\${c1}`;
    }
  }
  out.push(lit);
  return out;
}

function expand(t: Template, d: MatchData): string {
  let out = '';
  for (const piece of t) {
    if (typeof piece === 'string') out += piece;
    else {
      const sp = d.spans[piece];
      if (sp) out += d.s.slice(sp[0], sp[1]);
    }
  }
  return out;
}

// ---- the operations ----

type Op = 'search' | 'match' | 'fullmatch' | 'findall' | 'finditer' | 'sub' | 'subn' | 'split';

function run(op: Op, p: InstanceV, a: (Value | undefined)[], call: (f: Value, args: Value[]) => Value): Value {
  switch (op) {
    case 'search':
    case 'match':
    case 'fullmatch': {
      const t = target(p, a[0]!, a[1], a[2]);
      const spans = matchAt(t, op);
      return spans ? makeMatch(p, t, spans) : NONE;
    }
    case 'findall': {
      const t = target(p, a[0]!, a[1], a[2]);
      const out: Value[] = [];
      for (const m of allMatches(t)) {
        const g = (i: number): Value => pyStr(m[i] ? t.subj.slice(m[i]![0], m[i]![1]) : '');
        out.push(t.c.groups === 0 ? g(0) : t.c.groups === 1 ? g(1) : pyTuple(Array.from({ length: t.c.groups }, (_, i) => g(i + 1))));
      }
      return pyList(out);
    }
    case 'finditer': {
      const t = target(p, a[0]!, a[1], a[2]);
      const ms = [...allMatches(t)].map((m) => makeMatch(p, t, m));
      return { kind: 'iterator', typeName: 'callable_iterator', it: ms[Symbol.iterator]() };
    }
    case 'sub':
    case 'subn': {
      const [repl, string, countV] = a as [Value, Value, Value | undefined];
      const count = countArg(countV, 'count');
      let template: Template | undefined;
      if (repl.kind === 'str') {
        if (string.kind === 'str') template = repl.v.includes('\\') ? parseTemplate(repl.v, patternCompiled(p)) : [repl.v];
      } else if (repl.kind === 'bytes') throw refuse('bytes replacements');
      else if (!['function', 'builtin', 'method', 'class', 'type'].includes(repl.kind)) throw refuse(`a replacement given as ${typeName(repl)}`);
      const t = target(p, string, undefined, undefined);
      let out = '';
      let last = 0;
      let n = 0;
      for (const m of allMatches(t)) {
        if (count && n >= count) break;
        n++;
        out += t.subj.slice(last, m[0]![0]);
        if (template) out += expand(template, { c: t.c, s: t.subj, spans: m });
        else {
          const r = call(repl, [makeMatch(p, t, m)]);
          if (r.kind !== 'str') throw refuse(`a replacement function returning ${typeName(r)}`);
          out += r.v;
        }
        last = m[0]![1];
      }
      out += t.subj.slice(last, t.subj.len);
      return op === 'sub' ? pyStr(out) : pyTuple([pyStr(out), pyInt(n)]);
    }
    case 'split': {
      const t = target(p, a[0]!, undefined, undefined);
      const maxsplit = countArg(a[1], 'maxsplit');
      const out: Value[] = [];
      let last = 0;
      let n = 0;
      for (const m of allMatches(t)) {
        if (maxsplit && n >= maxsplit) break;
        n++;
        out.push(pyStr(t.subj.slice(last, m[0]![0])));
        for (let g = 1; g <= t.c.groups; g++) out.push(m[g] ? pyStr(t.subj.slice(m[g]![0], m[g]![1])) : NONE);
        last = m[0]![1];
      }
      out.push(pyStr(t.subj.slice(last, t.subj.len)));
      return pyList(out);
    }
  }
}

function countArg(v: Value | undefined, what: string): number {
  if (v === undefined) return 0;
  if (v.kind !== 'int' && v.kind !== 'bool') throw refuse(`${what} given as ${typeName(v)}`);
  const n = v.kind === 'int' ? v.v : v.v ? 1n : 0n;
  if (n < 0n) throw refuse(`a negative ${what}`);
  return n > 1000000n ? 1000000 : Number(n);
}

/** Each operation's arguments after the pattern: as a Pattern method, and as a module function (which adds flags). */
const METHOD_ARGS: Record<Op, string[]> = {
  search: ['string', 'pos', 'endpos'],
  match: ['string', 'pos', 'endpos'],
  fullmatch: ['string', 'pos', 'endpos'],
  findall: ['string', 'pos', 'endpos'],
  finditer: ['string', 'pos', 'endpos'],
  sub: ['repl', 'string', 'count'],
  subn: ['repl', 'string', 'count'],
  split: ['string', 'maxsplit'],
};
const FUNCTION_ARGS: Record<Op, string[]> = {
  search: ['pattern', 'string', 'flags'],
  match: ['pattern', 'string', 'flags'],
  fullmatch: ['pattern', 'string', 'flags'],
  findall: ['pattern', 'string', 'flags'],
  finditer: ['pattern', 'string', 'flags'],
  sub: ['pattern', 'repl', 'string', 'count', 'flags'],
  subn: ['pattern', 'repl', 'string', 'count', 'flags'],
  split: ['pattern', 'string', 'maxsplit', 'flags'],
};

const OPS: Op[] = ['search', 'match', 'fullmatch', 'findall', 'finditer', 'sub', 'subn', 'split'];
for (const op of OPS) {
  PATTERN.dict.set(
    op,
    native(op, ([self, ...args], kw) => {
      const names = METHOD_ARGS[op];
      const a = bind(op, names, op === 'sub' || op === 'subn' ? 2 : 1, args, kw);
      return run(op, self as InstanceV, a, (f, xs) => callValue(f, xs));
    }),
  );
}
PATTERN.dict.set(
  '__eq__',
  native('__eq__', ([a, b]) => {
    if (b?.kind !== 'instance' || b.cls !== PATTERN) return NOT_IMPLEMENTED;
    const x = a as InstanceV;
    return patternText(x) === patternText(b) && patternCompiled(x).flags === patternCompiled(b).flags ? TRUE : FALSE;
  }),
);

/** The pattern argument of a module function: a Pattern, or a str compiled with the flags. */
function patternArg(v: Value, flags: Value | undefined): InstanceV {
  const f = flagsArg(flags);
  if (v.kind === 'instance' && v.cls === PATTERN) {
    if (f) throw new PyError('ValueError', 'cannot process flags argument with a compiled pattern');
    return v;
  }
  if (v.kind === 'str') return makePattern(v.v, f);
  if (v.kind === 'bytes') throw refuse('bytes patterns');
  throw typeError('first argument must be string or compiled pattern');
}

const ESCAPED = new Set('()[]{}?*+-|^$\\.&~# \t\n\r\v\f');

const FUNCTIONS: Record<string, Fn> = {
  compile: {
    min: 0,
    max: INF,
    kw: ['*'],
    impl: (args, kw) => {
      const [pattern, flags] = bind('compile', ['pattern', 'flags'], 1, args, kw);
      return patternArg(pattern!, flags);
    },
  },
  escape: {
    min: 0,
    max: INF,
    kw: ['*'],
    impl: (args, kw) => {
      const [pattern] = bind('escape', ['pattern'], 1, args, kw);
      if (pattern!.kind !== 'str') throw refuse(`escape() of ${typeName(pattern!)}`);
      let out = '';
      for (const ch of pattern!.v) out += ESCAPED.has(ch) ? `\\${ch}` : ch;
      return pyStr(out);
    },
  },
};
for (const op of OPS) {
  FUNCTIONS[op] = {
    min: 0,
    max: INF,
    kw: ['*'],
    impl: (args, kw, ctx: Ctx) => {
      const names = FUNCTION_ARGS[op];
      const a = bind(op, names, op === 'sub' || op === 'subn' ? 3 : 2, args, kw);
      const flags = a[names.length - 1];
      const p = patternArg(a[0]!, flags);
      return run(op, p, a.slice(1, names.length - 1), (f, xs) => ctx.call(f, xs));
    },
  };
}

const CONSTANTS: Record<string, Value> = {};
for (const [long, short] of [
  ['IGNORECASE', 'I'],
  ['MULTILINE', 'M'],
  ['DOTALL', 'S'],
  ['VERBOSE', 'X'],
  ['ASCII', 'A'],
  ['UNICODE', 'U'],
  ['LOCALE', 'L'],
] as const) {
  CONSTANTS[long] = flagValue(F[long]);
  CONSTANTS[short] = CONSTANTS[long]!;
}

export const RE: ModuleDef = { name: 're', functions: FUNCTIONS, constants: CONSTANTS };
