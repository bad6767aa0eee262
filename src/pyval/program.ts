// The program's own code as pyval reads it: its source split into logical lines
// and blocks by indentation, each statement parsed (expressions and simple
// statements by parser.ts; compound statements here). Only pyval's interpreter
// (interp.ts) ever runs these nodes; nothing here executes anything. A construct
// this reader does not model becomes an `unsupported` node, which refuses when
// it is reached (so a function that never reaches it still runs).

import { parseExpression, parseStatements, type Expr, type Param, type Stmt } from './parser.js';

export type Node = { line: number } & (
  | { k: 'simple'; stmt: Stmt }
  | { k: 'annassign'; target: Expr; annotation: string; value: Expr | null }
  | { k: 'return'; value: Expr | null }
  | { k: 'if'; branches: { test: Expr | null; body: Node[] }[] }
  | { k: 'while'; test: Expr; body: Node[]; orelse: Node[] }
  | { k: 'for'; target: Expr; iter: Expr; body: Node[]; orelse: Node[] }
  | { k: 'break' }
  | { k: 'continue' }
  | { k: 'raise'; exc: Expr | null; cause: Expr | null }
  | {
      k: 'try';
      body: Node[];
      /** `line`: the `except` clause's own line. */
      handlers: { type: Expr | null; name: string | null; body: Node[]; line: number }[];
      orelse: Node[];
      final: Node[];
      /** The `else:` and `finally:` lines, where there are. */
      elseLine?: number;
      finalLine?: number;
    }
  | { k: 'assert'; test: Expr; msg: Expr | null }
  | { k: 'with'; items: { ctx: Expr; target: Expr | null }[]; body: Node[] }
  | { k: 'def'; def: FuncDef }
  | { k: 'class'; name: string; bases: Expr[]; keywords: boolean; body: Node[]; decorators: Expr[] }
  | { k: 'global'; names: string[] }
  | { k: 'import'; names: { module: string; name: string | null; as: string }[] }
  | { k: 'unsupported'; what: string }
);

export interface FuncDef {
  name: string;
  line: number;
  params: Param[];
  body: Node[];
  decorators: Expr[];
  /** Holds `yield`: a generator function (not modelled: calling it refuses). */
  generator: boolean;
  /** Names the body assigns (locals), for UnboundLocalError. */
  assigned: Set<string>;
}

interface Logical {
  line: number;
  indent: number;
  text: string;
}

/** Physical lines joined into logical ones (open brackets, backslashes, triple-quoted strings); comments dropped. */
export function logicalLines(lines: readonly string[]): Logical[] {
  const out: Logical[] = [];
  let buf = '';
  let start = 0;
  let depth = 0;
  let quote = '';
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k]!;
    if (buf === '' && quote === '' && depth === 0) {
      if (text.trim() === '' || text.trim().startsWith('#')) continue;
      start = k;
    }
    let cont = false;
    let kept = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quote) {
        kept += c;
        if (c === '\\') {
          kept += text[i + 1] ?? '';
          i++;
        } else if (text.startsWith(quote, i)) {
          kept += quote.slice(1);
          i += quote.length - 1;
          quote = '';
        }
        continue;
      }
      if (c === '#') break;
      if (c === '"' || c === "'") {
        quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
        kept += quote;
        i += quote.length - 1;
        continue;
      }
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      if (c === '\\' && i === text.length - 1) {
        cont = true;
        break;
      }
      kept += c;
    }
    buf += (buf === '' ? '' : quote.length === 3 ? '\n' : ' ') + (buf === '' ? kept : kept.trimStart());
    if (quote.length === 3 || depth > 0 || cont) continue;
    const first = lines[start]!;
    out.push({ line: start + 1, indent: first.length - first.trimStart().length, text: buf.trim() });
    buf = '';
    quote = '';
    depth = 0;
  }
  return out;
}

/** The index of the first `:` outside brackets and strings, or -1. */
function headerColon(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ':' && depth === 0 && text[i + 1] !== '=') return i;
  }
  return -1;
}

/** Split at top-level commas. */
export function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const COMPOUND = /^(if|elif|else|while|for|try|except|finally|with|def|class|async|match)\b/;

class Reader {
  private i = 0;
  constructor(private readonly ls: Logical[]) {}

