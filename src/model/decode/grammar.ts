// The state grammar as an automaton over token ids, for constrained decoding: at each
// step it says which tokens keep the output a well-formed state (docs/format.md, "A
// state") that the constraints (constraints.ts) allow, and how to finish from any
// point in few tokens (used when the token budget runs out). Text is checked byte by
// byte, so any BPE token works; a value must be a repr the prediction's check takes
// (reprAuto.ts): valid UTF-8 without raw control bytes, at most 100 characters or
// exactly 100 plus `...` (the tracer's cut).

import { type AttributeRule, DottedName, deletableWith } from './attrNames.js';
import type { Allowed, FrameOption } from './constraints.js';
import { type EventName, REPR_LIMIT, SPECIAL_ID as S } from '../format/format.js';
import { Repr } from './reprAuto.js';
import { type Template, TemplateRepr } from './templateAuto.js';
import { GrammarError, type TextAuto, Utf8, bytesOf } from './textAuto.js';

const DOT = 0x2e;

const latin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

// --- byte-level pieces -------------------------------------------------------------

interface Words {
  words: Set<string>;
  prefixes: Set<string>;
  /** The bytes that may follow each prefix, made when first asked. */
  kids?: Map<string, number[]>;
}

const prefixCache = new WeakMap<ReadonlySet<string>, Words>();

/** One of a finite set of strings (stored as latin1 of their UTF-8). */
class Trie implements TextAuto {
  constructor(
    private readonly entry: Words,
    private text = '',
  ) {}
  private get words() {
    return this.entry.words;
  }
  private get prefixes() {
    return this.entry.prefixes;
  }
  static of(words: Iterable<string>, key?: ReadonlySet<string>): Trie {
    let entry = key ? prefixCache.get(key) : undefined;
    if (!entry) {
      const w = new Set<string>();
      const p = new Set<string>();
      for (const x of words) {
        const l = latin1(x);
        w.add(l);
        for (let i = 0; i <= l.length; i++) p.add(l.slice(0, i));
      }
      entry = { words: w, prefixes: p };
      if (key) prefixCache.set(key, entry);
    }
    return new Trie(entry);
  }
  clone() {
    return new Trie(this.entry, this.text);
  }
  /** The bytes that may follow the text so far. */
  next(): number[] {
    let kids = this.entry.kids;
    if (!kids) {
      kids = new Map();
      for (const p of this.prefixes) {
        if (p === '') continue;
        const up = p.slice(0, -1);
        const k = kids.get(up);
        if (k) k.push(p.charCodeAt(p.length - 1));
        else kids.set(up, [p.charCodeAt(p.length - 1)]);
      }
      this.entry.kids = kids;
    }
    return kids.get(this.text) ?? [];
  }
  push(b: number) {
    const t = this.text + String.fromCharCode(b);
    if (!this.prefixes.has(t)) return false;
    this.text = t;
    return true;
  }
  complete() {
    return this.words.has(this.text);
  }
  empty() {
    return this.text === '';
  }
  completion() {
    if (this.complete()) return [];
    const best = this.shortestWith(this.text);
    return best === null ? [] : Array.from(best.slice(this.text.length), (c) => c.charCodeAt(0));
  }
  /** The text so far, decoded. */
  value(): string {
    return Buffer.from(this.text, 'latin1').toString('utf8');
  }
  isPrefix(latin: string): boolean {
    return this.prefixes.has(latin);
  }
  isWord(latin: string): boolean {
    return this.words.has(latin);
  }
  shortestWith(latin: string): string | null {
    let best: string | null = null;
    for (const w of this.words) if (w.startsWith(latin) && (best === null || w.length < best.length)) best = w;
    return best;
  }
}

