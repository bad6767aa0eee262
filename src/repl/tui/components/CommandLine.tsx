// Bottom row: the (Pdb) prompt and what is being typed, with a block cursor when
// the command line has the focus; otherwise the focused pane's keys. Busy state
// and short messages (completions, "interrupted") on the right.
import { memo } from 'react';
import { fit, truncate, visibleWidth } from '../ansi.js';
import type { Focus } from '../state.js';
import { theme } from '../theme.js';
import { Lines } from './Pane.js';
import { editField } from './VariablesPane.js';

export interface CommandLineProps {
  width: number;
  prompt: string;
  input: string;
  cursor: number;
  focus: Focus;
  busy: boolean;
  awaitingInput: boolean;
  finished: boolean;
  editing?: string;
  message?: string;
  /** q was given: the session is ending. */
  quitting?: boolean;
}

const HINTS: Record<Focus, string> = {
  command: '',
  source: '↑↓ move  b break  s n r c step  Esc: command line',
  variables: '↑↓ select  Enter edit  → expand  g globals  Esc: command line',
  stack: '↑↓ select frame  Esc: command line',
  breakpoints: '↑↓ select  Space on/off  x clear  Esc: command line',
  console: '↑↓ PgUp PgDn scroll  Esc: command line',
  output: '↑↓ PgUp PgDn scroll  Esc: command line',
};

export function commandLine(p: CommandLineProps): string {
  const prompt = p.awaitingInput && !p.busy ? 'stdin> ' : p.prompt;
  let right = p.message ?? '';
  if (!right && p.editing) right = `Enter: set ${p.editing}  Esc: cancel`;
  // Once the program has finished nothing runs, whatever the engine still does to end.
  if (!right && p.quitting) right = 'quitting…';
  if (!right && p.finished) right = 'program finished: q quits';
  if (!right && p.busy) right = 'running… Ctrl-C interrupts';
  if (!right) right = HINTS[p.focus];
  const rightText = right ? ' ' + theme.dim(right) + ' ' : '';
  const room = Math.max(1, p.width - visibleWidth(prompt) - (right ? Math.min(visibleWidth(right) + 2, Math.floor(p.width / 2)) : 0));
  const active = p.focus === 'command' && !p.editing;
  const field = active ? editField(p.input, p.cursor, room) : theme.dim(truncate(p.input, room));
  const left = fit(theme.bold(prompt) + field, visibleWidth(prompt) + room);
  return fit(left + truncate(rightText, p.width - visibleWidth(left)), p.width);
}

export const CommandLine = memo(function CommandLine(p: CommandLineProps) {
  return <Lines width={p.width} lines={[commandLine(p)]} />;
});
