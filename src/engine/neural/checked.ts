// Generate and check, for inverse execution: the model proposes several calls that
// may have produced a return (candidates.ts), the evaluator runs the function forward
// on each (the computed steps' rollout, src/model/computed/, within its step budget;
// nothing of the program runs), and the first whose return value is the one given is
// the answer, `checked`. When none reproduces it, the model's best stands,
// `predicted`, with what the evaluator found; when no forward run can be computed
// (a call the evaluator cannot follow, an object of the program, ...), it says so.
// Used by reverse execution past a return (inverse.ts), MCP's predict_arguments and
// `ndbg eval cruxeval` input mode.

import type { Program } from '../../model/format/cfg.js';
import type { CallCheck } from '../engine.js';
import { DEFAULT_CANDIDATES } from '../../model/decode/candidates.js';
import { computeReturn } from '../../model/computed/index.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction, PredictorSession } from '../../model/types.js';
import { evaluate } from '../../pyval/index.js';

export type { CallCheck } from '../engine.js';

/** The outcome of running one candidate call forward. */
export type ForwardRun = { retval: string; stdout: string } | { why: string };

/**
 * The function of `call` (a call event: its frame and arguments) run forward by the
 * evaluator, as `r` from its first line is computed: its return value, or why it
 * cannot be computed.
 */
export function runForward(lines: readonly string[], program: Program | null | undefined, call: ModelState): ForwardRun {
  if (!program || program.error) return { why: 'the script has no control-flow analysis' };
  if (call.event !== 'call' || call.line === null || call.func === null) return { why: 'the candidate is no call' };
  const fn = program.scopes.find((sc) => sc.coName === call.func && sc.callLine === call.line);
  if (fn?.kind !== 'function' || fn.generator) return { why: `${call.func} is no plain function` };
  if (fn.entryLines.length !== 1) return { why: `${call.func}'s first line is not known` };
  const first: ModelState = { ...call, event: 'line', line: fn.entryLines[0]!, stdout: '' };
  const hist: HistoryEntry[] = [
    { action: null, state: call },
    { action: { kind: 'step_into' }, state: first },
  ];
  const ret = computeReturn(lines, first, program, hist, undefined);
  if (!ret?.state || typeof ret.state.retval !== 'string') return { why: `the evaluator cannot run ${call.func} forward on these arguments` };
  return { retval: ret.state.retval, stdout: ret.stdout };
}

/** Two reprs of one value (as the user typed it, as the evaluator wrote it). */
export function sameRepr(a: string, b: string): boolean {
  if (a === b) return true;
  const ra = evaluate(a, { locals: {} });
  const rb = evaluate(b, { locals: {} });
  return ra.ok && rb.ok && ra.repr === rb.repr;
}

/** What to ask and check: the question, the value the call must return, where the forward runs run. */
export interface CheckQuestion {
  history: HistoryEntry[];
  action: ModelAction;
  /** The return value the call must reproduce (a repr). */
  returns: string;
  lines: readonly string[];
  program: Program | null | undefined;
  /** Candidates to look at, at most (default DEFAULT_CANDIDATES). */
  n?: number;
  signal?: AbortSignal;
  /** A candidate worth running forward (default: any call event); others are passed over. */
  accept?: (p: Prediction) => boolean;
}

type Source = Pick<PredictorSession, 'predict'> & Partial<Pick<PredictorSession, 'candidates'>>;

async function* proposals(model: Source, q: CheckQuestion): AsyncGenerator<Prediction> {
  if (model.candidates) {
    yield* model.candidates(q.history, q.action, { n: q.n ?? DEFAULT_CANDIDATES, signal: q.signal });
    return;
  }
  yield await model.predict(q.history, q.action, { signal: q.signal });
}

/**
 * The call the model proposes for `q`, checked: the first candidate the evaluator
 * runs forward to `q.returns` (its values then `checked`), else the model's best.
 * null when the model proposed nothing usable.
 */
export async function checkedCall(model: Source, q: CheckQuestion): Promise<{ prediction: Prediction; check: CallCheck } | null> {
  const accept = q.accept ?? ((p: Prediction) => p.state?.event === 'call');
  // the model's best: its first usable candidate (else its first answer, failed as it is)
  let first: Prediction | null = null;
  let best: Prediction | null = null;
  let bestRun: ForwardRun | null = null;
  let looked = 0;
  let computed = 0;
  let firstWhy: string | null = null;
  for await (const p of proposals(model, q)) {
    first ??= p;
    if (!p.state || p.error || !accept(p)) continue;
    looked++;
    const run = runForward(q.lines, q.program, p.state);
    if (!best) {
      best = p;
      bestRun = run;
    }
    if ('why' in run) {
      firstWhy ??= run.why;
      continue;
    }
    computed++;
    if (sameRepr(run.retval, q.returns)) {
      const origin = Object.fromEntries(Object.keys(p.state.locals).map((k) => [k, 'checked' as const]));
      const rank = looked;
      const which =
        rank === 1
          ? "the model's answer"
          : `the model's candidate ${rank} (its answer returns ${'retval' in bestRun! ? bestRun.retval : 'what the evaluator cannot compute'})`;
      const note = `checked: the evaluator ran ${p.state.func} forward on ${which}, and it returns ${q.returns}`;
      return { prediction: { ...p, origin: { ...p.origin, ...origin } }, check: { origin: 'checked', candidates: looked, computed, rank, note } };
    }
  }
  best ??= first;
  if (!best) return null;
  const check: CallCheck = { origin: 'predicted', candidates: looked, computed, note: '' };
  const func = best.state?.func ?? 'the function';
  if (bestRun && 'retval' in bestRun) check.returns = bestRun.retval;
  if (computed === 0) {
    check.note = `not checked: ${firstWhy ?? 'no candidate to run forward'}; the arguments are the model's prediction`;
  } else {
    check.note =
      `not checked: none of ${looked} candidates returns ${q.returns} when the evaluator runs ${func} forward` +
      `${check.returns !== undefined ? ` (the model's answer returns ${check.returns})` : ''}; the arguments are the model's prediction`;
  }
  return { prediction: best, check };
}