  /** The statements of one block: logical lines at `indent` (deeper ones belong to their headers). */
  block(indent: number): Node[] {
    const out: Node[] = [];
    while (this.i < this.ls.length) {
      const l = this.ls[this.i]!;
      if (l.indent < indent) break;
      if (l.indent > indent) {
        this.i++;
        out.push({ k: 'unsupported', line: l.line, what: 'unexpected indentation' });
        continue;
      }
      out.push(...this.statement(indent));
    }
    return out;
  }

  /** The body of a header: the rest of its line, or the next deeper block. */
  private body(rest: string, line: number, indent: number): Node[] {
    if (rest.trim() !== '') return this.simpleLine(rest.trim(), line);
    const next = this.ls[this.i];
    if (!next || next.indent <= indent) return [{ k: 'unsupported', line, what: 'an empty block' }];
    return this.block(next.indent);
  }

  private header(indent: number): { kw: string; head: string; rest: string; line: number } | null {
    const l = this.ls[this.i];
    if (!l || l.indent !== indent) return null;
    const m = COMPOUND.exec(l.text);
    if (!m) return null;
    const colon = headerColon(l.text);
    if (colon < 0) return null;
    return { kw: m[1]!, head: l.text.slice(m[1]!.length, colon).trim(), rest: l.text.slice(colon + 1), line: l.line };
  }

  private statement(indent: number): Node[] {
    const l = this.ls[this.i]!;
    const decorators: Expr[] = [];
    while (this.ls[this.i]?.text.startsWith('@') && this.ls[this.i]!.indent === indent) {
      try {
        decorators.push(parseExpression(this.ls[this.i]!.text.slice(1)));
      } catch {
        this.i++;
        return [{ k: 'unsupported', line: l.line, what: 'this decorator' }];
      }
      this.i++;
    }
    const h = this.header(indent);
    if (!h) {
      this.i++;
      if (decorators.length) return [{ k: 'unsupported', line: l.line, what: 'a decorated statement' }];
      return this.simpleLine(l.text, l.line);
    }
    this.i++;
    try {
      return [this.compound(h, indent, decorators)];
    } catch {
      return [{ k: 'unsupported', line: h.line, what: `this ${h.kw} statement` }];
    }
  }

  private compound(h: { kw: string; head: string; rest: string; line: number }, indent: number, decorators: Expr[]): Node {
    const line = h.line;
    switch (h.kw) {
      case 'if': {
        const branches = [{ test: parseExpression(h.head) as Expr | null, body: this.body(h.rest, line, indent) }];
        for (let e = this.header(indent); e && (e.kw === 'elif' || e.kw === 'else'); e = this.header(indent)) {
          this.i++;
          branches.push({ test: e.kw === 'elif' ? parseExpression(e.head) : null, body: this.body(e.rest, e.line, indent) });
          if (e.kw === 'else') break;
        }
        return { k: 'if', line, branches };
      }
      case 'while': {
        const body = this.body(h.rest, line, indent);
        return { k: 'while', line, test: parseExpression(h.head), body, orelse: this.orelse(indent) };
      }
      case 'for': {
        const m = /^(.*?)\s+in\s+(.*)$/s.exec(h.head);
        if (!m) throw new Error('for');
        const target = (parseStatements(`${m[1]} = 0`)[0] as Extract<Stmt, { k: 'assign' }>).targets[0]!;
        const body = this.body(h.rest, line, indent);
        return { k: 'for', line, target, iter: parseExpression(m[2]!), body, orelse: this.orelse(indent) };
      }
      case 'try': {
        const body = this.body(h.rest, line, indent);
        const handlers: { type: Expr | null; name: string | null; body: Node[]; line: number }[] = [];
        let orelse: Node[] = [];
        let final: Node[] = [];
        let elseLine: number | undefined;
        let finalLine: number | undefined;
        for (let e = this.header(indent); e && ['except', 'else', 'finally'].includes(e.kw); e = this.header(indent)) {
          this.i++;
          const b = this.body(e.rest, e.line, indent);
          if (e.kw === 'except') {
            const m = /^(.*?)(?:\s+as\s+([A-Za-z_]\w*))?$/s.exec(e.head)!;
            handlers.push({ type: m[1]!.trim() ? parseExpression(m[1]!) : null, name: m[2] ?? null, body: b, line: e.line });
          } else if (e.kw === 'else') {
            orelse = b;
            elseLine = e.line;
          } else {
            final = b;
            finalLine = e.line;
            break;
          }
        }
        return { k: 'try', line, body, handlers, orelse, final, elseLine, finalLine };
      }
      case 'with': {
        const items = splitTop(h.head).map((part) => {
          const m = /^(.*?)\s+as\s+(.+)$/s.exec(part);
          const target = m ? (parseStatements(`${m[2]} = 0`)[0] as Extract<Stmt, { k: 'assign' }>).targets[0]! : null;
          return { ctx: parseExpression(m ? m[1]! : part), target };
        });
        return { k: 'with', line, items, body: this.body(h.rest, line, indent) };
      }
      case 'def': {
        const m = /^([A-Za-z_]\w*)\s*\((.*)\)\s*(?:->.*)?$/s.exec(h.head);
        if (!m) throw new Error('def');
        const params = parseParams(m[2]!);
        const body = this.body(h.rest, line, indent);
        const assigned = new Set<string>();
        const generator = scanBody(body, assigned);
        for (const p of params) assigned.add(p.name);
        return { k: 'def', line, def: { name: m[1]!, line, params, body, decorators, generator, assigned } };
      }
      case 'class': {
        const m = /^([A-Za-z_]\w*)\s*(?:\((.*)\))?$/s.exec(h.head);
        if (!m) throw new Error('class');
        const parts = m[2] ? splitTop(m[2]) : [];
        const keywords = parts.some((p) => /^[A-Za-z_]\w*\s*=(?!=)/.test(p) || p.startsWith('*'));
        const bases = keywords ? [] : parts.map((p) => parseExpression(p));
        return { k: 'class', line, name: m[1]!, bases, keywords, body: this.body(h.rest, line, indent), decorators };
      }
      default:
        this.skipBlock(indent);
        return { k: 'unsupported', line, what: `a ${h.kw} statement` };
    }
  }

