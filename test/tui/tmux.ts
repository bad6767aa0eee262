// A real terminal for end-to-end tests: a private tmux server (its own socket, no
// user config), sessions of a chosen size, keys in, screens out.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
const SOCKET = `ndbg-tui-test-${process.pid}`;

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

export function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
}

export interface Term {
  name: string;
  /** The pane's text; with escapes: colours as SGR sequences. */
  screen(escapes?: boolean): string;
  keys(...names: string[]): void;
  type(text: string): void;
  alternate(): boolean;
  waitFor(pred: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  kill(): void;
}

let counter = 0;

/**
 * Run `command` (a shell line, cwd = repo root) in a new cols x rows terminal;
 * "EXITED <code>" is printed when it ends, unless `quiet` (then nothing more is
 * written to the screen at all).
 */
export function term(command: string, cols = 80, rows = 24, quiet = false): Term {
  const name = `t${process.pid}-${counter++}`;
  const line = `cd ${JSON.stringify(ROOT)} && ${command}; ${quiet ? '' : 'echo "EXITED $?"; '}sleep 600`;
  tmux('new-session', '-d', '-s', name, '-x', String(cols), '-y', String(rows), 'sh', '-c', line);
  const t: Term = {
    name,
    screen: (escapes = false) => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name),
    keys: (...names) => void tmux('send-keys', '-t', name, ...names),
    type: (text) => void tmux('send-keys', '-t', name, '-l', text),
    alternate: () => tmux('display-message', '-p', '-t', name, '#{alternate_on}').trim() === '1',
    async waitFor(pred, what, timeoutMs = 15000) {
      const end = Date.now() + timeoutMs;
      let s = '';
      while (Date.now() < end) {
        s = t.screen();
        if (pred(s)) return s;
        await new Promise((r) => setTimeout(r, 80));
      }
      throw new Error(`timed out waiting for ${what}; screen:\n${s}`);
    },
    kill: () => {
      try {
        tmux('kill-session', '-t', name);
      } catch {
        /* gone */
      }
    },
  };
  return t;
}

export function killServer(): void {
  try {
    tmux('kill-server');
  } catch {
    /* not running */
  }
}

function newest(dir: string): number {
  let m = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    m = Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return m;
}

/** Compile src/ to dist/ when dist is missing or older than the sources. */
export function ensureBuilt(): void {
  const out = join(ROOT, 'dist', 'repl', 'tui', 'run.js');
  if (existsSync(out) && statSync(out).mtimeMs >= newest(join(ROOT, 'src'))) return;
  spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(out)) throw new Error('build failed: dist/repl/tui/run.js missing');
}
