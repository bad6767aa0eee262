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
  /** The help overlay is open: the hints are its keys. */
  help?: boolean;
}

/** Each pane's keys, most useful first: the hint line shows as many whole ones as fit. */
export const HINTS: Record<Focus, string[]> = {
  command: [],
  source: ['↑↓ move', 'b break', 's n r c step', 'Esc: command line', '/ search', 'F1 help'],
  variables: ['↑↓ select', 'Enter edit', '→ open', 'Esc: command line', '+ watch', 'g globals', 'a dunder', 'F1 help'],
  stack: ['↑↓ select frame', 'a all frames', 'Esc: command line', 'F1 help'],
  breakpoints: ['↑↓ select', 'Space on/off', 'x clear', 'Esc: command line', 'F1 help'],
  console: ['↑↓ PgUp PgDn scroll', 'Esc: command line', 'F1 help'],
  output: ['↑↓ PgUp PgDn scroll', 'Esc: command line', 'F1 help'],
};

/** While the help overlay is open. */
export const HELP_HINTS = ['↑↓ PgUp PgDn scroll', 'Esc closes the help'];

/** As many of `items` as fit in `room` columns, whole, two spaces apart. */
export function fitHints(items: readonly string[], room: number): string {
  let out = '';
  for (const it of items) {
    const next = out ? `${out}  ${it}` : it;
    if (visibleWidth(next) > room) break;
    out = next;
  }
  return out;
}

export function commandLine(p: CommandLineProps): string {
  const prompt = p.awaitingInput && !p.busy ? 'stdin> ' : p.prompt;
  // The right side may take what the prompt and the text typed leave (at least 8 columns for typing).
  const maxRight = Math.max(0, p.width - visibleWidth(prompt) - Math.max(8, visibleWidth(p.input) + 2) - 2);
  let right = p.message ?? '';
  if (!right && p.editing) right = `Enter: set ${p.editing}  Esc: cancel`;
  // Once the program has finished nothing runs, whatever the engine still does to end.
  if (!right && p.quitting) right = 'quitting…';
  if (!right && p.finished) right = 'program finished: q quits';
  if (!right && p.busy) right = 'running… Ctrl-C interrupts';
  if (!right) right = fitHints(p.help ? HELP_HINTS : HINTS[p.focus], maxRight);
  const rightText = right ? ' ' + theme.dim(truncate(right, maxRight, '…')) + ' ' : '';
  const room = Math.max(1, p.width - visibleWidth(prompt) - visibleWidth(rightText));
  const active = p.focus === 'command' && !p.editing;
  const field = active ? editField(p.input, p.cursor, room) : theme.dim(truncate(p.input, room));
  const left = fit(theme.bold(prompt) + field, visibleWidth(prompt) + room);
  return fit(left + rightText, p.width);
}

export const CommandLine = memo(function CommandLine(p: CommandLineProps) {
  return <Lines width={p.width} lines={[commandLine(p)]} />;
});
