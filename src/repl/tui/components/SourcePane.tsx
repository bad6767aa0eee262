// The source around the current line: line numbers, breakpoint markers, the
// current line across the full width, the exception line, under --verify the real
// line when the prediction is elsewhere (a green `▷`), the cursor. Only the
// visible rows are produced, each highlighted on first sight (SourceFile caches).
import { memo } from 'react';
import { fit, padStart } from '../ansi.js';
import { markerOf, type Breakpoint } from '../breakpoints.js';
import type { SourceFile } from '../source.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';

export interface SourceProps {
  file?: SourceFile;
  /** Path as shown in the header. */
  path: string;
  width: number;
  height: number;
  top: number;
  current?: number;
  cursor?: number;
  exceptionLine?: number;
  /** --verify: where the real program is, when the predicted `current` differs. */
  realLine?: number;
  breakpoints: readonly Breakpoint[];
  focused: boolean;
  note?: string;
}

export function sourceLines(p: SourceProps): string[] {
  const rows = p.height - 1;
  if (!p.file) return [theme.dim(p.path ? `(source of ${p.path} not available)` : '(no source yet)')];
  const digits = Math.max(3, String(p.file.length).length);
  const out: string[] = [];
  const marks = new Map<number, Breakpoint[]>();
  for (const b of p.breakpoints) {
    if (b.file !== p.file.path) continue;
    marks.set(b.line, [...(marks.get(b.line) ?? []), b]);
  }
  for (let n = p.top; n < p.top + rows && n <= p.file.length; n++) {
    const mk = markerOf(marks.get(n) ?? []);
    const mark = mk ? (mk.enabled ? theme.bpEnabled(mk.char) : theme.bpDisabled(mk.char)) : ' ';
    const isCur = n === p.current;
    const isExc = n === p.exceptionLine;
    const isReal = n === p.realLine && !isCur;
    let num = padStart(String(n), digits);
    num = n === p.cursor && p.focused ? theme.cursorLine(num) : isCur ? theme.lineNoCurrent(num) : isReal ? theme.lineNoReal(num) : theme.lineNo(num);
    const arrow = isExc ? theme.exceptionMark('»') : isCur ? theme.currentArrow('▶') : isReal ? theme.realArrow('▷') : ' ';
    const line = `${mark}${num} ${arrow} ${p.file.highlighted(n)}`;
    out.push(isCur ? theme.currentLine(fit(line, p.width)) : line);
  }
  return out;
}

export const SourcePane = memo(function SourcePane(p: SourceProps) {
  const title = p.note ? `${p.path} ${p.note}` : p.path || 'Source';
  return <Pane title={title} width={p.width} height={p.height} focused={p.focused} lines={sourceLines(p)} />;
});
