// A scrolling transcript: the console (commands and what they printed) and the
// program's output (stdout, stderr in red). Shows the tail; `scroll` lines up.
import { memo } from 'react';
import type { TextLine } from '../state.js';
import { charWidth, visibleWidth } from '../ansi.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';

export interface TextPaneProps {
  title: string;
  lines: readonly TextLine[];
  /** Changes whenever `lines` (appended in place) does. */
  rev?: number;
  scroll: number;
  focused: boolean;
  width: number;
  height: number;
}

const STYLE: Record<TextLine['kind'], (s: string) => string> = {
  command: theme.command,
  debugger: (s) => s,
  error: theme.error,
  info: theme.info,
  stdout: (s) => s,
  stderr: theme.stderr,
};

/** `text` cut into rows of at most `width` cells (a transcript wraps, never truncates). */
export function wrapRows(text: string, width: number): string[] {
  if (visibleWidth(text) <= width) return [text];
  const rows: string[] = [];
  let row = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width) {
      // Break after the last space when there is one in the row's last third.
      const sp = row.lastIndexOf(' ');
      if (ch !== ' ' && sp >= 0 && sp >= row.length - Math.floor(width / 3) && sp < row.length - 1) {
        rows.push(row.slice(0, sp + 1));
        row = row.slice(sp + 1);
      } else {
        rows.push(row);
        row = '';
      }
      used = visibleWidth(row);
    }
    row += ch;
    used += w;
  }
  rows.push(row);
  return rows;
}

/** The visible rows: wrapped lines from the end, `scroll` rows up from the bottom. */
export function textLines(p: TextPaneProps): string[] {
  const h = p.height - 1;
  const want = h + p.scroll;
  const rows: string[] = [];
  // Wrap only as many lines (from the newest) as the view needs.
  for (let i = p.lines.length - 1; i >= 0 && rows.length < want; i--) {
    const l = p.lines[i]!;
    const style = STYLE[l.kind];
    rows.unshift(...wrapRows(l.text, p.width).map(style));
  }
  const end = Math.max(Math.min(rows.length, h), rows.length - p.scroll);
  return rows.slice(Math.max(0, end - h), end);
}

export const TextPane = memo(function TextPane(p: TextPaneProps) {
  const title = p.scroll > 0 ? `${p.title} (↑${p.scroll})` : p.title;
  return <Pane title={title} width={p.width} height={p.height} focused={p.focused} lines={textLines(p)} />;
});
