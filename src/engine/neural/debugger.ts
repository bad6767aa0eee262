// The neural debugger's command loop: pdb's command language over predicted
// frames, as pdb is over bdb. The stepping core (core.ts) moves the debugger and
// never prints; this loop owns the printing: it reads command lines (aliases,
// `;;`, empty-line repeat), runs each pdb command's handler, prints what the core
// reports on the way, and sets up each stop a command reaches (the -c lines, a
// breakpoint's commands, the location, displays) before the next prompt. A handler
// that resumes the program returns a resumed verdict carrying the core's outcome,
// as pdb's do_next returns 1; the loop goes on from the stop it reached with that
// outcome in hand (a breakpoint hit runs that breakpoint's commands), so nothing
// recurses and no state is left for the next stop to pick up. Text is byte for byte what
// CPython 3.11's pdb prints for the same frames (render.ts). Nothing here runs the
// program.

import {
  PDB_COMMAND_OF_ACTION,
  type Action,
  type ChildrenPage,
  type Engine,
  type Inspected,
  type InspectOptions,
  type ValueView,
  type EngineEvent,
  type EngineInfo,
  type Listener,
  type StopEvent,
  type TextEvent,
} from '../engine.js';
import type { Program } from '../../model/format/cfg.js';
import { FORMAT_VERSION } from '../../model/format/format.js';
import type { ModelState } from '../../model/types.js';
import { setHashSeed, type Scope } from '../../pyval/index.js';
import { childrenPage, evaluateView } from './children.js';
import { Core, type ModelSession, type Outcome, type ReverseAction } from './core.js';
import { Events } from './events.js';
import { FALLBACK_FACTS, type PdbFacts } from './probe.js';
import { stackEntry, type PdbFrame } from './render.js';
import type { ScriptSource } from './source.js';
import { pdbStack, scopeOf, stopEvent } from './stack.js';
import type { Node } from './timeline.js';
import { breakpointTable } from './commands/breakpoints.js';
import { onecmd, precmd } from './commands/dispatch.js';
import { newRun } from './commands/ending.js';
import { land } from './commands/land.js';
import { preloopDisplays } from './commands/inspect.js';
import { reverse } from './commands/reverse.js';
import { runToLine } from './commands/stepping.js';
import type { CommandList, Pdb, Resumed, Verdict } from './commands/types.js';
import { otherFileLine } from './files.js';

export type { ModelSession } from './core.js';
export { NO_HISTORY } from './core.js';
export type { CommandList, Handler, Verdict } from './commands/types.js';

export interface NeuralDebuggerOptions {
  /** The script's absolute path as pdb prints it. */
  file: string;
  source: ScriptSource;
  model: ModelSession;
  facts?: PdbFacts;
  info: EngineInfo;
  /** `c` with breakpoints: 'step' asks the model's breakpoint action (the paper's jump); 'rollout' chains single steps. */
  jump?: 'step' | 'rollout';
  /** Most predictions one `c` (rollout), `unt` or chained jump may take; most stops in a row that breakpoint commands resume. */
  rolloutCap?: number;
  /** pdb -c commands: run at the first stop. */
  commands?: string[];
  /** sys.argv[1:] (printed by `restart`). */
  args?: string[];
  /** Start at the return of `func` with `value` instead of the script's first line. */
  atReturn?: { func: string; value: string };
  /** Lines for the user before the first stop (model warnings, notes). */
  notes?: string[];
  /** Release the model (called by close()). */
  release?: () => Promise<void>;
  /** The control-flow analysis of the script (the model session's), when there is one: reachability and stack checks. */
  program?: Program | null;
}

/** The reverse actions by the names both engines give their commands (docs/json.md, `command`). */
const REVERSE_NAME: Record<ReverseAction, string> = {
  inv_step_into: 'reverse-step',
  inv_step_over: 'reverse-next',
  inv_continue: 'reverse-continue',
  inv_step_call: 'reverse-finish',
};

export class NeuralDebugger implements Engine, Pdb {
  readonly info: EngineInfo;
  readonly file: string;
  readonly src: ScriptSource;
  readonly facts: PdbFacts;
  readonly core: Core;
  /** pdb's curindex: the selected entry of stack(). */
  curindex = 0;
  /** pdb's `self.lineno`: where `l` continues. */
  listLine: number | null = null;
  /** display expressions per frame key: expr -> last shown value. */
  readonly displaying = new Map<string, Map<string, string>>();
  readonly aliases = new Map<string, string>();
  readonly bpCommands = new Map<number, CommandList>();
  /** The breakpoint whose commands are being typed (pdb's commands_defining), or null. */
  defining: number | null = null;
  lastcmd = '';
  cmdqueue: string[] = [];
  /** sys.argv[1:] of the next run. */
  args: string[];
  exited = false;
  private rcLines: string[];
  /** The events front ends get, and the reply of the command being run. */
  private readonly events = new Events();
  private pendingInput?: (line: string | null) => void;
  /** Runs begun in this session; a run after the first is announced by a `restart` event at its first stop. */
  private runs = 0;
  private restartDue = false;
  /** Breakpoint stops in a row resumed by their commands (reset by each command typed). */
  private autoResumes = 0;

