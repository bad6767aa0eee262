// The breakpoint table: number, marker (enabled / disabled / conditional /
// temporary), where, and the condition.
import { memo } from 'react';
import { basename } from 'node:path';
import { markerOf, type Breakpoint } from '../breakpoints.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';
import { windowRows } from './windowRows.js';

export interface BreakpointsProps {
  breakpoints: readonly Breakpoint[];
  sel: number;
  focused: boolean;
  width: number;
  height: number;
}

export function breakpointLines(p: BreakpointsProps): string[] {
  if (p.breakpoints.length === 0) return [theme.dim('(none: b LINE, or F9 in the source)')];
  const rows = p.breakpoints.map((b, i) => {
    const mk = markerOf([b])!;
    const mark = mk.enabled ? theme.bpEnabled(mk.char) : theme.bpDisabled(mk.char);
    let text = `${b.number} ${basename(b.file)}:${b.line}`;
    if (b.temporary) text += ' temp';
    if (!b.enabled) text += ' off';
    if (b.condition) text += ` if ${b.condition}`;
    if (i === p.sel && p.focused) text = theme.selected(text);
    else if (!b.enabled) text = theme.dim(text);
    return { text: `${mark} ${text}`, owner: i };
  });
  return windowRows(rows, p.height - 1, p.sel);
}

export const BreakpointsPane = memo(function BreakpointsPane(p: BreakpointsProps) {
  return <Pane title="Breakpoints" width={p.width} height={p.height} focused={p.focused} lines={breakpointLines(p)} />;
});
