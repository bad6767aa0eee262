// The model runtime's entry point: load a model, open a session per script, predict
// the state each debugger action leads to. A session reads the script's code context
// once (the key/value cache keeps it), builds prompts the way training windows are
// packed (docs/format.md, "Windows"), and decodes under the grammar and control-flow
// constraints unless asked not to. Nothing here runs the debuggee: the control-flow
// analysis only parses it.

import { availableParallelism } from 'node:os';
import { DEFAULT_CFG_TARGET, Program } from './format/cfg.js';
import { attributeRule } from './decode/attrNames.js';
import { allowedTargets, openAllowed } from './decode/constraints.js';
import { contextBudget, defsOf, describeSelection, owners, selectLines, type ContextDef } from './format/contextSelect.js';
import { alternativesOf, DEFAULT_ALTERNATIVES, type Alternative } from './decode/alternatives.js';
import { AbortError, KvCache, generate, type Generated } from './decode/decode.js';
import {
  BOS,
  Malformed,
  NUM_SPECIAL_SLOTS,
  SPECIAL_ID,
  decodeState,
  encodeAction,
  encodeContext,
  encodeState,
  FORMAT_VERSION,
  forVersion,
  makeState,
  sourceLines,
  type ActionName,
  type State,
} from './format/format.js';
import { StateGrammar } from './decode/grammar.js';
import { computeStep, withComputed, type ComputedStep } from './computed/index.js';
import { holeTemplates } from './computed/holes.js';
import { hasHoles } from './decode/templateAuto.js';
import { objectsAt } from './computed/objects.js';
import { initialState } from './initialState.js';
import { escapeLoop } from './decode/escape.js';
import { rerank, RERANK_WIDTH } from './decode/rerank.js';
import { candidateStates, DEFAULT_CANDIDATES } from './decode/candidates.js';
import { ownReprs } from './decode/reprAuto.js';
import { ModelError, OnnxModel, loadModelFiles, openSession, resolveModelDir, type ModelFiles } from './runtime/onnx.js';
import type { Tokenizer } from './format/tokenizer.js';
import type { ProgramContext } from '../pyval/evaluate.js';
import type {
  Confidence,
  HistoryEntry,
  ModelAction,
  ModelState,
  OpenOptions,
  PredictOptions,
  Prediction,
  Predictor,
  PredictorInfo,
  PredictorOptions,
  PredictorSession,
  ValueOrigin,
} from './types.js';

export { AbortError, ModelError };
export type * from './types.js';

/** Tokens kept free for the answer when a prompt is packed (as examples.build_prompt's room). */
export const ANSWER_ROOM = 256;
/** Tokens an action may take (`<|breakpoint|>` and up to 7 digits): fixed so packing does not depend on it. */
const ACTION_ALLOWANCE = 8;

// --- conversions ------------------------------------------------------------------------

export function toFormatState(s: ModelState): State {
  if (s.event === 'exit') {
    return makeState('exit', { exit: s.exit ?? 'normal', exception: s.exception ?? null, stdout: s.stdout ?? '' });
  }
  if (typeof s.line !== 'number' || !Number.isInteger(s.line) || s.line < 1) {
    throw new TypeError(`a ${s.event} state needs a line number (got ${String(s.line)})`);
  }
  return makeState(s.event, {
    line: s.line,
    func: s.func ?? '<module>',
    stack: [...(s.stack ?? [])],
    locals: s.locals ?? {},
    retval: s.event === 'return' ? (s.retval ?? 'None') : null,
    exception: s.exception ?? null,
    stdout: s.stdout ?? '',
  });
}

export function toModelState(s: State): ModelState {
  return {
    event: s.event,
    line: s.line,
    func: s.func,
    stack: [...s.stack],
    locals: s.locals,
    retval: s.retval,
    exception: s.exception,
    stdout: s.stdout,
    exit: s.exit,
  };
}

/** Output longer than this is cut to its end in prompts: one print loop must not fill the window. */
const PROMPT_STDOUT_LIMIT = 512;

