// State the TUI keeps per script across sessions (watches, breakpoints): one JSON
// file `{ "<script's absolute path>": [item, ...] }` under $XDG_STATE_HOME/ndbg/
// (default ~/.local/state/ndbg/), or where an environment variable says. Written
// whole (to a temporary file, then renamed); an unreadable file counts as empty.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** `$<override>`, else `$XDG_STATE_HOME/ndbg/<name>` (default ~/.local/state/ndbg/<name>). */
export function stateFilePath(override: string, name: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env[override]) return env[override]!;
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'ndbg', name);
}

/** Every script's items, each kept when `valid` says it is one. */
export function readPerScript<T>(path: string, valid: (x: unknown) => x is T): Record<string, T[]> {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    const out: Record<string, T[]> = {};
    for (const [k, v] of Object.entries(data)) if (Array.isArray(v)) out[k] = v.filter(valid);
    return out;
  } catch {
    return {};
  }
}

/** Replace `script`'s items (none: its entry goes); false when the file cannot be written. */
export function writePerScript<T>(path: string, all: Record<string, T[]>, script: string, items: readonly T[]): boolean {
  if (items.length) all[script] = [...items];
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