  private orelse(indent: number): Node[] {
    const e = this.header(indent);
    if (e?.kw !== 'else') return [];
    this.i++;
    return this.body(e.rest, e.line, indent);
  }

  private skipBlock(indent: number): void {
    while (this.i < this.ls.length && this.ls[this.i]!.indent > indent) this.i++;
  }

  private simpleLine(text: string, line: number): Node[] {
    const out: Node[] = [];
    for (const part of splitSemicolons(text)) out.push(simple(part, line));
    return out;
  }
}

function splitSemicolons(text: string): string[] {
  const parts: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (text.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = '';
      }
      continue;
    }
    if (c === '"' || c === "'") {
      quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      i += quote.length - 1;
    } else if (c === ';') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** One simple statement. */
function simple(text: string, line: number): Node {
  try {
    let m: RegExpExecArray | null;
    if (/^return\b/.test(text)) {
      const v = text.slice(6).trim();
      return { k: 'return', line, value: v ? parseExpression(v) : null };
    }
    if (text === 'break') return { k: 'break', line };
    if (text === 'continue') return { k: 'continue', line };
    if (text === 'pass' || text === '...') return { k: 'simple', line, stmt: parseStatements('pass')[0]! };
    if ((m = /^raise\b\s*(.*?)(?:\s+from\s+(.+))?$/s.exec(text))) {
      return { k: 'raise', line, exc: m[1]! ? parseExpression(m[1]!) : null, cause: m[2] ? parseExpression(m[2]) : null };
    }
    if ((m = /^assert\b\s*(.*)$/s.exec(text))) {
      const parts = splitTop(m[1]!);
      return { k: 'assert', line, test: parseExpression(parts[0]!), msg: parts[1] ? parseExpression(parts.slice(1).join(', ')) : null };
    }
    if ((m = /^(?:global|nonlocal)\s+(.*)$/s.exec(text))) {
      if (text.startsWith('nonlocal')) return { k: 'unsupported', line, what: 'nonlocal' };
      return { k: 'global', line, names: m[1]!.split(',').map((s) => s.trim()) };
    }
    if ((m = /^from\s+([\w.]+)\s+import\s+\(?([^()]*)\)?$/s.exec(text))) {
      const module = m[1]!;
      const names = splitTop(m[2]!).map((p) => {
        const a = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(p);
        return { module, name: a?.[1] ?? '?', as: a?.[2] ?? a?.[1] ?? '?' };
      });
      return { k: 'import', line, names };
    }
    if ((m = /^import\s+(.+)$/s.exec(text))) {
      const names = splitTop(m[1]!).map((p) => {
        const a = /^([\w.]+)(?:\s+as\s+(\w+))?$/.exec(p);
        return { module: a?.[1] ?? '?', name: null, as: a?.[2] ?? (a?.[1] ?? '?').split('.')[0]! };
      });
      return { k: 'import', line, names };
    }
    if (/\byield\b/.test(text)) return { k: 'unsupported', line, what: 'yield' };
    if (/^(?:await|async)\b/.test(text)) return { k: 'unsupported', line, what: 'this statement' };
    // an annotated assignment: `x: int = 0`, `self.n: int = 1` (not a dict display or slice)
    const colon = headerColon(text);
    if (colon > 0 && /^[A-Za-z_][\w.]*$/.test(text.slice(0, colon).trim())) {
      const rest = text.slice(colon + 1);
      const eqAt = topLevelAssign(rest);
      const annotation = (eqAt < 0 ? rest : rest.slice(0, eqAt)).trim();
      const target = (parseStatements(`${text.slice(0, colon)} = 0`)[0] as Extract<Stmt, { k: 'assign' }>).targets[0]!;
      return { k: 'annassign', line, target, annotation, value: eqAt < 0 ? null : parseExpression(rest.slice(eqAt + 1)) };
    }
    const stmts = parseStatements(text);
    if (stmts.length !== 1) return { k: 'unsupported', line, what: 'this statement' };
    return { k: 'simple', line, stmt: stmts[0]! };
  } catch {
    return { k: 'unsupported', line, what: 'this statement' };
  }
}