  constructor(private readonly o: NeuralDebuggerOptions) {
    this.info = o.info;
    this.src = o.source;
    this.file = o.file;
    this.facts = o.facts ?? FALLBACK_FACTS;
    this.rcLines = [...(o.commands ?? [])];
    this.args = [...(o.args ?? [])];
    this.core = new Core({
      file: o.file,
      source: o.source,
      model: o.model,
      jump: o.jump,
      rolloutCap: o.rolloutCap,
      atReturn: o.atReturn,
      program: o.program,
      report: (r) => this.events.report(r),
    });
    // the tracer the model learned from runs with PYTHONHASHSEED=0: sets of str print in that order
    setHashSeed(0);
  }

  /** The trace format the model was trained on: 1 predicts no attribute entries (`cart.items`). */
  get formatVersion(): number {
    return this.o.model.formatVersion ?? FORMAT_VERSION;
  }

  // ================================================================ Engine
  on(listener: Listener): void {
    this.events.on(listener);
  }

  async start(): Promise<void> {
    for (const n of this.o.notes ?? []) this.diagnostic(`ndbg: ${n}\n`);
    const v = await newRun(this);
    if (v !== 'stay') await this.settle(v);
    if (this.live) this.prompt();
  }

  async command(line: string): Promise<void> {
    if (this.exited) return;
    if (this.pendingInput) return this.input(line);
    this.autoResumes = 0;
    this.cmdqueue.push(line);
    await this.drain();
  }

  async input(line: string | null): Promise<void> {
    const k = this.pendingInput;
    this.pendingInput = undefined;
    if (k) k(line);
    await this.drain();
  }

  async action(a: Action): Promise<void> {
    if (this.exited) return;
    const pdbCommand = PDB_COMMAND_OF_ACTION[a.kind];
    if (pdbCommand) return this.command(pdbCommand);
    if (a.kind === 'breakpoint') await this.perform(`breakpoint ${a.line}`, () => runToLine(this, a.line));
    else await this.perform(REVERSE_NAME[a.kind as ReverseAction], () => reverse(this, a.kind as ReverseAction));
    if (this.live) this.prompt();
  }

  async evaluate(expr: string, options: InspectOptions = {}): Promise<Inspected<ValueView>> {
    const at = this.inspectable(options.frame);
    if (!at.ok) return at;
    return evaluateView(expr, at.result.scope, at.result.confidence);
  }

  async children(expr: string, options: InspectOptions & { start?: number; count?: number } = {}): Promise<Inspected<ChildrenPage>> {
    const at = this.inspectable(options.frame);
    if (!at.ok) return at;
    return childrenPage(expr, at.result.scope, at.result.confidence, Math.max(0, options.start ?? 0), Math.max(0, options.count ?? 100));
  }

  /** The scope (and the model's confidences) of a frame of the current stop, for an inspection. */
  private inspectable(frame: number | undefined): Inspected<{ scope: Scope; confidence?: Record<string, number> }> {
    if (this.exited) return { ok: false, error: 'the program has ended' };
    if (this.pendingInput) return { ok: false, error: 'the program is running (it waits for input)' };
    if (!this.core.timeline) return { ok: false, error: 'the program has not started' };
    const stack = this.stack();
    const i = frame === undefined || frame < 0 ? this.curindex : frame;
    if (i >= stack.length) return { ok: false, error: `no frame ${i} at this stop` };
    const stop = this.stopEvent();
    const confidence = stop.frames[i]?.confidence;
    return { ok: true, result: confidence ? { scope: scopeOf(this.core, stack[i]), confidence } : { scope: scopeOf(this.core, stack[i]) } };
  }

  interrupt(): void {
    this.core.interrupt();
  }

  async close(): Promise<void> {
    this.core.close();
    await this.o.release?.();
  }

  /** The current stop as an event (undefined before start or after exit). */
  get stop(): StopEvent | undefined {
    return this.core.timeline ? this.stopEvent() : undefined;
  }

  /** The node the debugger is at (for verify). */
  get currentNode(): Node | undefined {
    return this.core.place.kind === 'node' ? this.core.timeline?.current : undefined;
  }

