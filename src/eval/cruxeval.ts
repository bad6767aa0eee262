// CruxEval with the neural debugger, as the paper evaluates it.
//
// Output prediction: the program is the sample's code plus a driver line
// `result = f(<input>)`. The history given to the model is that module line and
// the `--Call--` of f with its arguments (known: they are the input), then one
// action predicts the result:
//   step_return  the return event of f: its value is the prediction;
//   breakpoint   a jump to the line after the driver: the prediction is `result`;
//   rollout      single steps from the call until f returns.
// Input prediction: the history is f's return event with the given output; the
// inverse action inv_step_call proposes calls and their arguments, ndbg's evaluator
// runs f forward on each (checked.ts; never CPython), and the first that returns the
// output, else the model's best, is the answer, written as `f(<arguments>)`.
// Scoring is CruxEval's own: `assert <output> == <prediction>` after the code, in
// a sandboxed python3 with a 3 s timeout (sandbox.ts). The model never runs code.

import type { HistoryEntry, ModelAction, Prediction, Predictor, PredictorSession } from '../model/types.js';
import { bindArguments, callFromLocals, modelState, reprOf } from '../engine/neural/call.js';
import { ScriptSource, parseSignature } from '../engine/neural/source.js';
import { checkCorrectness, cruxProgram } from './sandbox.js';
import type { CallCheck } from '../engine/engine.js';
import { checkedCall } from '../engine/neural/checked.js';
import { sourceLines } from '../model/format/format.js';

export interface CruxRow {
  id: string;
  code: string;
  input: string;
  output: string;
}

export type CruxTask = 'output' | 'input';
export type CruxVia = 'step_return' | 'breakpoint' | 'rollout';

export interface CruxResult {
  id: string;
  task: CruxTask;
  via: CruxVia | 'inv_step_call';
  constrain: boolean;
  /** What the model predicted: the output's repr, or `f(...)` for the input task; null if none. */
  prediction: string | null;
  expected: string;
  pass: boolean;
  /** The sandbox's verdict ('passed', 'failed: ...', 'timed out'), or why nothing was checked. */
  result: string;
  /** Model predictions (frames) this sample took, and their time. */
  frames: number;
  latencyMs: number;
  /** Input task: whether the evaluator confirmed the predicted call (generate and check, checked.ts). */
  check?: Omit<CallCheck, 'note'>;
}

export interface CruxOptions {
  task: CruxTask;
  via: CruxVia;
  constrain: boolean;
  /** Single steps a rollout may take before giving up. */
  rolloutCap?: number;
  python?: string;
  timeoutS?: number;
  /** Input task: candidate calls the evaluator runs forward, the first that returns the output taken (default 8; 1: the model's best, checked). */
  candidates?: number;
}

const RESULT = 'result';

/** The driver program: the sample's code, `result = f(<input>)`, then a line to break at. */
export function driverSource(code: string, input: string): { source: string; callLine: number; afterLine: number } {
  const body = code.replace(/\s+$/, '');
  const n = body.split('\n').length;
  return { source: `${body}\n${RESULT} = f(${input})\nprint(${RESULT})\n`, callLine: n + 1, afterLine: n + 2 };
}

interface Asked {
  prediction: string | null;
  why: string;
  frames: number;
  latencyMs: number;
  check?: Omit<CallCheck, 'note'>;
}

