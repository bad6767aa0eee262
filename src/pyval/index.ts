// pyval: Python values and a side-effect-free evaluator, for the neural engine.
//
// The neural engine never executes the debuggee. A frame's locals are predicted
// repr strings; `p`, `pp`, `display`, breakpoint conditions and `!` edits are
// evaluated here, over those values only.

import { evaluate, evaluateTruth, type EvalOptions, type Scope } from './evaluate.js';
import { pformat } from './pprint.js';
import { strRepr } from './repr.js';
import { PyError, Refusal } from './value.js';

export { evaluate, evaluateTruth, execute, freshInstance, showValue, type EvalOptions, type EvalResult, type ExecResult, type Scope } from './evaluate.js';
export { parseRepr, type ParseReprOptions } from './repr-parse.js';
export { repr, str, floatRepr, strRepr, bytesRepr, failedRepr } from './repr.js';
export { pformat } from './pprint.js';
export { setHashSeed } from './hash.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { PyError, Refusal, typeName, type Value } from './value.js';

/**
 * What pdb prints for `p EXPR` (mode 'p') or `pp EXPR` (mode 'pp'): the repr
 * or pformat of the value, or the `*** ...` error line. `output` is what the
 * expression printed first (print() calls), usually empty.
 */
export function printExpression(expr: string, scope: Scope, mode: 'p' | 'pp' = 'p', opts: EvalOptions = {}): { ok: boolean; text: string; output: string } {
  const r = evaluate(expr, scope, opts);
  if (!r.ok) return { ok: false, text: r.error, output: r.output };
  if (mode === 'p') return { ok: true, text: r.repr, output: r.output };
  try {
    return { ok: true, text: pformat(r.value), output: r.output };
  } catch (e) {
    if (e instanceof PyError) return { ok: false, text: `*** ${e.message}`, output: r.output };
    if (e instanceof Refusal) {
      return {
        ok: false,
        text: `*** ndbg: cannot pretty-print ${strRepr(expr.trim())} without running the program (neural engine): ${e.reason}`,
        output: r.output,
      };
    }
    throw e;
  }
}

/**
 * The value `display EXPR` shows: the repr, or pdb's `** raised Type: msg **`
 * when evaluation fails (refusals read `** ndbg: cannot evaluate ... **`).
 * The engine compares successive strings to decide whether to print.
 */
export function displayValue(expr: string, scope: Scope, opts: EvalOptions = {}): string {
  const r = evaluate(expr, scope, opts);
  if (r.ok) return r.repr;
  return r.refused ? `** ${r.message} **` : `** raised ${r.message} **`;
}

/**
 * A breakpoint condition. pdb stops when the condition is true, and also when
 * evaluating it fails (bdb.effective: "if eval fails, most conservative thing is
 * to stop on breakpoint"); `error` says why, so the engine can show it.
 */
export function evaluateCondition(expr: string, scope: Scope, opts: EvalOptions = {}): { stop: boolean; error?: string } {
  const r = evaluateTruth(expr, scope, opts);
  return r.ok ? { stop: r.truth === true } : { stop: true, error: r.error };
}
