// Python regular expressions (str patterns) translated to JavaScript RegExp
// sources with the same matching semantics. The parser follows CPython's
// re/_parser.py token by token, so the errors it reports (re.error) carry
// CPython's message and position. Everything whose JS meaning differs from
// Python's, or that has not been pinned against CPython, is refused: a refused
// step goes to the model, a wrong one would be believed.
//
// The translation: `.` `^` `$` `\A` `\Z` `\b` `\B` `\d` `\w` `\s` and their
// negations become explicit JS classes and lookarounds (Python's `$` also
// matches before a final newline; its `\w` and `\d` are Unicode-aware, its `\s`
// is str.isspace). JS resets the captures of a repeated group at each iteration
// and rejects empty iterations of a starred group; Python does neither, so a
// capture that may not take part in every iteration and a repeat whose body can
// match the empty string are refused. A backreference to a group that did not
// take part fails in Python and matches the empty string in JS: it is accepted
// only where the group is sure to have taken part.

import { PyError, Refusal } from '../value.js';

export const F = { TEMPLATE: 1, IGNORECASE: 2, LOCALE: 4, MULTILINE: 8, DOTALL: 16, UNICODE: 32, VERBOSE: 64, DEBUG: 128, ASCII: 256 } as const;

const MAXREPEAT = 2 ** 32 - 1;

/** A Python pattern compiled for JS. */
export interface Compiled {
  pattern: string;
  /** The pattern's flags as CPython reports them (UNICODE added for str patterns without ASCII). */
  flags: number;
  groups: number;
  /** Group names to numbers, in definition order. */
  groupindex: Map<string, number>;
  /** For each group number, its name. */
  names: (string | undefined)[];
  /** For each group number, the rank of its closing parenthesis in the pattern (lastindex is the taking-part group closed last). */
  closeRank: number[];
  /** The JS source, without flags (always compiled with `u`, plus `i` for IGNORECASE). */
  source: string;
  ignoreCase: boolean;
  /** Whether it uses Unicode-aware \w \d \b (subjects with characters whose class varies by Unicode version are refused). */
  unicodeClasses: boolean;
  /** An unbounded repeat inside another: backtracking may take exponential time on long subjects. */
  nestedRepeat: boolean;
}

type Cat = 'd' | 'D' | 'w' | 'W' | 's' | 'S';
type SetItem = { t: 'lit'; cp: number } | { t: 'range'; lo: number; hi: number } | { t: 'cat'; c: Cat };
type Node =
  | { t: 'lit'; cp: number }
  | { t: 'any' }
  | { t: 'set'; neg: boolean; items: SetItem[] }
  | { t: 'cat'; c: Cat }
  | { t: 'at'; a: '^' | '$' | 'A' | 'Z' | 'b' | 'B' }
  | { t: 'group'; g: number | null; on: number; off: number; body: Node }
  | { t: 'look'; behind: boolean; neg: boolean; body: Node }
  | { t: 'ref'; g: number; pos: number }
  | { t: 'rep'; min: number; max: number; lazy: boolean; body: Node }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; branches: Node[] };

/** The exception `re.error` (3.13: `re.PatternError`), as pdb prints it. */
export function reError(minor: number, msg: string, pos?: number, pattern?: readonly string[]): PyError {
  let text = msg;
  if (pos !== undefined) {
    text = `${msg} at position ${pos}`;
    // CPython adds the line and column when the pattern has several lines
    if (pattern?.includes('\n')) {
      const before = pattern.slice(0, pos);
      const line = before.filter((c) => c === '\n').length + 1;
      const col = pos - before.lastIndexOf('\n');
      text += ` (line ${line}, column ${col})`;
    }
  }
  return new PyError(minor >= 13 ? 're.PatternError' : 're.error', text);
}

const refuse = (what: string): Refusal => new Refusal(`re: ${what} is not modelled by pyval`);

