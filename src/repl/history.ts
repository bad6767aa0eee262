// Command history kept across sessions in one plain file, one command a line:
// $XDG_STATE_HOME/ndbg/history (default ~/.local/state/ndbg/history). Appended as
// commands are entered, so two sessions at once both keep theirs; trimmed on load.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const HISTORY_LIMIT = 1000;

export function defaultHistoryPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NDBG_HISTORY) return env.NDBG_HISTORY;
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'ndbg', 'history');
}

export class History {
  readonly entries: string[] = [];

  /** `path` null: in memory only (--play, tests). */
  constructor(private readonly path: string | null) {
    if (!path) return;
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return;
    }
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    this.entries.push(...lines.slice(-HISTORY_LIMIT));
    if (lines.length > HISTORY_LIMIT * 2) {
      try {
        writeFileSync(path, this.entries.join('\n') + '\n');
      } catch {
        /* read-only state dir: keep going without trimming */
      }
    }
  }

  add(line: string): void {
    if (line.trim() === '' || line.includes('\n')) return;
    if (this.entries[this.entries.length - 1] === line) return;
    this.entries.push(line);
    if (this.entries.length > HISTORY_LIMIT) this.entries.shift();
    if (!this.path) return;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      appendFileSync(this.path, line + '\n');
    } catch {
      /* history is a convenience; never fail a command over it */
    }
  }
}
