// Searching the source pane's file (`/text` on the command line; `/` in the source
// pane starts one): the next line after the cursor that contains the text,
// wrapping at the end; case-insensitive unless the text has a capital, as in vim's
// smartcase. Pure: the store moves the cursor there.
import type { SourceFile } from './source.js';
import { follow } from './sourceView.js';
import type { State } from './state.js';

/** The line (1-based) of the next match after `from`, or undefined. */
export function findInSource(file: SourceFile, text: string, from: number): number | undefined {
  if (!text) return undefined;
  const fold = text === text.toLowerCase();
  const want = fold ? text.toLowerCase() : text;
  const n = file.length;
  for (let k = 1; k <= n; k++) {
    const line = ((from - 1 + k) % n) + 1;
    const t = fold ? file.text(line).toLowerCase() : file.text(line);
    if (t.includes(want)) return line;
  }
  return undefined;
}

/** The text of a `/text` search line, or undefined when `line` is not one. */
export function searchText(line: string): string | undefined {
  const m = /^\/(.*)$/.exec(line);
  return m ? m[1] : undefined;
}

/** `/text` in `file` (the frame's, stopped at `frameLine`): the source pane's cursor at the next match, or a message that there is none. */
export function searchPatch(s: State, file: SourceFile, frameLine: number, text: string): Partial<State> {
  const from = s.sourceCursor || frameLine;
  const line = findInSource(file, text, from);
  if (line === undefined) return { message: `not found: ${text}` };
  return { ...follow(s, line, file.length, false), focus: 'source', message: `/${text}: line ${line}${line <= from ? ' (wrapped)' : ''}` };
}