const DIGITS = '0123456789';
const OCT = '01234567';
const HEX = '0123456789abcdefABCDEF';
const WHITESPACE = ' \t\n\r\v\f';
const SPECIAL = '.\\[{()*+?^$|';
const ASCII_LETTERS = /^[A-Za-z]$/;
const ESCAPES: Record<string, number> = { '\\a': 7, '\\b': 8, '\\f': 12, '\\n': 10, '\\r': 13, '\\t': 9, '\\v': 11, '\\\\': 92 };

/** re/_parser.py's Tokenizer over code points: `next` is one character or a backslash and the character after it. */
class Tokenizer {
  index = 0;
  next: string | null = null;
  /** The next token's length in code points. */
  private nextLen = 0;
  constructor(
    readonly s: string[],
    readonly minor: number,
  ) {
    this.advance();
  }
  private advance(): void {
    let i = this.index;
    if (i >= this.s.length) {
      this.next = null;
      return;
    }
    const at = i;
    let c = this.s[i]!;
    if (c === '\\') {
      i++;
      if (i >= this.s.length) throw reError(this.minor, 'bad escape (end of pattern)', this.s.length - 1, this.s);
      c += this.s[i]!;
    }
    this.index = i + 1;
    this.next = c;
    this.nextLen = this.index - at;
  }
  match(c: string): boolean {
    if (c === this.next) {
      this.advance();
      return true;
    }
    return false;
  }
  get(): string | null {
    const t = this.next;
    this.advance();
    return t;
  }
  getwhile(n: number, charset: string): string {
    let out = '';
    for (let k = 0; k < n; k++) {
      const c = this.next;
      if (c === null || !charset.includes(c) || c.length !== 1) break;
      out += c;
      this.advance();
    }
    return out;
  }
  tell(): number {
    return this.index - (this.next ? this.nextLen : 0);
  }
  seek(i: number): void {
    this.index = i;
    this.advance();
  }
  error(msg: string, offset = 0): PyError {
    return reError(this.minor, msg, this.tell() - offset, this.s);
  }
}

class State {
  flags: number;
  /** groupwidths' length in CPython: the next group's number. */
  groups = 1;
  readonly closed = new Set<number>();
  readonly groupindex = new Map<string, number>();
  readonly names: (string | undefined)[] = [undefined];
  readonly closeRank: number[] = [0];
  lookbehind = false;
  constructor(flags: number) {
    this.flags = flags;
  }
}

class Parser {
  constructor(
    readonly src: Tokenizer,
    readonly st: State,
  ) {}

  sub(verbose: boolean, nested: number): Node {
    const items: Node[] = [];
    for (;;) {
      items.push(this.seq(verbose, nested + 1, !nested && !items.length));
      if (!this.src.match('|')) break;
      if (!nested) verbose = (this.st.flags & F.VERBOSE) !== 0;
    }
    return items.length === 1 ? items[0]! : { t: 'alt', branches: items };
  }

