// The stepping core's access to the model: one prediction at a time (Ctrl-C
// aborts it), read into a timeline node with its frames and confidences, and
// every failure, warning or problem of a prediction reported as it happens (the
// command loop prints the reports; nothing here prints).

import type { Program } from '../../model/format/cfg.js';
import { sourceLines } from '../../model/format/format.js';
import { checkedCall, type CallCheck } from './checked.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction, PredictorSession, ValueOrigin } from '../../model/types.js';
import type { ProgramContext } from '../../pyval/evaluate.js';
import type { ScriptSource } from './source.js';
import { relateFrames, type Node, type Timeline } from './timeline.js';
import { OUTPUT_LIMIT, stateProblem } from './validate.js';

/** What the core needs of the model: a predictor session (src/model/types.ts). */
export type ModelSession = Pick<PredictorSession, 'initialState' | 'predict' | 'formatVersion'> &
  Partial<Pick<PredictorSession, 'candidates' | 'objectsAt'>> & { close?: () => void };

/** What happens on the way, reported as it happens. */
export type Report =
  /** The program wrote `text` (a state passed going forward). */
  | { kind: 'output'; text: string }
  /** A prediction failed (interrupted, the model threw, unreadable output, no earlier state): the action stays where it got to. */
  | { kind: 'failed'; text: string }
  /** The model's warning about a prediction (the script does not fit its window). */
  | { kind: 'warning'; text: string }
  /** A prediction was read, but the model reported a problem with it. */
  | { kind: 'problem'; text: string }
  /** Something of a prediction the user should know (its output was cut). */
  | { kind: 'notice'; text: string };

export class Predictions {
  private abort?: AbortController;

  constructor(
    private readonly model: ModelSession,
    private readonly src: ScriptSource,
    readonly report: (r: Report) => void,
    /** The control-flow analysis, when there is one: it refines the stack check. */
    private readonly program?: Program | null,
  ) {}

  /** The program's objects the state's locals hold, where the model session's computed steps built them. */
  objectsAt(state: ModelState): ProgramContext | null {
    return this.model.objectsAt?.(state) ?? null;
  }

  /**
   * The state `action` leads to after `history`, or null (the failure reported).
   * A prediction that is not a possible state (a value that is no repr, a stack
   * the program cannot have; validate.ts), or that the model did not finish (its
   * token budget used up: the grammar wrote the rest), fails: nothing of it is
   * shown. Output beyond OUTPUT_LIMIT is cut, and the user told.
   */
  async predict(history: HistoryEntry[], action: ModelAction): Promise<Prediction | null> {
    const r = await this.attempt(history, action);
    if (r.failed === undefined) return r.p;
    this.failWith(r);
    return null;
  }

  /** Report a failed attempt as predict would have: a state that was read, but not shown, says the debugger stays. */
  failWith(r: { failed: string; readable?: boolean }): void {
    this.fail(r.failed + (r.readable ? '; staying here' : ''));
  }

  /**
   * As predict, but a failure is returned, not reported: the core may take another
   * way (a shorter step) and say so. `interrupted`: Ctrl-C, which no other way
   * should outlast; `readable`: the output was a state, but not one to show.
   */
  async attempt(
    history: HistoryEntry[],
    action: ModelAction,
  ): Promise<{ p: Prediction; failed?: undefined } | { failed: string; interrupted?: boolean; readable?: boolean }> {
    const ac = new AbortController();
    this.abort = ac;
    let p: Prediction;
    try {
      p = await this.model.predict(history, action, { signal: ac.signal });
    } catch (e) {
      if (ac.signal.aborted) return { failed: 'ndbg: prediction interrupted', interrupted: true };
      return { failed: `ndbg: the model failed: ${(e as Error).message ?? String(e)}` };
    } finally {
      if (this.abort === ac) this.abort = undefined;
    }
    if (p.warning) this.report({ kind: 'warning', text: p.warning });
    if (!p.state) return { failed: `ndbg: the model's prediction could not be read: ${p.error ?? p.text}` };
    if (p.error) return { failed: `ndbg: ${p.error}`, readable: true };
    const why = stateProblem(p.state, this.src, this.program);
    if (why) return { failed: `ndbg: the model predicted a state that cannot be (${why})`, readable: true };
    if (p.notice) this.report({ kind: 'notice', text: p.notice });
    const out = p.state.stdout ?? '';
    if (out.length > OUTPUT_LIMIT) {
      this.report({ kind: 'notice', text: `the model predicted ${out.length} characters of output for one step; only the first ${OUTPUT_LIMIT} are shown` });
      return { p: { ...p, state: { ...p.state, stdout: out.slice(0, OUTPUT_LIMIT) } } };
    }
    return { p };
  }

