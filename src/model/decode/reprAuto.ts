// A value as the model writes it, byte by byte: a repr of at most REPR_LIMIT
// characters, or exactly that many plus `...` (the tracer's cut; docs/format.md).
//
// The rule is the one validate.ts applies to a finished prediction (reprProblem):
// a repr that starts like a builtin value's (`[ ( { ' "`, `b'`, a sign, a digit, a
// dot) must read as one, as pyval's parseRepr reads it: containers of literals and
// of program objects whose extent is clear (`Name(...)`, `<...>`); any other repr
// (a program object's, `deque([1])`, `Point(x=1)`) needs only balanced brackets and
// quotes. Holding the decoder to the same rule while it writes means it cannot
// write `[=[=[1, 2]]]` or `['0x2, '0x2` at all: the model's next best bytes are
// taken instead of the whole prediction failing afterwards.

import { CUT_MARKER, REPR_LIMIT } from '../format/format.js';
import { GrammarError, type TextAuto, Utf8, bytesOf } from './textAuto.js';

const DOT = 0x2e;
const SPACE = 0x20;
const QUOTES = new Set([0x27, 0x22]);
const OPEN: Record<number, string> = { 40: ')', 91: ']', 123: '}', 60: '>' };
const CLOSERS = new Set([0x29, 0x5d, 0x7d, 0x3e]);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
/** Names parseRepr reads as values on their own; any other name must open `(`. */
const CONSTANTS = new Set(['None', 'True', 'False', 'Ellipsis', 'inf', 'nan']);
/** Prefixes a string or bytes literal may carry (`b'..'`). */
const STRING_PREFIX = /^[rRbBuU]{1,2}$/;
/** The first bytes that make a repr one that must read as a builtin value (validate.ts BUILTIN_START). */
const strictStart = (b: number) => b === 0x5b || b === 0x28 || b === 0x7b || QUOTES.has(b) || isDigit(b) || b === 0x2d || b === 0x2b || b === DOT;

/** Balanced brackets and quotes with escapes: a program object's repr, or a `Name(...)` / `<...>` piece. */
class Balanced {
  constructor(
    public stack = '',
    public quote = 0,
    public esc = false,
  ) {}
  clone(): Balanced {
    return new Balanced(this.stack, this.quote, this.esc);
  }
  push(b: number): boolean {
    if (this.quote) {
      if (this.esc) this.esc = false;
      else if (b === 0x5c) this.esc = true;
      else if (b === this.quote) this.quote = 0;
      return true;
    }
    if (QUOTES.has(b)) {
      this.quote = b;
      return true;
    }
    const close = OPEN[b];
    if (close) {
      this.stack += close;
      return true;
    }
    if (CLOSERS.has(b)) {
      if (this.stack[this.stack.length - 1] !== String.fromCharCode(b)) return false;
      this.stack = this.stack.slice(0, -1);
    }
    return true;
  }
  closed(): boolean {
    return !this.stack && !this.quote && !this.esc;
  }
  completion(): number[] {
    const out: number[] = [];
    if (this.esc) out.push(0x5c);
    if (this.quote) out.push(this.quote);
    for (let i = this.stack.length - 1; i >= 0; i--) out.push(this.stack.charCodeAt(i));
    return out;
  }
}

