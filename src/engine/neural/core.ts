// The neural debugger's stepping core, cut from the command loop as CPython cuts
// bdb from pdb. It owns where the debugger stands (a state of the timeline, pdb's
// own frames past the module's end, or post-mortem), the breakpoint table, the
// edits, and the model (predictions.ts). It takes an action (step, next, return,
// until, continue, a jump to a line; reverse ones in inverse.ts) and returns an
// Outcome (outcome.ts): a state to stop at, pdb's own frames, the program's exit,
// or stay. It never prints: what happens on the way (the program's output, a
// prediction that failed, the model's warnings) is reported as it happens, in
// order, to the command loop, which prints it.

import type { Program } from '../../model/format/cfg.js';
import type { ModelState, Prediction } from '../../model/types.js';
import type { Scope } from '../../pyval/index.js';
import { Breakpoints, type Hit } from './breakpoints.js';
import { exceptionOrigin, reverse } from './inverse.js';
import { cmpKeys, jumpOrder } from './jumpOrder.js';
import { END, STAY, type ExceptionOrigin, type Outcome, type Place, type ReverseAction } from './outcome.js';
import { Predictions, type ModelSession, type Report } from './predictions.js';
import type { FunctionDef, ScriptSource } from './source.js';
import { mayReach, moduleOnly } from './reach.js';
import { firstNode } from './start.js';
import { Timeline, relateFrames, type Node, type ProgramFrame } from './timeline.js';

export type { ModelSession, Report } from './predictions.js';
export { NO_HISTORY, type ExceptionOrigin, type Outcome, type Place, type ReverseAction } from './outcome.js';

export interface CoreOptions {
  file: string;
  source: ScriptSource;
  model: ModelSession;
  /** `c` with breakpoints: 'step' asks the model's breakpoint action (the paper's jump); 'rollout' chains single steps. */
  jump?: 'step' | 'rollout';
  /** Most predictions one `c` (rollout), `unt`, chained inverse steps or resumes by breakpoint commands may take. */
  rolloutCap?: number;
  /** Start at the return of `func` with `value` instead of the script's first line. */
  atReturn?: { func: string; value: string };
  report: (r: Report) => void;
  /** The control-flow analysis (src/model/format/cfg.ts), when there is one: reachability, stack checks. */
  program?: Program | null;
}

const DEFAULT_CAP = 200;
const JUMP_CHAIN_CAP = 32;
const EXIT_NORMAL: ModelState = { event: 'exit', line: null, func: null, stack: [], locals: {}, retval: null, exception: null, stdout: '', exit: 'normal' };
const exitError = (exception: string): ModelState => ({ ...EXIT_NORMAL, exit: 'error', exception });

type Step = 'step_into' | 'step_over' | 'step_return';
const STEP_NAME: Record<Step, string> = { step_into: 'a step into (s)', step_over: 'a step over (n)', step_return: 'a step to the return (r)' };

export class Core {
  readonly file: string;
  readonly src: ScriptSource;
  readonly bps = new Breakpoints();
  timeline!: Timeline;
  place: Place = { kind: 'node' };
  /** Edits of frames other than the current state's: frame id -> name -> repr. */
  readonly frameEdits = new Map<number, Record<string, string>>();
  readonly model: Predictions;
  private interrupted = false;
  /**
   * How the last forward command got where it stopped when its own prediction
   * failed (a shorter step, single steps instead of a jump); the stop event's
   * `fallback`. Cleared by the next forward command.
   */
  fallback?: string;

  constructor(private readonly o: CoreOptions) {
    this.file = o.file;
    this.src = o.source;
    this.model = new Predictions(o.model, o.source, o.report, o.program);
  }

  /** The session began at --at-return's return (the inverse model can go back from its first state). */
  get startsAtReturn(): boolean {
    return this.o.atReturn !== undefined;
  }

  get cap(): number {
    return this.o.rolloutCap ?? DEFAULT_CAP;
  }

  /** The program frames of the current stop (outermost first). */
  programFrames(): ProgramFrame[] {
    if (this.place.kind === 'node') return this.timeline.current.frames;
    if (this.place.kind === 'pm') return this.place.origin.frames;
    return [];
  }

