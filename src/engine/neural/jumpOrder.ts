// Which of several predicted breakpoint hits the program reaches first. The model
// answers `breakpoint L` for one line at a time; with several breakpoints (or a
// breakpoint that may come before the target of `n` / `r`), the core asks each and
// takes the earliest in execution order, which this decides from the frames and
// lines alone.

import type { ModelState } from '../../model/types.js';
import type { ScriptSource } from './source.js';
import { relateFrames, type Node } from './timeline.js';

/**
 * Where a predicted breakpoint hit lies in execution order from `here`, as a sort
 * key: first the frames of `here` that must return before it (fewer is earlier),
 * then, in the innermost frame both share, how far ahead its line (or the line of
 * the call that leads to it) is from where that frame stands (a line at or before
 * it means a later loop iteration), then the output on the way.
 */
export function jumpOrder(here: Node, t: ModelState, src: ScriptSource): number[] {
  const frames = relateFrames(here, t, src, 'forward');
  let common = 0;
  while (common < here.frames.length && common < frames.length && here.frames[common]!.id === frames[common]!.id) common++;
  const unwinds = here.frames.length - common;
  if (common === 0) return [unwinds, 0, 0, t.stdout.length];
  const level = common - 1;
  const cur = here.frames[level]!.line;
  const n = src.length + 1;
  const inFrame = frames.length - 1 === level;
  const at = frames[level]!.line;
  // a return or exception event on the current line happens now; a line event there, on the next pass
  const now = inFrame && unwinds === 0 && t.event !== 'line' && at === cur;
  const ahead = now ? 0 : inFrame || unwinds > 0 ? (at > cur ? at - cur : at + n - cur) : at >= cur ? at - cur : at + n - cur;
  // on one line: its line event, then the calls it makes, then its return or exception
  return [unwinds, ahead, inFrame ? (t.event === 'line' ? 0 : 2) : 1, t.stdout.length];
}

/** Orders two jumpOrder keys (negative: `a` comes first). */
export const cmpKeys = (a: number[], b: number[]): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};
