// The model runtime's API, as the neural engine (src/engine/neural.ts) and the
// evaluation (src/eval/) use it. Keep it stable; docs/runtime.md describes it.

import type { Program } from './format/cfg.js';
import type { ProgramContext } from '../pyval/evaluate.js';

/** A frame of a computed traceback: its function, the line it stood at, its locals (reprs). */
export interface TracebackFrame {
  func: string;
  line: number;
  locals: Record<string, string>;
}

/** A predicted (or given) debugger stop, as the trace format describes it. */
export interface ModelState {
  event: 'call' | 'line' | 'return' | 'exception' | 'exit';
  /** Source line (null for the exit). */
  line: number | null;
  /** The frame's code name (`<module>`, `f`, `<lambda>`, `<listcomp>`, a class name); null for the exit. */
  func: string | null;
  /** Lines of the frames below, outermost first (depth = stack.length). */
  stack: number[];
  /** name -> repr, in frame order. */
  locals: Record<string, string>;
  /** Return events: the returned (or yielded) value's repr. */
  retval?: string | null;
  /** Exception events and an `error` exit: `Type: message`. */
  exception?: string | null;
  /** Written since the previous state (forward actions; '' for inverse ones). */
  stdout: string;
  /** The exit state only. */
  exit?: 'normal' | 'error' | 'never' | null;
}

export type ModelAction =
  | { kind: 'step_into' | 'step_over' | 'step_return' | 'continue' | 'inv_step_into' | 'inv_step_over' | 'inv_step_call' }
  | {
      kind: 'breakpoint';
      line: number;
      /**
       * For `c` with these breakpoint lines (the line among them): the first line event
       * on any of them, at any depth, where every step to it can be computed. Only
       * computation reads it; the model is asked about `line`.
       */
      anywhere?: number[];
    };

export type DeviceChoice = 'auto' | 'cpu' | 'cuda' | 'webgpu';

export interface PredictorOptions {
  /** A model directory, or the name of one under models/ (default: models/default, else the newest). */
  modelDir?: string;
  device?: DeviceChoice;
  /** CPU threads for ONNX Runtime (default: its own choice, all cores). */
  threads?: number;
  /** Python for the control-flow analysis (default `python3`). */
  python?: string;
}

export interface PredictorInfo {
  /** The model directory's name. */
  name: string;
  /** The device that runs: cpu, cuda or webgpu. */
  device: string;
  params?: number;
  dir?: string;
  /** The model's context window in tokens. */
  window?: number;
  /** CPU threads ONNX Runtime uses (cpu device). */
  threads?: number;
  /** Warnings for the user: a device asked for that could not be used. */
  warnings?: string[];
  /** Why faster devices were skipped (auto). */
  notes?: string[];
}

export interface OpenOptions {
  stdin?: string;
  /** Constrained decoding (default true). */
  constrain?: boolean;
  /** Runner-up values where the model is unsure (default true; Prediction.alternatives). */
  alternatives?: boolean;
  /** Branches decoded again from their runner-up, the likeliest state kept (rerank.ts; default RERANK_WIDTH). */
  rerank?: number;
}

export interface Confidence {
  /** The probability the model gave the predicted event and line. */
  line: number;
  /**
   * Per value written in this prediction: a local's name, `<retval>`, `<exception>`,
   * `<stdout>`. The probability of the value's exact text (its tokens' probabilities
   * multiplied, times the probability that it ends there). Locals a diff carries over
   * unchanged are absent.
   */
  values: Record<string, number>;
}

/**
 * Where a value of a stop comes from: `computed` by the evaluator from the state
 * before it (src/model/computed/, an edit), `predicted` by the model, `checked` (a
 * model candidate the evaluator ran forward and confirmed: inverse execution), or
 * `real`, read from the running program (the python engine, `--verify`).
 */
export type ValueOrigin = 'computed' | 'predicted' | 'checked' | 'real';

export interface Prediction {
  /** null when the output could not be read as a state (see `error`). */
  state: ModelState | null;
  confidence: Confidence;
  /**
   * Where each value this prediction wrote comes from, keyed like `confidence.values`
   * (a local's name, `<retval>`, `<exception>`, `<stdout>`): `computed` where the
   * evaluator worked it out, else absent (the model's: `predicted`).
   */
  origin?: Record<string, ValueOrigin>;
  /**
   * An exception the step raised, computed: the program's frames it passed through,
   * outermost first (the step's own frame first, the frame that raised it last), each
   * at its line with its locals. Absent for a predicted exception.
   */
  traceback?: TracebackFrame[];
  /** The model's output as text (specials as <|name|>). */
  text: string;
  latencyMs: number;
  /** Tokens written (including any the grammar had to complete). */
  tokens: number;
  /** Set when the prediction is unusable or partial; the session stays usable. */
  error?: string;
  /** Set when the script was too long for the model's context and only a part was shown. */
  warning?: string;
  /** Set when the greedy decoding failed and another way was taken (src/model/decode/escape.ts): what happened, for the user. */
  notice?: string;
  /**
   * Where the model was unsure of a value (confidence below 0.6): the runner-up values
   * and their probabilities, most likely first, keyed like `confidence.values`
   * (a local's name, `<retval>`). src/model/decode/alternatives.ts.
   */
  alternatives?: Record<string, Array<{ value: string; p: number }>>;
}

export interface HistoryEntry {
  /** The action that led here; null for the first state (or a restart, e.g. after an edit). */
  action: ModelAction | null;
  state: ModelState;
}

export interface PredictOptions {
  signal?: AbortSignal;
}

export interface PredictorSession {
  /** The first line event of the module, from the source alone (entry line, `<module>`, no locals). */
  initialState(): ModelState;
  /**
   * The state `action` leads to after `history` (non-empty; its last state is where the
   * debugger is). Rejects with an AbortError when `signal` aborts.
   */
  predict(history: HistoryEntry[], action: ModelAction, opts?: PredictOptions): Promise<Prediction>;
  /**
   * Several states `action` may lead to, most likely first (the first is `predict`'s),
   * at most `n`, lazily: for generate-and-check (src/model/decode/candidates.ts). Optional: a
   * session without it answers with `predict` alone.
   */
  candidates?(history: HistoryEntry[], action: ModelAction, opts?: PredictOptions & { n?: number }): AsyncIterable<Prediction>;
  /**
   * The program's objects the locals of `state` hold, where the session's computed steps
   * built them (a copy), for evaluating expressions over them; null where none are known.
   */
  objectsAt?(state: ModelState): ProgramContext | null;
  /** The script's control-flow analysis, when it has one: what computed steps and checks run on. */
  program?: Program | null;
  /** Release the session's cache. */
  close(): void;
  /** The trace format the model was trained on (docs/format.md "Versions"); absent: the current one. */
  readonly formatVersion?: number;
}

export interface Predictor {
  info: PredictorInfo;
  open(source: string, opts?: OpenOptions): Promise<PredictorSession>;
  close(): Promise<void>;
}