  /** Locals of program frame `level` (0 = module): the latest state the timeline has of it, with edits. */
  localsOf(level: number): Record<string, string> {
    const frames = this.programFrames();
    const fr = frames[level];
    if (!fr) return {};
    let base: Record<string, string> = {};
    const ownFrame = (n: Node) => n.frames[n.frames.length - 1]?.id === fr.id;
    const pm = this.place.kind === 'pm' ? this.place.origin : undefined;
    // states the inverse model predicted on the way back from the module's return (latest first)
    const seen = pm?.seen.find(ownFrame);
    if (pm && level === frames.length - 1) base = pm.locals;
    else if (this.place.kind === 'node' && level === frames.length - 1) base = this.timeline.current.state.locals;
    else if (seen) base = seen.state.locals;
    else {
      const nodes = this.timeline.nodes;
      const start = this.place.kind === 'node' ? this.timeline.pos : nodes.length - 1;
      for (let k = start; k >= 0; k--) {
        if (ownFrame(nodes[k]!)) {
          base = nodes[k]!.state.locals;
          break;
        }
      }
    }
    const edits = this.frameEdits.get(fr.id);
    return edits ? { ...base, ...edits } : base;
  }

  /** The return value pdb showed at a stop on the return of frame `id` in this run, if any. */
  shownReturn(id: number): string | undefined {
    let found: string | undefined;
    for (const n of this.timeline.nodes) {
      if (n.shown && n.state.event === 'return' && n.frames[n.frames.length - 1]?.id === id) found = n.state.retval ?? 'None';
    }
    return found;
  }

  /** Whether a decorated def has run (pdb then finds the function object, and its co_firstlineno). */
  defExecuted(d: FunctionDef): boolean {
    if (this.place.kind !== 'node') return true;
    const frames = this.timeline.current.frames;
    if (frames.length > 1) return true;
    return (this.timeline.current.state.line ?? 0) > d.lastLine;
  }

  interrupt(): void {
    this.interrupted = true;
    this.model.interrupt();
  }

  close(): void {
    this.model.close();
  }

  // ========================================================== the run
  /** A new run from the first state (the script's first line, or --at-return's return); edits are forgotten. */
  begin(): Outcome {
    this.frameEdits.clear();
    const first = firstNode(this.o.model, this.src, this.o.atReturn);
    if (this.timeline) this.timeline.reset(first);
    else this.timeline = new Timeline(first);
    if (first.state.event === 'exit') return this.exited(first.state);
    return this.stopAt(first);
  }

  /**
   * Replace the current state by `state` (verify: the real one), reached by the same
   * action: later predictions are conditioned on it, and a history that counts steps
   * (a loop's visits to its header) sees the run as it was, not a prediction beside it.
   */
  adopt(state: ModelState): void {
    if (this.place.kind !== 'node' || state.event === 'exit') return;
    const tl = this.timeline;
    const cur = tl.current;
    const conf: Record<string, number> = {};
    for (const k of Object.keys(state.locals)) conf[k] = 1;
    const frames = relateFrames(tl.pos > 0 ? tl.nodes[tl.pos - 1]! : null, state, this.src, 'forward');
    const same = cur.frames.length === frames.length && cur.frames.every((f, i) => f.func === frames[i]!.func && f.line === frames[i]!.line);
    tl.correct({ state, frames: same ? cur.frames.map((f) => ({ ...f })) : frames, confidence: conf, origin: 'real' });
  }

  /** pdb's `jump`: the current state at another line of its frame (a new segment of the timeline). */
  setLine(line: number): void {
    const node = this.timeline.current;
    const state: ModelState = { ...node.state, line, stdout: '' };
    const frames = node.frames.map((f, i, all) => (i === all.length - 1 ? { ...f, line } : { ...f }));
    this.timeline.push({
      state,
      via: null,
      frames,
      confidence: { ...node.confidence },
      ...(node.valueOrigin ? { valueOrigin: { ...node.valueOrigin } } : {}),
      origin: 'jump',
    });
  }