/** Predict one sample's answer with the model (no code runs here). */
export async function predictSample(predictor: Predictor, row: CruxRow, o: CruxOptions): Promise<Asked> {
  // input prediction must not show the input: its driver calls f() (the model reads the code)
  const { source, callLine, afterLine } = driverSource(row.code, o.task === 'input' ? '' : row.input);
  const src = new ScriptSource('<cruxeval>', source);
  const d = src.findDefs('f').find((x) => x.kind === 'def' && !x.parent);
  if (!d) return { prediction: null, why: 'the code defines no function f', frames: 0, latencyMs: 0 };
  const params = parseSignature(src.statementText(d.defLine));
  let session: PredictorSession | undefined;
  let frames = 0;
  let latencyMs = 0;
  const ask = async (history: HistoryEntry[], action: ModelAction): Promise<Prediction> => {
    const p = await session!.predict(history, action);
    frames++;
    latencyMs += p.latencyMs;
    return p;
  };
  try {
    session = await predictor.open(source, { constrain: o.constrain, alternatives: false });
    if (o.task === 'input') {
      const returns = src.returnLines(d);
      const ret = modelState({
        event: 'return',
        line: returns.length ? returns[returns.length - 1]! : d.lastLine,
        func: 'f',
        stack: [callLine],
        retval: reprOf(row.output) ?? row.output,
      });
      // the model's candidate calls, each run forward by the evaluator (never CPython): the first that returns the output
      const counted = session;
      const r = await checkedCall(
        {
          predict: (h, a) => ask(h, a),
          ...(counted.candidates
            ? {
                candidates: async function* (h: HistoryEntry[], a: ModelAction, co?: { n?: number }) {
                  for await (const p of counted.candidates!(h, a, co)) {
                    frames++;
                    latencyMs += p.latencyMs;
                    yield p;
                  }
                },
              }
            : {}),
        },
        {
          history: [{ action: null, state: ret }],
          action: { kind: 'inv_step_call' },
          returns: ret.retval!,
          lines: sourceLines(source),
          program: session.program,
          n: o.candidates,
        },
      );
      const p = r?.prediction;
      if (!r || !p?.state) return { prediction: null, why: p?.error ?? 'no state', frames, latencyMs };
      const { note: _note, ...check } = r.check;
      const call = callFromLocals(params, p.state.locals);
      return { prediction: call, why: call ? '' : 'the predicted call lacks arguments of f', frames, latencyMs, check };
    }
    const args = bindArguments(params, row.input);
    if (typeof args === 'string') return { prediction: null, why: args, frames, latencyMs };
    const history: HistoryEntry[] = [
      { action: null, state: modelState({ event: 'line', line: callLine }) },
      { action: { kind: 'step_into' }, state: modelState({ event: 'call', line: d.firstLine, func: 'f', stack: [callLine], locals: args }) },
    ];
    if (o.via === 'step_return') {
      const p = await ask(history, { kind: 'step_return' });
      if (!p.state) return { prediction: null, why: p.error ?? 'no state', frames, latencyMs };
      if (p.state.event !== 'return') return { prediction: null, why: `predicted a ${p.state.event} event, not f's return`, frames, latencyMs };
      return { prediction: p.state.retval ?? 'None', why: '', frames, latencyMs };
    }
    if (o.via === 'breakpoint') {
      const p = await ask(history, { kind: 'breakpoint', line: afterLine });
      if (!p.state) return { prediction: null, why: p.error ?? 'no state', frames, latencyMs };
      const v = p.state.locals[RESULT];
      return { prediction: v ?? null, why: v === undefined ? `no '${RESULT}' at line ${afterLine}` : '', frames, latencyMs };
    }
    const cap = o.rolloutCap ?? 300;
    for (let k = 0; k < cap; k++) {
      const p = await ask(history, { kind: 'step_into' });
      if (!p.state) return { prediction: null, why: p.error ?? 'no state', frames, latencyMs };
      const s = p.state;
      if (s.event === 'exit') return { prediction: null, why: `the program ended (${s.exit}) before f returned`, frames, latencyMs };
      if (s.event === 'return' && s.func === 'f' && s.stack.length === 1) return { prediction: s.retval ?? 'None', why: '', frames, latencyMs };
      history.push({ action: { kind: 'step_into' }, state: s });
    }
    return { prediction: null, why: `f did not return within ${cap} predicted steps`, frames, latencyMs };
  } catch (e) {
    return { prediction: null, why: `the model failed: ${(e as Error).message}`, frames, latencyMs };
  } finally {
    session?.close();
  }
}

/** Predict and score one sample. */
export async function evalSample(predictor: Predictor, row: CruxRow, o: CruxOptions): Promise<CruxResult> {
  const a = await predictSample(predictor, row, o);
  const base = {
    id: row.id,
    task: o.task,
    via: o.task === 'input' ? ('inv_step_call' as const) : o.via,
    constrain: o.constrain,
    prediction: a.prediction,
    expected: o.task === 'output' ? row.output : row.input,
    frames: a.frames,
    latencyMs: Math.round(a.latencyMs * 10) / 10,
    ...(a.check ? { check: a.check } : {}),
  };
  if (a.prediction === null) return { ...base, pass: false, result: `no prediction: ${a.why}` };
  const program = cruxProgram(o.task, row.code, row.input, row.output, a.prediction);
  if (program === null) return { ...base, pass: false, result: "rejected by CruxEval's pre-check" };
  const r = await checkCorrectness(program, { python: o.python, timeoutS: o.timeoutS });
  return { ...base, pass: r.passed, result: r.result };
}

/** Read CruxEval's JSON lines (code, input, output, id). */
export function parseRows(text: string): CruxRow[] {
  const rows: CruxRow[] = [];
  text.split('\n').forEach((l, i) => {
    if (!l.trim()) return;
    let o: Partial<CruxRow>;
    try {
      o = JSON.parse(l) as Partial<CruxRow>;
    } catch (e) {
      throw new Error(`line ${i + 1}: not JSON (${(e as Error).message})`);
    }
    for (const k of ['code', 'input', 'output'] as const) {
      if (typeof o[k] !== 'string') throw new Error(`line ${i + 1}: '${k}' is missing or not a string`);
    }
    rows.push({ id: String(o.id ?? `sample_${i}`), code: o.code!, input: o.input!, output: o.output! });
  });
  return rows;
}
