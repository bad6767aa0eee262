// pprint.pformat (CPython 3.11, width 80, indent 1, sort_dicts=True), for pdb's
// `pp`. A port of PrettyPrinter._format and _safe_repr for the builtin types.

import { PyError, Refusal, type DictStorage, type Value } from './value.js';
import { lt, pySort } from './ops.js';
import { bytesRepr, repr, strRepr } from './repr.js';
import { chars, cpLen, isSpace, splitLines } from './text.js';

/** pprint's _safe_key: `<`, falling back to the type names (ids are unknown: keep order). */
function safeLess(a: Value, b: Value): boolean {
  try {
    return lt(a, b);
  } catch (e) {
    // Objects of the program: their ordering (and their ids) are unknown; keep their order.
    if (e instanceof Refusal) return false;
    if (!(e instanceof PyError) || e.type !== 'TypeError') throw e;
    const ta = `<class '${typeNameOf(a)}'>`;
    const tb = `<class '${typeNameOf(b)}'>`;
    return ta < tb;
  }
}

function typeNameOf(v: Value): string {
  return v.kind === 'none' ? 'NoneType' : v.kind === 'opaque' ? 'object' : v.kind;
}

function sortedItems(store: DictStorage): [Value, Value][] {
  return pySort(store.entries(), (x, y) => safeLess(x[0], y[0]));
}

class PrettyPrinter {
  constructor(
    private readonly width = 80,
    private readonly indentPerLevel = 1,
  ) {}

  pformat(v: Value): string {
    const out: string[] = [];
    this.format(v, out, 0, 0, new Set(), 0);
    return out.join('');
  }