  /**
   * An edit made at the prompt in program frame `level`: in the current state's own
   * frame a new state (later predictions see it); in a caller, an edit of that frame.
   * Global changes edit the module's frame.
   */
  edit(level: number, r: { changes: Record<string, string>; deleted: string[]; globalChanges: Record<string, string> }): void {
    const changed = Object.keys(r.changes).length > 0 || r.deleted.length > 0;
    const globalChanged = Object.keys(r.globalChanges).length > 0;
    if ((!changed && !globalChanged) || level < 0) return;
    const frames = this.programFrames();
    if (this.place.kind !== 'node') return; // post-mortem: nothing left to condition
    const cur = this.timeline.current;
    const bottom = level === frames.length - 1;
    if (changed && bottom) {
      const locals: Record<string, string> = {};
      for (const [k, v] of Object.entries(cur.state.locals)) if (!r.deleted.includes(k)) locals[k] = v;
      for (const [k, v] of Object.entries(r.changes)) locals[k] = v;
      const confidence: Record<string, number> = {};
      for (const k of Object.keys(locals)) confidence[k] = k in r.changes ? 1 : (cur.confidence[k] ?? 1);
      // an edited value is pyval's (it ran the statement); the others are what they were
      const valueOrigin: Node['valueOrigin'] = {};
      for (const k of Object.keys(locals))
        valueOrigin[k] = k in r.changes ? 'computed' : (cur.valueOrigin?.[k] ?? (cur.origin === 'real' ? 'real' : 'predicted'));
      if (cur.state.event === 'return') valueOrigin['<retval>'] = cur.valueOrigin?.['<retval>'] ?? 'predicted';
      this.timeline.push({
        state: { ...cur.state, locals, stdout: '' },
        via: null,
        frames: cur.frames.map((f) => ({ ...f })),
        confidence,
        valueOrigin,
        origin: 'edit',
      });
    } else if (changed) {
      const id = frames[level]!.id;
      this.frameEdits.set(id, { ...(this.frameEdits.get(id) ?? {}), ...r.changes });
    }
    if (globalChanged && frames[0]) {
      const id = frames[0].id;
      this.frameEdits.set(id, { ...(this.frameEdits.get(id) ?? {}), ...r.globalChanges });
    }
  }

  // ========================================================== outcomes
  private output(text: string | undefined): void {
    if (text) this.o.report({ kind: 'output', text });
  }

  /** Stop at `node` (the timeline's current one). */
  stopAt(node: Node, hit?: Hit, note?: string): Outcome {
    this.place = { kind: 'node' };
    node.shown = true;
    return { kind: 'node', node, ...(hit ? { hit } : {}), ...(note ? { note } : {}) };
  }

  /** The program ended at `exit`: its last output; the exit stays recorded as the next state, the debugger stands at the last real one. */
  private exited(exit: ModelState): Outcome {
    this.output(exit.stdout);
    const tl = this.timeline;
    if (tl.current.state.event === 'exit' && tl.pos > 0) tl.pos--;
    return { kind: 'exit', exit };
  }

  /** An exit reached from pdb's own frames: the exception that left the module, if one did. */
  private exitFromEnd(): Outcome {
    const c = this.place;
    const exc = c.kind === 'string' || c.kind === 'bdb' ? c.exception : undefined;
    return this.exited(exc ? exitError(exc) : EXIT_NORMAL);
  }

  // ========================================================== forward
  private get atModuleReturn(): boolean {
    const s = this.timeline.current.state;
    return s.event === 'return' && s.stack.length === 0;
  }

  /**
   * s / n / r: pdb's set_step / set_next / set_return on program frame `level` (the
   * selected one, clamped to the stack).
   */
  async step(kind: Step, level: number): Promise<Outcome> {
    this.fallback = undefined;
    if (this.place.kind !== 'node') return this.afterEnd(kind);
    if (this.atModuleReturn) return this.leaveModule();
    if (kind === 'step_into') {
      const node = await this.stepAnyhow(kind);
      if (!node) return STAY;
      if (node.state.event === 'exit') return this.exited(node.state);
      this.output(node.state.stdout);
      return this.stopAt(node);
    }
    const frames = this.programFrames();
    const sel = frames[Math.max(0, Math.min(level, frames.length - 1))]!;
    const cur = this.timeline.current;
    const fromReturn = level === frames.length - 1 && cur.state.event === 'return';
    // pdb's set_next / set_return on the selected frame: its next event / its return
    // (from a return event: the next event anywhere); frames gone count as reached
    const goal = (n: Node) => {
      if (fromReturn || !n.frames.some((f) => f.id === sel.id)) return true;
      return n.frames[n.frames.length - 1]!.id === sel.id && (kind === 'step_over' || n.state.event === 'return');
    };
    // the model's own action in the selected frame; below it, step_return until back there
    const action = (n: Node) => (kind === 'step_over' && n.frames[n.frames.length - 1]!.id === sel.id ? 'step_over' : 'step_return');
    return this.resumeUntil(action, goal, 'without returning to the selected frame');
  }