  seq(verboseIn: boolean, nested: number, first: boolean): Node {
    const src = this.src;
    const st = this.st;
    let verbose = verboseIn;
    const items: Node[] = [];
    for (;;) {
      const tok = src.next;
      if (tok === null || tok === '|' || tok === ')') break;
      src.get();
      if (verbose) {
        if (WHITESPACE.includes(tok)) continue;
        if (tok === '#') {
          for (;;) {
            const c = src.get();
            if (c === null || c === '\n') break;
          }
          continue;
        }
      }
      if (tok[0] === '\\') {
        items.push(this.escape(tok));
      } else if (!SPECIAL.includes(tok)) {
        items.push({ t: 'lit', cp: tok.codePointAt(0)! });
      } else if (tok === '[') {
        items.push(this.set());
      } else if ('*+?{'.includes(tok)) {
        const here = src.tell();
        let min = 0;
        let max = MAXREPEAT;
        if (tok === '?') max = 1;
        else if (tok === '+') min = 1;
        else if (tok === '{') {
          if (src.next === '}') {
            items.push({ t: 'lit', cp: 123 });
            continue;
          }
          let lo = '';
          let hi = '';
          while (src.next !== null && DIGITS.includes(src.next)) lo += src.get();
          if (src.match(',')) {
            while (src.next !== null && DIGITS.includes(src.next)) hi += src.get();
          } else hi = lo;
          if (!src.match('}')) {
            items.push({ t: 'lit', cp: 123 });
            src.seek(here);
            continue;
          }
          if (lo) min = Number(lo);
          if (hi) max = Number(hi);
          if (min > 65535 || (hi && max > 65535)) throw refuse('a repeat count above 65535');
          if (hi && max < min) throw src.error('min repeat greater than max repeat', src.tell() - here);
        }
        const last = items[items.length - 1];
        if (!last || last.t === 'at') throw src.error('nothing to repeat', src.tell() - here + tok.length);
        if (last.t === 'rep') throw src.error('multiple repeat', src.tell() - here + tok.length);
        if (last.t === 'look') throw refuse('a repeated lookaround assertion');
        let lazy = false;
        if (src.match('?')) lazy = true;
        else if (src.next === '+') throw refuse('a possessive quantifier (*+, ++, ?+, {m,n}+)');
        items[items.length - 1] = { t: 'rep', min, max, lazy, body: last };
      } else if (tok === '.') {
        items.push({ t: 'any' });
      } else if (tok === '(') {
        const start = src.tell() - 1;
        let capture = true;
        let name: string | undefined;
        let on = 0;
        let off = 0;
        if (src.match('?')) {
          const c = src.get();
          if (c === null) throw refuse('this group syntax');
          if (c === 'P') {
            if (src.match('<')) {
              name = this.groupName('>');
            } else if (src.match('=')) {
              const ref = this.groupName(')');
              const gid = st.groupindex.get(ref);
              if (gid === undefined) throw src.error(`unknown group name '${ref}'`, ref.length + 1);
              if (!st.closed.has(gid)) throw src.error('cannot refer to an open group', ref.length + 1);
              if (st.lookbehind) throw refuse('a group reference inside a lookbehind');
              items.push({ t: 'ref', g: gid, pos: start });
              continue;
            } else throw refuse(`the extension (?P${src.next ?? ''}`);
          } else if (c === ':') {
            capture = false;
          } else if (c === '#') {
            for (;;) {
              if (src.next === null) throw refuse('an unterminated comment');
              if (src.get() === ')') break;
            }
            continue;
          } else if (c === '=' || c === '!' || c === '<') {
            let kind = c;
            const behind = c === '<';
            if (behind) {
              const d = src.get();
              if (d !== '=' && d !== '!') throw refuse(`the extension (?<${d ?? ''} (named groups are written (?P<name>...) in Python)`);
              kind = d;
            }
            const saved = st.lookbehind;
            if (behind) st.lookbehind = true;
            const body = this.sub(verbose, nested + 1);
            st.lookbehind = saved;
            if (!src.match(')')) throw src.error('missing ), unterminated subpattern', src.tell() - start);
            items.push({ t: 'look', behind, neg: kind === '!', body });
            continue;
          } else if (c === '(') {
            throw refuse('a conditional group (?(id)yes|no)');
          } else if (c === '>') {
            throw refuse('an atomic group (?>...)');
          } else if ('aiLmsxtu-'.includes(c)) {
            const flags = this.flags(c);
            if (flags === null) {
              if (!first || items.length) throw refuse('inline flags not at the start of the pattern');
              verbose = (st.flags & F.VERBOSE) !== 0;
              continue;
            }
            [on, off] = flags;
            capture = false;
          } else throw refuse(`the extension (?${c}`);
        }
        let group: number | null = null;
        if (capture) {
          group = st.groups++;
          if (group > 99) throw refuse('more than 99 groups');
          st.names.push(name);
          if (name !== undefined) {
            const was = st.groupindex.get(name);
            if (was !== undefined) throw src.error(`redefinition of group name '${name}' as group ${group}; was group ${was}`, name.length + 1);
            st.groupindex.set(name, group);
          }
        }
        const subVerbose = (verbose || (on & F.VERBOSE) !== 0) && !(off & F.VERBOSE);
        const body = this.sub(subVerbose, nested + 1);
        if (!src.match(')')) throw src.error('missing ), unterminated subpattern', src.tell() - start);
        if (group !== null) {
          st.closed.add(group);
          st.closeRank[group] = st.closeRank.length;
          st.closeRank.push(0);
        }
        items.push({ t: 'group', g: group, on, off, body });
      } else if (tok === '^') {
        items.push({ t: 'at', a: '^' });
      } else if (tok === '$') {
        items.push({ t: 'at', a: '$' });
      }
    }
    return { t: 'seq', items };
  }

