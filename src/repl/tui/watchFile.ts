// Watch expressions kept across sessions: one JSON file, `{ "<script's absolute
// path>": ["expr", ...] }`, at $NDBG_WATCHES, else $XDG_STATE_HOME/ndbg/watches.json
// (default ~/.local/state/ndbg/watches.json). Written whole (to a temporary file,
// then renamed) whenever a script's list changes; unreadable files count as empty.
import { readPerScript, stateFilePath, writePerScript } from './scriptStateFile.js';

export function defaultWatchesPath(env: NodeJS.ProcessEnv = process.env): string {
  return stateFilePath('NDBG_WATCHES', 'watches.json', env);
}

const isString = (x: unknown): x is string => typeof x === 'string';

/** The watch expressions saved for `script`. */
export function loadWatches(path: string, script: string): string[] {
  return readPerScript(path, isString)[script] ?? [];
}

/** Save `exprs` for `script` (none: the script's entry goes); false when the file cannot be written. */
export function saveWatches(path: string, script: string, exprs: readonly string[]): boolean {
  return writePerScript(path, readPerScript(path, isString), script, exprs);
}