/** A history state as prompts show it, to a model trained on format `version` (no attribute entries for 1). */
function promptState(s: ModelState, version: number): State {
  const st = forVersion(toFormatState(s), version);
  if (st.stdout.length > PROMPT_STDOUT_LIMIT) st.stdout = st.stdout.slice(-PROMPT_STDOUT_LIMIT);
  return st;
}

function actionName(a: ModelAction): { name: ActionName; arg: number | null } {
  if (a.kind === 'breakpoint') {
    if (!Number.isInteger(a.line) || a.line < 1) throw new TypeError(`a breakpoint action needs a line number (got ${String(a.line)})`);
    return { name: 'breakpoint', arg: a.line };
  }
  return { name: a.kind, arg: null };
}

// --- confidence ---------------------------------------------------------------------------

/**
 * Per-value and per-line confidence from the generated tokens: the product of the
 * probabilities of a field's tokens, times the probability mass on special tokens at
 * the step that ended it (the probability that the field ends exactly there).
 */
export function confidenceOf(gen: Generated, bytesOf: readonly Uint8Array[]): Confidence {
  const { ids, probs, specialMass } = gen;
  const conf: Confidence = { line: 0, values: {} };
  const mass = (j: number) => (j < ids.length && !Number.isNaN(specialMass[j]!) ? specialMass[j]! : 0);
  let i = 0;
  while (i < ids.length) {
    const head = ids[i]!;
    let j = i + 1;
    while (j < ids.length && ids[j]! >= NUM_SPECIAL_SLOTS) j++;
    const run = ids.slice(i + 1, j);
    const runProbs = probs.slice(i + 1, j);
    const product = (ps: number[]) => ps.reduce((a, b) => a * b, 1);
    if (i === 0) {
      conf.line = probs[0]! * product(runProbs) * mass(j);
    } else if (head === SPECIAL_ID.var) {
      const bytes = run.map((id) => bytesOf[id]!);
      const text = Buffer.concat(bytes);
      const eq = text.indexOf(0x3d);
      let pos = 0;
      let p = 1;
      for (let k = 0; k < run.length; k++) {
        pos += bytes[k]!.length;
        if (pos > eq + 1) p *= runProbs[k]!;
      }
      if (eq >= 0) conf.values[text.subarray(0, eq).toString('utf8')] = p * mass(j);
    } else if (head === SPECIAL_ID.retval) {
      conf.values['<retval>'] = product(runProbs) * mass(j);
    } else if (head === SPECIAL_ID.exc) {
      conf.values['<exception>'] = product(runProbs) * mass(j);
    } else if (head === SPECIAL_ID.out) {
      conf.values['<stdout>'] = product(runProbs) * mass(j);
    }
    i = j;
  }
  return conf;
}

// --- the session -----------------------------------------------------------------------------

/**
 * The confidence of a value computed from the state before it (computed/): no model
 * probability, so 1, with `origin` saying `computed` (docs/json.md). Computed values
 * are exact given the state they were computed from (docs/runtime.md, "Computed
 * steps"); the chance that that state was wrongly predicted shows in its own values.
 */
const COMPUTED_CONFIDENCE = 1;

/** The values a computed step worked out: the keys of `confidence.values` and `origin` it sets. */
function computedKeys(step: ComputedStep, before: ModelState): string[] {
  const reached = step.state;
  // in another frame than before's, every value shown was worked out (none is before's)
  const moved =
    reached && (reached.func !== before.func || reached.stack.length !== before.stack.length || reached.stack.some((l, i) => l !== before.stack[i]));
  const keys = reached
    ? [
        ...Object.keys(reached.locals).filter((k) => moved || reached.locals[k] !== before.locals[k]),
        ...(reached.retval != null ? ['<retval>'] : []),
        ...(reached.exception != null ? ['<exception>'] : []),
      ]
    : step.retval !== undefined
      ? ['<retval>']
      : step.call
        ? Object.keys(step.call.locals)
        : [...Object.keys(step.changes), ...(step.unchanged ?? [])];
  return step.stdout ? [...keys, '<stdout>'] : keys;
}