  private groupName(end: string): string {
    let name = '';
    for (;;) {
      const c = this.src.next;
      if (c === null) throw refuse('an unterminated group name');
      this.src.get();
      if (c === end) break;
      name += c;
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw refuse(`the group name ${JSON.stringify(name)}`);
    return name;
  }

  /** `(?imsx)` (null: global, applied) or `(?imsx-imsx:` ([on, off]). */
  private flags(first: string): [number, number] | null {
    const src = this.src;
    const bit: Record<string, number> = { i: F.IGNORECASE, m: F.MULTILINE, s: F.DOTALL, x: F.VERBOSE, a: F.ASCII, u: F.UNICODE };
    let on = 0;
    let off = 0;
    let c: string | null = first;
    if (c !== '-') {
      for (;;) {
        if (c === null || !Object.hasOwn(bit, c)) throw refuse(`the inline flag syntax (?${first}`);
        on |= bit[c]!;
        c = src.get();
        if (c === ')' || c === '-' || c === ':') break;
      }
    }
    if (c === ')') {
      if ((on & F.ASCII && on & F.UNICODE) || (on & F.UNICODE && this.st.flags & F.ASCII)) throw refuse('conflicting inline flags');
      this.st.flags |= on;
      return null;
    }
    if (on & F.UNICODE) throw refuse('the scoped flag (?u:...)');
    if (c === '-') {
      for (;;) {
        c = src.get();
        if (c === null || !Object.hasOwn(bit, c) || c === 'a' || c === 'u') throw refuse(`the inline flag syntax (?${first}`);
        off |= bit[c]!;
        if (src.next === ':') {
          src.get();
          break;
        }
      }
    }
    if (on & off) throw refuse('a flag turned on and off');
    return [on, off];
  }

  /** A backslash escape outside a set (_escape). */
  private escape(esc: string): Node {
    const src = this.src;
    const c = esc[1]!;
    if ('dDwWsS'.includes(c)) return { t: 'cat', c: c as Cat };
    if ('AZbB'.includes(c)) return { t: 'at', a: c as 'A' | 'Z' | 'b' | 'B' };
    if (Object.hasOwn(ESCAPES, esc)) return { t: 'lit', cp: ESCAPES[esc]! };
    const cp = this.codeEscape(esc);
    if (cp !== undefined) return { t: 'lit', cp };
    if (c === '0') return { t: 'lit', cp: Number.parseInt(src.getwhile(2, OCT) || '0', 8) };
    if (DIGITS.includes(c)) {
      let e = esc;
      if (src.next !== null && DIGITS.includes(src.next)) {
        e += src.get();
        if (OCT.includes(e[1]!) && OCT.includes(e[2]!) && src.next !== null && OCT.includes(src.next)) throw refuse('a three-digit octal escape');
      }
      const g = Number(e.slice(1));
      if (g < this.st.groups) {
        if (!this.st.closed.has(g)) throw src.error('cannot refer to an open group', e.length);
        if (this.st.lookbehind) throw refuse('a group reference inside a lookbehind');
        return { t: 'ref', g, pos: src.tell() - e.length };
      }
      throw src.error(`invalid group reference ${g}`, e.length - 1);
    }
    if (ASCII_LETTERS.test(c)) throw src.error(`bad escape ${esc}`, esc.length);
    return { t: 'lit', cp: c.codePointAt(0)! };
  }

  /** \x \u \U (exactly 2, 4, 8 hex digits); \N{...} refused. Undefined: not one of them. */
  private codeEscape(esc: string): number | undefined {
    const src = this.src;
    const c = esc[1]!;
    const n = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
    if (c === 'N') throw refuse('the named escape \\N{...}');
    if (!n) return undefined;
    const digits = src.getwhile(n, HEX);
    const e = esc + digits;
    if (digits.length !== n) throw src.error(`incomplete escape ${e}`, e.length);
    const cp = Number.parseInt(digits, 16);
    if (cp > 0x10ffff) throw src.error(`bad escape ${e}`, e.length);
    if (cp >= 0xd800 && cp < 0xe000) throw refuse('a surrogate code point');
    return cp;
  }

  /** `[...]` after the `[` (re/_parser.py's set branch). */
  private set(): Node {
    const src = this.src;
    const here = src.tell() - 1;
    const items: SetItem[] = [];
    const neg = src.match('^');
    for (;;) {
      const tok = src.get();
      if (tok === null) throw src.error('unterminated character set', src.tell() - here);
      if (tok === ']' && items.length) break;
      let a: SetItem;
      if (tok[0] === '\\') a = this.classEscape(tok);
      else a = { t: 'lit', cp: tok.codePointAt(0)! };
      if (src.match('-')) {
        const that = src.get();
        if (that === null) throw src.error('unterminated character set', src.tell() - here);
        if (that === ']') {
          items.push(a, { t: 'lit', cp: 45 });
          break;
        }
        const b: SetItem = that[0] === '\\' ? this.classEscape(that) : { t: 'lit', cp: that.codePointAt(0)! };
        if (a.t !== 'lit' || b.t !== 'lit' || b.cp < a.cp) {
          const msg = `bad character range ${tok}-${that}`;
          // the escapes' source text: a \x41 range prints as written
          throw src.error(msg, this.srcLen(tok, a) + 1 + this.srcLen(that, b));
        }
        items.push({ t: 'range', lo: a.cp, hi: b.cp });
      } else items.push(a);
    }
    return { t: 'set', neg, items };
  }

  /** How many pattern characters a set element's token spans (for error offsets: `this` grows with \x.. digits in CPython). */
  private srcLen(tok: string, _item: SetItem): number {
    if (tok.length === 2 && 'xuU'.includes(tok[1]!)) throw refuse('a bad character range written with escapes');
    return tok.length;
  }

  private classEscape(esc: string): SetItem {
    const c = esc[1]!;
    if (Object.hasOwn(ESCAPES, esc)) return { t: 'lit', cp: ESCAPES[esc]! };
    if ('dDwWsS'.includes(c)) return { t: 'cat', c: c as Cat };
    const cp = this.codeEscape(esc);
    if (cp !== undefined) return { t: 'lit', cp };
    if (OCT.includes(c)) {
      const more = this.src.getwhile(2, OCT);
      if (more.length === 2 && c !== '0') throw refuse('a three-digit octal escape');
      return { t: 'lit', cp: Number.parseInt(c + more, 8) };
    }
    if (DIGITS.includes(c)) throw this.src.error(`bad escape ${esc}`, esc.length);
    if (ASCII_LETTERS.test(c)) throw this.src.error(`bad escape ${esc}`, esc.length);
    return { t: 'lit', cp: c.codePointAt(0)! };
  }
}

// ---- analysis ----

/** The (min, max) width of a node, in characters (MAXREPEAT standing for unbounded). */
function width(n: Node): [number, number] {
  switch (n.t) {
    case 'lit':
    case 'any':
    case 'set':
    case 'cat':
      return [1, 1];
    case 'at':
    case 'look':
      return [0, 0];
    case 'ref':
      return [0, MAXREPEAT];
    case 'group':
      return width(n.body);
    case 'rep': {
      const [lo, hi] = width(n.body);
      return [Math.min(lo * n.min, MAXREPEAT), Math.min(hi * n.max, MAXREPEAT)];
    }
    case 'seq': {
      let lo = 0;
      let hi = 0;
      for (const x of n.items) {
        const [a, b] = width(x);
        lo = Math.min(lo + a, MAXREPEAT);
        hi = Math.min(hi + b, MAXREPEAT);
      }
      return [lo, hi];
    }
    case 'alt': {
      const ws = n.branches.map(width);
      return [Math.min(...ws.map((w) => w[0])), Math.max(...ws.map((w) => w[1]))];
    }
  }
}

const hasCapture = (n: Node): boolean => {
  switch (n.t) {
    case 'group':
      return n.g !== null || hasCapture(n.body);
    case 'look':
    case 'rep':
      return hasCapture(n.body);
    case 'seq':
      return n.items.some(hasCapture);
    case 'alt':
      return n.branches.some(hasCapture);
    default:
      return false;
  }
};

const allFixed = (n: Node): boolean => {
  const [lo, hi] = width(n);
  if (lo !== hi) return false;
  switch (n.t) {
    case 'group':
    case 'look':
    case 'rep':
      return allFixed(n.body);
    case 'seq':
      return n.items.every(allFixed);
    case 'alt':
      return n.branches.every(allFixed);
    default:
      return true;
  }
};

/**
 * The checks where Python and JS would part ways: captures in repeats, empty
 * repeat bodies, backreferences to groups that may not have taken part,
 * lookbehinds (fixed width, CPython's error otherwise).
 */
function check(root: Node, minor: number): void {
  // choice points (an alternative, an optional repeat, a negative lookaround) above each group
  const groupChoices = new Map<number, string[]>();
  const refs: { g: number; choices: string[] }[] = [];
  let id = 0;
  const walk = (n: Node, choices: string[], inRepeat: boolean, optionalInRepeat: boolean): void => {
    switch (n.t) {
      case 'group':
        if (n.g !== null) {
          if (inRepeat && optionalInRepeat) throw refuse('a group that may not take part in every iteration of a repeat');
          groupChoices.set(n.g, choices);
        }
        walk(n.body, choices, inRepeat, optionalInRepeat);
        return;
      case 'ref':
        refs.push({ g: n.g, choices });
        return;
      case 'look':
        if (n.behind) {
          const [lo, hi] = width(n.body);
          if (lo !== hi) throw reError(minor, 'look-behind requires fixed-width pattern');
          if (hasCapture(n.body) && !allFixed(n.body)) throw refuse('a group inside a lookbehind of alternatives');
        }
        walk(n.body, n.neg ? [...choices, `n${id++}`] : choices, inRepeat, optionalInRepeat || n.neg);
        return;
      case 'rep': {
        if (width(n.body)[0] === 0) throw refuse('a repeat of something that can match the empty string');
        const opt = n.min === 0;
        const c = opt ? [...choices, `r${id++}`] : choices;
        // JS resets a repeat's captures at each iteration of every enclosing repeat
        const optHere = optionalInRepeat || opt;
        if (n.max > 1) walk(n.body, c, true, inRepeat ? optHere : false);
        else walk(n.body, c, inRepeat, optHere);
        return;
      }
      case 'seq':
        for (const x of n.items) walk(x, choices, inRepeat, optionalInRepeat);
        return;
      case 'alt': {
        const a = id++;
        n.branches.forEach((b, i) => walk(b, [...choices, `a${a}.${i}`], inRepeat, true));
        return;
      }
      default:
        return;
    }
  };
  walk(root, [], false, false);
  for (const r of refs) {
    const gc = groupChoices.get(r.g)!;
    if (!gc.every((c) => r.choices.includes(c))) throw refuse('a backreference to a group that may not have taken part');
  }
}

// ---- emission ----

const hex = (cp: number): string => `\\u{${cp.toString(16)}}`;
const lit = (cp: number): string => (/^[A-Za-z0-9_ ]$/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp));

