// Context selection: which source lines a script longer than the window shows the model
// (docs/format.md, "Context selection"). The twin of python/ndbg/trace/context.py, which
// builds the training windows the same way; test/golden/context/*.json keep them equal.

import type { Program } from './cfg.js';

/** A context longer than this fraction of the window is selected down to it (as training's --max-context). */
export const CONTEXT_FRACTION = 0.5;

/** A definition of the program (cfg.py's `functions` of kind function, generator, coroutine or class). */
export interface ContextDef {
  /** The code name: the qualname's last part. */
  name: string;
  kind: string;
  call_line: number;
  def_line: number;
  last_line: number;
  /** The qualname, for messages (not part of the rule). */
  qualname?: string;
}

const DEF_KINDS = new Set(['function', 'generator', 'coroutine', 'class']);
const CONSTRUCTORS = new Set(['__init__', '__new__', '__post_init__']);
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/g;
const EDGE_SPACE = /^[ \t\r\f\v]+|[ \t\r\f\v]+$/g;

export function contextBudget(window: number, fraction = CONTEXT_FRACTION): number {
  return Math.floor(window * fraction);
}

function byPosition(a: ContextDef, b: ContextDef): number {
  return a.call_line - b.call_line || b.last_line - a.last_line || a.def_line - b.def_line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** The definitions of an analysed program, sorted as the rule reads them. */
export function defsOf(program: Program | null): ContextDef[] {
  if (!program) return [];
  const out: ContextDef[] = [];
  for (const s of program.scopes) {
    if (!DEF_KINDS.has(s.kind)) continue;
    out.push({ name: s.coName, kind: s.kind, call_line: s.callLine, def_line: s.defLine, last_line: s.lastLine, qualname: s.key.replace(/@\d+(#\d+)?$/, '') });
  }
  return out.sort(byPosition);
}

/** Index 0 unused; for each line 1..n the index in `defs` (sorted) of the innermost definition holding it, or -1. */
export function owners(defs: readonly ContextDef[], n: number): Int32Array {
  const owner = new Int32Array(n + 1).fill(-1);
  defs.forEach((d, i) => {
    for (let k = Math.max(d.call_line, 1); k <= Math.min(d.last_line, n); k++) owner[k] = i;
  });
  return owner;
}

function near(lines: Iterable<number>, focus: number): number[] {
  return [...lines].sort((a, b) => Math.abs(a - focus) - Math.abs(b - focus) || a - b);
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, k) => a + k);

/**
 * The line numbers (sorted) shown for a state at `focus` (null: line 1) with callers at
 * `stack` (outermost first), within `budget` tokens of numbered lines; `costs[k-1]` is the
 * token count of line k written as `k text\n`. docs/format.md, "Context selection".
 */
export function selectLines(
  lines: readonly string[],
  costs: readonly number[],
  defsIn: readonly ContextDef[],
  focus: number | null,
  stack: readonly number[],
  budget: number,
): number[] {
  const n = lines.length;
  if (n === 0) return [];
  const f = Math.min(Math.max(focus || 1, 1), n);
  const defs = [...defsIn].sort(byPosition);
  const parent = defs.map((d, i) => {
    for (let j = i - 1; j >= 0; j--) {
      const p = defs[j]!;
      if (p.call_line <= d.call_line && d.last_line <= p.last_line) return j;
    }
    return -1;
  });
  const owner = owners(defs, n);
  const chosen = new Set<number>();
  let used = 0;
  const code = (k: number) => {
    const t = lines[k - 1]!.replace(EDGE_SPACE, '');
    return t !== '' && !t.startsWith('#');
  };
  const cost = (ks: number[]) => {
    let c = 0;
    for (const k of ks) if (!chosen.has(k)) c += costs[k - 1]!;
    return c;
  };
  const add = (ksIn: number[]) => {
    const ks = ksIn.filter((k) => k >= 1 && k <= n);
    const c = cost(ks);
    if (used + c > budget) return false;
    for (const k of ks) chosen.add(k);
    used += c;
    return true;
  };
  const fill = (ks: number[]) => {
    for (const k of ks) {
      if (chosen.has(k)) continue;
      if (used + costs[k - 1]! > budget) return;
      chosen.add(k);
      used += costs[k - 1]!;
    }
  };
  const span = (i: number) => range(defs[i]!.call_line, defs[i]!.last_line);
  const header = (i: number) => range(defs[i]!.call_line, defs[i]!.def_line);
  /** The headers of the definitions around i, innermost first. */
  const ancestors = (i: number) => {
    const ks: number[] = [];
    for (let j = parent[i]!; j !== -1; j = parent[j]!) ks.push(...header(j));
    return ks;
  };
  /** ks with the headers around definition i, else ks alone. */
  const withAncestors = (ks: number[], i: number) => add([...ks, ...ancestors(i)]) || add(ks);
  const whole = (i: number) => {
    if (defs[i]!.kind === 'class') {
      const ks = span(i).filter((k) => owner[k] === i && code(k));
      defs.forEach((d, j) => {
        if (parent[j] === i && CONSTRUCTORS.has(d.name)) ks.push(...span(j));
      });
      return withAncestors(ks, i);
    }
    return withAncestors(span(i), i);
  };
  const byName = new Map<string, number[]>();
  defs.forEach((d, j) => {
    const list = byName.get(d.name) ?? [];
    list.push(j);
    byName.set(d.name, list);
  });
  const scopeLines = (i: number, at: number) => {
    // a definition's lines after its header (its own name and parameters name nothing it calls)
    const ks = i === -1 ? range(1, n).filter((k) => owner[k] === -1) : range(defs[i]!.def_line + 1, defs[i]!.last_line);
    return [...ks.filter((k) => k >= at), ...ks.filter((k) => k < at)];
  };
  const callees = (i: number, at: number) => {
    const seen = new Set<string>();
    for (const k of scopeLines(i, at)) {
      for (const m of lines[k - 1]!.matchAll(IDENT)) {
        const name = m[0];
        if (seen.has(name)) continue;
        seen.add(name);
        for (const j of byName.get(name) ?? []) if (j !== i) whole(j);
      }
    }
  };
  const moduleCode = range(1, n).filter((k) => owner[k] === -1 && code(k));

  // 1. the focus line; 2. its definition, whole, else its header and lines by distance;
  // at module level, the module's code lines nearest it, up to a quarter of the budget
  chosen.add(f);
  used += costs[f - 1]!;
  const d0 = owner[f]!;
  if (d0 !== -1) {
    if (!withAncestors(span(d0), d0)) {
      withAncestors(header(d0), d0);
      fill(near(span(d0), f));
    }
  } else {
    for (const k of near(moduleCode, f)) {
      if (chosen.has(k)) continue;
      if (used + costs[k - 1]! > Math.floor(budget / 4)) break;
      chosen.add(k);
      used += costs[k - 1]!;
    }
  }
  // 3. the callers' definitions, innermost first (else their header and the call line)
  const callers = [...stack].reverse().filter((s) => s >= 1 && s <= n);
  for (const s of callers) {
    const i = owner[s]!;
    if (i === -1) add([s]);
    else if (!withAncestors(span(i), i)) withAncestors([...header(i), s], i);
  }
  // 4. what the focus code and then the callers' code may call, by name
  callees(d0, f);
  for (const s of callers) callees(owner[s]!, s);
  // 5. the module's own code lines, by distance; 6. every other line, by distance
  fill(near(moduleCode, f));
  fill(near(range(1, n), f));
  return [...chosen].sort((a, b) => a - b);
}

/**
 * What a selection shows, for the warning: "140 of 388 lines: f, g, main and lines
 * 300-340" (definitions shown whole by qualname, then the other lines as ranges).
 */
export function describeSelection(selected: readonly number[], defsIn: readonly ContextDef[], nLines: number): string {
  const set = new Set(selected);
  const defs = [...defsIn].sort(byPosition);
  const covered = new Set<number>();
  const names: string[] = [];
  defs.forEach((d) => {
    // a definition counts as shown when all its lines are, and its parent's are not all
    const ks = range(d.call_line, Math.min(d.last_line, nLines));
    if (!ks.length || !ks.every((k) => set.has(k)) || ks.every((k) => covered.has(k))) return;
    names.push(d.qualname ?? d.name);
    for (const k of ks) covered.add(k);
  });
  const rest = selected.filter((k) => !covered.has(k));
  const ranges: string[] = [];
  for (let a = 0; a < rest.length; ) {
    let b = a;
    while (b + 1 < rest.length && rest[b + 1] === rest[b]! + 1) b++;
    ranges.push(rest[a] === rest[b] ? String(rest[a]) : `${rest[a]}-${rest[b]}`);
    a = b + 1;
  }
  const list = (xs: string[], max: number) => (xs.length > max ? `${xs.slice(0, max).join(', ')} and ${xs.length - max} more` : xs.join(', '));
  const parts: string[] = [];
  if (names.length) parts.push(list(names, 6));
  if (ranges.length) parts.push(`line${rest.length === 1 ? '' : 's'} ${list(ranges, 6)}`);
  return `${selected.length} of ${nLines} lines: ${parts.join(' and ')}`;
}