  /** Where the debugger is: a predicted state, past the module's end, or post-mortem. */
  get where(): Core['place']['kind'] {
    return this.core.place.kind;
  }

  /** Replace the current state by `state` (verify: the real one); later predictions are conditioned on it. */
  adopt(state: ModelState): void {
    this.core.adopt(state);
    this.curindex = this.stack().length - 1;
  }

  // ============================================================ the loop
  private get live(): boolean {
    return !this.exited && !this.pendingInput;
  }

  /** cmd.Cmd.cmdloop over the queued lines, until none is left or the program waits for input. */
  private async drain(): Promise<void> {
    while (this.cmdqueue.length && this.live) {
      const line = precmd(this, this.cmdqueue.shift()!);
      await this.perform(line, () => onecmd(this, line));
    }
    if (this.live) this.prompt();
  }

  /** One command, typed or structured, and the stops it leads to. */
  private async perform(label: string, run: () => Promise<Verdict>): Promise<void> {
    const v = await this.one(label, run);
    if (v !== 'stay') await this.settle(v);
  }

  /**
   * The one bookkeeping of a command: what it printed and whether it succeeded.
   * One that stays answers with its result (and a refresh when the selected frame
   * or the state changed); one that resumes is answered by the stop it reached.
   */
  private async one(label: string, run: () => Promise<Verdict>): Promise<Verdict> {
    // the lines of a `commands` list are part of the `commands` command, as in pdb's nested loop
    const defining = this.defining !== null;
    if (!defining) this.events.begin(label);
    const before = this.selectionKey();
    const v = await run();
    if (!this.live || this.defining !== null) return v;
    if (v === 'stay') {
      this.finishReply();
      if (this.selectionKey() !== before) this.emit({ ...this.stopEvent(), refresh: true });
    } else this.events.outcome(true);
    return v;
  }

  /** A command that stays returned: its result, the breakpoint table if it changed, its outcome. */
  private finishReply(): void {
    this.events.result();
    this.reportBreakpoints();
    this.events.outcome(false);
  }

  /** Send the breakpoint table when it differs from the one last sent. */
  private reportBreakpoints(): void {
    this.events.breakpoints(breakpointTable(this));
  }

  /** A run begins (newRun): one after the session's first is announced at its first stop. */
  runBegins(): void {
    if (++this.runs > 1) this.restartDue = true;
  }

  /** The names the command bound in the selected frame, with their new reprs (the command event's `edits`). */
  edited(changes: Record<string, string>): void {
    this.events.edited(changes);
  }

  /** bdb's dispatch loop: set up each stop reached, for as long as its setup resumes the program again. */
  private async settle(first: Resumed): Promise<void> {
    let v: Verdict = first;
    while (v !== 'stay' && this.live) v = await this.interaction(v);
  }

  /** Changes when the selected frame or the current state changes (a refresh is due). */
  private selectionKey(): string {
    const tl = this.core.timeline;
    if (!tl) return '';
    return `${this.core.place.kind}:${tl.pos}:${tl.nodes.length}:${this.curindex}:${this.core.frameEdits.size}`;
  }

  /**
   * pdb.interaction at the stop a command reached: the stop event, then a
   * breakpoint's commands, or the -c lines (pdb's setup), the location and the
   * displays. `arrival` is how the program got here: the breakpoint its outcome
   * hit names the commands to run. A resumed verdict when one of those lines
   * resumed the program (the rest of the -c lines wait for the next stop).
   */
  private async interaction(arrival: Resumed): Promise<Verdict> {
    this.curindex = this.stack().length - 1;
    this.listLine = null;
    if (this.restartDue) {
      this.restartDue = false;
      this.emit({ type: 'restart' });
    }
    this.reportBreakpoints(); // hits counted, a temporary breakpoint deleted
    this.emit(this.stopEvent());
    if (this.core.place.kind === 'pm') {
      this.sayLocation();
      return 'stay';
    }
    const o = arrival.outcome;
    const bp = o?.kind === 'node' ? o.hit?.bp : undefined;
    const list = bp ? this.bpCommands.get(bp.number) : undefined;
    if (list) return this.runBpCommands(list);
    while (this.rcLines.length) {
      const l = this.rcLines.shift()!.trim();
      if (!l || l[0] === '#') continue;
      const v = await this.one(l, () => onecmd(this, l));
      if (v !== 'stay') return v;
      if (!this.live) return 'stay';
    }
    this.sayLocation();
    preloopDisplays(this);
    return 'stay';
  }