  /** `until` to `target` (a line below the current one) in program frame `level`, or the frame's return. */
  async until(target: number, level: number): Promise<Outcome> {
    this.fallback = undefined;
    if (this.place.kind !== 'node' || this.atModuleReturn) return this.step('step_over', level);
    const frames = this.programFrames();
    const frameId = frames[Math.max(0, Math.min(level, frames.length - 1))]!.id;
    const goal = (n: Node) => {
      if (!n.frames.some((f) => f.id === frameId)) return true;
      const own = n.frames[n.frames.length - 1]!;
      return own.id === frameId && (n.state.event === 'return' || (n.state.line ?? 0) >= target);
    };
    const action = (n: Node) => (n.frames[n.frames.length - 1]!.id === frameId ? 'step_over' : 'step_return');
    return this.resumeUntil(action, goal, `('until' did not reach line ${target})`);
  }

  /** s / n / r at the module's return: the exit the model predicts, through pdb's `<string>` frame. */
  private async leaveModule(): Promise<Outcome> {
    const exit = await this.moduleExit();
    if (!exit) return STAY;
    if (exit.exit === 'error' && exit.exception) {
      // the exception leaves the module: pdb stops in its own `<string>` frame
      this.place = { kind: 'string', phase: 'exception', exception: exit.exception };
      return END;
    }
    if (exit.exit !== 'normal') return this.exited(exit);
    this.place = { kind: 'string', phase: 'return' };
    return END;
  }

  /** s / n / r past the module's return: pdb's own frames, then the end (as CPython 3.11's pdb). */
  private afterEnd(kind: Step): Outcome {
    const c = this.place;
    const exc = c.kind === 'string' || c.kind === 'bdb' ? c.exception : undefined;
    if (c.kind === 'string' && c.phase === 'exception') {
      this.place = { kind: 'string', phase: 'return', exception: exc };
      return END;
    }
    if (c.kind === 'string' && kind === 'step_into') {
      this.place = exc ? { kind: 'bdb', at: 'run', exception: exc } : { kind: 'bdb', at: 'quit' };
      return END;
    }
    if (c.kind === 'bdb' && c.at === 'run' && kind === 'step_into') {
      this.place = { kind: 'bdb', at: 'except', exception: exc };
      return END;
    }
    return this.exitFromEnd();
  }

  /** How the program ends after the module's return (the model's `continue`, kept as the recorded next state). */
  private async moduleExit(): Promise<ModelState | null> {
    const tl = this.timeline;
    const here = tl.pos;
    // a return right after the module's own exception event: the exception left the
    // module (a handler would have led to a line), so the program ends with it
    const last = here > 0 ? tl.nodes[here - 1]!.state : null;
    if (last?.event === 'exception' && last.stack.length === 0 && last.func === '<module>' && last.exception) return exitError(last.exception);
    const r = await this.model.tryForward(this.timeline, { kind: 'continue' });
    if ('node' in r) {
      tl.pos = here;
      return r.node.state;
    }
    if (r.interrupted) {
      this.model.fail(r.failed);
      return null;
    }
    // the module returned: it ends as its last event says, with the exception that left it if that was one
    const before = here > 0 ? tl.nodes[here - 1]!.state : null;
    const raised = before?.event === 'exception' && before.stack.length === 0 && before.exception ? before.exception : null;
    this.fellBack(r.failed, raised ? 'the program ends with the exception that left the module' : 'the program ends here, as the module returned');
    return raised ? exitError(raised) : EXIT_NORMAL;
  }

