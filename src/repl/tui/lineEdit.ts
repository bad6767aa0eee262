// Editing one line of text with the keys a shell has (Emacs-style): the command
// line and the in-place value editor of the variables pane. Pure: a line and a
// key in, the edited line out (undefined: not an editing key, the caller decides).
import type { Key } from './keys.js';

export interface LineState {
  text: string;
  cursor: number;
}

const insert = (l: LineState, t: string): LineState => ({
  text: l.text.slice(0, l.cursor) + t + l.text.slice(l.cursor),
  cursor: l.cursor + t.length,
});
const backspace = (l: LineState): LineState => (l.cursor > 0 ? { text: l.text.slice(0, l.cursor - 1) + l.text.slice(l.cursor), cursor: l.cursor - 1 } : l);
const deleteAt = (l: LineState): LineState =>
  l.cursor < l.text.length ? { text: l.text.slice(0, l.cursor) + l.text.slice(l.cursor + 1), cursor: l.cursor } : l;
const moveTo = (l: LineState, cursor: number): LineState => ({ text: l.text, cursor });

/** Keys both editors share: what they do is the same in either. */
function common(l: LineState, k: Key): LineState | undefined {
  switch (k.name) {
    case 'backspace':
      return backspace(l);
    case 'delete':
      return deleteAt(l);
    case 'left':
      return moveTo(l, Math.max(0, l.cursor - 1));
    case 'right':
      return moveTo(l, Math.min(l.text.length, l.cursor + 1));
    case 'home':
    case 'ctrl-a':
      return moveTo(l, 0);
    case 'end':
    case 'ctrl-e':
      return moveTo(l, l.text.length);
    case 'ctrl-u':
      return { text: l.text.slice(l.cursor), cursor: 0 };
    default:
      return undefined;
  }
}

/**
 * The command line. Pastes and Enter are not here (they submit commands), nor
 * Ctrl-D on an empty line (quit or end of input).
 */
export function editCommandLine(l: LineState, k: Key): LineState | undefined {
  switch (k.name) {
    case 'text':
      return insert(l, k.text!);
    case 'ctrl-d':
      return deleteAt(l);
    case 'ctrl-b':
      return common(l, { name: 'left' });
    case 'ctrl-f':
      return common(l, { name: 'right' });
    case 'ctrl-k':
      return { text: l.text.slice(0, l.cursor), cursor: l.cursor };
    case 'ctrl-w': {
      const before = l.text.slice(0, l.cursor).replace(/\S+\s*$/, '');
      return { text: before + l.text.slice(l.cursor), cursor: before.length };
    }
    default:
      return common(l, k);
  }
}

/** The value editor: one line, so a pasted newline becomes a space. */
export function editValue(l: LineState, k: Key): LineState | undefined {
  if (k.name === 'text' || k.name === 'paste') return insert(l, k.text!.replace(/[\r\n]+/g, ' '));
  return common(l, k);
}