/** Any ASCII identifier (when the names cannot be told), excluding `exclude`. */
class Ident implements TextAuto {
  constructor(
    private readonly exclude: Set<string>,
    private text = '',
  ) {}
  clone() {
    return new Ident(this.exclude, this.text);
  }
  push(b: number) {
    const letter = (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b === 95;
    const digit = b >= 48 && b <= 57;
    if (!(letter || (digit && this.text)) || this.text.length >= 64) return false;
    this.text += String.fromCharCode(b);
    return true;
  }
  complete() {
    return this.text !== '' && !this.exclude.has(this.text);
  }
  empty() {
    return this.text === '';
  }
  completion() {
    if (this.complete()) return [];
    for (let k = 0; ; k++) {
      const extra = k === 0 && this.text ? '_' : `_${k}`;
      if (!this.exclude.has(this.text + extra)) return bytesOf(extra);
    }
  }
  value() {
    return this.text;
  }
  next(): number[] {
    return this.text.length >= 64 ? [] : this.text ? IDENT_NEXT : IDENT_FIRST;
  }
}

const IDENT_FIRST = bytesOf('_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const IDENT_NEXT = [...IDENT_FIRST, ...bytesOf('0123456789')];

/** A line number: one of a set, or 1..max. */
class Digits implements TextAuto {
  constructor(
    private readonly allowed: Set<number> | null,
    private readonly max: number,
    private readonly prefixes: Set<string> | null,
    private text = '',
  ) {}
  static of(allowed: Iterable<number> | null, max: number): Digits {
    if (allowed === null) return new Digits(null, max, null);
    const set = new Set(allowed);
    const prefixes = new Set<string>();
    for (const n of set) {
      const s = String(n);
      for (let i = 1; i <= s.length; i++) prefixes.add(s.slice(0, i));
    }
    return new Digits(set, max, prefixes);
  }
  clone() {
    return new Digits(this.allowed, this.max, this.prefixes, this.text);
  }
  push(b: number) {
    if (b < 48 || b > 57 || (b === 48 && this.text === '')) return false;
    const t = this.text + String.fromCharCode(b);
    if (this.prefixes ? !this.prefixes.has(t) : Number(t) > this.max) return false;
    this.text = t;
    return true;
  }
  complete() {
    return this.text !== '' && (this.allowed ? this.allowed.has(Number(this.text)) : true);
  }
  empty() {
    return this.text === '';
  }
  completion() {
    if (this.complete()) return [];
    if (!this.allowed) return bytesOf('1');
    let best: string | null = null;
    for (const n of this.allowed) {
      const s = String(n);
      if (s.startsWith(this.text) && (best === null || s.length < best.length)) best = s;
    }
    return best === null ? [] : bytesOf(best.slice(this.text.length));
  }
  value() {
    return Number(this.text);
  }
}

const FREE_FUNC = /^[A-Za-z_<][A-Za-z0-9_<>]*$/;

/**
 * `FUNC[ LINE...]`: one of the exact frame texts, or a function of `free` followed by
 * any caller lines (canonical numbers 1..max). `anyFunc` allows any identifier-like
 * name (`<lambda>`, `f`) when the program's functions are unknown.
 */
class FrameText implements TextAuto {
  constructor(
    private readonly exact: Trie,
    private readonly free: Set<string>,
    private readonly anyFunc: boolean,
    private readonly max: number,
    private text = '',
  ) {}
  clone() {
    return new FrameText(this.exact, this.free, this.anyFunc, this.max, this.text);
  }
  private freeOk(t: string, final: boolean): boolean {
    const sp = t.indexOf(' ');
    const head = sp < 0 ? t : t.slice(0, sp);
    if (sp < 0) {
      if (final) return this.free.has(head) || (this.anyFunc && FREE_FUNC.test(head));
      if (this.anyFunc && FREE_FUNC.test(head)) return true;
      for (const f of this.free) if (f.startsWith(head)) return true;
      return false;
    }
    if (!(this.free.has(head) || (this.anyFunc && FREE_FUNC.test(head)))) return false;
    const parts = t.slice(sp + 1).split(' ');
    if (parts.length > 256) return false;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (p === '') {
        if (i !== parts.length - 1 || final) return false;
        continue;
      }
      if (!/^[1-9][0-9]*$/.test(p) || Number(p) > this.max) return false;
    }
    return true;
  }
  push(b: number) {
    if (b >= 0x80) return false; // function names of the program are ASCII here
    const t = this.text + String.fromCharCode(b);
    if (!this.exact.isPrefix(t) && !this.freeOk(t, false)) return false;
    this.text = t;
    return true;
  }
  complete() {
    return this.text !== '' && (this.exact.isWord(this.text) || this.freeOk(this.text, true));
  }
  empty() {
    return this.text === '';
  }
  completion() {
    if (this.complete()) return [];
    const t = this.text;
    const best = this.exact.shortestWith(t);
    if (best !== null) return bytesOf(best.slice(t.length));
    if (t.endsWith(' ')) return bytesOf('1');
    if (!t.includes(' ')) {
      let f: string | null = null;
      for (const x of this.free) if (x.startsWith(t) && (f === null || x.length < f.length)) f = x;
      if (f !== null) return bytesOf(f.slice(t.length));
      return bytesOf(t === '' ? 'f' : '_');
    }
    return [];
  }
  /** The function name and caller lines written. */
  parts(): { func: string; stack: string } {
    const sp = this.text.indexOf(' ');
    return sp < 0 ? { func: this.text, stack: '' } : { func: this.text.slice(0, sp), stack: this.text.slice(sp + 1) };
  }
}

/** Free text: exception text (starts like a type name, cut at 100) or stdout. */
class FreeText implements TextAuto {
  chars = 0;
  dots = 0;
  utf8 = new Utf8();
  constructor(private readonly exc: boolean) {}
  clone() {
    const f = new FreeText(this.exc);
    f.chars = this.chars;
    f.dots = this.dots;
    f.utf8 = this.utf8.copy();
    return f;
  }
  push(b: number) {
    if (this.dots === 3) return false;
    const kind = this.utf8.push(b);
    if (kind === false) return false;
    if (kind === 'lead') {
      if (this.exc && this.chars === 0 && !((b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b === 95)) return false;
      if (this.exc && this.chars >= REPR_LIMIT) {
        if (b !== DOT) return false;
        this.dots++;
      }
      this.chars++;
    }
    return true;
  }
  complete() {
    return this.chars >= 1 && !this.utf8.need && (this.dots === 0 || this.dots === 3);
  }
  empty() {
    return this.chars === 0 && !this.utf8.need;
  }
  completion() {
    if (this.complete()) return [];
    if (this.empty()) return bytesOf(this.exc ? 'Exception' : '\n');
    const out = this.utf8.finish();
    for (let k = this.dots; k < (this.dots ? 3 : 0); k++) out.push(DOT);
    return out;
  }
}

/** `NAME=REPR`: a name of the allowed set, `=`, then a repr. */
class Assignment implements TextAuto {
  value: Repr | TemplateRepr | null = null;
  /** `templates`: names whose new value is partly computed (templateAuto.ts): the model writes only its holes. */
  constructor(
    public name: Trie | Ident | DottedName,
    private readonly own = false,
    private readonly plain: ReadonlySet<string> | null = null,
    private readonly templates: ReadonlyMap<string, Template> | null = null,
  ) {}
  clone() {
    const a = new Assignment(this.name.clone() as Trie | Ident | DottedName, this.own, this.plain, this.templates);
    a.value = this.value ? this.value.clone() : null;
    return a;
  }
  push(b: number) {
    if (this.value) return this.value.push(b);
    if (b === 0x3d) {
      if (!this.name.complete()) return false;
      const template = this.templates?.get(this.name.value());
      this.value = template ? new TemplateRepr(template, this.own, this.plain) : new Repr(this.own, this.plain);
      return true;
    }
    return this.name.push(b);
  }
  complete() {
    // biome-ignore lint/complexity/useOptionalChain: a boolean, not boolean | undefined
    return this.value !== null && this.value.complete();
  }
  empty() {
    return this.value === null && this.name.empty();
  }
  completion() {
    if (this.value) return this.value.completion();
    return [...this.name.completion(), 0x3d, ...bytesOf('None')];
  }
  nameText(): string {
    return this.name.value();
  }
}

// --- the grammar ---------------------------------------------------------------------

type Phase = 'event' | 'line' | 'kind' | 'frame' | 'var' | 'del' | 'retval' | 'exc' | 'out' | 'done';
const EVENT_OF = new Map<number, EventName>([
  [S.call, 'call'],
  [S.line, 'line'],
  [S.return, 'return'],
  [S.exception, 'exception'],
  [S.exit, 'exit'],
]);

const hasMode = (options: FrameOption[], mode: 'diff' | 'complete') => options.some((o) => o.mode === mode || o.mode === 'either');

function unionNames(sets: Array<Set<string> | null>): Set<string> | null {
  if (sets.some((s) => s === null)) return null;
  const out = new Set<string>();
  for (const s of sets) for (const n of s!) out.add(n);
  return out;
}

/** Where in a state the output is, as the model writes it. */
export class StateGrammar {
  phase: Phase = 'event';
  event: EventName | null = null;
  mode: 'diff' | 'complete' | null = null;
  /** Frame options of the chosen (event, line); during the line phase, of the digits so far. */
  private options: FrameOption[] = [];
  private auto: TextAuto | null = null;
  private written = new Set<string>();
  private deleted = new Set<string>();
  private names: Set<string> | null = null;
  private exitKind: string | null = null;