type Num = 'sign' | 'int' | 'dot' | 'frac' | 'e' | 'esign' | 'exp' | 'word' | 'j';
/** A number: int, float (`1.5e-07`, `inf`, `nan`), or an imaginary part (`2j`, `1+2j` as in a complex repr). */
class NumberTok {
  constructor(
    public st: Num = 'int',
    public word = '',
    public part = 1,
  ) {}
  clone(): NumberTok {
    return new NumberTok(this.st, this.word, this.part);
  }
  private go(st: Num): true {
    this.st = st;
    return true;
  }
  /** Whether the number may end here. */
  done(): boolean {
    const whole = this.st === 'int' || this.st === 'frac' || this.st === 'exp' || (this.st === 'word' && CONSTANTS.has(this.word));
    return this.st === 'j' || (whole && this.part === 1);
  }
  push(b: number): boolean {
    const c = String.fromCharCode(b);
    switch (this.st) {
      case 'sign':
        if (isDigit(b)) this.st = 'int';
        else if (c === 'i' || c === 'n') [this.st, this.word] = ['word', c];
        else return false;
        return true;
      case 'word': {
        const w = this.word + c;
        if ('inf'.startsWith(w) || 'nan'.startsWith(w)) {
          this.word = w;
          return true;
        }
        return CONSTANTS.has(this.word) ? this.after(c) : false;
      }
      case 'int':
        if (isDigit(b)) return true;
        if (c === '.') return this.go('dot');
        if (c === 'e' || c === 'E') return this.go('e');
        return this.after(c);
      case 'dot':
        return isDigit(b) ? this.go('frac') : false;
      case 'frac':
        if (isDigit(b)) return true;
        if (c === 'e' || c === 'E') return this.go('e');
        return this.after(c);
      case 'e':
        if (c === '+' || c === '-') return this.go('esign');
        return isDigit(b) ? this.go('exp') : false;
      case 'esign':
        return isDigit(b) ? this.go('exp') : false;
      case 'exp':
        return isDigit(b) ? true : this.after(c);
      case 'j':
        return false;
    }
  }
  /** After a whole number: `j` makes it imaginary, a sign starts a complex repr's imaginary part. */
  private after(c: string): boolean {
    if (c === 'j') return this.go('j');
    if ((c === '+' || c === '-') && this.part === 1) {
      [this.st, this.part, this.word] = ['sign', 2, ''];
      return true;
    }
    return false;
  }
  completion(): number[] {
    const n = this.clone();
    const out: number[] = [];
    while (!n.done()) {
      let b: number;
      if (n.st === 'word') b = ('inf'.startsWith(n.word) ? 'inf' : 'nan').charCodeAt(n.word.length) || 0x6a;
      else if (n.st === 'int' || n.st === 'frac' || n.st === 'exp') b = 0x6a;
      else b = 0x30;
      n.push(b);
      out.push(b);
    }
    return out;
  }
}

type Ctx = 'list' | 'tuple' | 'brace' | 'dict' | 'set';
type Expect =
  /** right after an opener: a value or the closer */
  | 'first'
  /** after `, ` or `: `: a value */
  | 'value'
  /** after `,`: a space, or the closer (`(1,)`) */
  | 'comma'
  /** after `:`: a space */
  | 'colon'
  /** after a value: `,`, `:` (a dict's key), or the closer; at the top, nothing */
  | 'after';
type Tok =
  | { t: 'num'; n: NumberTok }
  | { t: 'str'; quote: number; esc: boolean }
  | { t: 'name'; text: string }
  | { t: 'piece'; b: Balanced }
  | { t: 'dots'; n: number };

/**
 * The same element this many times in a row in one list or tuple is a runaway, not
 * a value: on 203,617 values of traced programs (data/corpus and data/longtrain,
 * test and validation splits) the longest such run is 12; a model that loses its
 * way writes `[1, 1, 1, ...` to the 100-character cut. The runner-up token is
 * taken where the run would go on.
 */
export const REPEAT_MAX = 16;