const GENERIC_FUNCS = ['<module>', '<lambda>', '<listcomp>', '<dictcomp>', '<setcomp>', '<genexpr>'];

function staticFuncs(source: string): Set<string> {
  const names = new Set(GENERIC_FUNCS);
  for (const m of source.matchAll(/^\s*(?:async\s+)?(?:def|class)\s+([A-Za-z_][A-Za-z0-9_]*)/gm)) names.add(m[1]!);
  return names;
}

/** Serializes model calls: one ONNX session, one forward pass at a time. */
class Lock {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(fn, fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

export interface SessionOptions extends OpenOptions {
  /** Reuse the key/value cache across predictions (default true; false re-reads every prompt). */
  cache?: boolean;
  /** Most tokens one prediction may write (default: what the window leaves, at least 256). */
  maxTokens?: number;
  /** Tokens kept free for the answer when packing a prompt (default 256). */
  room?: number;
  /** Override the model's context window (tests). */
  window?: number;
  /** Work out what a step's own statement does where pyval can (computed/; default true). */
  compute?: boolean;
  /** Drafted tokens checked per forward pass (prompt lookup; default 6, 0 = off). */
  speculate?: number;
  /**
   * How a script longer than the window is shown: `select` (docs/format.md, "Context
   * selection") or `window` (contiguous lines around the focus). Default: NDBG_CONTEXT,
   * else what the model was trained on (NeuralSession.contextMode).
   */
  context?: 'select' | 'window';
}

/** A context selection (contextSelect.ts) and its ids. */
interface Selection {
  shown: Set<number>;
  cost: number;
  ids: number[];
  warning: string;
}

export class NeuralSession implements PredictorSession {
  readonly notes: string[] = [];
  readonly cache: KvCache;
  private readonly tok: Tokenizer;
  private readonly window: number;
  private readonly room: number;
  private readonly constrain: boolean;
  private readonly fullContext: number[];
  private span: [number, number] | null = null;
  private lineIds: number[][] | null = null;
  private defs: ContextDef[] | null = null;
  private owner: Int32Array | null = null;
  /** The current selection per focus definition (its index in defs; -1: the module). */
  private readonly selections = new Map<number, Selection>();
  private readonly memo = new Map<string, number[]>();
  private readonly keys = new WeakMap<ModelState, string>();
  /** The script's lines, and whether it writes its own reprs (reprAuto.ts): fixed for the session. */
  private readonly lines: string[];
  private readonly ownReprs: boolean;
  /** The trace format the model was trained on (config.json; docs/format.md "Versions"). */
  readonly formatVersion: number;
  private closed = false;

  constructor(
    private readonly files: ModelFiles,
    model: OnnxModel,
    private readonly lock: Lock,
    readonly source: string,
    readonly stdin: string,
    public program: Program | null,
    private readonly opts: SessionOptions,
  ) {
    this.tok = files.tokenizer;
    this.cache = new KvCache(model, opts.cache !== false);
    this.window = opts.window ?? files.window;
    this.room = opts.room ?? ANSWER_ROOM;
    this.constrain = opts.constrain !== false;
    this.fullContext = this.tok.encodeItems(encodeContext(source, stdin));
    this.lines = sourceLines(source);
    this.ownReprs = ownReprs(source);
    this.formatVersion = files.config.format_version ?? FORMAT_VERSION;
  }

  objectsAt(state: ModelState): ProgramContext | null {
    return objectsAt(this.lines, state);
  }

  /** Read the code context into the cache (when it fits the window whole). */
  async warmUp(): Promise<void> {
    if (this.opts.cache === false || this.fullContext.length + ACTION_ALLOWANCE + this.room > this.window) return;
    await this.cache.prefill(this.fullContext);
  }

  initialState(): ModelState {
    return initialState(this.program, this.source);
  }

  private keyOf(s: ModelState): string {
    let k = this.keys.get(s);
    if (k === undefined) {
      k = JSON.stringify([
        s.event,
        s.line,
        s.func,
        s.stack,
        Object.entries(s.locals ?? {}),
        s.retval ?? null,
        s.exception ?? null,
        s.stdout ?? '',
        s.exit ?? null,
      ]);
      this.keys.set(s, k);
    }
    return k;
  }

  private memoized(key: string, make: () => number[]): number[] {
    let v = this.memo.get(key);
    if (v === undefined) {
      if (this.memo.size > 8192) this.memo.clear();
      v = make();
      this.memo.set(key, v);
    }
    return v;
  }

  private completeIds(s: ModelState): number[] {
    return this.memoized(`C${this.keyOf(s)}`, () => this.tok.encodeItems(encodeState(promptState(s, this.formatVersion))));
  }

  private pairIds(a: ModelAction, prev: ModelState, s: ModelState): number[] {
    const { name, arg } = actionName(a);
    return this.memoized(`P${name}:${arg}|${this.keyOf(prev)}|${this.keyOf(s)}`, () => [
      ...this.tok.encodeItems(encodeAction(name, arg)),
      ...this.tok.encodeItems(encodeState(promptState(s, this.formatVersion), promptState(prev, this.formatVersion), name)),
    ]);
  }

  /**
   * How a script longer than the window is shown: the session's option, else
   * NDBG_CONTEXT, else `select` for a model trained on selected contexts (its data's
   * builder config says `select_context`) and the contiguous `window` for one trained
   * before them (measured on the shipped v2: docs/training.md, "Long programs").
   */
  contextMode(): 'select' | 'window' {
    const env = process.env.NDBG_CONTEXT;
    if (this.opts.context) return this.opts.context;
    if (env === 'select' || env === 'window') return env;
    const built = (this.files.config.data_meta?.config ?? {}) as { select_context?: unknown };
    return built.select_context === true ? 'select' : 'window';
  }

  /**
   * The code context for a state at `focus` with callers `stack`: the whole script, or
   * the lines the context selection chooses (docs/format.md, "Context selection"). A
   * selection is kept per focus definition while it shows the focus line, so the
   * key/value cache stays valid while the program runs inside one function.
   */
  private context(focus: number | null, stack: readonly number[], budget: number): { ids: number[]; warning?: string } {
    if (this.fullContext.length <= budget) return { ids: this.fullContext };
    const lines = this.lines;
    if (!this.lineIds) this.lineIds = lines.map((t, k) => this.tok.encode(`${k + 1} ${t}\n`));
    const head = [BOS, SPECIAL_ID.code];
    const tail = this.stdin ? [SPECIAL_ID.stdin, ...this.tok.encode(this.stdin)] : [];
    if (this.contextMode() === 'select') {
      const avail = Math.min(budget, contextBudget(this.window)) - head.length - tail.length;
      if (!this.defs || !this.owner) {
        this.defs = defsOf(this.program);
        this.owner = owners(this.defs, lines.length);
      }
      const f = Math.min(Math.max(focus || 1, 1), lines.length);
      const key = this.owner[f] ?? -1;
      let sel = this.selections.get(key);
      if (!sel?.shown.has(f) || sel.cost > avail) {
        const chosen = selectLines(
          lines,
          this.lineIds.map((x) => x.length),
          this.defs,
          focus,
          stack,
          avail,
        );
        const ids = [...head];
        for (const k of chosen) ids.push(...this.lineIds[k - 1]!);
        ids.push(...tail);
        sel = {
          shown: new Set(chosen),
          cost: ids.length - head.length - tail.length,
          ids,
          warning:
            `the script is ${this.fullContext.length} tokens, more than the model's context allows (window ${this.window}): ` +
            `the model sees ${describeSelection(chosen, this.defs, lines.length)}`,
        };
        this.selections.set(key, sel);
      }
      return { ids: sel.ids, warning: sel.warning };
    }
    const avail = budget - head.length - tail.length;
    const cost = (a: number, b: number) => {
      let n = 0;
      for (let k = a; k <= b; k++) n += this.lineIds![k - 1]!.length;
      return n;
    };
    const center = Math.min(Math.max(focus ?? 1, 1), lines.length);
    // keep the previous window while it shows the focus: the cache stays valid
    if (!this.span || center < this.span[0] || center > this.span[1] || cost(this.span[0], this.span[1]) > avail) {
      let lo = center;
      let hi = center;
      let used = this.lineIds[center - 1]!.length;
      for (let grew = true; grew; ) {
        grew = false;
        if (hi < lines.length && used + this.lineIds[hi]!.length <= avail) {
          used += this.lineIds[hi]!.length;
          hi++;
          grew = true;
        }
        if (lo > 1 && used + this.lineIds[lo - 2]!.length <= avail) {
          used += this.lineIds[lo - 2]!.length;
          lo--;
          grew = true;
        }
      }
      this.span = [lo, hi];
    }
    const [lo, hi] = this.span;
    const ids = [...head];
    for (let k = lo; k <= hi; k++) ids.push(...this.lineIds[k - 1]!);
    ids.push(...tail);
    return {
      ids,
      warning:
        `the script is ${this.fullContext.length} tokens, more than the model's context allows (window ${this.window}): ` +
        `the model sees lines ${lo}-${hi} of ${lines.length}`,
    };
  }

  /**
   * The prompt for `action` after `history`: the context, then the history packed as
   * training windows are (a window restarts from the state before the pair that no
   * longer fits, written complete), then the action.
   */
  prompt(history: HistoryEntry[], action: ModelAction): { ids: number[]; warning?: string } {
    const { name, arg } = actionName(action);
    const tail = this.tok.encodeItems(encodeAction(name, arg));
    const last = history[history.length - 1]!.state;
    const lastComplete = this.completeIds(last);
    const focus = action.kind === 'breakpoint' && last.line === null ? action.line : last.line;
    const ctxBudget = this.window - this.room - ACTION_ALLOWANCE - lastComplete.length;
    const ctx = this.context(focus, last.stack ?? [], Math.max(ctxBudget, Math.floor((this.window - this.room) / 2)));
    const budget = this.window - this.room - ctx.ids.length - ACTION_ALLOWANCE;
    let start = 0;
    let used = this.completeIds(history[0]!.state).length;
    for (let k = 1; k < history.length; k++) {
      const e = history[k]!;
      const unit = e.action ? this.pairIds(e.action, history[k - 1]!.state, e.state).length : this.completeIds(e.state).length;
      if (used + unit <= budget) {
        used += unit;
      } else if (e.action) {
        start = k - 1;
        used = this.completeIds(history[k - 1]!.state).length + unit;
      } else {
        start = k;
        used = unit;
      }
    }
    if (used > budget) start = history.length - 1;
    const ids = [...ctx.ids, ...this.completeIds(history[start]!.state)];
    for (let k = start + 1; k < history.length; k++) {
      const e = history[k]!;
      ids.push(...(e.action ? this.pairIds(e.action, history[k - 1]!.state, e.state) : this.completeIds(e.state)));
    }
    ids.push(...tail);
    return { ids, warning: ctx.warning };
  }

  /** What one question to the model needs: its prompt, grammar and decoding options. */
  /** What the step's own statement does, worked out once per question (computed/); null where it cannot be, or where computing is off. */
  private computed(history: HistoryEntry[], action: ModelAction, opts: { teacher?: ModelState }): ComputedStep | null {
    if (opts.teacher || this.opts.compute === false) return null;
    return computeStep(this.lines, history[history.length - 1]!.state, action, this.program, history);
  }

  private setup(history: HistoryEntry[], action: ModelAction, opts: PredictOptions & { teacher?: ModelState }, step: ComputedStep | null) {
    if (this.closed) throw new Error('predict on a closed session');
    if (!history.length) throw new TypeError('predict needs a history with at least the current state');
    const { name, arg } = actionName(action);
    const before = history[history.length - 1]!.state;
    const beforeState = forVersion(toFormatState(before), this.formatVersion);
    const prompt = this.prompt(history, action);
    let grammar: StateGrammar | null = null;
    // what the step stores that only the program knows: the rest of the values it changes is computed (computed/holes.ts)
    const templates =
      this.constrain && !opts.teacher && this.opts.compute !== false && (action.kind === 'step_over' || action.kind === 'step_into') && !step
        ? holeTemplates(this.lines, before, action, this.program)
        : null;
    if (this.constrain) {
      const allowed = this.program
        ? allowedTargets(this.program, name, beforeState, arg)
        : openAllowed(name, beforeState, this.lines.length, staticFuncs(this.source));
      const own = this.ownReprs;
      // a format-2 model writes attribute entries (attrNames.ts); a format-1 model none
      const attributes = attributeRule(this.formatVersion, this.program?.attributes ?? null, beforeState);
      const plain = this.program?.plainClasses ?? null;
      grammar = new StateGrammar(allowed, own, attributes, plain, templates);
      if (!grammar.satisfiable()) {
        grammar = new StateGrammar(openAllowed(name, beforeState, this.lines.length, this.program?.coNames), own, attributes, plain);
      }
    }
    const left = this.window - prompt.ids.length;
    const maxTokens = this.opts.maxTokens ?? Math.max(this.room, left);
    const decoding = {
      maxTokens,
      vocabLimit: this.tok.vocabSize,
      bytesOf: this.tok.bytesOf,
      signal: opts.signal,
      speculate: this.opts.speculate,
      teacher: opts.teacher ? this.tok.encodeItems(encodeState(toFormatState(opts.teacher), beforeState, name)) : undefined,
    };
    return { before, beforeState, prompt, grammar, maxTokens, decoding, templates, step };
  }

  /**
   * Predict the state `action` leads to. `opts.teacher` (measurements, scoring) makes
   * the model write that state instead of its own choice, at the same cost.
   */
  async predict(history: HistoryEntry[], action: ModelAction, opts: PredictOptions & { teacher?: ModelState } = {}): Promise<Prediction> {
    const t0 = performance.now();
    const step = this.computed(history, action, opts);
    const whole = step && this.computedWhole(step, history, t0);
    if (whole) return whole;
    const q = this.setup(history, action, opts, step);
    const { prompt, grammar, decoding } = q;
    let alternatives: Record<string, Alternative[]> = {};
    let notice: string | undefined;
    const gen = await this.lock.run(async () => {
      let greedy = await generate(this.cache, prompt.ids, { ...decoding, grammar });
      if ((greedy.stop === 'repeat' || greedy.stop === 'stuck') && grammar) {
        // a loop, or a decoding the grammar stopped, is no state: the runner-up where the model was last unsure before it (escape.ts)
        const escaped = await escapeLoop(this.cache, prompt.ids, greedy, { ...decoding, grammar });
        if (escaped) {
          const loop = greedy.loop;
          const what = loop
            ? `the model fell into a loop (a ${loop.period}-token pattern repeated over ${loop.span} tokens)`
            : `constrained decoding found no way on (${greedy.failure})`;
          notice = `${what}; its runner-up at token ${escaped.at + 1} was decoded instead`;
          greedy = escaped.gen;
        }
      }
      const g = await rerank(this.cache, prompt.ids, greedy, decoding, this.opts.rerank ?? RERANK_WIDTH);
      if (!opts.teacher && this.opts.alternatives !== false) {
        alternatives = await alternativesOf(this.cache, prompt.ids, g, confidenceOf(g, this.tok.bytesOf).values, this.tok.bytesOf, {
          ...DEFAULT_ALTERNATIVES,
          signal: opts.signal,
        });
      }
      return g;
    });
    return this.read(gen, q, { alternatives, notice, t0 });
  }

  /**
   * A step computed whole (the state it reaches, or the call's frame, every step to it
   * worked out by the evaluator): the model is not asked, so it costs no decoding and
   * no guess of the model's can stand beside it. Null where the model has to say.
   */
  private computedWhole(step: ComputedStep, history: HistoryEntry[], t0: number): Prediction | null {
    const before = history[history.length - 1]!.state;
    if (step.state === undefined && step.call === undefined) return null;
    const state = withComputed(before, before, step);
    if (!state) return null;
    const confidence: Confidence = { line: COMPUTED_CONFIDENCE, values: {} };
    const origin: Record<string, ValueOrigin> = {};
    for (const k of computedKeys(step, before)) {
      confidence.values[k] = COMPUTED_CONFIDENCE;
      origin[k] = 'computed';
    }
    const result: Prediction = { state, confidence, text: '', latencyMs: performance.now() - t0, tokens: 0 };
    if (Object.keys(origin).length) result.origin = origin;
    if (step.traceback) result.traceback = step.traceback;
    return result;
  }

  /**
   * Several states `action` may lead to, for generate-and-check (candidates.ts): the
   * greedy one first (as `predict` gives it, without runner-up values), then up to
   * `n - 1` others decoded from where the model was unsure, lazily.
   */
  async *candidates(history: HistoryEntry[], action: ModelAction, opts: PredictOptions & { n?: number } = {}): AsyncGenerator<Prediction> {
    let t0 = performance.now();
    const q = this.setup(history, action, opts, this.computed(history, action, {}));
    const start = q.grammar ? q.grammar.clone() : null; // generate feeds the grammar it is given
    const o = { ...q.decoding, grammar: q.grammar };
    const greedy = await this.lock.run(() => generate(this.cache, q.prompt.ids, o));
    const states = candidateStates(this.cache, q.prompt.ids, greedy, o, opts.n ?? DEFAULT_CANDIDATES, (fn) => this.lock.run(fn), start);
    for await (const g of states) {
      yield this.read(g, q, { alternatives: {}, t0 });
      t0 = performance.now();
    }
  }

  /** A decoded state as a prediction: read, checked for completeness, what can be computed put in place. */
  private read(
    gen: Generated,
    q: ReturnType<NeuralSession['setup']>,
    o: { alternatives: Record<string, Alternative[]>; notice?: string; t0: number },
  ): Prediction {
    const { before, beforeState, prompt, maxTokens, templates, step } = q;
    const alternatives = o.alternatives;
    let notice = o.notice;
    const text = this.tok.decode(gen.ids);
    const confidence = confidenceOf(gen, this.tok.bytesOf);
    let state: ModelState | null = null;
    let error: string | undefined;
    if (gen.stop === 'repeat') {
      const loop = gen.loop!;
      error =
        `the model fell into a loop (a ${loop.period}-token pattern repeated over ${loop.span} tokens) ` +
        `after ${gen.ids.length - loop.span} tokens: a decoding failure, no state predicted`;
    } else if (gen.stop === 'stuck') {
      error = `constrained decoding found no way on after ${gen.ids.length} tokens (${gen.failure}): a decoding failure, no state predicted`;
    } else if (gen.stop !== 'end') {
      error = `the model wrote no <|end|> within ${maxTokens} tokens: no state predicted`;
    } else {
      try {
        state = toModelState(decodeState(this.tok.decodeItems(gen.ids), beforeState));
      } catch (e) {
        const why = e instanceof Malformed ? e.message : 'its text is not valid UTF-8';
        error = `the model's output is not a well-formed state (${why}): no state predicted`;
      }
      if (state && gen.forced) {
        error = `the model used up its ${maxTokens}-token budget; the last ${gen.forced} tokens were completed by the grammar, not predicted`;
      }
    }
    // what the step's own statement does, where it can be computed (computed/)
    const origin: Record<string, ValueOrigin> = {};
    if (step) {
      // a step computed whole (the state reached, a call's frame) needs nothing of the
      // model's: it stands even where the model's decoding failed
      const whole = step !== null && (step.state !== undefined || step.call !== undefined);
      const usable = state !== null && !error;
      const fixed = step && (usable || whole) ? withComputed(usable ? state! : before, before, step) : null;
      if (fixed && step) {
        if (!usable) {
          notice = `${error ?? 'the model gave no state'}; the step was computed instead`;
          error = undefined;
        }
        state = fixed;
        // a computed value is exact given the values it was computed from (which carry
        // confidences of their own); the model's confidences for what it replaced go
        if (step.line !== undefined || step.state || step.call) for (const k of Object.keys(confidence.values)) delete confidence.values[k];
        for (const k of computedKeys(step, before)) {
          confidence.values[k] = COMPUTED_CONFIDENCE;
          origin[k] = 'computed';
          delete alternatives[k];
        }
        // the event and line too, where they were computed
        if (step.line !== undefined || step.next !== undefined || step.state || step.call) confidence.line = Math.max(confidence.line, COMPUTED_CONFIDENCE);
      }
    }
    // a value the step changes that was computed whole, written under its template (computed/holes.ts)
    if (templates && state && !error) {
      for (const [k, t] of templates) {
        if (hasHoles(t) || state.locals[k] !== t.join('')) continue;
        confidence.values[k] = COMPUTED_CONFIDENCE;
        origin[k] = 'computed';
        delete alternatives[k];
      }
    }
    const result: Prediction = { state, confidence, text, latencyMs: performance.now() - o.t0, tokens: gen.ids.length };
    if (error) result.error = error;
    if (Object.keys(origin).length) result.origin = origin;
    if (prompt.warning) result.warning = prompt.warning;
    if (notice && state && !error) result.notice = notice;
    if (state && !error && Object.keys(alternatives).length) result.alternatives = alternatives;
    return result;
  }

  close(): void {
    this.closed = true;
    this.cache.reset();
  }
}

export class NeuralPredictor implements Predictor {
  readonly info: PredictorInfo;
  private readonly lock = new Lock();

  constructor(
    private readonly files: ModelFiles,
    private readonly model: OnnxModel,
    private readonly options: PredictorOptions,
    notes: string[],
    warnings: string[],
  ) {
    this.info = {
      name: files.name,
      device: model.device,
      params: files.config.num_params,
      dir: files.dir,
      window: files.window,
      threads: options.threads,
      warnings,
      notes,
    };
  }

  async open(source: string, opts: SessionOptions = {}): Promise<NeuralSession> {
    const notes: string[] = [];
    // parsed even unconstrained: the first frame comes from the script's syntax tree
    const analysis = Program.analyze(source, { python: this.options.python, target: DEFAULT_CFG_TARGET }).catch((e: Error) => {
      if (opts.constrain !== false) notes.push(`control-flow constraints are off (${e.message}); predictions are only kept well-formed`);
      return null;
    });
    const s = new NeuralSession(this.files, this.model, this.lock, source, opts.stdin ?? '', null, opts);
    // read the code context while Python parses the script
    await Promise.all([analysis, this.lock.run(() => s.warmUp()).catch(() => undefined)]);
    s.program = await analysis;
    s.notes.push(...notes);
    return s;
  }

  async close(): Promise<void> {
    await this.model.release();
  }
}

/** Load a model (see PredictorOptions) onto the best device available. */
export async function loadPredictor(opts: PredictorOptions = {}): Promise<NeuralPredictor> {
  const dir = resolveModelDir(opts.modelDir);
  const files = loadModelFiles(dir);
  // One token of a small model is too little work to share between threads: more
  // threads only wait on each other (measured: 2 threads 2.5x slower per frame on 2
  // busy cores). Large models get a few.
  const params = files.config.num_params ?? 0;
  const threads = opts.threads ?? (params < 20e6 ? 1 : Math.min(4, availableParallelism()));
  const opened = await openSession(files, opts.device ?? 'auto', { threads });
  const model = new OnnxModel(files, opened);
  return new NeuralPredictor(files, model, { ...opts, threads: opened.device === 'cpu' ? threads : undefined }, opened.notes, opened.warnings);
}
