// What a stop event changes: the frames on show, the selected frame, the
// baseline for "changed" marks, values set from the TUI, --verify's comparison
// and score, the step's latency, and the source window following the current
// line. Pure: the store supplies what it alone knows (how long the command
// took, the length of the files).
import type { StopEvent } from '../../engine/engine.js';
import { paneItems } from './paneItems.js';
import { selectedFrame, verifyView } from './selectors.js';
import { follow } from './sourceView.js';
import type { State } from './state.js';

export interface StopContext {
  /** Lines in `file`, when it can be read. */
  fileLength(file: string): number | undefined;
  /** Time since the command that led here was sent, when this is its first stop. */
  elapsedMs?: number;
}

function clampIndex(i: number, n: number): number {
  return Math.max(0, Math.min(n - 1, i));
}

/** A stop that moved: not a refresh, and other frames than the last stop's. */
export function isNewStop(s: State, e: StopEvent): boolean {
  if (e.refresh) return false;
  return !(s.stop && JSON.stringify(s.stop.frames) === JSON.stringify(e.frames));
}

export function applyStop(s: State, e: StopEvent, ctx: StopContext): Partial<State> {
  const patch: Partial<State> = {
    stop: e,
    selected: clampIndex(e.selected, e.frames.length),
    program: e.postMortem ? 'post-mortem' : s.program === 'running' ? 'running' : 'stopped',
  };
  if (e.refresh) {
    // The same stop re-described (u/d, or locals after `!x = 5`): the baseline
    // for "changed" stays the previous step; edited names keep their mark but
    // show the engine's repr of the new value.
    const f = e.frames[clampIndex(e.selected, e.frames.length)];
    const edited: Record<string, string> = {};
    for (const [k, v] of Object.entries(s.edited)) edited[k] = f?.locals[k] ?? v;
    patch.edited = edited;
  } else if (isNewStop(s, e)) {
    patch.prevFrames = s.stop?.frames ?? [];
    patch.edited = {};
    patch.stopSeq = s.stopSeq + 1;
  }
  if (!e.refresh) {
    // --verify: a new stop brings its own comparison (refreshes keep the last).
    patch.verify = e.verify;
    if (e.verify) {
      const sc = s.verifyScore ?? { compared: 0, exact: 0 };
      patch.verifyScore = { compared: sc.compared + 1, exact: sc.exact + (e.verify.exact ? 1 : 0) };
    }
  }
  // The engine's own figure when it has one (neural: model time); else the
  // time from sending the command to this stop, before any of our rendering.
  if (e.latencyMs !== undefined) patch.latencyMs = e.latencyMs;
  else if (ctx.elapsedMs !== undefined) patch.latencyMs = ctx.elapsedMs;
  const next = { ...s, ...patch };
  const f = selectedFrame(next);
  if (f) {
    const n = ctx.fileLength(f.file) ?? f.line;
    Object.assign(patch, follow(next, f.line, n, f.file !== selectedFrame(s)?.file, verifyView(next)?.realLine));
  }
  patch.stackSel = next.stop!.frames.length - 1 - next.selected;
  if (next.varSel >= paneItems(next).length) patch.varSel = 0;
  return patch;
}