  /**
   * pdb's bp_commands: the list runs, the location unless 'silent', then a prompt
   * unless the list ended with a command that resumes; that one is run last, and the
   * loop goes on from where it leads. A line before the last that resumes ends the
   * list there.
   */
  private async runBpCommands(list: CommandList): Promise<Verdict> {
    const lastcmd = this.lastcmd;
    const resume = list.doprompt ? undefined : list.lines[list.lines.length - 1];
    for (const l of resume === undefined ? list.lines : list.lines.slice(0, -1)) {
      const v = await this.one(l, () => onecmd(this, l));
      if (v !== 'stay' || !this.live) return v;
    }
    this.lastcmd = lastcmd;
    if (!list.silent) this.sayLocation();
    if (resume !== undefined) {
      const cap = this.core.cap;
      if (++this.autoResumes <= cap) return this.one(resume, () => onecmd(this, resume));
      // a real program resumed this often may be looping for good too, but a predicted one
      // usually is a model that does not see the loop end: stop and let the user decide
      this.message(
        `*** ndbg: ${cap} breakpoint stops in a row were resumed by their commands; stopping here (the model may be predicting a loop that does not end)`,
      );
      if (list.silent) this.sayLocation();
    }
    preloopDisplays(this);
    return 'stay';
  }

  /** Show where an action led (commands/land.ts). */
  land(o: Outcome): Promise<Verdict> {
    return land(this, o);
  }

  // ========================================================== text & events
  emit(e: EngineEvent): void {
    this.events.emit(e);
  }

  /** pdb's own output (part of the command's result). */
  say(text: string, kind?: TextEvent['kind']): void {
    this.events.say(text, kind);
  }

  message(msg: string): void {
    this.say(`${msg}\n`);
  }

  /** pdb's error(): `*** msg`; the command failed. */
  error(msg: string): void {
    this.events.error(msg);
  }

  /** An error line already written as pdb writes it (pyval's `*** ...`): the command failed. */
  errorLine(text: string): void {
    if (!text.startsWith('*** ')) {
      this.failed();
      return this.say(`${text}\n`);
    }
    this.error(text.slice(4));
  }

  /** Marks the command as failed (`msg`: its error message, the first one kept). */
  failed(msg?: string): void {
    this.events.failed(msg);
  }

  /** pdb's print_stack_entry of the selected frame, as a location (not `where`'s listing). */
  sayLocation(): void {
    this.say(this.location(), 'location');
  }

  /** Text on the program's streams (its predicted output, tracebacks). */
  write(stream: 'stdout' | 'stderr', text: string): void {
    this.events.write(stream, text);
  }

  /** ndbg's own diagnostics (model notes, warnings): stream `ndbg`, neither the program's nor pdb's. */
  diagnostic(text: string): void {
    this.events.diagnostic(text);
  }

  /** The session is over. */
  exit(code: number): void {
    this.exited = true;
    this.events.outcome(true); // `q`: the command that ended the session
    this.emit({ type: 'exit', code });
  }

  /** Ask the user `question`; `answer` gets the reply line (null: EOF), then the command's result and outcome are given. */
  ask(question: string, answer: (reply: string | null) => void): void {
    this.say(question);
    this.pendingInput = (reply) => {
      answer(reply);
      this.finishReply();
    };
    this.emit({ type: 'input' });
  }

  private prompt(): void {
    this.events.prompt(this.defining !== null);
  }

  getLine = (file: string, n: number): string => {
    if (file === this.file) return this.src.line(n);
    return otherFileLine(file, n);
  };

  // ============================================================ frames
  /** pdb's stack for the current stop: bdb's frames, then the program's. */
  stack(): PdbFrame[] {
    return pdbStack(this.core, this.facts);
  }

  /** The selected stack entry. */
  selected(): PdbFrame {
    return this.stack()[this.curindex]!;
  }

  /** The selected program frame's level (0 = module), or -1 when one of pdb's own frames is selected. */
  selectedLevel(): number {
    return this.selected()?.level ?? -1;
  }

  /** pdb's print_stack_entry of the selected frame. */
  location(): string {
    return stackEntry(this.selected(), this.getLine, true);
  }

  /** pyval's scope for the selected frame (its locals, and the module's as globals). */
  scope(): Scope {
    return scopeOf(this.core, this.stack()[this.curindex]);
  }

  /** Display expressions are kept per program frame (per stack entry for pdb's own). */
  selectedFrameKey(): string {
    const level = this.selectedLevel();
    const fr = level >= 0 ? this.core.programFrames()[level] : undefined;
    return fr ? `f${fr.id}` : `i${this.curindex}`;
  }

  stopEvent(): StopEvent {
    return stopEvent(this.core, this.stack(), this.curindex);
  }
}
