// Read a Python repr back into a value.
//
// The model (and the tracer) give each local as its repr string. We read the
// reprs of builtin types exactly. Inside a container, a piece we cannot read as
// a builtin value but whose extent is clear (`<__main__.Foo object at 0x...>`,
// `Point(x=1, y=2)`, `Counter({'a': 1})`, a recursive `[...]`) becomes an opaque
// element, so `len(xs)` and `xs[0]` still work on a list of objects. A repr
// that does not read as a whole (truncated, malformed, complex numbers) is one
// opaque value: it prints as itself and refuses every operation.

import { collectionFromRepr, collectionsClassFromRepr } from './modules/collections.js';
import { moduleFromRepr, patternFromRepr } from './modules/index.js';
import { DictStore, SetStore } from './containers.js';
import { scanNumber, scanString } from './lexer.js';
import { rangeLength } from './hash.js';
import { ELLIPSIS, FALSE, NONE, TRUE, opaque, pyFloat, pyList, pyStr, pyTuple, pyType, type Value } from './value.js';
import { exceptionReprHooks } from './exception-hooks.js';

export interface ParseReprOptions {
  /**
   * The tracer's marker for a repr it cut short. A repr ending with it is opaque
   * ("cut by the tracer") even if the text before it happens to parse.
   */
  cutMarker?: string;
}

/** Markers that commonly end a truncated repr; used only to explain why a repr did not parse. */
const COMMON_CUT_MARKERS = ['...', '…', '[truncated]', '<truncated>'];

const WHY_PROGRAM_OBJECT = 'is an object of the program, known only by its repr';
const WHY_UNREADABLE = 'is not a repr ndbg can read as a Python value';
const WHY_CUT = 'is a repr cut short by the tracer';
const WHY_MODULE = 'is a module, known only by its repr';

class Fail extends Error {}

const BUILTIN_CLASSES = new Set([
  'int',
  'float',
  'str',
  'bytes',
  'bool',
  'list',
  'tuple',
  'dict',
  'set',
  'frozenset',
  'range',
  'slice',
  'type',
  'object',
  'NoneType',
  'complex',
  'bytearray',
  'enumerate',
  'zip',
  'map',
  'filter',
  'reversed',
]);

class ReprReader {
  i = 0;
  constructor(private readonly s: string) {}

  private ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  private eat(ch: string): boolean {
    this.ws();
    if (this.s.startsWith(ch, this.i)) {
      this.i += ch.length;
      return true;
    }
    return false;
  }

  private expect(ch: string): void {
    if (!this.eat(ch)) throw new Fail();
  }

  atEnd(): boolean {
    this.ws();
    return this.i >= this.s.length;
  }

