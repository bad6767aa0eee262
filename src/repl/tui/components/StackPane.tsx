// The call stack, innermost frame first; the frame that p / variables refer to
// is marked. Under --verify, a frame where the real stack differs shows the real
// one after it (`total  demo.py:4 ≠ total:5 (real)`, red), and real frames the
// prediction lacks are listed above, as `— ≠ f:3 (real)`.
import { memo } from 'react';
import { basename } from 'node:path';
import type { Frame } from '../../../engine/engine.js';
import type { StackMismatch } from '../selectors.js';
import { theme } from '../theme.js';
import { Pane } from './Pane.js';
import { windowRows, type OwnedRow } from './windowRows.js';

export interface StackProps {
  frames: Frame[];
  selected: number;
  focused: boolean;
  width: number;
  height: number;
  /** The frames are the model's prediction: the title says so. */
  predicted?: boolean;
  /** --verify: where the real stack differs. */
  mismatch?: StackMismatch;
  /**
   * Index of the first frame to list: the debugger's own frames before it
   * (bdb's run(), `<string>`) are hidden (the selected frame is always listed).
   */
  from?: number;
}

const realText = (r: { func: string; line: number } | null): string => theme.mispredicted(` ≠ ${r ? `${r.func}:${r.line}` : '—'} (real)`);

export function stackLines(p: StackProps): string[] {
  if (p.frames.length === 0) return [theme.dim('(not started)')];
  const out: OwnedRow[] = [];
  const extra = p.mismatch?.extra ?? [];
  for (let k = extra.length - 1; k >= 0; k--) out.push({ text: `  ${theme.dim('—')}${realText(extra[k]!)}`, owner: -1 - k });
  const from = Math.max(0, Math.min(p.from ?? 0, p.selected));
  for (let i = p.frames.length - 1; i >= from; i--) {
    const f = p.frames[i]!;
    const isSel = i === p.selected;
    const mark = isSel ? theme.currentArrow('▶') : ' ';
    const where = theme.dim(`${basename(f.file)}:${f.line}`);
    const differs = p.mismatch !== undefined && i in p.mismatch.frames;
    const name = isSel && p.focused ? theme.selected(f.func) : differs ? theme.mispredicted(f.func) : isSel ? theme.bold(f.func) : f.func;
    out.push({ text: `${mark} ${name}  ${where}${differs ? realText(p.mismatch!.frames[i]!) : ''}`, owner: i });
  }
  // The selected frame in view; frames left out are counted.
  return windowRows(out, p.height - 1, p.selected);
}

export const StackPane = memo(function StackPane(p: StackProps) {
  const hidden = Math.max(0, Math.min(p.from ?? 0, p.selected));
  const title = `Stack (${p.frames.length - hidden}${hidden ? `, ${hidden} hidden` : ''})${p.predicted ? ' · predicted' : ''}`;
  return <Pane title={title} width={p.width} height={p.height} focused={p.focused} lines={stackLines(p)} />;
});
