// A scrolling transcript: the console (commands and what they printed) and the
// program's output (stdout, stderr in red). Shows the tail; `scroll` lines up.
import { memo } from 'react';
import type { TextLine } from '../store.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';

export interface TextPaneProps {
  title: string;
  lines: readonly TextLine[];
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

export function textLines(p: TextPaneProps): string[] {
  const h = p.height - 1;
  const end = Math.max(0, p.lines.length - p.scroll);
  const start = Math.max(0, end - h);
  return p.lines.slice(start, end).map((l) => STYLE[l.kind](l.text));
}

export const TextPane = memo(function TextPane(p: TextPaneProps) {
  const title = p.scroll > 0 ? `${p.title} (↑${p.scroll})` : p.title;
  return <Pane title={title} width={p.width} height={p.height} focused={p.focused} lines={textLines(p)} />;
});