/** str.isspace: Python's \s for str patterns. */
const UNI_SPACE = '\\t\\n\\v\\f\\r\\u{1c}-\\u{20}\\u{85}\\u{a0}\\u{1680}\\u{2000}-\\u{200a}\\u{2028}\\u{2029}\\u{202f}\\u{205f}\\u{3000}';
const ASCII_SPACE = '\\t\\n\\v\\f\\r ';

interface Ctx {
  flags: number;
  unicodeClasses: boolean;
}

/** A class's positive contents for a category (\d \w \s), as JS class text. */
function catBody(c: 'd' | 'w' | 's', ctx: Ctx): string {
  const ascii = (ctx.flags & F.ASCII) !== 0;
  if (c === 's') return ascii ? ASCII_SPACE : UNI_SPACE;
  if (!ascii) ctx.unicodeClasses = true;
  if (c === 'd') return ascii ? '0-9' : '\\p{Nd}';
  return ascii ? 'A-Za-z0-9_' : '\\p{L}\\p{N}_';
}

function emitSet(items: SetItem[], neg: boolean, ctx: Ctx): string {
  let simple = '';
  const negated: string[] = [];
  for (const it of items) {
    if (it.t === 'lit') simple += hex(it.cp);
    else if (it.t === 'range') simple += `${hex(it.lo)}-${hex(it.hi)}`;
    else if (it.c === it.c.toLowerCase()) simple += catBody(it.c as 'd' | 'w' | 's', ctx);
    else negated.push(`[^${catBody(it.c.toLowerCase() as 'd' | 'w' | 's', ctx)}]`);
  }
  const parts = [...(simple ? [`[${simple}]`] : []), ...negated];
  const union = parts.length === 1 ? parts[0]! : `(?:${parts.join('|')})`;
  if (!neg) return union;
  if (!negated.length) return `[^${simple}]`;
  return `(?:(?!${union})[^])`;
}