  value(): Value {
    this.ws();
    const s = this.s;
    const c = s[this.i];
    if (c === undefined) throw new Fail();
    // Strings and bytes (with any prefix a literal may carry).
    if (/['"]/.test(c) || (/[rRbBuU]/.test(c) && /^[rRbBuU]{1,2}['"]/.test(s.slice(this.i, this.i + 3)))) {
      let tok: ReturnType<typeof scanString>;
      try {
        tok = scanString(s, this.i);
      } catch {
        throw new Fail();
      }
      if (!tok || (tok.t !== 'str' && tok.t !== 'bytes')) throw new Fail();
      this.i = tok.end;
      // Adjacent literals concatenate (pprint writes long strings that way).
      if (tok.t === 'str') {
        let v = tok.v;
        for (;;) {
          const save = this.i;
          this.ws();
          const next = /['"]/.test(s[this.i] ?? '') ? scanStringSafe(s, this.i) : null;
          if (next && next.t === 'str') {
            v += next.v;
            this.i = next.end;
          } else {
            this.i = save;
            break;
          }
        }
        return pyStr(v);
      }
      return { kind: 'bytes', v: tok.v };
    }
    if (c === '[') return this.list();
    if (c === '(') return this.tuple();
    if (c === '{') return this.braces();
    if (c === '<') return this.angle();
    if (c === '-' || c === '+' || /[0-9.]/.test(c)) return this.number();
    if (/[A-Za-z_]/.test(c)) return this.named();
    throw new Fail();
  }

  private number(): Value {
    const s = this.s;
    let sign = 1;
    const start = this.i;
    if (s[this.i] === '-' || s[this.i] === '+') {
      if (s[this.i] === '-') sign = -1;
      this.i++;
    }
    if (s.startsWith('inf', this.i)) {
      this.i += 3;
      return pyFloat(sign * Infinity);
    }
    if (s.startsWith('nan', this.i)) {
      this.i += 3;
      return pyFloat(NaN);
    }
    if (s.startsWith('...', this.i) && sign === 1 && this.i === start) throw new Fail();
    let tok: ReturnType<typeof scanNumber>;
    try {
      tok = scanNumber(s, this.i);
    } catch {
      throw new Fail();
    }
    if (!tok || tok.t === 'imag') throw new Fail();
    this.i = tok.end;
    if (/[A-Za-z_]/.test(s[this.i] ?? '')) throw new Fail();
    if (tok.t === 'int') return { kind: 'int', v: sign < 0 ? -tok.v : tok.v };
    if (tok.t === 'float') return pyFloat(sign * tok.v);
    throw new Fail();
  }

  private items(close: string): Value[] {
    const out: Value[] = [];
    if (this.eat(close)) return out;
    for (;;) {
      out.push(this.element());
      if (this.eat(close)) return out;
      this.expect(',');
      if (this.eat(close)) return out;
    }
  }

  /** An item of a container: a value, or an opaque piece with a clear extent. */
  private element(): Value {
    this.ws();
    const save = this.i;
    // A recursive reference: [...] or {...}.
    if (this.s.startsWith('[...]', this.i) || this.s.startsWith('{...}', this.i)) {
      this.i += 5;
      return opaque(this.s.slice(save, this.i), 'refers back to a container that holds it (a recursive structure)');
    }
    return this.value();
  }

  private list(): Value {
    this.expect('[');
    return pyList(this.items(']'));
  }

  private tuple(): Value {
    this.expect('(');
    if (this.eat(')')) return pyTuple([]);
    const first = this.element();
    if (this.eat(')')) throw new Fail(); // a parenthesised value is not a repr (complex numbers print that way)
    this.expect(',');
    if (this.eat(')')) return pyTuple([first]);
    const rest = this.items(')');
    return pyTuple([first, ...rest]);
  }

  private braces(): Value {
    this.expect('{');
    if (this.eat('}')) return { kind: 'dict', store: new DictStore() };
    const first = this.element();
    if (this.eat(':')) {
      const store = new DictStore();
      store.set(first, this.element());
      while (!this.eat('}')) {
        this.expect(',');
        if (this.eat('}')) break;
        const k = this.element();
        this.expect(':');
        store.set(k, this.element());
      }
      return { kind: 'dict', store };
    }
    const items = [first];
    while (!this.eat('}')) {
      this.expect(',');
      if (this.eat('}')) break;
      items.push(this.element());
    }
    return { kind: 'set', store: SetStore.fromOrder(items) };
  }

  /** `<...>`: balanced angle brackets, skipping quoted text. `<class 'int'>` is the type. */
  private angle(): Value {
    const start = this.i;
    this.skipBalanced();
    const text = this.s.slice(start, this.i);
    const cls = /^<class '([A-Za-z_]+)'>$/.exec(text);
    if (cls && BUILTIN_CLASSES.has(cls[1]!)) return pyType(cls[1]!);
    const fn = /^<built-in function ([A-Za-z_]+)>$/.exec(text);
    if (fn && ['len', 'abs', 'min', 'max', 'sum', 'sorted', 'repr', 'print', 'any', 'all', 'round', 'divmod', 'isinstance', 'chr', 'ord'].includes(fn[1]!)) {
      return { kind: 'builtin', name: fn[1]! };
    }
    const coll = collectionsClassFromRepr(text);
    if (coll) return coll;
    const mod = text.startsWith('<module ') ? moduleFromRepr(text) : undefined;
    if (mod) return mod;
    return opaque(text, text.startsWith('<module ') ? WHY_MODULE : WHY_PROGRAM_OBJECT);
  }

  /** The arguments of a collections repr (`deque([1], maxlen=2)`), as the value they describe. */
  private collection(name: string): Value | undefined {
    this.expect('(');
    const args: Value[] = [];
    let maxlen: Value | undefined;
    while (!this.eat(')')) {
      if (args.length) this.expect(',');
      this.ws();
      if (this.s.startsWith('maxlen=', this.i)) {
        this.i += 7;
        maxlen = this.value();
      } else args.push(this.element());
    }
    return collectionFromRepr(name, args, maxlen);
  }

  /** Skip one bracketed region starting at the current opener. */
  private skipBalanced(): void {
    const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
    const stack: string[] = [];
    const s = this.s;
    do {
      const c = s[this.i];
      if (c === undefined) throw new Fail();
      if (c === "'" || c === '"') {
        const tok = scanStringSafe(s, this.i);
        if (tok) {
          this.i = tok.end;
          continue;
        }
        // An apostrophe in free text (inside <...>): move on.
      } else if (pairs[c]) stack.push(pairs[c]!);
      else if (c === stack[stack.length - 1]) stack.pop();
      else if (c === '>' && stack.length && stack[stack.length - 1] !== '>') {
        // `->` and friends inside parentheses: ignore.
      }
      this.i++;
    } while (stack.length);
  }

  /** Identifiers: None/True/False/inf/nan, set()/frozenset()/range(...), or an object repr like `Point(x=1)`. */
  private named(): Value {
    const s = this.s;
    const m = /^[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*/.exec(s.slice(this.i))!;
    const name = m[0];
    const start = this.i;
    this.i += name.length;
    switch (name) {
      case 'None':
        return NONE;
      case 'True':
        return TRUE;
      case 'False':
        return FALSE;
      case 'Ellipsis':
        return ELLIPSIS;
      case 'inf':
        return pyFloat(Infinity);
      case 'nan':
        return pyFloat(NaN);
    }
    if (s[this.i] !== '(') throw new Fail();
    if (name === 'set' && s.startsWith('set()', start)) {
      this.i = start + 5;
      return { kind: 'set', store: new SetStore() };
    }
    if (name === 'frozenset') {
      if (s.startsWith('frozenset()', start)) {
        this.i = start + 11;
        return { kind: 'frozenset', store: new SetStore() };
      }
      const save = this.i;
      try {
        this.expect('(');
        const inner = this.braces();
        this.expect(')');
        if (inner.kind === 'set') return { kind: 'frozenset', store: inner.store };
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
      }
      this.i = save;
    }
    if (name === 'range') {
      const save = this.i;
      try {
        this.expect('(');
        const args = this.items(')');
        if (args.length >= 2 && args.length <= 3 && args.every((a) => a.kind === 'int')) {
          const [a, b, c] = args.map((x) => (x as { v: bigint }).v) as [bigint, bigint, bigint?];
          if (c !== 0n) {
            const r = { kind: 'range' as const, start: a, stop: b, step: c ?? 1n };
            void rangeLength;
            return r;
          }
        }
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
      }
      this.i = save;
    }
    const exc = exceptionReprHooks.classNamed(name);
    if (exc) {
      const save = this.i;
      try {
        this.expect('(');
        const args = this.items(')');
        return { kind: 'instance', cls: exc, dict: new Map(), payload: args };
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
      }
      this.i = save;
    }
    if (name === 'Counter' || name === 'OrderedDict' || name === 'defaultdict' || name === 'deque') {
      const save = this.i;
      try {
        const v = this.collection(name);
        if (v) return v;
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
      }
      this.i = save;
    }
    // Anything else that looks like a call is an object of the program (or a type we do not model).
    this.skipBalanced();
    return opaque(s.slice(start, this.i), WHY_PROGRAM_OBJECT);
  }
}

function scanStringSafe(s: string, i: number): ReturnType<typeof scanString> {
  try {
    return scanString(s, i);
  } catch {
    return null;
  }
}

/** Read a repr string as a value; never throws (unreadable reprs become opaque values). */
export function parseRepr(text: string, opts: ParseReprOptions = {}): Value {
  if (opts.cutMarker && text.endsWith(opts.cutMarker)) return opaque(text, WHY_CUT);
  const pattern = patternFromRepr(text, (src, i) => {
    const t = scanStringSafe(src, i);
    return t?.t === 'str' ? { value: t.v, end: t.end } : null;
  });
  if (pattern) return pattern;
  const r = new ReprReader(text);
  try {
    const v = r.value();
    if (r.atEnd()) return v;
  } catch (e) {
    if (!(e instanceof Fail)) throw e;
  }
  const trimmed = text.trimEnd();
  if (COMMON_CUT_MARKERS.some((m) => trimmed.endsWith(m))) return opaque(text, WHY_CUT);
  if (/^<.*>$/s.test(trimmed) || /^[A-Za-z_][\w.]*\(.*\)$/s.test(trimmed)) return opaque(text, WHY_PROGRAM_OBJECT);
  return opaque(text, WHY_UNREADABLE);
}
