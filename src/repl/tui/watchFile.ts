// Watch expressions kept across sessions: one JSON file, `{ "<script's absolute
// path>": ["expr", ...] }`, at $NDBG_WATCHES, else $XDG_STATE_HOME/ndbg/watches.json
// (default ~/.local/state/ndbg/watches.json). Written whole (to a temporary file,
// then renamed) whenever a script's list changes; unreadable files count as empty.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export function defaultWatchesPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NDBG_WATCHES) return env.NDBG_WATCHES;
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'ndbg', 'watches.json');
}

function readAll(path: string): Record<string, string[]> {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    const out: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(data)) if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string');
    return out;
  } catch {
    return {};
  }
}

/** The watch expressions saved for `script`. */
export function loadWatches(path: string, script: string): string[] {
  return readAll(path)[script] ?? [];
}

/** Save `exprs` for `script` (none: the script's entry goes); false when the file cannot be written. */
export function saveWatches(path: string, script: string, exprs: readonly string[]): boolean {
  const all = readAll(path);
  if (exprs.length) all[script] = [...exprs];
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