  /**
   * One forward step of `kind`, or where its prediction fails a shorter one
   * (`r` -> `n` -> `s`; `s` -> `n`), said in a notice: a failed decoding should
   * cost the user a step's granularity, not the stop. Null when every one fails
   * (the first failure reported) or Ctrl-C interrupted.
   */
  private async stepAnyhow(kind: Step): Promise<Node | null> {
    const order: Step[] =
      kind === 'step_return' ? ['step_return', 'step_over', 'step_into'] : kind === 'step_over' ? ['step_over', 'step_into'] : ['step_into', 'step_over'];
    let first: { failed: string; readable?: boolean } | null = null;
    for (const k of order) {
      const r = await this.model.tryForward(this.timeline, { kind: k });
      if ('node' in r) {
        if (first !== null) this.fellBack(first.failed, `took ${STEP_NAME[k]} instead`);
        return r.node;
      }
      if (r.interrupted) {
        this.model.fail(r.failed);
        return null;
      }
      first ??= r;
    }
    this.model.failWith(first!); // the command's own failure says most
    return null;
  }

  /** Say (a notice, and the stop's `fallback`) that `failed` and what was done instead. */
  private fellBack(failed: string, instead: string): void {
    const text = `${failed.replace(/^ndbg: /, '')}; ${instead}`;
    if (this.fallback?.includes(text)) return; // once per command, however often it recurs
    this.fallback = this.fallback ? `${this.fallback}; ${text}` : text;
    this.o.report({ kind: 'notice', text });
  }

  /**
   * Resume until `goal` holds for a predicted state, stopping earlier at a
   * breakpoint whose condition holds, as bdb does during n / r / until. Without
   * breakpoints: the model's `action`, chained. With them: --jump rollout chains
   * single steps and checks each; --jump step also asks the model where each
   * breakpoint line is reached next and stops there if that comes first.
   */
  private async resumeUntil(action: (from: Node) => 'step_over' | 'step_return', goal: (n: Node) => boolean, what: string): Promise<Outcome> {
    const cap = this.cap;
    const stepwise = this.bps.stopLines(this.file).length > 0 && this.o.jump === 'rollout';
    for (let k = 0; k < cap; k++) {
      const node = stepwise ? await this.stepAnyhow('step_into') : await this.forwardGuarded(action(this.timeline.current));
      if (!node) return k > 0 ? this.stopAt(this.timeline.current) : STAY;
      if (node.state.event === 'exit') return this.exited(node.state);
      this.output(node.state.stdout);
      const hit = stepwise ? this.checkBreak(node) : (node.bpHit ?? null);
      if (hit !== null) return this.stopAt(node, hit);
      if (goal(node)) return this.stopAt(node);
    }
    return this.stopAt(this.timeline.current, undefined, `*** ndbg: stopped predicting after ${cap} steps ${what}`);
  }

  /**
   * One forward action, unless the model says a breakpoint is reached first: each
   * enabled breakpoint line is asked (`breakpoint L` from here) and the hits that
   * come before the action's target, in execution order (jumpOrder), are checked as
   * bdb would; the first that stops is taken instead (node.bpHit set).
   */
  private async forwardGuarded(action: 'step_over' | 'step_return'): Promise<Node | null> {
    const tl = this.timeline;
    // a breakpoint before the target is in code the step calls: never a module-only line
    const lines = this.reachableStops().filter((l) => !moduleOnly(this.o.program, l));
    const rec = tl.recordedNext({ kind: action });
    if (!lines.length || rec) return this.stepAnyhow(action);
    const here = tl.current;
    const history = tl.history();
    const a0 = await this.model.attempt(history, { kind: action });
    if (a0.failed !== undefined) {
      if (a0.interrupted) {
        this.model.fail(a0.failed);
        return null;
      }
      // a shorter step, breakpoints checked on it as bdb would
      this.fellBack(a0.failed, 'going on by single steps instead');
      const node = await this.stepAnyhow('step_into');
      if (node) node.bpHit = this.checkBreak(node) ?? undefined;
      return node;
    }
    const p0 = a0.p;
    const t0 = this.model.nodeFrom(p0, { kind: action }, here, 'forward');
    if (p0.state!.event !== 'exit') {
      const k0 = jumpOrder(here, p0.state!, this.src);
      const earlier: Array<{ node: Node; key: number[] }> = [];
      for (const line of lines.sort((a, b) => a - b)) {
        const p = await this.model.predict(history, { kind: 'breakpoint', line });
        if (!p) continue; // reported: that breakpoint is not known to come first
        if (p.state!.event === 'exit') continue;
        const key = jumpOrder(here, p.state!, this.src);
        if (cmpKeys(key, k0) < 0) earlier.push({ node: this.model.nodeFrom(p, { kind: 'breakpoint', line }, here, 'forward'), key });
      }
      earlier.sort((a, b) => cmpKeys(a.key, b.key));
      for (const e of earlier) {
        const hit = this.checkBreak(e.node);
        if (hit !== null) {
          e.node.bpHit = hit;
          return tl.push(e.node);
        }
      }
    }
    return tl.push(t0);
  }