/** A dict key or set element whose repr says what it equals: a string, bytes, or a finite number (never nan). */
const EXACT_KEY = /^(?:['"]|b['"]|-?[0-9])/;

/** A repr that must read as a builtin value: containers, literals, and clear-extent pieces of program objects. */
class Literal {
  /** The bytes so far (latin1), and per context where its current element began, the element before it, how often in a row, and the keys written (`\0`-separated). */
  buf = '';
  starts: number[] = [];
  prev: string[] = [];
  runs: number[] = [];
  keys: string[] = [];
  /** Classes whose instances print object's default repr: never `Name(...)` (python/ndbg/analysis/reprs.py). */
  plain: ReadonlySet<string> | null = null;
  constructor(
    public ctx: Ctx[] = [],
    /** per context: the number of elements written (a tuple of one needs its comma) and whether a dict waits for `:` */
    public count: number[] = [],
    public key: boolean[] = [],
    public expect: Expect = 'value',
    public tok: Tok | null = null,
  ) {}
  clone(): Literal {
    const t = this.tok;
    let tok: Tok | null = null;
    if (t) {
      if (t.t === 'num') tok = { t: 'num', n: t.n.clone() };
      else if (t.t === 'piece') tok = { t: 'piece', b: t.b.clone() };
      else tok = { ...t };
    }
    const l = new Literal([...this.ctx], [...this.count], [...this.key], this.expect, tok);
    l.buf = this.buf;
    l.starts = [...this.starts];
    l.prev = [...this.prev];
    l.runs = [...this.runs];
    l.keys = [...this.keys];
    l.plain = this.plain;
    return l;
  }

  push(b: number): boolean {
    this.buf += String.fromCharCode(b);
    return this.step(b);
  }

  private step(b: number): boolean {
    const t = this.tok;
    if (t) {
      switch (t.t) {
        case 'str':
          if (t.esc) t.esc = false;
          else if (b === 0x5c) t.esc = true;
          else if (b === t.quote) return this.endValue(true);
          return true;
        case 'piece':
          if (!t.b.push(b)) return false;
          if (t.b.closed()) return this.endValue(true);
          return true;
        case 'dots':
          if (b !== DOT) return false;
          if (++t.n === 3) return this.endValue(true);
          return true;
        case 'num':
          if (t.n.push(b)) return true;
          if (!t.n.done() || !this.endValue(false)) return false;
          return this.step(b);
        case 'name': {
          if (isLetter(b) || isDigit(b) || (b === DOT && !t.text.endsWith('.'))) {
            if (t.text.length >= REPR_LIMIT) return false;
            t.text += String.fromCharCode(b);
            return true;
          }
          if (b === 0x28 && !t.text.endsWith('.') && !CONSTANTS.has(t.text) && !this.plain?.has(t.text)) {
            this.tok = { t: 'piece', b: new Balanced(')') };
            return true;
          }
          if (QUOTES.has(b) && STRING_PREFIX.test(t.text)) {
            this.tok = { t: 'str', quote: b, esc: false };
            return true;
          }
          if (t.text === 'inf' || t.text === 'nan') {
            // a complex repr's real part: `(nan+infj)`
            const n = new NumberTok('word', t.text);
            if (n.push(b)) {
              this.tok = { t: 'num', n };
              return true;
            }
          }
          if (!CONSTANTS.has(t.text) || !this.endValue(false)) return false;
          return this.step(b);
        }
      }
    }
    const top = this.ctx.length - 1;
    switch (this.expect) {
      case 'comma':
        if (b === SPACE) return this.want('value');
        return this.close(b);
      case 'colon':
        return b === SPACE ? this.want('value') : false;
      case 'first':
        if (this.close(b)) return true;
        return this.startValue(b);
      case 'value':
        return this.startValue(b);
      case 'after': {
        if (top < 0) return false;
        const c = this.ctx[top]!;
        if (this.key[top]) {
          if (b !== 0x3a) return false;
          this.key[top] = false;
          this.expect = 'colon';
          return true;
        }
        if (b === 0x3a && c === 'brace' && this.count[top] === 1) {
          this.ctx[top] = 'dict';
          this.expect = 'colon';
          return true;
        }
        if (b === 0x2c) {
          if (c === 'brace') this.ctx[top] = 'set';
          this.expect = 'comma';
          return true;
        }
        return this.close(b);
      }
    }
  }

  private want(e: Expect): true {
    this.expect = e;
    return true;
  }

  private startValue(b: number): boolean {
    const close = OPEN[b];
    if (this.ctx.length) this.starts[this.ctx.length - 1] = this.buf.length - 1;
    if (close === '>') this.tok = { t: 'piece', b: new Balanced('>') };
    else if (close) {
      this.ctx.push(b === 0x5b ? 'list' : b === 0x28 ? 'tuple' : 'brace');
      this.count.push(0);
      this.key.push(false);
      this.starts.push(0);
      this.prev.push('');
      this.runs.push(0);
      this.keys.push('\0');
      this.expect = 'first';
      return true;
    } else if (QUOTES.has(b)) this.tok = { t: 'str', quote: b, esc: false };
    else if (isDigit(b)) this.tok = { t: 'num', n: new NumberTok('int') };
    else if (b === 0x2d || b === 0x2b) this.tok = { t: 'num', n: new NumberTok('sign') };
    else if (b === DOT && this.ctx.length)
      this.tok = { t: 'dots', n: 1 }; // `[...]`: a container that holds itself
    else if (isLetter(b)) this.tok = { t: 'name', text: String.fromCharCode(b) };
    else return false;
    return true;
  }

  /**
   * A value was written in the innermost context (or at the top); `included`: the
   * byte just pushed is its last. False where it cannot be: a key the dict or set
   * already holds, or the same element past REPEAT_MAX in a row.
   */
  endValue(included: boolean): boolean {
    this.tok = null;
    this.expect = 'after';
    const top = this.ctx.length - 1;
    if (top < 0) return true;
    const c = this.ctx[top]!;
    const idx = this.count[top]!;
    {
      const text = this.buf.slice(this.starts[top], included ? this.buf.length : this.buf.length - 1);
      const isKey = c === 'set' || (c === 'dict' && idx % 2 === 0) || (c === 'brace' && idx === 0);
      if (isKey && EXACT_KEY.test(text) && !text.includes('nan')) {
        const k = `${text}\0`;
        if (this.keys[top]!.includes(`\0${k}`)) return false;
        this.keys[top] += k;
      }
      if (c === 'list' || c === 'tuple') {
        if (text === this.prev[top]) this.runs[top]!++;
        else [this.prev[top], this.runs[top]] = [text, 1];
        if (this.runs[top]! > REPEAT_MAX) return false;
      }
    }
    this.count[top]!++;
    if (c === 'dict' && this.count[top]! % 2 === 1) this.key[top] = true;
    return true;
  }

  /** `b` closes the innermost context. */
  private close(b: number): boolean {
    const top = this.ctx.length - 1;
    if (top < 0 || this.key[top]) return false;
    const c = this.ctx[top]!;
    const want = c === 'list' ? 0x5d : c === 'tuple' ? 0x29 : 0x7d;
    if (b !== want || this.expect === 'colon' || this.expect === 'value') return false;
    this.ctx.pop();
    this.count.pop();
    this.key.pop();
    this.starts.pop();
    this.prev.pop();
    this.runs.pop();
    this.keys.pop();
    return this.endValue(true);
  }

  /** A number the innermost context may take next: not one of its keys, nor the element before it. */
  freshValue(): string {
    const top = this.ctx.length - 1;
    for (let n = 0; ; n++) {
      const v = String(n);
      if (top < 0 || (!this.keys[top]!.includes(`\0${v}\0`) && this.prev[top] !== v)) return v;
    }
  }

  done(): boolean {
    if (this.ctx.length) return false;
    if (this.tok === null) return this.expect === 'after';
    if (this.tok.t === 'num') return this.tok.n.done();
    return this.tok.t === 'name' && CONSTANTS.has(this.tok.text);
  }

  /** The shortest bytes that finish it. */
  completion(): number[] {
    const l = this.clone();
    const out: number[] = [];
    // a byte the runaway and key checks refuse is avoided: a string or number goes on one more character
    const takes = (bytes: number[]) => {
      const c = l.clone();
      return bytes.every((b) => c.push(b));
    };
    const feed = (bytes: number[]) => {
      for (const b of bytes) {
        if (!l.push(b)) throw new GrammarError(`repr grammar: completion byte ${b} refused`);
        out.push(b);
      }
    };
    for (let guard = 0; !l.done(); guard++) {
      if (guard > 512) throw new GrammarError('repr grammar: completion does not terminate');
      const t = l.tok;
      if (t) {
        if (t.t === 'str') {
          const end = t.esc ? [0x5c, t.quote] : [t.quote];
          feed(takes(end) ? end : t.esc ? [0x5c] : [0x78]);
        } else if (t.t === 'piece') feed(t.b.completion());
        else if (t.t === 'dots') feed(Array(3 - t.n).fill(DOT));
        else if (t.t === 'num') {
          const rest = t.n.completion();
          if (rest.length) feed(rest);
          else if (l.clone().endValue(true)) l.endValue(true);
          else feed([0x30]);
        } else if (t.t === 'name') {
          if (CONSTANTS.has(t.text)) l.endValue(true);
          else feed(t.text.endsWith('.') ? bytesOf('x()') : bytesOf('()'));
        }
        continue;
      }
      const top = l.ctx.length - 1;
      const c = l.ctx[top];
      if (l.expect === 'value') feed(bytesOf(l.freshValue()));
      else if (l.expect === 'colon') feed([SPACE]);
      else if (l.key[top]) feed([0x3a]);
      else if (c === 'tuple' && l.count[top] === 1 && l.expect === 'after') feed([0x2c]);
      else feed([c === 'list' ? 0x5d : c === 'tuple' ? 0x29 : 0x7d]);
    }
    return out;
  }
}

/**
 * Whether the program may write its own reprs (it names `__repr__`): then one may
 * start like a builtin value's and be none (`2x^3 + 1x^0`), and only balance is asked.
 */
export function ownReprs(source: string): boolean {
  return /\b__repr__\b/.test(source);
}

/** Bytes that keep any unfinished repr going (a filler up to the cut): the first one `push` takes. */
const FILLERS = bytesOf("x0 ',:");

/** The value automaton the state grammar uses for every local, return value and argument. */
export class Repr implements TextAuto {
  /** The text decides which rule holds: both run until it does. */
  loose: Balanced | null = new Balanced();
  strict: Literal | null = new Literal();
  first = -1;
  /** The identifier the repr starts with, while it is still being written (`leadOpen`). */
  lead = '';
  leadOpen = true;
  /**
   * `own`: the program writes its own reprs (ownReprs), so the loose rule always holds
   * too. `plain`: classes whose instances print object's default repr
   * (`<__main__.Cart object>`): a repr never starts `Cart` then anything but more of a
   * name, at the top or as a `Cart(...)` piece in a container.
   */
  constructor(
    private readonly own = false,
    private readonly plain: ReadonlySet<string> | null = null,
  ) {
    if (plain?.size) this.strict!.plain = plain;
    else this.leadOpen = false;
  }
  chars = 0;
  dots = 0;
  utf8 = new Utf8();
  clone(): Repr {
    const r = new Repr(this.own, this.plain);
    r.lead = this.lead;
    r.leadOpen = this.leadOpen;
    r.loose = this.loose ? this.loose.clone() : null;
    r.strict = this.strict ? this.strict.clone() : null;
    r.first = this.first;
    r.chars = this.chars;
    r.dots = this.dots;
    r.utf8 = this.utf8.copy();
    return r;
  }
  push(b: number): boolean {
    if (this.dots === CUT_MARKER.length) return false;
    const kind = this.utf8.push(b);
    if (kind === false) return false;
    if (this.leadOpen) {
      if (kind === 'lead' && (isLetter(b) || (isDigit(b) && this.lead !== ''))) this.lead += String.fromCharCode(b);
      else if (this.plain!.has(this.lead)) return false;
      else this.leadOpen = false;
    }
    if (kind === 'lead') {
      if (this.chars >= REPR_LIMIT) {
        if (b !== DOT) return false;
        this.dots++;
        this.chars++;
        return true;
      }
      if (b < 0x20 || b === 0x7f) return false;
      // which rule: a strict start, or `b'` / `B'` (bytes); a name may still be either
      if (this.chars === 0) {
        if (strictStart(b)) {
          if (!this.own) this.loose = null;
        } else if (b !== 0x62 && b !== 0x42) this.strict = null;
        this.first = b;
      } else if (this.chars === 1 && (this.first === 0x62 || this.first === 0x42)) {
        if (!QUOTES.has(b)) this.strict = null;
        else if (!this.own) this.loose = null;
      }
      this.chars++;
    }
    const loose = this.loose?.clone() ?? null;
    const strict = this.strict?.clone() ?? null;
    const okLoose = loose?.push(b) === true;
    const okStrict = strict?.push(b) === true;
    if (!okLoose && !okStrict) return false;
    this.loose = okLoose ? loose : null;
    this.strict = okStrict ? strict : null;
    return true;
  }
  private whole(): boolean {
    return this.loose?.closed() === true || this.strict?.done() === true;
  }
  /** The repr so far is exactly a plain class's name: it must go on as a longer name. */
  private plainName(): boolean {
    return this.leadOpen && this.plain!.has(this.lead);
  }
  complete(): boolean {
    if (this.utf8.need || this.plainName()) return false;
    if (this.dots === CUT_MARKER.length) return true;
    return this.chars >= 1 && this.dots === 0 && this.whole();
  }
  empty(): boolean {
    return this.chars === 0 && !this.utf8.need;
  }
  completion(): number[] {
    if (this.complete()) return [];
    if (this.empty()) return bytesOf('None');
    if (this.plainName()) {
      const r = this.clone();
      r.push(0x5f);
      return [0x5f, ...r.completion()];
    }
    const out = this.utf8.finish();
    const r = this.clone();
    for (const b of out) r.push(b);
    if (r.dots > 0 || r.chars >= REPR_LIMIT) {
      for (let k = r.dots; k < CUT_MARKER.length; k++) out.push(DOT);
      return out;
    }
    const close = r.strict ? r.strict.completion() : r.loose!.completion();
    if (r.chars + close.length <= REPR_LIMIT) return [...out, ...close];
    // no room to finish within the limit: keep going to it and cut, as the tracer would
    while (r.chars < REPR_LIMIT) {
      const b = FILLERS.find((f) => r.clone().push(f));
      if (b === undefined) throw new GrammarError('repr grammar: no byte continues the repr');
      r.push(b);
      out.push(b);
    }
    for (let k = 0; k < CUT_MARKER.length; k++) out.push(DOT);
    return out;
  }
}
