// The help overlay's text (F1, `?`, `h`, `h keys`): the keys by pane, then pdb's
// commands, laid out for the screen's width (descriptions wrap under
// themselves), and what scrolling it means. Pure: the overlay draws the rows.
import { wrapRows } from './components/TextPane.js';
import { COMMANDS } from './keymap.js';

type Entry = { section: string } | { keys: string; text: string } | { para: string };

export const HELP: Entry[] = [
  { section: 'Keys' },
  { para: 'F-keys and Alt+key work everywhere, the command line included; single keys only when a pane has the focus (Tab or Esc gets you there).' },
  { keys: 'F7  s  Alt-s', text: 'step into (s)' },
  { keys: 'F6  n  Alt-n', text: 'next, step over (n)' },
  { keys: 'F8  r  Alt-r', text: 'return from the frame (r)' },
  { keys: 'F5  c  Alt-c', text: 'continue (c)' },
  { keys: 'F4  S  Alt-S', text: 'reverse step (rs)' },
  { keys: 'N  Alt-N', text: 'reverse next (rn)' },
  { keys: 'R  Alt-R', text: 'reverse-finish' },
  { keys: 'C  Alt-C', text: 'reverse continue (rc)' },
  { keys: 'F9  b  Alt-b', text: 'toggle a breakpoint at the source cursor (the current line if the source pane has no cursor)' },
  { keys: 'u / d', text: 'frame up / down' },
  { keys: 'w', text: 'where (the stack, in the console)' },
  { keys: 'Tab / Shift-Tab', text: 'next / previous pane (Tab completes while the command line has text)' },
  { keys: 'Esc', text: 'command line -> source pane; in a pane (or :) -> command line' },
  { keys: 'Ctrl-C', text: 'interrupt the program or prediction; never quits' },
  { keys: 'Ctrl-L', text: 'redraw the screen' },
  { keys: 'F1  ?  h', text: 'this help (h: the command h, or h keys)' },
  { keys: 'q', text: 'quit (in a pane; or Ctrl-D on an empty line, or the command q)' },
  { section: 'Source pane' },
  { keys: 'Up/Down j/k', text: 'move the cursor; PgUp/PgDn, Home/End too' },
  { keys: '.', text: 'back to the current line' },
  { keys: 'b  B  t', text: 'toggle a breakpoint; conditional (type the condition); temporary' },
  { keys: 'x', text: 'disable / enable the breakpoints on the line' },
  { keys: '/', text: 'search the file (/text on the command line; Enter on an empty line: the next match)' },
  { section: 'Variables pane' },
  { keys: 'Up/Down', text: 'select' },
  { keys: 'Enter  e', text: 'edit the value in place, a child too (!items[0] = v); Enter sets it, Esc cancels' },
  {
    keys: 'Right',
    text: 'open a list, dict, object... (▸) into its items, keys, attributes; on an open one (▾): to its first child; on a value that cannot open: show all of a long value',
  },
  { keys: 'Left', text: 'close it; on a child: to its parent' },
  { keys: 'Space', text: 'open / close (a long value: show all / cut)' },
  { keys: 'Enter on … more', text: 'the next 50 children of a long container' },
  { keys: 'PgUp/PgDn', text: 'move a page' },
  { keys: 'g', text: "the module's globals instead of the frame's locals" },
  { keys: 'a', text: '__dunder__ names too' },
  { keys: '+', text: 'watch an expression (watch NAME on the command line, to finish)' },
  { keys: 'x  Delete', text: 'on a watch: remove it (Enter edits its expression)' },
  { section: 'Watches' },
  {
    para: 'watch EXPR adds one, watch lists them, unwatch N|EXPR removes one. Listed first in the Variables pane, evaluated in the selected frame after every command, kept for the script across sessions; a value that changed since the previous stop is bold yellow with what it was: acc = 3 (was 0). name ≈ value: predicted by the neural engine.',
  },
  { section: 'Stack pane' },
  { keys: 'Up/Down', text: 'select a frame (sends u / d)' },
  { keys: 'a', text: "list the debugger's own frames too (bdb's run(), <string>)" },
  { section: 'Breakpoints pane' },
  { keys: 'Up/Down', text: 'select' },
  { keys: 'Space', text: 'disable / enable' },
  { keys: 'Delete  x', text: 'clear' },
  { keys: 'Enter', text: 'show it in the source' },
  { para: 'Breakpoints are kept for the script and set again in its next session (cl clears them).' },
  { section: 'Console, Output' },
  { keys: 'Up/Down PgUp/PgDn', text: 'scroll; End back to the newest line, Home to the oldest' },
  { section: 'Command line' },
  { keys: 'Up/Down', text: 'history (kept across sessions)' },
  { keys: 'Tab', text: 'complete commands and variable names' },
  { keys: 'Enter', text: 'run the line; an empty line repeats the last command' },
  { section: 'pdb commands' },
  { para: "h COMMAND prints pdb's help on one of them in the console." },
  { para: COMMANDS.join(' ') },
  { section: 'This help' },
  { keys: 'Up/Down PgUp/PgDn', text: 'scroll; Space pages too, Home/End' },
  { keys: 'Esc  q  F1', text: 'close' },
];

const KEY_COL = 18;

/** The help as rows of at most `width` columns. */
export function helpRows(width: number): string[] {
  const w = Math.max(20, width);
  const keyCol = Math.min(KEY_COL, Math.floor(w / 3));
  const out: string[] = [];
  for (const e of HELP) {
    if ('section' in e) {
      if (out.length) out.push('');
      out.push(e.section);
    } else if ('para' in e) {
      for (const r of wrapRows(e.para, w - 2)) out.push('  ' + r.trimEnd());
    } else {
      const textRows = wrapRows(e.text, w - keyCol - 3);
      const keys = e.keys.length > keyCol ? e.keys : e.keys.padEnd(keyCol);
      if (e.keys.length > keyCol) out.push('  ' + keys);
      textRows.forEach((r, i) => {
        const lead = i === 0 && e.keys.length <= keyCol ? '  ' + keys : ' '.repeat(keyCol + 2);
        out.push(`${lead} ${r.trimEnd()}`);
      });
    }
  }
  return out;
}

/** The help's top row scrolled `by` (Infinity: to the end), kept in range for `height` visible rows. */
export function scrollHelp(top: number, by: number, width: number, height: number): number {
  const max = Math.max(0, helpRows(width).length - height);
  return Math.max(0, Math.min(max, top + by));
}