  private format(v: Value, out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void {
    if (context.has(v)) {
      out.push(`<Recursion on ${typeNameOf(v)} with id=...>`);
      return;
    }
    const rep = this.safeRepr(v, new Set(context), level);
    const maxWidth = this.width - indent - allowance;
    if (cpLen(rep) > maxWidth) {
      const p = this.dispatch(v);
      if (p) {
        context.add(v);
        p(v, out, indent, allowance, context, level + 1);
        context.delete(v);
        return;
      }
    }
    out.push(rep);
  }

  private dispatch(v: Value): ((v: Value, out: string[], indent: number, allowance: number, context: Set<Value>, level: number) => void) | null {
    if ((v.kind === 'dict' && v.sub) || v.kind === 'deque') throw new Refusal(`pp of a ${typeNameOf(v)} wider than the line is not modelled`);
    switch (v.kind) {
      case 'dict':
        return this.pprintDict;
      case 'list':
        return this.pprintList;
      case 'tuple':
        return this.pprintTuple;
      case 'set':
      case 'frozenset':
        return this.pprintSet;
      case 'str':
        return this.pprintStr;
      case 'bytes':
        return this.pprintBytes;
      case 'dict_keys':
      case 'dict_values':
      case 'dict_items':
        return null;
      default:
        return null;
    }
  }

  private pprintDict = (v: Value, out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void => {
    const d = v as Extract<Value, { kind: 'dict' }>;
    out.push('{');
    if (this.indentPerLevel > 1) out.push(' '.repeat(this.indentPerLevel - 1));
    if (d.store.size) this.formatDictItems(sortedItems(d.store), out, indent, allowance + 1, context, level);
    out.push('}');
  };

  private pprintList = (v: Value, out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void => {
    out.push('[');
    this.formatItems((v as { items: Value[] }).items, out, indent, allowance + 1, context, level);
    out.push(']');
  };

  private pprintTuple = (v: Value, out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void => {
    const items = (v as { items: Value[] }).items;
    out.push('(');
    const endchar = items.length === 1 ? ',)' : ')';
    this.formatItems(items, out, indent, allowance + endchar.length, context, level);
    out.push(endchar);
  };

  private pprintSet = (v: Value, out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void => {
    const s = v as Extract<Value, { kind: 'set' | 'frozenset' }>;
    if (!s.store.size) {
      out.push(repr(v));
      return;
    }
    let endchar: string;
    if (s.kind === 'set') {
      out.push('{');
      endchar = '}';
    } else {
      out.push('frozenset({');
      endchar = '})';
      indent += 'frozenset'.length + 1;
    }
    const items = pySort(s.store.values(), safeLess);
    this.formatItems(items, out, indent, allowance + endchar.length, context, level);
    out.push(endchar);
  };

  private pprintStr = (v: Value, out: string[], indent: number, allowance: number, _context: Set<Value>, level: number): void => {
    const text = (v as { v: string }).v;
    if (!text.length) {
      out.push(repr(v));
      return;
    }
    const chunks: string[] = [];
    const lines = splitLines(text, true);
    if (level === 1) {
      indent += 1;
      allowance += 1;
    }
    let maxWidth1 = this.width - indent;
    const maxWidth = maxWidth1;
    let rep = '';
    lines.forEach((line, i) => {
      rep = strRepr(line);
      if (i === lines.length - 1) maxWidth1 -= allowance;
      if (cpLen(rep) <= maxWidth1) {
        chunks.push(rep);
        return;
      }
      // Alternating runs of non-space and space, as re.findall(r'\S*\s*', line).
      const parts = spaceParts(line);
      let maxWidth2 = maxWidth;
      let current = '';
      parts.forEach((part, j) => {
        const candidate = current + part;
        if (j === parts.length - 1 && i === lines.length - 1) maxWidth2 -= allowance;
        if (cpLen(strRepr(candidate)) > maxWidth2) {
          if (current) chunks.push(strRepr(current));
          current = part;
        } else current = candidate;
      });
      if (current) chunks.push(strRepr(current));
    });
    if (chunks.length === 1) {
      out.push(rep);
      return;
    }
    if (level === 1) out.push('(');
    chunks.forEach((c, i) => {
      if (i > 0) out.push('\n' + ' '.repeat(indent));
      out.push(c);
    });
    if (level === 1) out.push(')');
  };

  private pprintBytes = (v: Value, out: string[], indent: number, allowance: number, _context: Set<Value>, level: number): void => {
    const b = (v as { v: Uint8Array }).v;
    if (b.length <= 4) {
      out.push(repr(v));
      return;
    }
    const parens = level === 1;
    if (parens) {
      indent += 1;
      allowance += 1;
      out.push('(');
    }
    let delim = '';
    for (const rep of wrapBytesRepr(b, this.width - indent, allowance)) {
      out.push(delim, rep);
      if (!delim) delim = '\n' + ' '.repeat(indent);
    }
    if (parens) out.push(')');
  };

  private formatDictItems(items: [Value, Value][], out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void {
    indent += this.indentPerLevel;
    const delimnl = ',\n' + ' '.repeat(indent);
    const lastIndex = items.length - 1;
    items.forEach(([key, ent], i) => {
      const last = i === lastIndex;
      const rep = this.safeRepr(key, new Set(context), level);
      out.push(rep, ': ');
      this.format(ent, out, indent + cpLen(rep) + 2, last ? allowance : 1, context, level);
      if (!last) out.push(delimnl);
    });
  }

  private formatItems(items: Value[], out: string[], indent: number, allowance: number, context: Set<Value>, level: number): void {
    indent += this.indentPerLevel;
    if (this.indentPerLevel > 1) out.push(' '.repeat(this.indentPerLevel - 1));
    const delimnl = ',\n' + ' '.repeat(indent);
    let delim = '';
    items.forEach((ent, i) => {
      const last = i === items.length - 1;
      out.push(delim);
      delim = delimnl;
      this.format(ent, out, indent, last ? allowance : 1, context, level);
    });
  }

  /** _safe_repr: like repr, but dicts sorted by key and recursion marked. */
  private safeRepr(v: Value, context: Set<Value>, level: number): string {
    switch (v.kind) {
      case 'dict': {
        if (v.sub) return repr(v);
        if (!v.store.size) return '{}';
        if (context.has(v)) return `<Recursion on dict with id=...>`;
        context.add(v);
        const parts = sortedItems(v.store).map(([k, x]) => `${this.safeRepr(k, context, level + 1)}: ${this.safeRepr(x, context, level + 1)}`);
        context.delete(v);
        return `{${parts.join(', ')}}`;
      }
      case 'list':
      case 'tuple': {
        if (!v.items.length) return v.kind === 'list' ? '[]' : '()';
        if (context.has(v)) return `<Recursion on ${v.kind} with id=...>`;
        context.add(v);
        const parts = v.items.map((x) => this.safeRepr(x, context, level + 1));
        context.delete(v);
        if (v.kind === 'list') return `[${parts.join(', ')}]`;
        return v.items.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`;
      }
      default:
        return repr(v);
    }
  }
}

function spaceParts(line: string): string[] {
  const cs = chars(line);
  const parts: string[] = [];
  let i = 0;
  while (i < cs.length) {
    let j = i;
    while (j < cs.length && !isSpace(cs[j]!)) j++;
    while (j < cs.length && isSpace(cs[j]!)) j++;
    parts.push(cs.slice(i, j).join(''));
    i = j;
  }
  return parts;
}

function* wrapBytesRepr(b: Uint8Array, width: number, allowance: number): Generator<string> {
  let current = new Uint8Array();
  const last = Math.floor(b.length / 4) * 4;
  for (let i = 0; i < b.length; i += 4) {
    const part = b.slice(i, i + 4);
    const candidate = new Uint8Array(current.length + part.length);
    candidate.set(current);
    candidate.set(part, current.length);
    if (i === last) width -= allowance;
    if (bytesRepr(candidate).length > width) {
      if (current.length) yield bytesRepr(current);
      current = part;
    } else current = candidate;
  }
  if (current.length) yield bytesRepr(current);
}

/** pprint.pformat(v) with the defaults pdb's `pp` uses. */
export function pformat(v: Value, width = 80): string {
  return new PrettyPrinter(width).pformat(v);
}