function emit(n: Node, ctx: Ctx): string {
  switch (n.t) {
    case 'lit':
      return lit(n.cp);
    case 'any':
      return ctx.flags & F.DOTALL ? '[^]' : '[^\\n]';
    case 'set':
      return emitSet(n.items, n.neg, ctx);
    case 'cat':
      return emitSet([{ t: 'cat', c: n.c }], false, ctx);
    case 'at': {
      switch (n.a) {
        case '^':
          return ctx.flags & F.MULTILINE ? '(?<![^\\n])' : '^';
        case '$':
          return ctx.flags & F.MULTILINE ? '(?=\\n|$)' : '(?=\\n?$)';
        case 'A':
          return '^';
        case 'Z':
          return '$';
        default: {
          const w = `[${catBody('w', ctx)}]`;
          // CPython: neither \b nor \B matches in an empty string
          return n.a === 'b' ? `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))` : `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w})(?:(?<=[^])|(?=[^])))`;
        }
      }
    }
    case 'group': {
      const inner: Ctx = { flags: (ctx.flags | n.on) & ~n.off, unicodeClasses: false };
      if ((inner.flags & F.IGNORECASE) !== (ctx.flags & F.IGNORECASE)) throw refuse('a scoped IGNORECASE flag ((?i:...) or (?-i:...))');
      if (inner.flags & F.ASCII) inner.flags &= ~F.UNICODE;
      const body = emit(n.body, inner);
      if (inner.unicodeClasses) ctx.unicodeClasses = true;
      return n.g === null ? `(?:${body})` : `(${body})`;
    }
    case 'look':
      return `(?${n.behind ? '<' : ''}${n.neg ? '!' : '='}${emit(n.body, ctx)})`;
    case 'ref':
      return `(?:\\${n.g})`;
    case 'rep': {
      const body = emit(n.body, ctx);
      const atom = n.body.t === 'group' || n.body.t === 'lit' || n.body.t === 'any' ? body : `(?:${body})`;
      const q =
        n.min === 0 && n.max === MAXREPEAT
          ? '*'
          : n.min === 1 && n.max === MAXREPEAT
            ? '+'
            : n.min === 0 && n.max === 1
              ? '?'
              : n.max === MAXREPEAT
                ? `{${n.min},}`
                : n.min === n.max
                  ? `{${n.min}}`
                  : `{${n.min},${n.max}}`;
      return atom + q + (n.lazy ? '?' : '');
    }
    case 'seq':
      return n.items.map((x) => emit(x, ctx)).join('');
    case 'alt':
      return n.branches.map((x) => emit(x, ctx)).join('|');
  }
}

