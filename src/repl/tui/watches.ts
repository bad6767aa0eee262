// Watch expressions: kept across stops, re-evaluated (quietly, Engine.evaluate)
// after every command that ends at a prompt, shown with what they were at the
// previous stop. Pure functions over the list; the store runs the evaluations
// and watchFile.ts keeps the expressions across sessions of the same script.
import type { Inspected, ValueView } from '../../engine/engine.js';

export interface Watch {
  expr: string;
  /** The value's repr at the last evaluation (absent before the first, or on an error). */
  value?: string;
  /** Why there is no value (a NameError, the engine refused it...). */
  error?: string;
  /** The value at the stop before (`seq` - 1 or earlier): what a change is shown against. */
  prev?: string;
  /** Neural engine: the value is a prediction. */
  predicted?: boolean;
  /** The stop (the store's count of stops that moved) the value belongs to. */
  seq?: number;
}

/** The list with `expr` added at the end (not twice). */
export function addWatch(ws: readonly Watch[], expr: string): Watch[] {
  const e = expr.trim();
  if (!e || ws.some((w) => w.expr === e)) return [...ws];
  return [...ws, { expr: e }];
}

/** The list without the watch `which` names: its 1-based number or its expression. */
export function removeWatch(ws: readonly Watch[], which: string): Watch[] | undefined {
  const w = which.trim();
  const n = /^\d+$/.test(w) ? Number(w) - 1 : ws.findIndex((x) => x.expr === w);
  if (n < 0 || n >= ws.length) return undefined;
  return ws.filter((_, i) => i !== n);
}

/**
 * A watch after an evaluation at stop `seq`. The first result at a new stop
 * moves the current value to `prev`; later ones at the same stop (after u/d, an
 * edit) replace the value and keep `prev`.
 */
export function withResult(w: Watch, r: Inspected<ValueView>, seq: number): Watch {
  const prev = w.seq === seq ? w.prev : w.seq === undefined ? undefined : (w.value ?? w.prev);
  const base: Watch = { expr: w.expr, seq, ...(prev !== undefined ? { prev } : {}) };
  if (!r.ok) return { ...base, error: r.error };
  return { ...base, value: r.result.value, ...(r.result.predicted ? { predicted: true } : {}) };
}

/** Whether the watch's value differs from the one at the previous stop. */
export function watchChanged(w: Watch): boolean {
  return w.prev !== undefined && w.value !== undefined && w.prev !== w.value;
}

/**
 * The TUI's watch commands, or undefined when `line` is none: `watch EXPR`
 * (add), `watch` (list), `unwatch N|EXPR` (remove). `watch = 5` is Python.
 */
/** The TUI's `watch` / `unwatch` commands. */
export type WatchCommand = { kind: 'add'; expr: string } | { kind: 'list' } | { kind: 'remove'; which: string };

export function parseWatchCommand(line: string): WatchCommand | undefined {
  const m = /^\s*(watch|unwatch)(?:\s+(.*))?$/.exec(line);
  if (!m) return undefined;
  const arg = (m[2] ?? '').trim();
  if (/^=(?!=)|^[+\-*/%&|^]=|^[.[(]/.test(arg)) return undefined; // an assignment or expression using a name `watch`
  if (m[1] === 'unwatch') return { kind: 'remove', which: arg };
  return arg ? { kind: 'add', expr: arg } : { kind: 'list' };
}

/** What a watch command does: a new watch list, or lines for the console (the list, or why nothing changed). */
export function watchReply(
  ws: readonly Watch[],
  c: WatchCommand,
): { watches: Watch[] } | { lines: Array<{ text: string; kind: 'info' | 'debugger' | 'error' }> } {
  if (c.kind === 'list') {
    if (ws.length === 0) return { lines: [{ text: 'No watches: watch EXPR adds one (+ in the variables pane).', kind: 'info' }] };
    return { lines: ws.map((w, i) => ({ text: `${i + 1}: ${w.expr} = ${w.error ?? w.value ?? '…'}`, kind: 'debugger' as const })) };
  }
  if (c.kind === 'add') return { watches: addWatch(ws, c.expr) };
  if (!c.which) return { lines: [{ text: '*** unwatch N or unwatch EXPR (watch lists them)', kind: 'error' }] };
  const next = removeWatch(ws, c.which);
  if (!next) return { lines: [{ text: `*** no watch ${c.which} (watch lists them)`, kind: 'error' }] };
  return { watches: next };
}
