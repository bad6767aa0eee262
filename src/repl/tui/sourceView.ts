// The source pane's window on its file: which line is at the top and where the
// cursor is. It follows the current line after each stop (with some context
// kept above and below), moves with the pane's keys, and keeps the cursor in
// view. Pure: the file's length is given, never read here.
import type { Key } from './keys.js';
import { computeLayout } from './layout.js';
import type { State } from './state.js';

export type SourceWindow = Pick<State, 'sourceTop' | 'sourceCursor'>;

/** Rows of source the pane shows (its height less the header). */
export function sourceRows(s: Pick<State, 'layout'>): number {
  return Math.max(1, s.layout.source.height - 1);
}

/**
 * The window scrolled so `line` is visible with some context, cursor moved
 * there; `force` recentres it (another file). `also` (--verify's real line) is
 * brought into view too when both fit. `n`: lines in the file.
 */
export function follow(s: Pick<State, 'layout' | 'sourceTop'>, line: number, n: number, force: boolean, also?: number): SourceWindow {
  const h = sourceRows(s);
  let top = s.sourceTop;
  const margin = Math.min(2, Math.floor(h / 4));
  if (force || line < top + margin || line > top + h - 1 - margin) top = line - Math.floor(h / 3);
  if (also !== undefined && also <= n) {
    if (also < top) top = Math.max(also - 1, line - h + 1);
    else if (also > top + h - 1) top = Math.min(also - h + 2, line);
  }
  top = Math.max(1, Math.min(top, Math.max(1, n - h + 1)));
  return { sourceTop: top, sourceCursor: line };
}

/**
 * The cursor moved by a key of the source pane (Up/Down j/k, PgUp/PgDn,
 * Home/End g/G, `.` back to `current`), kept in the file and in view; undefined
 * when the key does not move it.
 */
export function moveCursor(s: Pick<State, 'layout' | 'sourceTop' | 'sourceCursor'>, k: Key, n: number, current: number | undefined): SourceWindow | undefined {
  const ch = k.name === 'text' && k.text!.length === 1 ? k.text! : '';
  const h = sourceRows(s);
  let line = s.sourceCursor;
  if (k.name === 'up' || ch === 'k') line--;
  else if (k.name === 'down' || ch === 'j') line++;
  else if (k.name === 'pageup') line -= h;
  else if (k.name === 'pagedown') line += h;
  else if (k.name === 'home' || ch === 'g') line = 1;
  else if (k.name === 'end' || ch === 'G') line = n;
  else if (ch === '.') line = current ?? 1;
  else return undefined;
  line = Math.max(1, Math.min(n, line));
  let top = s.sourceTop;
  if (line < top) top = line;
  if (line > top + h - 1) top = line - h + 1;
  return { sourceCursor: line, sourceTop: top };
}

/**
 * A new terminal size: the layout, and the window re-fitted around the current
 * line (`current`, in a file of `n` lines) with the cursor left where it was.
 */
export function resized(s: State, cols: number, rows: number, current: number | undefined, n: number): Partial<State> {
  const layout = computeLayout(cols, rows);
  const window = current === undefined ? {} : follow({ ...s, layout }, current, n, false);
  return { cols, rows, layout, ...window, sourceCursor: s.sourceCursor };
}
