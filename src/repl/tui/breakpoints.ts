// The breakpoint table as the panes use it. The engine owns the table and reports
// it whole, as data, whenever it changes (a `breakpoints` event, docs/json.md);
// the store keeps the latest one. Here only what the panes ask of it.
import type { BreakpointInfo } from '../../engine/engine.js';

export type Breakpoint = BreakpointInfo;

/** Breakpoints on `file:line` (several are possible). */
export function breakpointsAt(table: readonly Breakpoint[], file: string, line: number): Breakpoint[] {
  return table.filter((b) => b.line === line && b.file === file);
}

/** One-character gutter marker for the strongest breakpoint on a line. */
export function markerOf(bps: Breakpoint[]): { char: string; enabled: boolean } | undefined {
  if (bps.length === 0) return undefined;
  const bp = bps.find((b) => b.enabled) ?? bps[0]!;
  if (bp.temporary) return { char: bp.enabled ? '◉' : '○', enabled: bp.enabled };
  if (bp.condition) return { char: bp.enabled ? '◆' : '◇', enabled: bp.enabled };
  return { char: bp.enabled ? '●' : '○', enabled: bp.enabled };
}

/** `cl N M ...` for every breakpoint in the table ('' when there are none: nothing to send). */
export function clearAllCommand(table: readonly Breakpoint[]): string {
  return table.length ? `cl ${table.map((b) => b.number).join(' ')}` : '';
}