  /**
   * `ownReprs`: the program writes its own reprs (reprAuto.ts), so values need only balance.
   * `attributes`: for a model trained on format 2, what its dotted entries may be
   * (attrNames.ts); undefined: none (format 1). `plain`: the program's classes whose
   * instances print object's default repr, never `Cls(...)` (cfg.py's `default_repr`).
   */
  private readonly deletable: Set<string> | null;
  constructor(
    private readonly allowed: Allowed,
    private readonly ownReprs = false,
    private readonly attributes?: AttributeRule,
    private readonly plain: ReadonlySet<string> | null = null,
    private readonly templates: ReadonlyMap<string, Template> | null = null,
  ) {
    this.deletable = deletableWith(allowed.deletable, attributes);
  }

  clone(): StateGrammar {
    const g = new StateGrammar(this.allowed, this.ownReprs, this.attributes, this.plain, this.templates);
    g.phase = this.phase;
    g.event = this.event;
    g.mode = this.mode;
    g.options = this.options;
    g.auto = this.auto ? this.auto.clone() : null;
    g.written = new Set(this.written);
    g.deleted = new Set(this.deleted);
    g.names = this.names;
    g.exitKind = this.exitKind;
    return g;
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  private lineOptions(line: number): FrameOption[] {
    const m = this.allowed.events.get(this.event as Exclude<EventName, 'exit'>);
    if (m === 'any') {
      // call events are never diffs (docs/format.md)
      const mode = this.event === 'call' ? 'complete' : this.allowed.anyMode;
      return [{ func: '', stack: null, mode, names: null, diffNames: null }];
    }
    return m?.get(line) ?? [];
  }

  /** The options in force: in the line phase, those of the (complete) digits so far. */
  private currentOptions(): FrameOption[] {
    if (this.phase === 'line') {
      const d = this.auto as Digits;
      return d.complete() ? this.lineOptions(d.value()) : [];
    }
    return this.options;
  }

  private textDone(): boolean {
    return this.auto === null || this.auto.complete();
  }

  private varNames(options: FrameOption[]): Set<string> | null {
    // at the end of the frame's text (not yet closed): the names of the frame written
    if (this.phase === 'frame') return this.frameNames();
    if (this.phase === 'line' || this.mode === 'diff') {
      return unionNames(options.filter((o) => o.mode !== 'complete').map((o) => o.diffNames));
    }
    return this.names;
  }

  /** The name the current var / del phase is writing (not yet in written / deleted). */
  private pending(): string | null {
    if (this.phase === 'var') return (this.auto as Assignment).nameText();
    if (this.phase === 'del') return (this.auto as Trie).value();
    return null;
  }

  private canVar(options: FrameOption[]): boolean {
    const names = this.varNames(options);
    const p = this.pending();
    if (this.attributes !== undefined) {
      // format 2: whether the name automaton of the entry would have any name to write
      const written = new Set(this.written);
      if (p !== null) written.add(p);
      return this.dottedName(names, written, this.phase === 'line' ? 'diff' : this.mode).live();
    }
    if (names === null) return true;
    for (const n of names) if (!this.written.has(n) && n !== p) return true;
    return false;
  }

  private canDel(): boolean {
    const d = this.deletable;
    if (!d) return false;
    const p = this.pending();
    for (const n of d) if (!this.deleted.has(n) && !this.written.has(n) && n !== p) return true;
    return false;
  }

  private requirementsMet(): boolean {
    if (this.event === 'return') return this.phase === 'retval' || this.phase === 'exc' || this.phase === 'out';
    if (this.event === 'exception') return this.phase === 'exc' || this.phase === 'out';
    return true;
  }

  allowsSpecial(id: number): boolean {
    const p = this.phase;
    if (p === 'done') return false;
    if (p === 'event') {
      const ev = EVENT_OF.get(id);
      if (ev === undefined) return false;
      if (ev === 'exit') return this.allowed.exitKinds.length > 0;
      const m = this.allowed.events.get(ev);
      return m === 'any' || (m !== undefined && m.size > 0);
    }
    if (!this.textDone()) return false;
    const ev = this.event;
    const options = this.currentOptions();
    const lineDiff = p === 'line' && hasMode(options, 'diff');
    // a complete state writes its frame first; a diff starts right after the line
    const bodyOk = lineDiff || p === 'frame' || p === 'var' || p === 'del';
    switch (id) {
      case S.frame:
        return p === 'line' && hasMode(options, 'complete');
      case S.var:
        return (lineDiff || p === 'frame' || p === 'var') && this.canVar(options);
      case S.del:
        return (lineDiff || (p === 'var' && this.mode === 'diff') || p === 'del') && this.canDel();
      case S.retval:
        return ev === 'return' && bodyOk;
      case S.exc:
        if (ev === 'exception') return bodyOk;
        return ev === 'exit' && p === 'kind' && (this.auto as Trie).value() === 'error';
      case S.out:
        if (!this.allowed.out && !(ev !== null && this.allowed.outAlso?.has(ev))) return false;
        return this.requirementsMet() && (bodyOk || p === 'kind' || p === 'retval' || p === 'exc');
      case S.end:
        return this.requirementsMet() && (bodyOk || p === 'kind' || p === 'retval' || p === 'exc' || p === 'out');
    }
    return false;
  }

  /** Whether the text bytes may come next. */
  allowsText(bytes: Uint8Array): boolean {
    if (this.auto === null || bytes.length === 0) return false;
    const a = this.auto.clone();
    for (const b of bytes) if (!a.push(b)) return false;
    return true;
  }

  /** Whether a token (a special id with no bytes, or a text token's bytes) may come next. */
  allows(id: number, bytes: Uint8Array): boolean {
    return bytes.length ? this.allowsText(bytes) : this.allowsSpecial(id);
  }

  /** Advance over a token the automaton allows (throws otherwise). */
  feed(id: number, bytes: Uint8Array): void {
    if (bytes.length) {
      const a = this.auto?.clone();
      if (!a) throw new GrammarError('grammar: no text allowed here');
      for (const b of bytes) if (!a.push(b)) throw new GrammarError('grammar: text not allowed here');
      this.auto = a;
      return;
    }
    if (!this.allowsSpecial(id)) throw new GrammarError(`grammar: special token ${id} not allowed in phase ${this.phase}`);
    this.closeText();
    const ev = EVENT_OF.get(id);
    if (this.phase === 'event' && ev) {
      this.event = ev;
      if (ev === 'exit') {
        this.phase = 'kind';
        this.auto = Trie.of(this.allowed.exitKinds);
      } else {
        this.phase = 'line';
        const m = this.allowed.events.get(ev)!;
        this.auto = m === 'any' ? Digits.of(null, this.allowed.maxLine) : Digits.of(m.keys(), this.allowed.maxLine);
      }
      return;
    }
    if (this.phase === 'line') this.mode = id === S.frame ? 'complete' : 'diff';
    switch (id) {
      case S.frame: {
        this.phase = 'frame';
        const exact = new Set<string>();
        const free = new Set<string>();
        let anyFunc = false;
        for (const o of this.options) {
          if (o.mode === 'diff') continue;
          if (o.func === '') {
            anyFunc = this.allowed.funcs.size === 0;
            for (const f of this.allowed.funcs) free.add(f);
          } else if (o.stack) exact.add([o.func, ...o.stack].join(' '));
          else free.add(o.func);
        }
        this.auto = new FrameText(Trie.of(exact), free, anyFunc, this.allowed.maxLine);
        return;
      }
      case S.var: {
        this.phase = 'var';
        const names = this.varNames(this.options);
        const written = this.written;
        let name: Trie | Ident | DottedName;
        if (this.attributes !== undefined) name = this.dottedName(names, new Set(written), this.mode);
        else if (names === null) name = new Ident(new Set(written));
        else if (written.size === 0) name = Trie.of(names, names);
        else name = Trie.of([...names].filter((n) => !written.has(n)));
        // a partly computed value holds for the line a step reaches, written as a diff
        const templates = this.event === 'line' && this.mode === 'diff' ? this.templates : null;
        this.auto = new Assignment(name, this.ownReprs, this.plain, templates);
        return;
      }
      case S.del: {
        this.phase = 'del';
        this.auto = Trie.of([...(this.deletable ?? [])].filter((n) => !this.deleted.has(n) && !this.written.has(n)));
        return;
      }
      case S.retval:
        this.phase = 'retval';
        this.auto = new Repr(this.ownReprs, this.plain);
        return;
      case S.exc:
        this.phase = 'exc';
        this.auto = new FreeText(true);
        return;
      case S.out:
        this.phase = 'out';
        this.auto = new FreeText(false);
        return;
      case S.end:
        this.phase = 'done';
        this.auto = null;
        return;
    }
  }

  /**
   * A variable's name when the state may have attribute entries (format 2): `local` or
   * `entry.attr`, none of `written` (this phase's copy: the grammar's set grows when it closes).
   */
  private dottedName(names: Set<string> | null, written: Set<string>, mode: 'diff' | 'complete' | null): DottedName {
    const attrs = this.attributes?.names ?? null;
    const before = mode === 'diff' ? new Set(this.attributes?.before) : null;
    // the first part is a local the state may show, or an entry an attribute may follow
    const first = names === null ? null : new Set([...names, ...written, ...(before ?? [])].filter((n) => !n.includes('.')));
    const firstTrie = first === null ? null : Trie.of(first);
    return DottedName.of({
      local: () => (firstTrie === null ? new Ident(new Set()) : firstTrie.clone()),
      plain: names,
      attribute: () => (attrs === null ? new Ident(new Set()) : Trie.of(attrs, attrs)),
      written,
      known: (n) => written.has(n) || (before?.has(n) ?? false),
    });
  }

  /** The names the frame written so far may show (its options' that match the frame text). */
  private frameNames(): Set<string> | null {
    const { func, stack } = (this.auto as FrameText).parts();
    const opts = this.options.filter((o) => o.mode !== 'diff' && (o.func === '' || (o.func === func && (o.stack === null || o.stack.join(' ') === stack))));
    return unionNames(opts.map((o) => o.names));
  }

  /** Record what the finished text of the current phase decided. */
  private closeText(): void {
    const a = this.auto;
    if (!a) return;
    switch (this.phase) {
      case 'line':
        this.options = this.lineOptions((a as Digits).value());
        break;
      case 'kind':
        this.exitKind = (a as Trie).value();
        break;
      case 'frame':
        this.names = this.frameNames();
        break;
      case 'var':
        this.written.add((a as Assignment).nameText());
        break;
      case 'del':
        this.deleted.add((a as Trie).value());
        break;
    }
  }

  /** The next item of a short way to finish: a special id, or bytes of text. */
  finishStep(): { special: number } | { bytes: number[] } {
    if (this.phase === 'event') {
      if (this.allowed.exitKinds.length) return { special: S.exit };
      for (const [ev, m] of this.allowed.events) if (m === 'any' || m.size) return { special: S[ev] };
      throw new GrammarError('grammar: no event is allowed');
    }
    if (this.auto && !this.auto.complete()) return { bytes: this.auto.completion() };
    for (const id of [S.end, S.retval, S.exc, S.frame]) if (this.allowsSpecial(id)) return { special: id };
    throw new GrammarError(`grammar: cannot finish from phase ${this.phase}`);
  }

  /** Tokens (specials and single bytes) that finish the state from here; [] when done. */
  finishTokens(byteOffset: number): number[] {
    const g = this.clone();
    const out: number[] = [];
    while (!g.done) {
      const step = g.finishStep();
      if ('special' in step) {
        g.feed(step.special, new Uint8Array(0));
        out.push(step.special);
      } else {
        if (!step.bytes.length) throw new GrammarError(`grammar: empty completion in phase ${g.phase}`);
        for (const b of step.bytes) {
          g.feed(byteOffset + b, Uint8Array.of(b));
          out.push(byteOffset + b);
        }
      }
      if (out.length > 4096) throw new GrammarError('grammar: completion does not terminate');
    }
    return out;
  }

  /** Whether any event is possible at all (false: the constraints rule everything out). */
  satisfiable(): boolean {
    return [S.call, S.line, S.return, S.exception, S.exit].some((id) => this.allowsSpecial(id));
  }
}
