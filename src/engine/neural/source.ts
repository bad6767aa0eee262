// What the neural engine knows about the script from its text alone: lines as
// linecache gives them, the functions and classes it defines (their blocks, as
// inspect.getsourcelines finds them; their parameters, as co_varnames lists
// them), and which scope holds a line. Nothing here runs or imports the script;
// it is a small line scanner, good for the code that debuggers show (it does not
// need to be a Python parser: the model's constraints use python/ndbg/analysis/cfg.py).

export interface FunctionDef {
  name: string;
  kind: 'def' | 'class';
  /** The `def` / `class` line. */
  defLine: number;
  /** The first decorator's line, else defLine (co_firstlineno). */
  firstLine: number;
  /** The last line of the block (inspect.getblock: its last logical line's end). */
  lastLine: number;
  /** The first line of the body that holds code (a docstring is skipped). */
  firstBodyLine: number;
  indent: number;
  /** Parameter names in co_varnames order (positional, *args, keyword-only, **kwargs). */
  params: string[];
  /** The enclosing function or class, if any. */
  parent?: FunctionDef;
}

interface Logical {
  first: number;
  last: number;
  indent: number;
  text: string;
}

export class ScriptSource {
  /** Lines as linecache.getlines gives them (each ends with '\n'). */
  readonly lines: string[];
  readonly defs: FunctionDef[] = [];
  private readonly logical: Logical[] = [];
  /** line -> index into `logical` of the statement that covers it. */
  private readonly stmtOf = new Map<number, number>();

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    const parts = text.split('\n');
    if (parts.length && parts[parts.length - 1] === '') parts.pop();
    this.lines = parts.map((l) => `${l.replace(/\r$/, '')}\n`);
    this.scan();
  }

  get length(): number {
    return this.lines.length;
  }

  /** linecache.getline: the line with its newline, or '' past the end. */
  line(n: number): string {
    return n >= 1 && n <= this.lines.length ? this.lines[n - 1]! : '';
  }

  /** pdb's checkline: 'ok', 'eof' or 'blank' (blank, comment, or a line starting a docstring). */
  checkLine(n: number): 'ok' | 'eof' | 'blank' {
    const raw = this.line(n);
    if (!raw) return 'eof';
    const s = raw.trim();
    if (!s || s[0] === '#' || s.startsWith('"""') || s.startsWith("'''")) return 'blank';
    return 'ok';
  }

  /** The innermost def or class whose body holds `line` (the def line belongs to the outer scope). */
  scopeAt(line: number): FunctionDef | undefined {
    let best: FunctionDef | undefined;
    for (const d of this.defs) {
      if (line > d.defLine && line <= d.lastLine && (!best || d.defLine > best.defLine)) best = d;
      // a one-line def (`def f(): return 1`) holds its own line
      if (line === d.defLine && d.lastLine === d.defLine && d.firstBodyLine === d.defLine) best = d;
    }
    return best;
  }

  /** The code name a frame stopped at `line` most likely runs: a def/class name or `<module>`. */
  funcAt(line: number): string {
    return this.scopeAt(line)?.name ?? '<module>';
  }

  /** Functions named `name` (first definition first). */
  findDefs(name: string): FunctionDef[] {
    return this.defs.filter((d) => d.name === name);
  }

  /** The definition a frame of `func` stopped at `line` belongs to. */
  defFor(func: string, line: number): FunctionDef | undefined {
    const all = this.findDefs(func);
    return all.find((d) => line >= d.firstLine && line <= d.lastLine) ?? all[0];
  }

  /** The text of the statement (logical line) that covers `line`. */
  statementText(line: number): string {
    const k = this.stmtOf.get(line);
    return k === undefined ? '' : this.logical[k]!.text;
  }

  /** The statement (logical line) that covers `line`: [first, last]. */
  statementAt(line: number): [number, number] | undefined {
    const k = this.stmtOf.get(line);
    if (k === undefined) return undefined;
    const s = this.logical[k]!;
    return [s.first, s.last];
  }

  /** Lines of `def`'s block whose statement calls `name(`: [line, enclosing def or undefined]. */
  callersOf(name: string): Array<{ line: number; scope?: FunctionDef }> {
    const re = new RegExp(`(^|[^\\w.])${name.replace(/[^\w]/g, '')}\\s*\\(`);
    const out: Array<{ line: number; scope?: FunctionDef }> = [];
    for (const s of this.logical) {
      if (/^\s*(async\s+)?def\s/.test(s.text) || /^\s*class\s/.test(s.text)) continue;
      if (re.test(stripStrings(s.text))) out.push({ line: s.first, scope: this.scopeAt(s.first) });
    }
    return out;
  }

  /** The lines of the last `return` statements of a def (static), in order. */
  returnLines(d: FunctionDef): number[] {
    const out: number[] = [];
    for (const s of this.logical) {
      if (s.first <= d.defLine || s.first > d.lastLine) continue;
      if (this.scopeAt(s.first) !== d) continue;
      if (/^\s*return\b/.test(s.text)) out.push(s.first);
    }
    return out;
  }

  /** The last line of a module-level code statement (the module's code block end). */
  lastCodeLine(): number {
    return this.logical.length ? this.logical[this.logical.length - 1]!.last : 0;
  }

  // ------------------------------------------------------------------ scanning
  private scan(): void {
    // 1. logical lines: join bracket continuations, backslashes and triple-quoted strings
    let cur: { first: number; text: string; depth: number; triple: string | null; indent: number } | null = null;
    for (let i = 0; i < this.lines.length; i++) {
      const raw = this.lines[i]!.replace(/\n$/, '');
      const n = i + 1;
      if (!cur) {
        const t = raw.trim();
        if (!t || t.startsWith('#')) continue;
        cur = { first: n, text: '', depth: 0, triple: null, indent: indentOf(raw) };
      }
      cur.text += (cur.text ? '\n' : '') + raw;
      const st = scanLine(raw, cur.depth, cur.triple);
      cur.depth = st.depth;
      cur.triple = st.triple;
      if (cur.depth > 0 || cur.triple || st.backslash) continue;
      const stmt: Logical = { first: cur.first, last: n, indent: cur.indent, text: cur.text };
      for (let k = cur.first; k <= n; k++) this.stmtOf.set(k, this.logical.length);
      this.logical.push(stmt);
      cur = null;
    }
    if (cur) {
      const n = this.lines.length;
      for (let k = cur.first; k <= n; k++) this.stmtOf.set(k, this.logical.length);
      this.logical.push({ first: cur.first, last: n, indent: cur.indent, text: cur.text });
    }
    // 2. defs and classes, with their blocks
    const open: FunctionDef[] = [];
    for (let k = 0; k < this.logical.length; k++) {
      const s = this.logical[k]!;
      while (open.length && s.indent <= open[open.length - 1]!.indent) open.pop();
      const m = /^\s*(?:async\s+)?(def|class)\s+([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)/.exec(s.text);
      if (!m) continue;
      let firstLine = s.first;
      for (let j = k - 1; j >= 0 && /^\s*@/.test(this.logical[j]!.text) && this.logical[j]!.indent === s.indent; j--) {
        firstLine = this.logical[j]!.first;
      }
      const d: FunctionDef = {
        name: m[2]!,
        kind: m[1] as 'def' | 'class',
        defLine: s.first,
        firstLine,
        lastLine: s.last,
        firstBodyLine: s.last,
        indent: s.indent,
        params: m[1] === 'def' ? parseParams(s.text) : [],
        parent: open[open.length - 1],
      };
      // the body: following statements indented deeper; a one-line body after ':' stays on the def line
      const header = stripStrings(s.text);
      const colon = header.lastIndexOf(':');
      const inline =
        colon >= 0 &&
        header
          .slice(colon + 1)
          .replace(/#.*/, '')
          .trim() !== '';
      let last = s.last;
      let firstBody: number | undefined = inline ? s.first : undefined;
      let sawDoc = false;
      for (let j = k + 1; j < this.logical.length; j++) {
        const b = this.logical[j]!;
        if (b.indent <= s.indent) break;
        last = b.last;
        if (firstBody === undefined) {
          if (!sawDoc && /^\s*[rRuUbB]{0,2}("""|'''|"|')/.test(b.text) && isLoneString(b.text)) {
            sawDoc = true;
            // a body that is only a docstring: its line is the frame's first line
            const next = this.logical[j + 1];
            if (!next || next.indent <= s.indent) firstBody = b.first;
            continue;
          }
          firstBody = b.first;
        }
      }
      if (inline) last = Math.max(last, s.last);
      d.lastLine = last;
      d.firstBodyLine = firstBody ?? s.last;
      this.defs.push(d);
      open.push(d);
    }
  }
}

function indentOf(raw: string): number {
  let n = 0;
  for (const ch of raw) {
    if (ch === ' ') n++;
    else if (ch === '\t') n = (Math.floor(n / 8) + 1) * 8;
    else break;
  }
  return n;
}

/** Bracket depth and open triple-quoted string after a physical line. */
function scanLine(raw: string, depth: number, triple: string | null): { depth: number; triple: string | null; backslash: boolean } {
  let i = 0;
  if (triple) {
    const end = raw.indexOf(triple);
    if (end < 0) return { depth, triple, backslash: false };
    i = end + 3;
    triple = null;
  }
  while (i < raw.length) {
    const ch = raw[i]!;
    if (ch === '#') break;
    if (ch === '"' || ch === "'") {
      const three = raw.slice(i, i + 3);
      if (three === '"""' || three === "'''") {
        const end = raw.indexOf(three, i + 3);
        if (end < 0) return { depth, triple: three, backslash: false };
        i = end + 3;
        continue;
      }
      i++;
      while (i < raw.length && raw[i] !== ch) i += raw[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth = Math.max(0, depth - 1);
    i++;
  }
  return { depth, triple, backslash: /\\$/.test(raw) };
}

/** The text with string literals blanked out (quotes kept) and comments removed. */
export function stripStrings(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const three = text.slice(i, i + 3);
      const q = three === '"""' || three === "'''" ? three : ch;
      let j = i + q.length;
      while (j < text.length && !text.startsWith(q, j)) j += text[j] === '\\' ? 2 : 1;
      out += q + q;
      i = Math.min(text.length, j + q.length);
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

function isLoneString(text: string): boolean {
  const s = stripStrings(text)
    .replace(/^[\s\w]*?(?=["'])/, '')
    .trim();
  return /^("""""""|''''''|""|'')$/.test(s);
}

/** Parameter names of a `def` statement, in co_varnames order. */
export function parseParams(defText: string): string[] {
  const text = stripStrings(defText);
  const open = text.indexOf('(');
  if (open < 0) return [];
  let depth = 0;
  let close = -1;
  for (let i = open; i < text.length; i++) {
    if ('([{'.includes(text[i]!)) depth++;
    else if (')]}'.includes(text[i]!) && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) return [];
  const inner = text.slice(open + 1, close);
  const pieces: string[] = [];
  let cur = '';
  depth = 0;
  for (const ch of inner) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      pieces.push(cur);
      cur = '';
    } else cur += ch;
  }
  pieces.push(cur);
  const positional: string[] = [];
  const kwonly: string[] = [];
  let star: string | undefined;
  let starstar: string | undefined;
  let afterStar = false;
  for (const p of pieces) {
    const t = p.replace(/\s+/g, ' ').trim();
    if (!t || t === '/') continue;
    if (t === '*') {
      afterStar = true;
      continue;
    }
    const m = /^(\*\*|\*)?\s*([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)/.exec(t);
    if (!m) continue;
    if (m[1] === '**') starstar = m[2];
    else if (m[1] === '*') {
      star = m[2];
      afterStar = true;
    } else (afterStar ? kwonly : positional).push(m[2]!);
  }
  // co_varnames: positional, keyword-only, then *args, then **kwargs
  return [...positional, ...kwonly, ...(star ? [star] : []), ...(starstar ? [starstar] : [])];
}

export interface Param {
  name: string;
  kind: 'pos' | 'star' | 'kwonly' | 'starstar';
  /** The default's source text, if any. */
  default?: string;
}

/** Split `text` at top-level commas (outside brackets and string literals). */
export function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const q = text.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      let j = i + q.length;
      while (j < text.length && !text.startsWith(q, j)) j += text[j] === '\\' ? 2 : 1;
      j = Math.min(text.length, j + q.length);
      cur += text.slice(i, j);
      i = j;
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
    i++;
  }
  if (cur.trim()) out.push(cur);
  return out;
}

/** The parameters of a `def` statement with their kinds and default texts (annotations dropped). */
export function parseSignature(defText: string): Param[] {
  const at = defText.indexOf('(');
  if (at < 0) return [];
  const raw = defText.slice(at);
  const inner = splitTopLevel(raw.slice(1, rawClose(raw)));
  const out: Param[] = [];
  let afterStar = false;
  for (const piece of inner) {
    const t = piece.trim();
    if (!t || t === '/') continue;
    if (t === '*') {
      afterStar = true;
      continue;
    }
    const m = /^(\*\*|\*)?\s*([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)\s*(?::((?:[^=]|==)*))?(?:=(.*))?$/s.exec(t);
    if (!m) continue;
    const p: Param = { name: m[2]!, kind: m[1] === '**' ? 'starstar' : m[1] === '*' ? 'star' : afterStar ? 'kwonly' : 'pos' };
    if (m[1] === '*') afterStar = true;
    if (m[4] !== undefined) p.default = m[4].trim();
    out.push(p);
  }
  return out;
}

/** Index of the `)` closing the `(` at raw[0], skipping strings. */
function rawClose(raw: string): number {
  let depth = 0;
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i]!;
    if (ch === '"' || ch === "'") {
      const q = raw.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      let j = i + q.length;
      while (j < raw.length && !raw.startsWith(q, j)) j += raw[j] === '\\' ? 2 : 1;
      i = j + q.length;
      continue;
    }
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth === 0) return i;
    i++;
  }
  return raw.length;
}
