// The data of computed steps, shared by the files of this folder: what a step
// computed from its own statement is (ComputedStep), and the one-step function
// the frame rollouts (rollout.ts) are given, so that they can run steps of
// index.ts without importing it.

import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelAction, ModelState, TracebackFrame } from '../types.js';

export interface ComputedStep {
  /** Names the statement binds or changes: name -> repr, cut as the trace format cuts. */
  changes: Record<string, string>;
  deleted: string[];
  /** An exception the statement raised in the program's code: its traceback, outermost first (Prediction.traceback). */
  traceback?: TracebackFrame[];
  /** Locals the statement used and left as they were, computed so (an object changed in place whose repr stays the same). */
  unchanged?: string[];
  /** What it prints. */
  stdout: string;
  /** For a `return`: the returned value's repr. */
  retval?: string;
  /** For an `if` / `elif` / `while` header: the line its condition leads to. */
  line?: number;
  /** The one line control flow allows next in the frame, where the analysis says so (no other way out). */
  next?: number;
  /** For `step_return`, `breakpoint L` and `continue`: the state reached, every step to it computed. */
  state?: ModelState;
  /** The frame's code ends after this statement (no line follows): its return event, returning None, comes next. */
  ends?: boolean;
  /** With `ends`: what the frame returns when not None (a class body whose methods use `super()` returns its `__class__` cell). */
  endValue?: string;
  /** The values the names it binds hold, where they are the program's objects (carryObjects keeps them for the next steps). */
  values?: Map<string, import('../../pyval/index.js').Value>;
  /** `n` over a call of the program (overCall): its function's name. */
  called?: string;
  /** For `step_into` a call of the program's function: the call event's frame and its arguments. */
  call?: { func: string; line: number; locals: Record<string, string>; span?: [number, number] };
}

/** index.ts's `step`: the step `action` from `before`, computed, or null where the model has to say. */
export type StepFn = (
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
) => ComputedStep | null;

/** The call event a step into a function reaches: its frame on top of the caller's line. */
export function callState(before: ModelState, call: NonNullable<ComputedStep['call']>): ModelState {
  return {
    event: 'call',
    line: call.line,
    func: call.func,
    stack: [...before.stack, before.line!],
    locals: { ...call.locals },
    retval: null,
    exception: null,
    stdout: '',
    exit: null,
  };
}