function nestedRepeat(n: Node, inside: boolean): boolean {
  switch (n.t) {
    case 'rep':
      if (n.max > 1 && inside) return true;
      return nestedRepeat(n.body, inside || n.max > 1);
    case 'group':
    case 'look':
      return nestedRepeat(n.body, inside);
    case 'seq':
      return n.items.some((x) => nestedRepeat(x, inside));
    case 'alt':
      return n.branches.some((x) => nestedRepeat(x, inside));
    default:
      return false;
  }
}

/** Whether a node holds a non-ASCII literal or range (IGNORECASE folds those differently in JS). */
function nonAsciiLiteral(n: Node): boolean {
  switch (n.t) {
    case 'lit':
      return n.cp > 127;
    case 'set':
      return n.items.some((i) => (i.t === 'lit' && i.cp > 127) || (i.t === 'range' && i.hi > 127));
    case 'group':
    case 'look':
    case 'rep':
      return nonAsciiLiteral(n.body);
    case 'seq':
      return n.items.some(nonAsciiLiteral);
    case 'alt':
      return n.branches.some(nonAsciiLiteral);
    default:
      return false;
  }
}

/** Compile a Python str pattern: CPython's re.error for what it rejects, a Refusal for what pyval does not model. */
export function translate(pattern: string, flags: number, minor: number): Compiled {
  if (flags & F.LOCALE) throw new PyError('ValueError', 'cannot use LOCALE flag with a str pattern');
  if (flags & (F.TEMPLATE | F.DEBUG)) throw refuse('the TEMPLATE and DEBUG flags');
  if (flags & ~0x1ff || flags < 0) throw refuse('unknown flag bits');
  const cps = [...pattern];
  const src = new Tokenizer(cps, minor);
  const st = new State(flags);
  const root = new Parser(src, st).sub((flags & F.VERBOSE) !== 0, 0);
  let final = st.flags;
  if (final & F.ASCII) {
    if (final & F.UNICODE) throw new PyError('ValueError', 'ASCII and UNICODE flags are incompatible');
  } else final |= F.UNICODE;
  if (src.next !== null) throw src.error('unbalanced parenthesis');
  check(root, minor);
  const ignoreCase = (final & F.IGNORECASE) !== 0;
  if (ignoreCase && nonAsciiLiteral(root)) throw refuse('IGNORECASE with non-ASCII characters in the pattern');
  const ctx: Ctx = { flags: final & F.ASCII ? final & ~F.UNICODE : final, unicodeClasses: false };
  const source = emit(root, ctx);
  try {
    new RegExp(source, 'u');
  } catch {
    throw refuse('this pattern (its JS translation does not compile)');
  }
  return {
    pattern,
    flags: final,
    groups: st.groups - 1,
    groupindex: st.groupindex,
    names: st.names,
    closeRank: st.closeRank,
    source,
    ignoreCase,
    unicodeClasses: ctx.unicodeClasses,
    nestedRepeat: nestedRepeat(root, false),
  };
}
