// The paper's world-model uses of the neural debugger, without a session and
// without running anything: what a call `f(args)` returns (output prediction:
// f's call with its arguments, then one step_return), and which arguments make
// `f` return a given value (input prediction: f's return with that value, then
// the inverse action inv_step_call, its candidates run forward by the evaluator
// and the first that returns the value taken: checked.ts). Set up as
// ../engine/neural/call.ts sets up calls (as CruxEval's are set up), for any top-level function of the given
// code, with the model's confidence in each predicted value.

import type { HistoryEntry, ModelAction, Prediction, Predictor } from '../model/types.js';
import { ScriptSource, parseSignature, type FunctionDef, type Param } from '../engine/neural/source.js';
import { bindArguments, callFromLocals, modelState, reprOf } from '../engine/neural/call.js';
import { UserError } from '../engine/errors.js';
import type { CallCheck } from '../engine/engine.js';
import { checkedCall } from '../engine/neural/checked.js';
import { sourceLines } from '../model/format/format.js';

export interface ReturnPrediction {
  function: string;
  arguments: string;
  /** The predicted return value's repr (null when the model predicts an exception). */
  returns: string | null;
  /** The predicted exception (`Type: message`), when the model predicts one. */
  raises: string | null;
  /** The model's probability of that value (or exception), 0..1. */
  confidence: number | null;
  /** Where it is unsure: the runner-up return values and their probabilities (Prediction.alternatives). */
  alternatives: Array<{ value: string; p: number }>;
  /** What the model predicts the call prints. */
  stdout: string;
}

export interface ArgumentsPrediction {
  function: string;
  returns: string;
  /** The predicted call, `f(a, b)`; null when the model left a parameter out. */
  call: string | null;
  /**
   * Each parameter's value (null: the model predicted none for it), the model's
   * confidence, and where it comes from: `checked` when the evaluator ran the function
   * forward on the call and it returned the value, else `predicted`.
   */
  arguments: Array<{ name: string; value: string | null; confidence: number | null; origin: 'checked' | 'predicted' }>;
  /** Generate and check (src/engine/neural/checked.ts): candidates looked at, run forward, which one checked, why not. */
  check: CallCheck;
  /** Variables the model put in the call frame that are no parameters (a wrong prediction). */
  otherLocals?: Record<string, string>;
}

export interface PredictionMeta {
  model: string;
  latencyMs: number;
}

const round = (x: number | undefined): number | null => (x === undefined ? null : Math.round(x * 1000) / 1000);

/** The code with a driver line that calls `func`; the def and its parameters. */
function setUp(code: string, func: string, call: string): { source: string; src: ScriptSource; def: FunctionDef; params: Param[]; callLine: number } {
  const body = code.replace(/\s+$/, '');
  const callLine = body.split('\n').length + 1;
  const source = `${body}\n_result = ${call}\nprint(_result)\n`;
  const src = new ScriptSource('<code>', source);
  const def = src.findDefs(func).find((d) => d.kind === 'def' && !d.parent);
  if (!def) throw new UserError(`the code defines no top-level function '${func}': give the name of a function defined with 'def' at the top level`);
  return { source, src, def, params: parseSignature(src.statementText(def.defLine)), callLine };
}

/** Loads the model once, on first use, and answers predictions with it. */
export class WorldModel {
  private predictor?: Promise<Predictor>;

  constructor(private readonly options: { model?: string; python?: string } = {}) {}

  private load(): Promise<Predictor> {
    this.predictor ??= import('../model/predictor.js').then(async (m) => {
      try {
        return await m.loadPredictor({ modelDir: this.options.model, python: this.options.python });
      } catch (e) {
        this.predictor = undefined;
        throw new UserError(`the model could not be loaded: ${(e as Error).message}`);
      }
    });
    return this.predictor;
  }

  private async ask(source: string, history: HistoryEntry[], action: ModelAction): Promise<{ p: Prediction; meta: PredictionMeta }> {
    const predictor = await this.load();
    const session = await predictor.open(source, { constrain: true });
    try {
      const p = await session.predict(history, action);
      if (!p.state) throw new UserError(`the model's prediction could not be read (${p.error ?? 'no state'}); try again, or debug it with a 'python' session`);
      return { p, meta: { model: predictor.info.name, latencyMs: Math.round(p.latencyMs) } };
    } finally {
      session.close();
    }
  }

