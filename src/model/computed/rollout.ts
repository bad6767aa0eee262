import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelState, TracebackFrame } from '../types.js';
import type { ComputedStep, StepFn } from './types.js';

/** Most steps one computed step may take inside it (`r`, `n` over calls): a prediction stays quick. */
const STEP_BUDGET = 2000;
let budget = 0;

/** A fresh budget for a computed step (computeStep starts each with one). */
export function resetBudget(): void {
  budget = STEP_BUDGET;
}

/** One step taken from the budget: false once it is spent. */
export function spendStep(): boolean {
  return --budget >= 0;
}

/**
 * `step_return` from a line: the frame's steps computed one after another (each
 * as `n` would be) up to its `return`, when every one of them can be: the return
 * event with the value and everything printed on the way. Null at the first step
 * that cannot (a call of the program that is no plain function, a line with two
 * ways on, ...).
 */
export function toReturn(
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
  step: StepFn,
): ComputedStep | null {
  if (before.func === '<module>') return null;
  const end = runFrame(lines, before, program, history, null, pythonMinor, step);
  return end ? { changes: {}, deleted: [], stdout: end.stdout, state: end } : null;
}

/**
 * `breakpoint L` (pdb's `c` to a breakpoint on L) from a line, where L runs only in
 * the frame the program stands in (so no call can reach it first): the frame's steps
 * computed up to L's next line event, or in the module up to the program's end (the
 * exit, when L is not reached). `continue` from the module: up to the exit.
 */
export function toLineOrExit(
  lines: readonly string[],
  before: ModelState,
  target: number | null,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
  step: StepFn,
): ComputedStep | null {
  if (!program || program.error || before.event !== 'line' || before.line === null) return null;
  const module = before.func === '<module>';
  if (target === null && !module) return null;
  if (target !== null) {
    const here = program.scopesOf(before.func!, before.line);
    const at = program.scopesAt(target);
    if (here.length !== 1 || !at.length || at.some((sc) => sc !== here[0])) return null;
  }
  const end = runFrame(lines, before, program, history, target, pythonMinor, step);
  return end ? reached(end, module) : null;
}

/**
 * What a rollout that ended at `end` computed: the line event it stopped at, the
 * program's exit with the traceback of an exception nothing catches, or, from the
 * module (`module`), the normal exit at its return.
 */
export function reached(end: ModelState & { traceback?: TracebackFrame[] }, module: boolean): ComputedStep | null {
  if (end.event === 'line') return { changes: {}, deleted: [], stdout: end.stdout, state: end };
  if (end.event === 'exception') {
    // uncaught: the program ends with the traceback (pdb's post-mortem follows)
    const error: ModelState = {
      event: 'exit',
      line: null,
      func: null,
      stack: [],
      locals: {},
      retval: null,
      exception: end.exception,
      stdout: end.stdout,
      exit: 'error',
    };
    const { traceback, ...raisedAt } = end;
    const tb = traceback ?? [{ func: raisedAt.func!, line: raisedAt.line!, locals: raisedAt.locals }];
    return { changes: {}, deleted: [], stdout: end.stdout, state: error, traceback: tb };
  }
  if (!module) return null; // the frame returned first: the caller's steps are the model's
  const exit: ModelState = { event: 'exit', line: null, func: null, stack: [], locals: {}, retval: null, exception: null, stdout: end.stdout, exit: 'normal' };
  return { changes: {}, deleted: [], stdout: end.stdout, state: exit };
}

/** Whether some code of the program could catch or suppress an exception (a `try`, or a `with` whose manager may). */
export function mayCatch(lines: readonly string[]): boolean {
  return lines.some((l) => /^\s*(?:try\s*:|with\b|async\s+with\b)/.test(l));
}

/**
 * The frame's steps computed one after another, as `n` would be, from `before`:
 * the line event at `target` when it comes first (`null`: no target), else the
 * frame's return event (its `return`, or the end of its code returning `None`), or
 * in the module the exception event of an exception nothing can catch, with all it
 * printed on the way; null at the first step that cannot be computed.
 * With a target, a function frame computes no call (a call could reach the target
 * in a deeper frame of the same function first).
 */
export function runFrame(
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  target: number | null,
  pythonMinor: number | undefined,
  step: StepFn,
): (ModelState & { traceback?: TracebackFrame[] }) | null {
  if (!program || program.error || before.event !== 'line') return null;
  const hist: HistoryEntry[] = [...(history ?? [{ action: null, state: before }])];
  const module = before.func === '<module>';
  let s = before;
  let stdout = '';
  for (;;) {
    if (!spendStep()) return null;
    const c = step(lines, s, { kind: 'step_over' }, program, hist, pythonMinor);
    // an exception the module raises ends the program where nothing can catch it
    if (c?.state?.event === 'exception' && module && !mayCatch(lines)) return { ...c.state, stdout: stdout + c.stdout, traceback: c.traceback };
    if (!c || c.call || c.state || (target !== null && !module && c.called)) return null;
    stdout += c.stdout;
    if (c.retval !== undefined) return { ...s, event: 'return', retval: c.retval, exception: null, stdout, exit: null };
    const locals: Record<string, string> = {};
    for (const [n, v] of Object.entries(s.locals)) if (!c.deleted.includes(n)) locals[n] = v;
    Object.assign(locals, c.changes);
    const line = c.line ?? c.next;
    if (line === undefined) {
      // the end of the frame's code: it returns None there
      const sc = program.scopesOf(s.func!, s.line!);
      if (c.line !== undefined || sc.length !== 1 || !sc[0]!.returns.has(s.line!) || (sc[0]!.succ.get(s.line!) ?? []).length) return null;
      return { ...s, locals, event: 'return', retval: 'None', exception: null, stdout, exit: null };
    }
    s = { ...s, line, locals, stdout: c.stdout };
    if (line === target) return { ...s, stdout };
    hist.push({ action: { kind: 'step_over' }, state: s });
  }
}
