// `c` across frames: the program's steps computed one after another as `s` would
// take them, into the program's calls and back out of them, up to the first line
// event on one of the breakpoint lines (in whatever frame), the exit, or the
// traceback of an exception nothing catches. Null at the first step that cannot be
// computed (the model then says), or once the step budget (rollout.ts) is spent.
// The states on the way are kept, so that the steps after the jump see them in
// their history (the caller a frame returns to, the lines a loop went through).

import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelState, TracebackFrame } from '../types.js';
import { stateKey } from './objects.js';
import { mayCatch, reached, spendStep } from './rollout.js';
import { localsAfter } from './scope.js';
import { callState, type ComputedStep, type StepFn } from './types.js';

/** The state a computed step leads to from `s`, every value of it computed; null where the step leaves some to the model. */
export function advance(s: ModelState, c: ComputedStep): ModelState | null {
  if (c.state) return c.state;
  if (c.call) return callState(s, c.call);
  const locals = localsAfter(s.locals, c.changes, c.deleted);
  const at = (event: 'line' | 'return', line: number | null, retval: string | null): ModelState => ({
    event,
    line,
    func: s.func,
    stack: [...s.stack],
    locals,
    retval,
    exception: null,
    stdout: c.stdout,
    exit: null,
  });
  if (c.retval !== undefined) return at('return', s.line, c.retval);
  const line = c.line ?? c.next;
  if (line !== undefined) return at('line', line, null);
  if (c.ends) return at('return', s.line, c.endValue ?? 'None');
  return null;
}

/**
 * From `before`, the first line event on one of `targets` (none: run to the end),
 * every step to it computed as `s` takes it.
 */
/** The states a jump went through, by the key of the state it reached: the key of the state it started from, and the path. */
const paths = new WeakMap<readonly string[], Map<string, { from: string; path: HistoryEntry[] }>>();
const MAX_PATHS = 200;

function remember(lines: readonly string[], from: ModelState, to: ModelState, path: HistoryEntry[]): void {
  let m = paths.get(lines);
  if (!m) paths.set(lines, (m = new Map()));
  if (m.size >= MAX_PATHS) m.delete(m.keys().next().value!);
  m.set(stateKey(to), { from: stateKey(from), path });
}

/** The history with the states each computed jump in it went through put back in place. */
export function withPaths(lines: readonly string[], history: readonly HistoryEntry[] | undefined): readonly HistoryEntry[] | undefined {
  const m = paths.get(lines);
  if (!m || !history) return history;
  let out: HistoryEntry[] | null = null;
  for (let i = 0; i < history.length; i++) {
    const e = history[i]!;
    const kind = e.action?.kind;
    const p = i > 0 && (kind === 'breakpoint' || kind === 'continue') ? m.get(stateKey(e.state)) : undefined;
    if (p && p.from === stateKey(history[i - 1]!.state)) {
      out ??= history.slice(0, i);
      out.push(...p.path);
    }
    out?.push(e);
  }
  return out ?? history;
}

export function toAnyLine(
  lines: readonly string[],
  before: ModelState,
  targets: readonly number[],
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
  step: StepFn,
): ComputedStep | null {
  if (!program || program.error || before.event === 'exit') return null;
  const hist: HistoryEntry[] = [...(history ?? [{ action: null, state: before }])];
  const start = hist.length;
  const done = (end: ModelState & { traceback?: TracebackFrame[] }, module: boolean): ComputedStep | null => {
    const r = reached(end, module);
    if (r?.state) remember(lines, before, r.state, hist.slice(start));
    return r;
  };
  const stops = new Set(targets);
  const catches = mayCatch(lines);
  let s = before;
  let stdout = '';
  // the frames an exception has passed through on its way out, innermost first
  let raised: TracebackFrame[] = [];
  for (;;) {
    if (!spendStep()) return null;
    const c = step(lines, s, { kind: 'step_into' }, program, hist, pythonMinor);
    const next = c && advance(s, c);
    if (!c || !next || next.event === 'exit') return null;
    stdout += next.stdout;
    if (next.event === 'exception') raised.push({ func: next.func!, line: next.line!, locals: next.locals });
    else if (next.event !== 'return') raised = [];
    if (next.event === 'line' && next.line !== null && stops.has(next.line)) return done({ ...next, stdout }, false);
    if (next.event === 'exception' && next.func === '<module>' && next.stack.length === 0 && !catches) {
      const traceback = c.traceback ?? [...raised].reverse();
      return done({ ...next, stdout, traceback }, true);
    }
    if (next.event === 'return' && next.stack.length === 0) {
      // an exception the module did not catch leaves it: the program ends with the traceback
      if (s.event === 'exception' && s.func === '<module>' && s.stack.length === 0) return done({ ...s, stdout, traceback: [...raised].reverse() }, true);
      // the module's return: the program ends
      return done({ ...next, stdout }, true);
    }
    hist.push({ action: { kind: 'step_into' }, state: next });
    s = next;
  }
}
