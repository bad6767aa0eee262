// Breakpoints kept across sessions of the same script, as PuDB keeps them: one
// JSON file, `{ "<script's absolute path>": [{ "file", "line", "condition"? }] }`,
// at $NDBG_BREAKPOINTS, else $XDG_STATE_HOME/ndbg/breakpoints.json (default
// ~/.local/state/ndbg/breakpoints.json). Enabled, lasting breakpoints only
// (temporary and disabled ones are not restored). Written whole, then renamed.
import type { Breakpoint } from './breakpoints.js';
import { readPerScript, stateFilePath, writePerScript } from './scriptStateFile.js';

export interface SavedBreakpoint {
  file: string;
  line: number;
  condition?: string;
}

export function defaultBreakpointsPath(env: NodeJS.ProcessEnv = process.env): string {
  return stateFilePath('NDBG_BREAKPOINTS', 'breakpoints.json', env);
}

const isSaved = (b: unknown): b is SavedBreakpoint => !!b && typeof (b as SavedBreakpoint).file === 'string' && Number.isInteger((b as SavedBreakpoint).line);

/** What of the engine's table is kept: enabled, lasting breakpoints set on a line. */
export function toSave(table: readonly Breakpoint[]): SavedBreakpoint[] {
  return table.filter((b) => b.enabled && !b.temporary).map((b) => ({ file: b.file, line: b.line, ...(b.condition ? { condition: b.condition } : {}) }));
}

/** The pdb commands that set the saved breakpoints again. */
export function restoreCommands(saved: readonly SavedBreakpoint[]): string[] {
  return saved.map((b) => `b ${b.file}:${b.line}${b.condition ? `, ${b.condition}` : ''}`);
}

export function loadBreakpoints(path: string, script: string): SavedBreakpoint[] {
  return readPerScript(path, isSaved)[script] ?? [];
}

export function saveBreakpoints(path: string, script: string, saved: readonly SavedBreakpoint[]): boolean {
  const all = readPerScript(path, isSaved);
  if (JSON.stringify(all[script] ?? []) === JSON.stringify(saved)) return true;
  return writePerScript(path, all, script, saved);
}