  /** `c`: to the next breakpoint whose condition holds, else to the program's exit. */
  async continue(): Promise<Outcome> {
    this.fallback = undefined;
    if (this.place.kind !== 'node') return this.exitFromEnd();
    if (this.atModuleReturn) {
      const exit = await this.moduleExit();
      if (!exit) return STAY;
      return this.exited(exit);
    }
    if (!this.bps.stopLines(this.file).length) return this.toExit();
    if ((this.o.jump ?? 'step') === 'rollout') return this.rollout();
    return this.jumpToBreakpoints();
  }

  /** The model's `continue`: straight to the program's exit. */
  private async toExit(): Promise<Outcome> {
    const r = await this.model.tryForward(this.timeline, { kind: 'continue' });
    if ('node' in r) return this.exited(r.node.state);
    if (r.interrupted) {
      this.model.fail(r.failed);
      return STAY;
    }
    this.fellBack(r.failed, 'going on by single steps instead');
    return this.rollout();
  }

  /** `c` as the paper's jump: the model's breakpoint action to the nearest breakpoint, chained while conditions say no. */
  private async jumpToBreakpoints(): Promise<Outcome> {
    for (let hop = 0; hop < JUMP_CHAIN_CAP; hop++) {
      // a breakpoint control flow cannot reach from here is no place to jump to
      const lines = this.reachableStops();
      if (!lines.length) return this.toExit();
      const node = await this.jumpOnce(lines);
      if (typeof node === 'string') {
        this.fellBack(node, 'going on by single steps instead');
        return this.rollout();
      }
      if (!node) return STAY;
      if (node.state.event === 'exit') return this.exited(node.state);
      this.output(node.state.stdout);
      const hit = this.checkBreak(node);
      if (hit !== null) return this.stopAt(node, hit);
    }
    return this.stopAt(this.timeline.current, undefined, `*** ndbg: no breakpoint whose condition holds after ${JUMP_CHAIN_CAP} predicted jumps; stopped here`);
  }

  /**
   * One jump: the first breakpoint line the program reaches next. The model
   * answers for one line at a time; with several, each is asked and the
   * earliest is taken (least output on the way, then the nearest line ahead).
   */
  private async jumpOnce(lines: number[]): Promise<Node | string | null> {
    const tl = this.timeline;
    for (const l of lines) {
      const rec = tl.recordedNext({ kind: 'breakpoint', line: l });
      if (rec && lines.length === 1) {
        tl.pos++;
        return rec;
      }
    }
    const here = tl.current;
    const history = tl.history();
    const options: Array<{ line: number; p: Prediction }> = [];
    for (const line of lines.sort((a, b) => a - b)) {
      const r = await this.model.attempt(history, { kind: 'breakpoint', line, anywhere: lines });
      if (r.failed === undefined) {
        // computed whole across frames: the first of the lines the program reaches, or its exit
        const reached = r.p.tokens === 0 && r.p.state ? r.p.state : null;
        if (reached && (reached.event === 'exit' || (reached.event === 'line' && lines.includes(reached.line!)))) {
          const node = this.model.nodeFrom(r.p, { kind: 'breakpoint', line: reached.line ?? line }, here, 'forward');
          node.latencyMs = r.p.latencyMs;
          return tl.push(node);
        }
        options.push({ line, p: r.p });
        continue;
      }
      if (r.interrupted) {
        this.model.fail(r.failed);
        return null;
      }
      return r.failed; // without every line's answer the first hit is not known
    }
    const hits = options.filter((o) => o.p.state!.event !== 'exit');
    const best = hits.length ? hits.map((o) => ({ o, key: jumpOrder(here, o.p.state!, this.src) })).sort((a, b) => cmpKeys(a.key, b.key))[0]!.o : options[0]!;
    const latency = options.reduce((t, o) => t + o.p.latencyMs, 0);
    const node = this.model.nodeFrom(best.p, { kind: 'breakpoint', line: best.line }, here, 'forward');
    node.latencyMs = latency;
    return tl.push(node);
  }

