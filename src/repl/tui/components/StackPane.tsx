// The call stack, innermost frame first; the frame that p / variables refer to
// is marked.
import { memo } from 'react';
import { basename } from 'node:path';
import type { Frame } from '../../../engine/engine.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';

export interface StackProps {
  frames: Frame[];
  selected: number;
  focused: boolean;
  width: number;
  height: number;
}

export function stackLines(p: StackProps): string[] {
  if (p.frames.length === 0) return [theme.dim('(not started)')];
  const out: string[] = [];
  for (let i = p.frames.length - 1; i >= 0; i--) {
    const f = p.frames[i]!;
    const isSel = i === p.selected;
    const mark = isSel ? theme.currentArrow('▶') : ' ';
    const where = theme.dim(`${basename(f.file)}:${f.line}`);
    const name = isSel && p.focused ? theme.selected(f.func) : isSel ? theme.bold(f.func) : f.func;
    out.push(`${mark} ${name}  ${where}`);
  }
  // Keep the selected frame in view.
  const h = p.height - 1;
  const selRow = p.frames.length - 1 - p.selected;
  const top = selRow < h ? 0 : selRow - h + 1;
  return out.slice(top, top + h);
}

export const StackPane = memo(function StackPane(p: StackProps) {
  return <Pane title={`Stack (${p.frames.length})`} width={p.width} height={p.height} focused={p.focused} lines={stackLines(p)} />;
});