  /** The call before a return of `returns`: the model's candidates, the first the evaluator runs forward to it (checked.ts). */
  private async askChecked(source: string, history: HistoryEntry[], returns: string): Promise<{ p: Prediction; meta: PredictionMeta; check: CallCheck }> {
    const predictor = await this.load();
    const session = await predictor.open(source, { constrain: true, alternatives: false });
    const t0 = performance.now();
    try {
      const action: ModelAction = { kind: 'inv_step_call' };
      const r = await checkedCall(session, { history, action, returns, lines: sourceLines(source), program: session.program });
      const p = r?.prediction;
      if (!r || !p?.state)
        throw new UserError(`the model's prediction could not be read (${p?.error ?? 'no state'}); try again, or debug it with a 'python' session`);
      return { p, meta: { model: predictor.info.name, latencyMs: Math.round(performance.now() - t0) }, check: r.check };
    } finally {
      session.close();
    }
  }

  /** What `func(args)` returns: its call with the given arguments, then step_return. */
  async predictReturn(code: string, func: string, args: string): Promise<ReturnPrediction & PredictionMeta> {
    const { source, def, params, callLine } = setUp(code, func, `${func}(${args})`);
    const locals = bindArguments(params, args);
    if (typeof locals === 'string')
      throw new UserError(`cannot bind the arguments '${args}' to ${func}: ${locals} (give Python literals, e.g. '3, [1, 2]', 'n=4')`);
    const history: HistoryEntry[] = [
      { action: null, state: modelState({ event: 'line', line: callLine }) },
      { action: { kind: 'step_into' }, state: modelState({ event: 'call', line: def.firstLine, func, stack: [callLine], locals }) },
    ];
    const { p, meta } = await this.ask(source, history, { kind: 'step_return' });
    const s = p.state!;
    const out = { function: func, arguments: args, stdout: s.stdout ?? '', ...meta };
    if (s.event === 'exception' || (s.event === 'exit' && s.exception)) {
      return { ...out, returns: null, raises: s.exception ?? 'an exception', confidence: round(p.confidence.values['<exception>']), alternatives: [] };
    }
    if (s.event !== 'return')
      throw new UserError(`the model predicted a ${s.event} event, not the return of ${func}; try again, or run it in a 'python' session`);
    const alternatives = (p.alternatives?.['<retval>'] ?? []).map((x) => ({ value: x.value, p: round(x.p)! }));
    return { ...out, returns: s.retval ?? 'None', raises: null, confidence: round(p.confidence.values['<retval>']), alternatives };
  }

  /** Arguments for which `func` returns `returns`: its return with that value, then inv_step_call. */
  async predictArguments(code: string, func: string, returns: string): Promise<ArgumentsPrediction & PredictionMeta> {
    const value = reprOf(returns);
    if (value === null)
      throw new UserError(`'${returns}' is not a Python literal ndbg can read: give the value as Python writes it, e.g. '[1, 2]', "'abc'", 'None'`);
    // the call's arguments are what is asked: the driver line names none
    const { source, src, def, params, callLine } = setUp(code, func, `${func}()`);
    const rets = src.returnLines(def);
    const ret = modelState({ event: 'return', line: rets.length ? rets[rets.length - 1]! : def.lastLine, func, stack: [callLine], retval: value });
    const { p, meta, check } = await this.askChecked(source, [{ action: null, state: ret }], value);
    const s = p.state!;
    if (s.event !== 'call' || s.func !== func) {
      throw new UserError(
        `the model predicted no call of ${func} (it predicted a ${s.event} event${s.func ? ` in ${s.func}` : ''}); try another value, or a 'python' session`,
      );
    }
    const call = callFromLocals(params, s.locals);
    const names = new Set(params.map((q) => q.name));
    const other = Object.fromEntries(Object.entries(s.locals).filter(([k]) => !names.has(k)));
    return {
      function: func,
      returns: value,
      call: call ? `${func}${call.slice(1)}` : null,
      arguments: params.map((q) => ({
        name: q.name,
        value: s.locals[q.name] ?? null,
        confidence: round(p.confidence.values[q.name]),
        origin: p.origin?.[q.name] === 'checked' ? ('checked' as const) : ('predicted' as const),
      })),
      ...(Object.keys(other).length ? { otherLocals: other } : {}),
      check,
      ...meta,
    };
  }

  async close(): Promise<void> {
    const p = this.predictor;
    this.predictor = undefined;
    if (p) await (await p.catch(() => undefined))?.close();
  }
}
