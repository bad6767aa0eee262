// Breakpoints kept across sessions of the same script, as PuDB keeps them: one
// JSON file, `{ "<script's absolute path>": [{ "file", "line", "condition"? }] }`,
// at $NDBG_BREAKPOINTS, else $XDG_STATE_HOME/ndbg/breakpoints.json (default
// ~/.local/state/ndbg/breakpoints.json). Enabled, lasting breakpoints only
// (temporary and disabled ones are not restored). Written whole, then renamed.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Breakpoint } from './breakpoints.js';

export interface SavedBreakpoint {
  file: string;
  line: number;
  condition?: string;
}

export function defaultBreakpointsPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NDBG_BREAKPOINTS) return env.NDBG_BREAKPOINTS;
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'ndbg', 'breakpoints.json');
}

function readAll(path: string): Record<string, SavedBreakpoint[]> {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    const out: Record<string, SavedBreakpoint[]> = {};
    for (const [k, v] of Object.entries(data)) {
      if (!Array.isArray(v)) continue;
      out[k] = v.filter((b): b is SavedBreakpoint => b && typeof b.file === 'string' && Number.isInteger(b.line));
    }
    return out;
  } catch {
    return {};
  }
}

/** What of the engine's table is kept: enabled, lasting breakpoints set on a line. */
export function toSave(table: readonly Breakpoint[]): SavedBreakpoint[] {
  return table
    .filter((b) => b.enabled && !b.temporary)
    .map((b) => ({ file: b.file, line: b.line, ...(b.condition ? { condition: b.condition } : {}) }));
}

/** The pdb commands that set the saved breakpoints again. */
export function restoreCommands(saved: readonly SavedBreakpoint[]): string[] {
  return saved.map((b) => `b ${b.file}:${b.line}${b.condition ? `, ${b.condition}` : ''}`);
}

export function loadBreakpoints(path: string, script: string): SavedBreakpoint[] {
  return readAll(path)[script] ?? [];
}

export function saveBreakpoints(path: string, script: string, saved: readonly SavedBreakpoint[]): boolean {
  const all = readAll(path);
  if (JSON.stringify(all[script] ?? []) === JSON.stringify(saved)) return true;
  if (saved.length) all[script] = [...saved];
  else delete all[script];
  try {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(all, null, 2) + '\n');
    renameSync(tmp, path);
    return true;
  } catch {
    return false;
  }
}