  /** `c` with --jump rollout: single steps, breakpoints and conditions checked on each predicted frame. */
  private async rollout(): Promise<Outcome> {
    const cap = this.cap;
    this.interrupted = false;
    for (let k = 0; k < cap; k++) {
      if (this.interrupted) return this.stopAt(this.timeline.current, undefined, "\nProgram interrupted. (Use 'cont' to resume).");
      const node = await this.stepAnyhow('step_into');
      if (!node) return k > 0 ? this.stopAt(this.timeline.current) : STAY;
      if (node.state.event === 'exit') return this.exited(node.state);
      this.output(node.state.stdout);
      const hit = this.checkBreak(node);
      if (hit !== null) return this.stopAt(node, hit);
      if (node.state.event === 'return' && node.state.stack.length === 0) {
        const exit = await this.moduleExit();
        if (!exit) return STAY;
        return this.exited(exit);
      }
    }
    return this.stopAt(this.timeline.current, undefined, `*** ndbg: stopped predicting after ${cap} steps without reaching a breakpoint (--jump rollout)`);
  }

  /** Breakpoint lines the program may still reach from the current state (reach.ts). */
  private reachableStops(): number[] {
    const s = this.timeline.current.state;
    return this.bps.stopLines(this.file).filter((l) => mayReach(this.o.program, s, l));
  }

  /** The `breakpoint L` action (structured API): the model's jump to line L (the program's end when L cannot be reached). */
  async runToLine(line: number): Promise<Outcome> {
    this.fallback = undefined;
    if (this.place.kind !== 'node') return this.continue();
    if (!mayReach(this.o.program, this.timeline.current.state, line)) return this.toExit();
    const node = await this.model.forward(this.timeline, { kind: 'breakpoint', line });
    if (!node) return STAY;
    if (node.state.event === 'exit') return this.exited(node.state);
    this.output(node.state.stdout);
    return this.stopAt(node);
  }

  /** bdb.break_here at a predicted line event: the breakpoint that stops there (a temporary one is deleted). */
  private checkBreak(node: Node): Hit | null {
    const s = node.state;
    if (s.event !== 'line' || s.line === null) return null;
    const scope: Scope = node.frames.length > 1 ? { locals: s.locals, globals: this.moduleLocalsAt(node) } : { locals: s.locals };
    const r = this.bps.breakHere({ file: this.file, line: s.line, func: s.func ?? '<module>' }, scope);
    if (!r) return null;
    if (r.deleteTemp && r.bp.temporary) {
      this.bps.delete(r.bp);
      return { bp: r.bp, deleted: true };
    }
    return { bp: r.bp, deleted: false };
  }

  private moduleLocalsAt(node: Node): Record<string, string> {
    const id = node.frames[0]?.id;
    const nodes = this.timeline.nodes;
    for (let k = nodes.indexOf(node); k >= 0; k--) {
      const n = nodes[k]!;
      if (n.frames.length === 1 && n.frames[0]!.id === id) return n.state.locals;
    }
    return {};
  }

  // ========================================================== backwards
  /** rs / rn / rc / reverse-finish (inverse.ts). */
  reverse(kind: ReverseAction): Promise<Outcome> {
    return reverse(this, kind);
  }

  /** Enter post-mortem after `exception` left the program: where it came from (inverse.ts). */
  async postMortem(exception: string): Promise<ExceptionOrigin> {
    const origin = await exceptionOrigin(this);
    this.place = { kind: 'pm', exception, origin };
    return origin;
  }
}