  /**
   * The call an inverse action from a return leads to, generated and checked
   * (checked.ts): the model's candidates, each that is a possible state run forward
   * by the evaluator, the first that returns `returns` taken. The check is reported
   * as a notice; null when the model proposed nothing (the failure reported).
   */
  async checkedCall(history: HistoryEntry[], action: ModelAction, returns: string): Promise<{ prediction: Prediction; check: CallCheck } | null> {
    const ac = new AbortController();
    this.abort = ac;
    const model = this.model;
    const valid = (p: Prediction): Prediction => {
      const why = p.state && !p.error ? stateProblem(p.state, this.src, this.program) : null;
      return why ? { ...p, error: `the model predicted a state that cannot be (${why})` } : p;
    };
    // every candidate read as predict() reads one: impossible states are no candidates
    const source = {
      predict: async (h: HistoryEntry[], a: ModelAction) => valid(await model.predict(h, a, { signal: ac.signal })),
      ...(model.candidates
        ? {
            candidates: async function* (h: HistoryEntry[], a: ModelAction, o?: { n?: number }) {
              for await (const p of model.candidates!(h, a, { ...o, signal: ac.signal })) yield valid(p);
            },
          }
        : {}),
    };
    let r: { prediction: Prediction; check: CallCheck } | null;
    try {
      r = await checkedCall(source, { history, action, returns, lines: sourceLines(this.src.text), program: this.program, signal: ac.signal });
    } catch (e) {
      if (ac.signal.aborted) this.fail('ndbg: prediction interrupted');
      else this.fail(`ndbg: the model failed: ${(e as Error).message ?? String(e)}`);
      return null;
    } finally {
      if (this.abort === ac) this.abort = undefined;
    }
    const p = r?.prediction;
    if (!r || !p) return null;
    if (p.warning) this.report({ kind: 'warning', text: p.warning });
    if (!p.state) {
      this.fail(`ndbg: the model's prediction could not be read: ${p.error ?? p.text}`);
      return null;
    }
    if (p.error) {
      this.fail(`ndbg: ${p.error}; staying here`);
      return null;
    }
    this.report({ kind: 'notice', text: r.check.note });
    return r;
  }

  fail(text: string): void {
    this.report({ kind: 'failed', text });
  }

  /** A prediction as a node after `from`: its frames related to `from`'s, confidences carried over in the same frame. */
  nodeFrom(p: Prediction, via: ModelAction, from: Node, direction: 'forward' | 'backward'): Node {
    const s = p.state!;
    const frames = relateFrames(from, s, this.src, direction);
    const conf: Record<string, number> = {};
    const origin: Record<string, ValueOrigin> = {};
    const own = frames[frames.length - 1];
    const prevOwn = from.frames[from.frames.length - 1];
    const sameFrame = own && prevOwn && own.id === prevOwn.id;
    for (const k of Object.keys(s.locals)) {
      const v = p.confidence.values[k];
      const kept = sameFrame && from.state.locals[k] === s.locals[k];
      if (v !== undefined) conf[k] = v;
      else if (kept && from.confidence[k] !== undefined) conf[k] = from.confidence[k]!;
      // a value this prediction wrote is the model's unless computed; one it kept is what it was
      origin[k] = p.origin?.[k] ?? (v === undefined && kept ? (from.valueOrigin?.[k] ?? 'predicted') : 'predicted');
    }
    if (s.event === 'return') origin['<retval>'] = p.origin?.['<retval>'] ?? 'predicted';
    if (s.exception) origin['<exception>'] = p.origin?.['<exception>'] ?? 'predicted';
    if (s.stdout) origin['<stdout>'] = p.origin?.['<stdout>'] ?? 'predicted';
    const node: Node = {
      state: s,
      via: direction === 'forward' ? via : null,
      frames,
      confidence: conf,
      valueOrigin: origin,
      latencyMs: p.latencyMs,
      origin: 'predicted',
    };
    if (p.alternatives) node.alternatives = p.alternatives;
    if (p.traceback) node.traceback = p.traceback;
    return node;
  }

  /** One forward action from the timeline's current node: the recorded next node, or a prediction (pushed). */
  async forward(tl: Timeline, action: ModelAction): Promise<Node | null> {
    const rec = tl.recordedNext(action);
    if (rec) {
      tl.pos++;
      return rec;
    }
    const p = await this.predict(tl.history(), action);
    if (!p) return null;
    return tl.push(this.nodeFrom(p, action, tl.current, 'forward'));
  }

  /** As forward, but a failed prediction is returned (attempt), not reported. */
  async tryForward(tl: Timeline, action: ModelAction): Promise<{ node: Node } | { failed: string; interrupted?: boolean; readable?: boolean }> {
    const rec = tl.recordedNext(action);
    if (rec) {
      tl.pos++;
      return { node: rec };
    }
    const r = await this.attempt(tl.history(), action);
    if (r.failed !== undefined) return r;
    return { node: tl.push(this.nodeFrom(r.p, action, tl.current, 'forward')) };
  }

  /** Abort the prediction in flight (Ctrl-C). */
  interrupt(): void {
    this.abort?.abort();
  }

  close(): void {
    this.abort?.abort();
    this.model.close?.();
  }
}