function topLevelAssign(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '=' && depth === 0 && !'=!<>'.includes(text[i - 1] ?? '') && text[i + 1] !== '=') return i;
  }
  return -1;
}

/** A `def`'s parameters, read by parsing them as a lambda's (annotations removed first). */
function parseParams(text: string): Param[] {
  const parts = splitTop(text).map((p) => {
    if (p === '/') return null;
    const eqAt = topLevelAssign(p);
    const head = eqAt < 0 ? p : p.slice(0, eqAt);
    const colon = headerColon(head);
    const name = colon < 0 ? head.trim() : head.slice(0, colon).trim();
    return eqAt < 0 ? name : `${name}=${p.slice(eqAt + 1).trim()}`;
  });
  const src = `lambda ${parts.filter((p) => p !== null).join(', ')}: None`;
  const lam = parseExpression(src);
  if (lam.k !== 'lambda') throw new Error('params');
  return lam.params;
}

/** Collect the names a function body assigns; true when it holds `yield` (a generator). */
function scanBody(body: Node[], out: Set<string>): boolean {
  let gen = false;
  const targets = (t: Expr): void => {
    if (t.k === 'name') out.add(t.id);
    else if (t.k === 'tuple' || t.k === 'list') t.elts.forEach(targets);
    else if (t.k === 'starred') targets(t.value);
  };
  for (const n of body) {
    switch (n.k) {
      case 'simple':
        if (n.stmt.k === 'assign') n.stmt.targets.forEach(targets);
        else if (n.stmt.k === 'augassign') targets(n.stmt.target);
        else if (n.stmt.k === 'del') n.stmt.targets.forEach(targets);
        break;
      case 'annassign':
        if (n.value) targets(n.target);
        break;
      case 'unsupported':
        if (n.what === 'yield') gen = true; // a generator: refuse the whole function
        break;
      case 'if':
        for (const b of n.branches) gen = scanBody(b.body, out) || gen;
        break;
      case 'while':
        gen = scanBody(n.body, out) || scanBody(n.orelse, out) || gen;
        break;
      case 'for':
        targets(n.target);
        gen = scanBody(n.body, out) || scanBody(n.orelse, out) || gen;
        break;
      case 'try':
        gen = scanBody(n.body, out) || gen;
        for (const h of n.handlers) {
          if (h.name) out.add(h.name);
          gen = scanBody(h.body, out) || gen;
        }
        gen = scanBody(n.orelse, out) || scanBody(n.final, out) || gen;
        break;
      case 'with':
        for (const it of n.items) if (it.target) targets(it.target);
        gen = scanBody(n.body, out) || gen;
        break;
      case 'def':
        out.add(n.def.name);
        break;
      case 'class':
        out.add(n.name);
        break;
      default:
        break;
    }
  }
  return gen;
}

const cache = new WeakMap<readonly string[], Node[]>();

/** The module's statements (cached per source array). */
export function readProgram(lines: readonly string[]): Node[] {
  let nodes = cache.get(lines);
  if (!nodes) {
    nodes = new Reader(logicalLines(lines)).block(0);
    cache.set(lines, nodes);
  }
  return nodes;
}
