// The neural debugger: pdb's command language over predicted frames. It holds
// the timeline of states (timeline.ts), asks the model for the state each
// action leads to, evaluates expressions, conditions and edits with pyval over
// the predicted values only, and prints exactly what CPython 3.11's pdb prints
// for the same frames (render.ts), so a correct prediction gives pdb's
// transcript. Nothing here runs the program.

import { existsSync, readFileSync, statSync } from 'node:fs';
import * as pathFns from 'node:path';
import { PDB_COMMAND_OF_ACTION, type Action, type Engine, type EngineEvent, type EngineInfo, type Frame, type Listener, type StopEvent } from '../engine.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction, PredictorSession } from '../../model/types.js';
import {
  displayValue,
  execute,
  evaluate,
  printExpression,
  setHashSeed,
  strRepr,
  typeName,
  type Scope,
} from '../../pyval/index.js';
import { Breakpoints, bpFormat, bpStr, type Breakpoint, type Hit } from './breakpoints.js';
import { cmpKeys, jumpOrder } from './jumpOrder.js';
import { FALLBACK_FACTS, type PdbFacts } from './probe.js';
import { printLines, stackEntry, type PdbFrame } from './render.js';
import type { FunctionDef, ScriptSource } from './source.js';
import { firstNode } from './start.js';
import { Timeline, relateFrames, type ProgramFrame, type Node } from './timeline.js';

/** What the debugger needs of the model: a predictor session (src/model/types.ts). */
export type ModelSession = Pick<PredictorSession, 'initialState' | 'predict'> & { close?: () => void };

export interface NeuralDebuggerOptions {
  /** The script's absolute path as pdb prints it. */
  file: string;
  source: ScriptSource;
  model: ModelSession;
  facts?: PdbFacts;
  info: EngineInfo;
  /** `c` with breakpoints: 'step' asks the model's breakpoint action (the paper's jump); 'rollout' chains single steps. */
  jump?: 'step' | 'rollout';
  /** Most predictions one `c` (rollout), `unt` or chained jump may take. */
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
}

export const NO_HISTORY = 'No more reverse-execution history.';
const DEFAULT_CAP = 200;
const JUMP_CHAIN_CAP = 32;

type Context =
  | { kind: 'node' }
  // after the module returned: pdb steps through its own frames (`<string>`, bdb.run)
  | { kind: 'string'; phase: 'exception' | 'return'; exception?: string }
  | { kind: 'bdb'; at: 'quit' | 'run' | 'except'; exception?: string }
  | { kind: 'pm'; frames: ProgramFrame[]; line: number; exception: string; locals: Record<string, string>; seen: Node[] };

type Ready = 'prompt' | 'input' | 'exit';

const RESUMING = new Set(['s', 'step', 'n', 'next', 'r', 'return', 'c', 'cont', 'continue', 'unt', 'until', 'q', 'quit', 'exit', 'EOF', 'j', 'jump', 'run', 'restart']);

export class NeuralDebugger implements Engine {
  readonly info: EngineInfo;
  private listeners: Listener[] = [];
  private backlog: EngineEvent[] = [];
  private readonly src: ScriptSource;
  readonly file: string;
  private facts: PdbFacts;
  private timeline!: Timeline;
  private ctx: Context = { kind: 'node' };
  private curindex = 0;
  /** pdb's `self.lineno`: where `l` continues. */
  private listLine: number | null = null;
  private readonly bps = new Breakpoints();
  /** display expressions per frame id: expr -> last shown value. */
  private displaying = new Map<string, Map<string, string>>();
  /** Edits of frames other than the current one: frame id -> name -> repr. */
  private frameEdits = new Map<number, Record<string, string>>();
  private aliases = new Map<string, string>();
  /** `commands N`: the lines run when breakpoint N stops the program. */
  private bpCommands = new Map<number, { lines: string[]; silent: boolean; doprompt: boolean }>();
  /** The breakpoint whose commands are being typed (pdb's commands_defining), or null. */
  private defining: number | null = null;
  private lastcmd = '';
  private cmdqueue: string[] = [];
  private rcLines: string[];
  private args: string[];
  private exited = false;
  private pendingInput?: (line: string | null) => void;
  private abort?: AbortController;
  private interrupted = false;
  private lastWarning?: string;
  /** Predictions of the current command that reported a problem, and the first one's text. */
  private predictionProblems = 0;
  /** Breakpoint stops in a row resumed by their commands (reset by each command typed). */
  private autoResumes = 0;
  /** Output of the command being run (for its ResultEvent), and whether it succeeded. */
  private output = '';
  private ok = true;
  private resumed = false;

  constructor(private readonly o: NeuralDebuggerOptions) {
    this.info = o.info;
    this.src = o.source;
    this.file = o.file;
    this.facts = o.facts ?? FALLBACK_FACTS;
    this.rcLines = [...(o.commands ?? [])];
    this.args = [...(o.args ?? [])];
    // the tracer the model learned from runs with PYTHONHASHSEED=0: sets of str print in that order
    setHashSeed(0);
  }

  // ================================================================ Engine
  on(listener: Listener): void {
    this.listeners.push(listener);
    for (const e of this.backlog) listener(e);
    this.backlog = [];
  }

  async start(): Promise<void> {
    for (const n of this.o.notes ?? []) this.emit({ type: 'text', stream: 'stderr', data: `ndbg: ${n}\n` });
    const first = this.firstNode();
    if (!first) return;
    this.timeline = new Timeline(first);
    if (first.state.event === 'exit') {
      await this.finish(first.state, true);
      if (this.exited) return;
    } else {
      await this.arrive(first, { stdout: false });
    }
    if (!this.exited) this.prompt();
  }

  async command(line: string): Promise<void> {
    if (this.exited) return;
    if (this.pendingInput) return this.input(line);
    this.autoResumes = 0;
    this.cmdqueue.push(line);
    await this.drainQueue();
  }

  async input(line: string | null): Promise<void> {
    const k = this.pendingInput;
    this.pendingInput = undefined;
    if (k) k(line);
    await this.drainQueue();
  }

  async action(a: Action): Promise<void> {
    if (this.exited) return;
    const pdbCommand = PDB_COMMAND_OF_ACTION[a.kind];
    if (pdbCommand) return this.command(pdbCommand);
    switch (a.kind) {
      case 'breakpoint':
        return this.runCommand(() => this.runToLine(a.line), `breakpoint ${a.line}`);
      default:
        return this.runCommand(() => this.reverse(a.kind as ReverseAction), a.kind);
    }
  }

  interrupt(): void {
    this.interrupted = true;
    this.abort?.abort();
  }

  async close(): Promise<void> {
    this.abort?.abort();
    this.o.model.close?.();
    await this.o.release?.();
  }

  /** The current stop as an event (undefined before start or after exit). */
  get stop(): StopEvent | undefined {
    return this.timeline ? this.stopEvent() : undefined;
  }

  /** The node the debugger is at (for verify). */
  get currentNode(): Node | undefined {
    return this.ctx.kind === 'node' ? this.timeline?.current : undefined;
  }

  /** Where the debugger is: a predicted state, past the module's end, or post-mortem. */
  get where(): Context['kind'] {
    return this.ctx.kind;
  }

  /**
   * Replace the current state by `state` (verify: the real one), as an edit: later
   * predictions are conditioned on it.
   */
  adopt(state: ModelState): void {
    if (this.ctx.kind !== 'node' || state.event === 'exit') return;
    const cur = this.timeline.current;
    const conf: Record<string, number> = {};
    for (const k of Object.keys(state.locals)) conf[k] = 1;
    const frames = relateFrames(this.timeline.pos > 0 ? this.timeline.nodes[this.timeline.pos - 1]! : null, state, this.src, 'forward');
    const same = cur.frames.length === frames.length && cur.frames.every((f, i) => f.func === frames[i]!.func && f.line === frames[i]!.line);
    this.timeline.push({ state, via: null, frames: same ? cur.frames.map((f) => ({ ...f })) : frames, confidence: conf, origin: 'real' });
    this.curindex = this.stack().length - 1;
  }

  // ============================================================ the loop
  private async drainQueue(): Promise<void> {
    while (this.cmdqueue.length && !this.exited && !this.pendingInput) {
      const line = this.precmd(this.cmdqueue.shift()!);
      this.output = '';
      this.ok = true;
      this.resumed = false;
      const before = this.selectionKey();
      await this.onecmd(line);
      if (this.exited || this.pendingInput) break;
      if (!this.resumed) {
        this.emit({ type: 'result', command: line, output: this.output, ok: this.ok });
        if (this.selectionKey() !== before) this.emit({ ...this.stopEvent(), refresh: true });
      }
    }
    if (!this.exited && !this.pendingInput) this.prompt();
  }

  private async runCommand(fn: () => Promise<void>, label: string): Promise<void> {
    this.output = '';
    this.ok = true;
    this.resumed = false;
    const before = this.selectionKey();
    await fn();
    if (this.exited) return;
    if (!this.resumed) {
      this.emit({ type: 'result', command: label, output: this.output, ok: this.ok });
      if (this.selectionKey() !== before) this.emit({ ...this.stopEvent(), refresh: true });
    }
    if (!this.pendingInput) this.prompt();
  }

  /** Changes when the selected frame or the current state changes (a refresh is due). */
  private selectionKey(): string {
    if (!this.timeline) return '';
    return `${this.ctx.kind}:${this.timeline.pos}:${this.timeline.nodes.length}:${this.curindex}:${this.frameEdits.size}`;
  }

  /** pdb's precmd: aliases, and ';;' separating commands. */
  private precmd(line: string): string {
    if (!line.trim()) return line;
    let args = line.split(/\s+/).filter(Boolean);
    let guard = 0;
    while (this.aliases.has(args[0]!) && guard++ < 100) {
      line = this.aliases.get(args[0]!)!;
      args.slice(1).forEach((a, i) => (line = line.split(`%${i + 1}`).join(a)));
      line = line.split('%*').join(args.slice(1).join(' '));
      args = line.split(/\s+/).filter(Boolean);
    }
    if (args[0] !== 'alias') {
      const marker = line.indexOf(';;');
      if (marker >= 0) {
        this.cmdqueue.unshift(line.slice(marker + 2).replace(/^\s+/, ''));
        line = line.slice(0, marker).replace(/\s+$/, '');
      }
    }
    return line;
  }

  /** cmd.Cmd.onecmd */
  private async onecmd(lineIn: string): Promise<void> {
    if (this.defining !== null) return this.commandDef(lineIn);
    let line = lineIn.trim();
    if (!line) {
      if (this.lastcmd) return this.onecmd(this.lastcmd);
      return;
    }
    if (line[0] === '?') line = `help ${line.slice(1)}`;
    if (line[0] === '!') return this.exec(line.slice(1));
    const m = /^[A-Za-z0-9_]*/.exec(line)!;
    const cmd = m[0];
    const arg = line.slice(cmd.length).trim();
    this.lastcmd = line === 'EOF' ? '' : line;
    if (!cmd) return this.exec(line);
    const handler = this.handlers[cmd];
    if (!handler) return this.exec(line);
    if (RESUMING.has(cmd) && cmd !== 'j' && cmd !== 'jump') this.resumed = true;
    await handler.call(this, arg);
  }

  private readonly handlers: Record<string, (this: NeuralDebugger, arg: string) => void | Promise<void>> = {
    s: function () { return this.stepLike('step_into'); },
    step: function () { return this.stepLike('step_into'); },
    n: function () { return this.stepLike('step_over'); },
    next: function () { return this.stepLike('step_over'); },
    r: function () { return this.stepLike('step_return'); },
    return: function () { return this.stepLike('step_return'); },
    c: function () { return this.doContinue(); },
    cont: function () { return this.doContinue(); },
    continue: function () { return this.doContinue(); },
    unt: function (a) { return this.doUntil(a); },
    until: function (a) { return this.doUntil(a); },
    j: function (a) { return this.doJump(a); },
    jump: function (a) { return this.doJump(a); },
    q: function () { return this.quit(''); },
    quit: function () { return this.quit(''); },
    exit: function () { return this.quit(''); },
    EOF: function () { return this.quit('\n'); },
    run: function (a) { return this.doRestart(a); },
    restart: function (a) { return this.doRestart(a); },
    w: function () { this.doWhere(); },
    where: function () { this.doWhere(); },
    bt: function () { this.doWhere(); },
    u: function (a) { this.doUp(a); },
    up: function (a) { this.doUp(a); },
    d: function (a) { this.doDown(a); },
    down: function (a) { this.doDown(a); },
    l: function (a) { this.doList(a); },
    list: function (a) { this.doList(a); },
    ll: function () { this.doLongList(); },
    longlist: function () { this.doLongList(); },
    source: function (a) { this.doSource(a); },
    p: function (a) { this.doPrint(a, 'p'); },
    pp: function (a) { this.doPrint(a, 'pp'); },
    whatis: function (a) { this.doWhatis(a); },
    a: function () { this.doArgs(); },
    args: function () { this.doArgs(); },
    retval: function () { this.doRetval(); },
    rv: function () { this.doRetval(); },
    display: function (a) { this.doDisplay(a); },
    undisplay: function (a) { this.doUndisplay(a); },
    b: function (a) { this.doBreak(a, false); },
    break: function (a) { this.doBreak(a, false); },
    tbreak: function (a) { this.doBreak(a, true); },
    cl: function (a) { this.doClear(a); },
    clear: function (a) { this.doClear(a); },
    disable: function (a) { this.doEnable(a, false); },
    enable: function (a) { this.doEnable(a, true); },
    condition: function (a) { this.doCondition(a); },
    ignore: function (a) { this.doIgnore(a); },
    h: function (a) { this.doHelp(a); },
    help: function (a) { this.doHelp(a); },
    alias: function (a) { this.doAlias(a); },
    unalias: function (a) { this.doUnalias(a); },
    commands: function (a) { this.doCommands(a); },
    debug: function () { this.refuse('debug', 'it runs code of the program under a second debugger'); },
    interact: function () { this.refuse('interact', 'it starts a Python interpreter in the program'); },
  };

  // ========================================================== text & events
  private emit(e: EngineEvent): void {
    if (this.listeners.length === 0) this.backlog.push(e);
    else for (const l of this.listeners) l(e);
  }

  private say(text: string): void {
    if (!text) return;
    this.output += text;
    this.emit({ type: 'text', stream: 'debugger', data: text });
  }

  private message(msg: string): void {
    this.say(`${msg}\n`);
  }

  private error(msg: string): void {
    this.ok = false;
    this.say(`*** ${msg}\n`);
  }

  private programOutput(text: string | undefined): void {
    if (text) this.emit({ type: 'text', stream: 'stdout', data: text });
  }

  private prompt(): void {
    if (this.predictionProblems > 1) {
      const more = this.predictionProblems - 1;
      this.emit({ type: 'text', stream: 'stderr', data: `ndbg: ${more} more prediction${more === 1 ? '' : 's'} of that command had such a problem\n` });
    }
    this.predictionProblems = 0;
    this.emit({ type: 'prompt', prompt: this.defining !== null ? '(com) ' : '(Pdb) ' });
  }

  private refuse(cmd: string, why: string): void {
    this.error(`ndbg: '${cmd}' is not available with the neural engine: ${why}.`);
  }

  private getLine = (file: string, n: number): string => {
    if (file === this.file) return this.src.line(n);
    return otherFileLine(file, n);
  };

  // ============================================================ frames
  /** pdb's stack for the current stop: bdb's frames, then the program's. */
  private stack(): PdbFrame[] {
    const f = this.facts;
    const bdbRun: PdbFrame = { file: f.bdbFile, line: f.bdbRun[0], func: 'run' };
    switch (this.ctx.kind) {
      case 'string':
        return [bdbRun, { file: '<string>', line: 1, func: '<module>', retval: 'None' }];
      case 'bdb': {
        const line = this.ctx.at === 'quit' ? f.bdbQuit[0] : this.ctx.at === 'except' ? f.bdbExcept[0] : f.bdbRun[0];
        return [{ file: f.bdbFile, line, func: 'run' }];
      }
      case 'pm':
        return [
          { file: f.pdbFile, line: f.pdbMain[0], func: 'main' },
          { file: f.pdbFile, line: f.pdbRun[0], func: '_run' },
          bdbRun,
          // `__return__` lands in __main__'s dict, which `<string>` shares, once pdb stopped at the module's return
          { file: '<string>', line: 1, func: '<module>', ...(this.ctx.frames[0] && this.shownReturn(this.ctx.frames[0].id) !== undefined ? { retval: 'None' } : {}) },
          ...this.ctx.frames.map((fr, i, all): PdbFrame => {
            const pf: PdbFrame = { file: this.file, line: i === all.length - 1 ? (this.ctx as { line: number }).line : fr.line, func: fr.func };
            // pdb leaves `__return__` in the locals of a frame it stopped at the return of
            const ret = this.shownReturn(fr.id);
            if (ret !== undefined) pf.retval = ret;
            return pf;
          }),
        ];
      default: {
        const node = this.timeline.current;
        const frames = node.frames.map((fr, i, all): PdbFrame => {
          const pf: PdbFrame = { file: this.file, line: fr.line, func: fr.func };
          if (i === all.length - 1 && node.state.event === 'return') pf.retval = node.state.retval ?? 'None';
          return pf;
        });
        return [bdbRun, { file: '<string>', line: 1, func: '<module>' }, ...frames];
      }
    }
  }

  /** The return value pdb showed at a stop on the return of frame `id` in this run, if any. */
  private shownReturn(id: number): string | undefined {
    let found: string | undefined;
    for (const n of this.timeline.nodes) {
      if (n.shown && n.state.event === 'return' && n.frames[n.frames.length - 1]?.id === id) found = n.state.retval ?? 'None';
    }
    return found;
  }

  /** Number of bdb frames before the program's in stack(). */
  private get internalFrames(): number {
    return this.ctx.kind === 'pm' ? 4 : this.ctx.kind === 'node' ? 2 : this.stack().length;
  }

  /** The program frames of the current stop. */
  private programFrames(): ProgramFrame[] {
    if (this.ctx.kind === 'node') return this.timeline.current.frames;
    if (this.ctx.kind === 'pm') return this.ctx.frames;
    return [];
  }

  /** Locals of program frame `level` (0 = module): the latest state the timeline has of it. */
  private localsOf(level: number): Record<string, string> {
    const frames = this.programFrames();
    const fr = frames[level];
    if (!fr) return {};
    let base: Record<string, string> = {};
    const ownFrame = (n: Node) => n.frames[n.frames.length - 1]?.id === fr.id;
    // states the inverse model predicted on the way back from the module's return (latest first)
    const seen = this.ctx.kind === 'pm' ? this.ctx.seen.find(ownFrame) : undefined;
    if (this.ctx.kind === 'pm' && level === frames.length - 1) base = this.ctx.locals;
    else if (this.ctx.kind === 'node' && level === frames.length - 1) base = this.timeline.current.state.locals;
    else if (seen) base = seen.state.locals;
    else {
      const nodes = this.timeline.nodes;
      const start = this.ctx.kind === 'node' ? this.timeline.pos : nodes.length - 1;
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

  /** pyval's scope for the selected frame (its locals, and the module's as globals). */
  private scope(): Scope {
    const level = this.curindex - this.internalFrames;
    if (level < 0) {
      // `<string>` runs with __main__'s namespace: the module's variables
      if (this.stack()[this.curindex]?.file !== '<string>') return { locals: {} };
      return { locals: this.ctx.kind === 'string' ? this.timeline.current.state.locals : this.localsOf(0) };
    }
    const locals = this.localsOf(level);
    if (level === 0) return { locals };
    return { locals, globals: this.localsOf(0) };
  }

  private selectedFrameKey(): string {
    const level = this.curindex - this.internalFrames;
    const fr = this.programFrames()[level];
    return fr ? `f${fr.id}` : `i${this.curindex}`;
  }

  private stopEvent(): StopEvent {
    const stack = this.stack();
    const internal = this.internalFrames;
    const frames: Frame[] = stack.map((f, i) => {
      const level = i - internal;
      const fr: Frame = { file: f.file, line: f.line, func: f.func, locals: level >= 0 ? this.localsOf(level) : {} };
      return fr;
    });
    const ev: StopEvent = { type: 'stop', event: 'line', frames, selected: this.curindex };
    if (this.ctx.kind === 'node') {
      const node = this.timeline.current;
      const s = node.state;
      ev.event = s.event === 'exit' ? 'line' : s.event;
      if (s.event === 'return') ev.retval = s.retval ?? 'None';
      if (s.event === 'exception' && s.exception) ev.exception = s.exception;
      const last = frames[frames.length - 1];
      if (last) last.confidence = { ...node.confidence };
      if (node.latencyMs !== undefined) ev.latencyMs = Math.round(node.latencyMs * 10) / 10;
    } else if (this.ctx.kind === 'string') {
      ev.event = this.ctx.phase;
      ev.retval = 'None';
      if (this.ctx.exception) ev.exception = this.ctx.exception;
    } else if (this.ctx.kind === 'bdb' && this.ctx.at === 'run') {
      ev.event = 'exception';
      ev.exception = this.ctx.exception;
    } else if (this.ctx.kind === 'pm') {
      ev.event = 'exception';
      ev.exception = this.ctx.exception;
      ev.postMortem = true;
    }
    return ev;
  }

  // ============================================================ stops
  private firstNode(): Node {
    return firstNode(this.o.model, this.src, this.o.atReturn);
  }

  /**
   * Show a state the debugger arrived at: the program's output on the way
   * (forward moves), pdb's banner, the stop, the stack entry, then displays and
   * any pending -c commands.
   */
  private async arrive(node: Node, opts: { stdout: boolean; hit?: Hit }): Promise<void> {
    this.ctx = { kind: 'node' };
    node.shown = true;
    if (opts.stdout) this.programOutput(node.state.stdout);
    const s = node.state;
    if (opts.hit?.deleted) this.message(`Deleted ${bpStr(opts.hit.bp)}`);
    if (s.event === 'call') this.message('--Call--');
    else if (s.event === 'return') this.message('--Return--');
    else if (s.event === 'exception' && s.exception) this.message(s.exception);
    await this.interaction(opts.hit?.bp);
  }

  /** pdb.interaction: setup (rc lines), the stack entry, preloop displays; a breakpoint's commands first. */
  private async interaction(bp?: Breakpoint): Promise<void> {
    this.curindex = this.stack().length - 1;
    this.listLine = null;
    this.emit(this.stopEvent());
    const list = bp ? this.bpCommands.get(bp.number) : undefined;
    if (list && bp) {
      // pdb's bp_commands: the list runs, the location unless 'silent', then a prompt
      // unless the list ended with a command that resumes
      const lastcmd = this.lastcmd;
      const resume = list.doprompt ? undefined : list.lines[list.lines.length - 1];
      for (const l of resume === undefined ? list.lines : list.lines.slice(0, -1)) {
        await this.onecmd(l);
        if (this.exited) return;
      }
      this.lastcmd = lastcmd;
      if (!list.silent) this.say(stackEntry(this.stack()[this.curindex]!, this.getLine, true));
      if (resume !== undefined) {
        const cap = this.o.rolloutCap ?? DEFAULT_CAP;
        if (++this.autoResumes <= cap) {
          this.resumed = true;
          return this.onecmd(resume);
        }
        // a real program resumed this often may be looping for good too, but a predicted one
        // usually is a model that does not see the loop end: stop and let the user decide
        this.message(`*** ndbg: ${cap} breakpoint stops in a row were resumed by their commands; stopping here (the model may be predicting a loop that does not end)`);
        if (list.silent) this.say(stackEntry(this.stack()[this.curindex]!, this.getLine, true));
      }
      this.preloopDisplays();
      return;
    }
    // pdb's setup(): -c commands run before the location is printed; after one that
    // resumes, the rest run at the next stop
    while (this.rcLines.length) {
      const l = this.rcLines.shift()!.trim();
      if (!l || l[0] === '#') continue;
      const wasResumed = this.resumed;
      this.resumed = false;
      await this.onecmd(l);
      const resumedNow = this.resumed;
      this.resumed = wasResumed || resumedNow;
      if (resumedNow || this.exited) return;
    }
    const stack = this.stack();
    this.say(stackEntry(stack[this.curindex]!, this.getLine, true));
    this.preloopDisplays();
  }

  private preloopDisplays(): void {
    const shown = this.displaying.get(this.selectedFrameKey());
    if (!shown) return;
    const scope = this.scope();
    for (const [expr, old] of shown) {
      const now = displayValue(expr, scope);
      if (now !== old) {
        shown.set(expr, now);
        this.message(`display ${expr}: ${now}  [old: ${old}]`);
      }
    }
  }

  // ========================================================== predictions
  private async predict(history: HistoryEntry[], action: ModelAction): Promise<Prediction | null> {
    const ac = new AbortController();
    this.abort = ac;
    let p: Prediction;
    try {
      p = await this.o.model.predict(history, action, { signal: ac.signal });
    } catch (e) {
      if (ac.signal.aborted) {
        this.error('ndbg: prediction interrupted');
        return null;
      }
      this.error(`ndbg: the model failed: ${(e as Error).message ?? String(e)}`);
      return null;
    } finally {
      if (this.abort === ac) this.abort = undefined;
    }
    if (p.warning && p.warning !== this.lastWarning) {
      this.lastWarning = p.warning;
      this.emit({ type: 'text', stream: 'stderr', data: `ndbg: ${p.warning} (the script is windowed)\n` });
    }
    if (!p.state) {
      this.error(`ndbg: the model's prediction could not be read: ${p.error ?? p.text}`);
      return null;
    }
    // a rollout (until, c, n over a long call) may predict hundreds of states: say the first problem, count the rest
    if (p.error && ++this.predictionProblems === 1) this.emit({ type: 'text', stream: 'stderr', data: `ndbg: ${p.error}\n` });
    return p;
  }

  private nodeFrom(p: Prediction, via: ModelAction, from: Node, direction: 'forward' | 'backward'): Node {
    const s = p.state!;
    const frames = relateFrames(from, s, this.src, direction);
    const conf: Record<string, number> = {};
    const own = frames[frames.length - 1];
    const prevOwn = from.frames[from.frames.length - 1];
    const sameFrame = own && prevOwn && own.id === prevOwn.id;
    for (const k of Object.keys(s.locals)) {
      const v = p.confidence.values[k];
      if (v !== undefined) conf[k] = v;
      else if (sameFrame && from.confidence[k] !== undefined && from.state.locals[k] === s.locals[k]) conf[k] = from.confidence[k]!;
    }
    return { state: s, via: direction === 'forward' ? via : null, frames, confidence: conf, latencyMs: p.latencyMs, origin: 'predicted' };
  }

  /** One forward action from the current node: the recorded next node, or a prediction. */
  private async forward(action: ModelAction): Promise<Node | null> {
    const tl = this.timeline;
    const rec = tl.recordedNext(action);
    if (rec) {
      tl.pos++;
      return rec;
    }
    const p = await this.predict(tl.history(), action);
    if (!p) return null;
    return tl.push(this.nodeFrom(p, action, tl.current, 'forward'));
  }

  // ========================================================== resuming
  private get atModuleReturn(): boolean {
    const s = this.timeline.current.state;
    return s.event === 'return' && s.stack.length === 0;
  }

  private async stepLike(kind: 'step_into' | 'step_over' | 'step_return'): Promise<void> {
    if (this.ctx.kind === 'pm') return this.pmFinished();
    if (this.ctx.kind !== 'node') return this.afterEnd(kind);
    if (this.atModuleReturn) {
      const exit = await this.moduleExit();
      if (!exit) return this.stay();
      if (exit.exit === 'error' && exit.exception) {
        // the exception leaves the module: pdb stops in its own `<string>` frame
        this.ctx = { kind: 'string', phase: 'exception', exception: exit.exception };
        this.message(exit.exception);
        return this.interaction();
      }
      if (exit.exit !== 'normal') return this.finish(exit);
      this.ctx = { kind: 'string', phase: 'return' };
      this.message('--Return--');
      return this.interaction();
    }
    if (kind === 'step_into') {
      const node = await this.forward({ kind });
      if (!node) return this.stay();
      if (node.state.event === 'exit') return this.finish(node.state);
      return this.arrive(node, { stdout: true });
    }
    const frames = this.programFrames();
    const level = this.curindex - this.internalFrames;
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

  /**
   * Resume until `goal` holds for a predicted state, stopping earlier at a
   * breakpoint whose condition holds, as bdb does during n / r / until. Without
   * breakpoints: the model's `action`, chained. With them: --jump rollout chains
   * single steps and checks each; --jump step also asks the model where each
   * breakpoint line is reached next and stops there if that comes first.
   */
  private async resumeUntil(action: (from: Node) => 'step_over' | 'step_return', goal: (n: Node) => boolean, what: string): Promise<void> {
    const cap = this.o.rolloutCap ?? DEFAULT_CAP;
    const stepwise = this.bps.stopLines(this.file).length > 0 && this.o.jump === 'rollout';
    for (let k = 0; k < cap; k++) {
      const node = stepwise ? await this.forward({ kind: 'step_into' }) : await this.forwardGuarded(action(this.timeline.current));
      if (!node) return this.stay();
      this.programOutput(node.state.stdout);
      if (node.state.event === 'exit') return this.finish(node.state, false, false);
      const hit = stepwise ? this.checkBreak(node) : (node.bpHit ?? null);
      if (hit !== null) return this.arrive(node, { stdout: false, hit });
      if (goal(node)) return this.arrive(node, { stdout: false });
    }
    this.message(`*** ndbg: stopped predicting after ${cap} steps ${what}`);
    await this.arrive(this.timeline.current, { stdout: false });
  }

  /**
   * One forward action, unless the model says a breakpoint is reached first: each
   * enabled breakpoint line is asked (`breakpoint L` from here) and the hits that
   * come before the action's target, in execution order (jumpOrder), are checked as
   * bdb would; the first that stops is taken instead (node.bpHit set).
   */
  private async forwardGuarded(action: 'step_over' | 'step_return'): Promise<Node | null> {
    const tl = this.timeline;
    const lines = this.bps.stopLines(this.file);
    const rec = tl.recordedNext({ kind: action });
    if (!lines.length || rec) return this.forward({ kind: action });
    const here = tl.current;
    const history = tl.history();
    const p0 = await this.predict(history, { kind: action });
    if (!p0) return null;
    const t0 = this.nodeFrom(p0, { kind: action }, here, 'forward');
    if (p0.state!.event !== 'exit') {
      const k0 = jumpOrder(here, p0.state!, this.src);
      const earlier: Array<{ node: Node; key: number[] }> = [];
      for (const line of lines.sort((a, b) => a - b)) {
        const p = await this.predict(history, { kind: 'breakpoint', line });
        if (!p) return null;
        if (p.state!.event === 'exit') continue;
        const key = jumpOrder(here, p.state!, this.src);
        if (cmpKeys(key, k0) < 0) earlier.push({ node: this.nodeFrom(p, { kind: 'breakpoint', line }, here, 'forward'), key });
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

  /** s / n / r past the module's return: pdb's own frames, then the end (as CPython 3.11's pdb). */
  private async afterEnd(kind: 'step_into' | 'step_over' | 'step_return'): Promise<void> {
    const c = this.ctx;
    const exc = c.kind === 'string' || c.kind === 'bdb' ? c.exception : undefined;
    const end = exc ? exitError(exc) : EXIT_NORMAL;
    if (c.kind === 'string' && c.phase === 'exception') {
      this.ctx = { kind: 'string', phase: 'return', exception: exc };
      this.message('--Return--');
      return this.interaction();
    }
    if (c.kind === 'string' && kind === 'step_into') {
      this.ctx = exc ? { kind: 'bdb', at: 'run', exception: exc } : { kind: 'bdb', at: 'quit' };
      if (exc) this.message(exc);
      return this.interaction();
    }
    if (c.kind === 'bdb' && c.at === 'run' && kind === 'step_into') {
      this.ctx = { kind: 'bdb', at: 'except', exception: exc };
      return this.interaction();
    }
    return this.finish(end);
  }

  /** How the program ends after the module's return (the model's `continue`, kept as the recorded next state). */
  private async moduleExit(): Promise<ModelState | null> {
    const tl = this.timeline;
    const here = tl.pos;
    const node = await this.forward({ kind: 'continue' });
    if (!node) return null;
    tl.pos = here;
    return node.state;
  }

  /** A resuming command that predicted nothing: the debugger stays where it was. */
  private stay(): void {
    this.resumed = false;
  }

  private async doContinue(): Promise<void> {
    if (this.ctx.kind === 'pm') return this.pmFinished();
    if (this.ctx.kind !== 'node') return this.finish(this.ctx.exception ? exitError(this.ctx.exception) : EXIT_NORMAL);
    if (this.atModuleReturn) {
      const exit = await this.moduleExit();
      if (!exit) return this.stay();
      return this.finish(exit);
    }
    const lines = this.bps.stopLines(this.file);
    if (!lines.length) {
      const node = await this.forward({ kind: 'continue' });
      if (!node) return this.stay();
      return this.finish(node.state);
    }
    if ((this.o.jump ?? 'step') === 'rollout') return this.rollout();
    return this.jumpToBreakpoints();
  }

  /** `c` as the paper's jump: the model's breakpoint action to the nearest breakpoint, chained while conditions say no. */
  private async jumpToBreakpoints(): Promise<void> {
    for (let hop = 0; hop < JUMP_CHAIN_CAP; hop++) {
      const lines = this.bps.stopLines(this.file);
      if (!lines.length) {
        const node = await this.forward({ kind: 'continue' });
        if (!node) return this.stay();
        return this.finish(node.state);
      }
      const node = await this.jumpOnce(lines);
      if (!node) return this.stay();
      this.programOutput(node.state.stdout);
      if (node.state.event === 'exit') return this.finish(node.state, false, false);
      const hit = this.checkBreak(node);
      if (hit !== null) return this.arrive(node, { stdout: false, hit });
    }
    this.message(`*** ndbg: no breakpoint whose condition holds after ${JUMP_CHAIN_CAP} predicted jumps; stopped here`);
    await this.arrive(this.timeline.current, { stdout: false });
  }

  /**
   * One jump: the first breakpoint line the program reaches next. The model
   * answers for one line at a time; with several, each is asked and the
   * earliest is taken (least output on the way, then the nearest line ahead).
   */
  private async jumpOnce(lines: number[]): Promise<Node | null> {
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
      const p = await this.predict(history, { kind: 'breakpoint', line });
      if (!p) return null;
      options.push({ line, p });
    }
    const hits = options.filter((o) => o.p.state!.event !== 'exit');
    const best = hits.length ? hits.map((o) => ({ o, key: jumpOrder(here, o.p.state!, this.src) })).sort((a, b) => cmpKeys(a.key, b.key))[0]!.o : options[0]!;
    const latency = options.reduce((t, o) => t + o.p.latencyMs, 0);
    const node = this.nodeFrom(best.p, { kind: 'breakpoint', line: best.line }, here, 'forward');
    node.latencyMs = latency;
    return tl.push(node);
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

  /** `c` with --jump rollout: single steps, breakpoints and conditions checked on each predicted frame. */
  private async rollout(): Promise<void> {
    const cap = this.o.rolloutCap ?? DEFAULT_CAP;
    this.interrupted = false;
    for (let k = 0; k < cap; k++) {
      if (this.interrupted) {
        this.message('\nProgram interrupted. (Use \'cont\' to resume).');
        return this.arrive(this.timeline.current, { stdout: false });
      }
      const node = await this.forward({ kind: 'step_into' });
      if (!node) return this.stay();
      this.programOutput(node.state.stdout);
      if (node.state.event === 'exit') return this.finish(node.state, false, false);
      const hit = this.checkBreak(node);
      if (hit !== null) return this.arrive(node, { stdout: false, hit });
      if (node.state.event === 'return' && node.state.stack.length === 0) {
        const exit = await this.moduleExit();
        if (!exit) return this.stay();
        return this.finish(exit);
      }
    }
    this.message(`*** ndbg: stopped predicting after ${cap} steps without reaching a breakpoint (--jump rollout)`);
    await this.arrive(this.timeline.current, { stdout: false });
  }

  /** The `breakpoint L` action (structured API): the model's jump to line L. */
  private async runToLine(line: number): Promise<void> {
    if (this.ctx.kind !== 'node') return this.doContinue();
    this.resumed = true;
    const node = await this.forward({ kind: 'breakpoint', line });
    if (!node) return this.stay();
    this.programOutput(node.state.stdout);
    if (node.state.event === 'exit') return this.finish(node.state, false, false);
    await this.arrive(node, { stdout: false });
  }

  private async doUntil(arg: string): Promise<void> {
    if (this.ctx.kind === 'pm') return this.pmFinished();
    if (this.ctx.kind !== 'node') return this.stepLike('step_over');
    const frame = this.programFrames()[this.curindex - this.internalFrames];
    const curLine = frame?.line ?? 0;
    let target: number;
    if (arg) {
      if (!/^\s*[-+]?\d+\s*$/.test(arg)) {
        this.resumed = false;
        return this.error(`Error in argument: ${strRepr(arg)}`);
      }
      target = Number(arg);
      if (target <= curLine) {
        this.resumed = false;
        return this.error('"until" line number is smaller than current line number');
      }
    } else target = curLine + 1;
    if (this.atModuleReturn) return this.stepLike('step_over');
    const frameId = this.programFrames()[this.curindex - this.internalFrames]!.id;
    const goal = (n: Node) => {
      if (!n.frames.some((f) => f.id === frameId)) return true;
      const own = n.frames[n.frames.length - 1]!;
      return own.id === frameId && (n.state.event === 'return' || (n.state.line ?? 0) >= target);
    };
    const action = (n: Node) => (n.frames[n.frames.length - 1]!.id === frameId ? 'step_over' : 'step_return');
    return this.resumeUntil(action, goal, `('until' did not reach line ${target})`);
  }

  private doJump(arg: string): void {
    if (this.curindex + 1 !== this.stack().length) return this.error('You can only jump within the bottom frame');
    if (!/^\s*[-+]?\d+\s*$/.test(arg)) return this.error("The 'jump' command requires a line number");
    const line = Number(arg);
    if (this.ctx.kind === 'pm') return this.error("Jump failed: can't jump from the 'call' trace event of a new frame");
    if (this.ctx.kind !== 'node') return this.error("Jump failed: can only jump from a 'line' trace event");
    const node = this.timeline.current;
    if (node.state.event !== 'line') return this.error("Jump failed: can only jump from a 'line' trace event");
    const own = node.frames[node.frames.length - 1]!;
    const d = own.func === '<module>' ? undefined : this.src.defFor(own.func, node.state.line ?? 0);
    const first = d ? d.firstLine : 1;
    const last = d ? d.lastLine : this.src.lastCodeLine();
    if (line < first) return this.error(`Jump failed: line ${line} comes before the current code block`);
    if (line > last) return this.error(`Jump failed: line ${line} comes after the current code block`);
    const state: ModelState = { ...node.state, line, stdout: '' };
    const frames = node.frames.map((f, i, all) => (i === all.length - 1 ? { ...f, line } : { ...f }));
    this.timeline.push({ state, via: null, frames, confidence: { ...node.confidence }, origin: 'jump' });
    this.say(stackEntry(this.stack()[this.curindex]!, this.getLine, true));
  }

  private quit(text: string): void | Promise<void> {
    this.say(text);
    // pdb.main does not look at the quit request after post-mortem: it restarts
    if (this.ctx.kind === 'pm') return this.pmFinished();
    this.exited = true;
    this.emit({ type: 'exit', code: 0 });
  }

  private async doRestart(arg: string): Promise<void> {
    if (arg) {
      const words = shlexSplit(arg);
      if (words === null) {
        this.resumed = false;
        return this.error(`Cannot run ${arg}: No closing quotation`);
      }
      this.args = words;
    }
    this.say(`Restarting ${this.file} with arguments:\n\t${this.args.join(' ')}\n`);
    await this.restart();
  }

  // ============================================================ the end
  /**
   * The program ended (a predicted exit): pdb's messages, then a new run, or
   * post-mortem after an uncaught exception.
   */
  private async finish(exit: ModelState, atStart = false, printOut = true): Promise<void> {
    if (printOut) this.programOutput(exit.stdout);
    // the exit stays recorded as the next state; the debugger stands at the last real one
    const tl = this.timeline;
    if (tl && tl.current.state.event === 'exit' && tl.pos > 0) tl.pos--;
    if (exit.exit === 'never') {
      this.resumed = false;
      this.error(
        'ndbg: the model predicts that the program does not end from here (an endless loop, or more steps than it follows); staying here',
      );
      return;
    }
    if (exit.exit === 'error' && exit.exception) {
      if (atStart) {
        // the script does not compile: pdb prints the error and exits 1
        this.emit({ type: 'text', stream: 'stderr', data: `${exit.exception}\n` });
        this.exited = true;
        this.emit({ type: 'exit', code: 1 });
        return;
      }
      if (exit.exception.startsWith('SystemExit')) {
        const status = exit.exception.replace(/^SystemExit:?\s*/, '');
        this.emit({ type: 'text', stream: 'stdout', data: `The program exited via sys.exit(). Exit status: ${status}\n` });
        return this.restart();
      }
      return this.postMortem(exit.exception);
    }
    this.emit({ type: 'text', stream: 'stdout', data: 'The program finished and will be restarted\n' });
    await this.restart();
  }

  private async restart(): Promise<void> {
    this.displaying.clear();
    this.frameEdits.clear();
    const first = this.firstNode();
    if (!first) return;
    this.timeline.reset(first);
    if (first.state.event === 'exit') return this.finish(first.state, true);
    await this.arrive(first, { stdout: false });
  }

  /**
   * Where an uncaught exception came from: the deepest exception event of the
   * timeline's last run of exception and return events; when the timeline jumped
   * over it (`r`, `c`), the model's inverse steps from the module's return walk
   * back through the unwinding to find it.
   */
  private async exceptionOrigin(): Promise<{ frames: ProgramFrame[]; line: number; locals: Record<string, string>; seen: Node[] }> {
    const seen: Node[] = [];
    const nodes = this.timeline.nodes;
    let origin: Node | undefined;
    for (let k = this.timeline.pos; k >= 0; k--) {
      const n = nodes[k]!;
      if (n.state.event === 'exception') {
        if (!origin || n.frames.length >= origin.frames.length) origin = n;
        continue;
      }
      if (n.state.event === 'return' || n.state.event === 'exit') continue;
      break;
    }
    const cur = this.timeline.current;
    const history = this.timeline.history();
    let end: Node | undefined = cur.state.event === 'return' && cur.state.stack.length === 0 ? cur : undefined;
    if (!origin && !end) {
      // the exit came from a jump (`c`): first the way to the module's return, by step_return
      let from = cur;
      for (let k = 0; k < 40 && !end; k++) {
        const a: ModelAction = { kind: 'step_return' };
        const p = await this.predict(history, a);
        if (!p || p.state!.event === 'exit') break;
        const n = this.nodeFrom(p, a, from, 'forward');
        history.push({ action: a, state: n.state });
        if (n.state.event === 'return' && n.state.stack.length === 0) end = n;
        from = n;
      }
    }
    if (!origin && end) {
      let from = end;
      for (let k = 0; k < 40; k++) {
        const inv: ModelAction = { kind: 'inv_step_into' };
        const p = await this.predict(history, inv);
        if (!p || p.state!.event === 'exit') break;
        const n = this.nodeFrom(p, inv, from, 'backward');
        history.push({ action: inv, state: n.state });
        seen.push(n);
        if (n.state.event === 'exception') {
          if (!origin || n.frames.length >= origin.frames.length) origin = n;
        } else if (n.state.event !== 'return') break;
        from = n;
      }
    }
    const at = origin ?? cur;
    return { frames: at.frames.map((f) => ({ ...f })), line: at.state.line ?? 1, locals: at.state.locals, seen };
  }

  /** pdb.main's "Uncaught exception" path: the traceback, then post-mortem at the exception's origin. */
  private async postMortem(exception: string): Promise<void> {
    const { frames, line, locals, seen } = await this.exceptionOrigin();
    const f = this.facts;
    let tb = 'Traceback (most recent call last):\n';
    const entry = (file: string, l: number, func: string, text: string) => {
      tb += `  File "${file}", line ${l}, in ${func}\n`;
      if (text) tb += `    ${text}\n`;
    };
    entry(f.pdbFile, f.pdbMain[0], 'main', f.pdbMain[1]);
    entry(f.pdbFile, f.pdbRun[0], '_run', f.pdbRun[1]);
    entry(f.bdbFile, f.bdbRun[0], 'run', f.bdbRun[1]);
    entry('<string>', 1, '<module>', '');
    frames.forEach((fr, i) => {
      const l = i === frames.length - 1 ? line : fr.line;
      entry(this.file, l, fr.func, this.src.line(l).trim());
    });
    tb += `${exception}\n`;
    this.emit({ type: 'text', stream: 'stderr', data: tb });
    this.emit({
      type: 'text',
      stream: 'stdout',
      data: "Uncaught exception. Entering post mortem debugging\nRunning 'cont' or 'step' will restart the program\n",
    });
    this.ctx = { kind: 'pm', frames, line, exception, locals, seen };
    this.curindex = this.stack().length - 1;
    this.listLine = null;
    this.emit(this.stopEvent());
    this.say(stackEntry(this.stack()[this.curindex]!, this.getLine, true));
  }

  private async pmFinished(): Promise<void> {
    this.emit({ type: 'text', stream: 'stdout', data: `Post mortem debugger finished. The ${this.file} will be restarted\n` });
    await this.restart();
  }

  // ============================================================ reverse
  private async reverse(kind: ReverseAction): Promise<void> {
    if (this.ctx.kind !== 'node') {
      {
        // back into the program: its last known state
        this.resumed = true;
        return this.arrive(this.timeline.current, { stdout: false });
      }
    }
    const tl = this.timeline;
    const cur = tl.current;
    const depth = cur.frames.length;
    const ownId = cur.frames[depth - 1]?.id;
    let target = -1;
    switch (kind) {
      case 'inv_step_into':
        target = tl.pos - 1;
        break;
      case 'inv_step_over':
        for (let k = tl.pos - 1; k >= 0; k--) {
          if (tl.nodes[k]!.frames.length <= depth) {
            target = k;
            break;
          }
        }
        break;
      case 'inv_step_call': {
        for (let k = tl.pos - 1; k >= 0; k--) {
          const n = tl.nodes[k]!;
          if (n.state.event === 'call' && n.frames[n.frames.length - 1]?.id === ownId) {
            target = k;
            break;
          }
        }
        if (target < 0 && depth <= 1) return this.message(NO_HISTORY);
        if (target < 0) {
          // the earliest recorded state of this activation
          let k = tl.pos;
          while (k > 0 && tl.nodes[k - 1]!.frames[tl.nodes[k - 1]!.frames.length - 1]?.id === ownId) k--;
          if (k < tl.pos) target = k;
        }
        break;
      }
      case 'inv_continue': {
        const lines = new Set(this.bps.stopLines(this.file));
        for (let k = tl.pos - 1; k >= 0; k--) {
          const s = tl.nodes[k]!.state;
          if (s.event === 'line' && s.line !== null && lines.has(s.line)) {
            target = k;
            break;
          }
        }
        if (target < 0 && tl.pos > 0) target = 0;
        break;
      }
    }
    if (target >= 0) {
      tl.pos = target;
      this.resumed = true;
      return this.arrive(tl.current, { stdout: false });
    }
    return this.pastStart(kind);
  }

  /** Before the first recorded state: the model's inverse actions. */
  private async pastStart(kind: ReverseAction): Promise<void> {
    const tl = this.timeline;
    const first = tl.nodes[0]!;
    if (first.origin === 'start' && !this.o.atReturn && tl.back.length === 1) return this.message(NO_HISTORY);
    if (kind === 'inv_continue') return this.message(NO_HISTORY);
    let inv: ModelAction;
    if (kind === 'inv_step_call') {
      if (first.state.event === 'return') inv = { kind: 'inv_step_call' };
      else return this.reverseToCall();
    } else inv = { kind };
    const p = await this.predict(tl.inverseHistory(), inv);
    if (!p) return;
    if (p.state!.event === 'exit') return this.error('ndbg: the model predicted no earlier state');
    const node = this.nodeFrom(p, inv, first, 'backward');
    tl.prepend(node, inv);
    this.resumed = true;
    await this.arrive(node, { stdout: false });
  }

  /** reverse-finish from a state that is not a return: inverse steps over, back to this frame's call. */
  private async reverseToCall(): Promise<void> {
    const tl = this.timeline;
    const depth = tl.nodes[0]!.frames.length;
    const cap = this.o.rolloutCap ?? DEFAULT_CAP;
    for (let k = 0; k < cap; k++) {
      const first = tl.nodes[0]!;
      const inv: ModelAction = { kind: 'inv_step_over' };
      const p = await this.predict(tl.inverseHistory(), inv);
      if (!p) return;
      if (p.state!.event === 'exit') return this.error('ndbg: the model predicted no earlier state');
      const node = this.nodeFrom(p, inv, first, 'backward');
      tl.prepend(node, inv);
      if (node.state.event === 'call' || node.frames.length < depth) {
        this.resumed = true;
        return this.arrive(node, { stdout: false });
      }
    }
    this.message(`*** ndbg: stopped predicting after ${cap} inverse steps without reaching the call`);
    this.resumed = true;
    await this.arrive(tl.nodes[0]!, { stdout: false });
  }

  // ============================================================ inspecting
  private doWhere(): void {
    const stack = this.stack();
    let out = '';
    stack.forEach((f, i) => (out += stackEntry(f, this.getLine, i === this.curindex)));
    this.say(out);
  }

  private selectFrame(n: number): void {
    this.curindex = n;
    this.say(stackEntry(this.stack()[n]!, this.getLine, true));
    this.listLine = null;
  }

  private doUp(arg: string): void {
    if (this.curindex === 0) return this.error('Oldest frame');
    const count = parseIntArg(arg || '1');
    if (count === null) return this.error(`Invalid frame count (${arg})`);
    this.selectFrame(count < 0 ? 0 : Math.max(0, this.curindex - count));
  }

  private doDown(arg: string): void {
    const len = this.stack().length;
    if (this.curindex + 1 === len) return this.error('Newest frame');
    const count = parseIntArg(arg || '1');
    if (count === null) return this.error(`Invalid frame count (${arg})`);
    this.selectFrame(count < 0 ? len - 1 : Math.min(len - 1, this.curindex + count));
  }

  private fileLines(file: string): string[] {
    if (file === this.file) return this.src.lines;
    return otherFileLines(file);
  }

  private doList(arg: string): void {
    this.lastcmd = 'list';
    const f = this.stack()[this.curindex]!;
    let first: number;
    let last: number | null = null;
    if (arg && arg !== '.') {
      const parts = arg.split(',');
      const a = parseIntArg(parts[0]!);
      if (parts.length > 2 || a === null || (parts.length === 2 && parseIntArg(parts[1]!) === null)) {
        return this.error(`Error in argument: ${strRepr(arg)}`);
      }
      if (parts.length === 2) {
        first = a;
        last = parseIntArg(parts[1]!)!;
        if (last < first) last = first + last;
      } else first = Math.max(1, a - 5);
    } else if (this.listLine === null || arg === '.') first = Math.max(1, f.line - 5);
    else first = this.listLine + 1;
    if (last === null) last = first + 10;
    const lines = this.fileLines(f.file);
    const breaks = f.file === this.file ? this.bps.linesOf(this.file) : new Set<number>();
    this.say(printLines(lines.slice(first - 1, last), first, breaks, f.line, this.excLine()));
    this.listLine = Math.min(last, lines.length);
    if (lines.length < last) this.message('[EOF]');
  }

  /** The '>>' line of a post-mortem listing (pdb's tb_lineno): the line the exception was raised at. */
  private excLine(): number {
    return -1;
  }

  private doLongList(): void {
    const f = this.stack()[this.curindex]!;
    const range = this.sourceRange(f);
    if (!range) return this.error('could not get source code');
    const [start, end] = range;
    const lines = this.fileLines(f.file).slice(start - 1, end);
    this.say(printLines(lines, start, f.file === this.file ? this.bps.linesOf(this.file) : new Set(), f.line));
  }

  private sourceRange(f: PdbFrame): [number, number] | null {
    if (f.file !== this.file) return null;
    if (f.func === '<module>') return [1, this.src.length];
    const d = this.src.defFor(f.func, f.line);
    if (d && f.line >= d.firstLine && f.line <= d.lastLine) return [d.firstLine, d.lastLine];
    // a lambda or comprehension: inspect finds the statement it is on
    const st = this.src.statementAt(f.line);
    return st ?? [f.line, f.line];
  }

  private doSource(arg: string): void {
    const name = arg.trim();
    if (/^[A-Za-z_]\w*$/.test(name) && !(name in this.scope().locals)) {
      const d = this.visibleDef(name);
      if (d) {
        this.say(printLines(this.src.lines.slice(d.firstLine - 1, d.lastLine), d.firstLine, new Set()));
        return;
      }
    }
    const r = evaluate(arg, this.scope());
    if (!r.ok) return this.say(`${r.error}\n`);
    this.error(`module, class, method, function, traceback, frame, or code object was expected, got ${typeName(r.value)}`);
  }

  private doPrint(arg: string, mode: 'p' | 'pp'): void {
    const r = printExpression(arg, this.scope(), mode);
    this.say(r.output);
    if (!r.ok) this.ok = false;
    this.say(`${r.text}\n`);
  }

  private doWhatis(arg: string): void {
    const scope = this.scope();
    const name = arg.trim();
    const known = name in scope.locals || (scope.globals !== undefined && name in scope.globals);
    if (/^[A-Za-z_]\w*$/.test(name) && !known) {
      const d = this.visibleDef(name);
      if (d) return this.message(d.kind === 'def' ? `Function ${d.name}` : `Class __main__.${d.name}`);
    }
    const r = evaluate(arg, scope);
    this.say(r.output);
    if (!r.ok) return this.say(`${r.error}\n`);
    const v = r.value;
    if (v.kind === 'function') return this.message(`Function ${v.name}`);
    if (v.kind === 'type') return this.message(`Class builtins.${v.name}`);
    if (v.kind === 'opaque') {
      const m = /^<([\w.]+) object/.exec(v.text);
      if (m) return this.message(`<class '${m[1]}'>`);
      return this.error(`ndbg: the type of ${strRepr(name)} is not known without running the program (neural engine): ${v.text.slice(0, 60)} ${v.why}`);
    }
    this.message(`<class '${typeName(v)}'>`);
  }

  private doArgs(): void {
    const level = this.curindex - this.internalFrames;
    const fr = this.programFrames()[level];
    if (!fr || fr.func === '<module>') return;
    const d = this.src.defFor(fr.func, fr.line);
    if (!d || d.kind !== 'def') return;
    const locals = this.localsOf(level);
    for (const name of d.params) {
      this.message(name in locals ? `${name} = ${locals[name]}` : `${name} = *** undefined ***`);
    }
  }

  private doRetval(): void {
    const f = this.stack()[this.curindex]!;
    if (f.retval !== undefined) return this.message(f.retval);
    this.error('Not yet returned!');
  }

  private doDisplay(arg: string): void {
    const key = this.selectedFrameKey();
    if (!arg) {
      this.message('Currently displaying:');
      for (const [k, v] of this.displaying.get(key) ?? []) this.message(`${k}: ${v}`);
      return;
    }
    const val = displayValue(arg, this.scope());
    let shown = this.displaying.get(key);
    if (!shown) this.displaying.set(key, (shown = new Map()));
    shown.set(arg, val);
    this.message(`display ${arg}: ${val}`);
  }

  private doUndisplay(arg: string): void {
    const key = this.selectedFrameKey();
    if (arg) {
      const shown = this.displaying.get(key);
      if (!shown || !shown.delete(arg)) this.error(`not displaying ${arg}`);
    } else this.displaying.delete(key);
  }

  // ============================================================ edits
  /** pdb's default(): a statement, run by pyval over the predicted values; changes become an edit. */
  private exec(stmt: string): void {
    const level = this.curindex - this.internalFrames;
    const scope = this.scope();
    const r = execute(stmt, scope);
    this.say(r.output);
    if (!r.ok) {
      this.ok = false;
      this.say(`${r.error ?? '*** error'}\n`);
    }
    const changed = Object.keys(r.changes).length > 0 || r.deleted.length > 0;
    const globalChanged = Object.keys(r.globalChanges).length > 0;
    if ((!changed && !globalChanged) || level < 0) return;
    const frames = this.programFrames();
    if (this.ctx.kind !== 'node') return; // post-mortem: nothing left to condition
    const cur = this.timeline.current;
    const bottom = level === frames.length - 1;
    if (changed && bottom) {
      const locals: Record<string, string> = {};
      for (const [k, v] of Object.entries(cur.state.locals)) if (!r.deleted.includes(k)) locals[k] = v;
      for (const [k, v] of Object.entries(r.changes)) locals[k] = v;
      const confidence: Record<string, number> = {};
      for (const k of Object.keys(locals)) confidence[k] = k in r.changes ? 1 : cur.confidence[k] ?? 1;
      this.timeline.push({
        state: { ...cur.state, locals, stdout: '' },
        via: null,
        frames: cur.frames.map((f) => ({ ...f })),
        confidence,
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

  // ============================================================ breakpoints
  private lookupFile(name: string): string | null {
    const { resolve, dirname, isAbsolute } = pathFns;
    const candidates = isAbsolute(name) ? [name] : [resolve(dirname(this.file), name), resolve(name)];
    if (!/\.\w+$/.test(name)) candidates.push(...candidates.map((c) => `${c}.py`));
    for (const c of candidates) {
      if (c === this.file) return this.file;
      if (fileExists(c)) return c;
    }
    return null;
  }

  private doBreak(arg: string, temporary: boolean): void {
    if (!arg) {
      const all = this.bps.all();
      if (all.length) {
        this.message('Num Type         Disp Enb   Where');
        for (const b of all) this.message(bpFormat(b));
      }
      return;
    }
    let cond: string | null = null;
    let file: string | null = null;
    let lineno: number;
    let funcname: string | null = null;
    let funcFirst: number | null = null;
    const comma = arg.indexOf(',');
    if (comma > 0) {
      cond = arg.slice(comma + 1).replace(/^\s+/, '');
      arg = arg.slice(0, comma).replace(/\s+$/, '');
    }
    const colon = arg.lastIndexOf(':');
    if (colon >= 0) {
      const fname = arg.slice(0, colon).replace(/\s+$/, '');
      const f = this.lookupFile(fname);
      if (!f) return this.error(`${strRepr(fname)} not found from sys.path`);
      file = f;
      const rest = arg.slice(colon + 1).replace(/^\s+/, '');
      const n = parseIntArg(rest);
      if (n === null) return this.error(`Bad lineno: ${rest}`);
      lineno = n;
    } else {
      const n = parseIntArg(arg);
      if (n !== null) lineno = n;
      else {
        const name = arg.trim().split('.').pop()!;
        const d = /^[A-Za-z_][\w.]*$/.test(arg.trim()) ? this.src.findDefs(name).find((x) => x.kind === 'def') : undefined;
        if (!d) return this.error(`The specified object ${strRepr(arg)} is not a function or was not found along sys.path.`);
        funcname = d.name;
        lineno = d.firstLine !== d.defLine && this.defExecuted(d) ? d.firstLine : d.defLine;
        funcFirst = d.firstBodyLine;
        file = this.file;
      }
    }
    if (!file) file = this.defaultFile();
    // checkline
    const text = this.getLine(file, lineno);
    if (!text) return this.message('End of file');
    const t = text.trim();
    if (!t || t[0] === '#' || t.startsWith('"""') || t.startsWith("'''")) return this.error('Blank or comment');
    const b = this.bps.add(file, lineno, temporary, cond, funcname, funcFirst);
    this.message(`Breakpoint ${b.number} at ${b.file}:${b.line}`);
  }

  /**
   * A module-level def or class named `name` that has run by now (its name is
   * bound in the module: pdb's eval finds the function); functions and classes
   * are hidden from the predicted locals, as the tracer hides them.
   */
  private visibleDef(name: string): FunctionDef | undefined {
    return this.src.findDefs(name).find((d) => !d.parent && this.defExecuted(d));
  }

  /** Whether a decorated def has run (pdb then finds the function object, and its co_firstlineno). */
  private defExecuted(d: FunctionDef): boolean {
    if (this.ctx.kind !== 'node') return true;
    const frames = this.timeline.current.frames;
    if (frames.length > 1) return true;
    return (this.timeline.current.state.line ?? 0) > d.lastLine;
  }

  private defaultFile(): string {
    const f = this.stack()[this.curindex]!;
    return f.file === '<string>' ? this.file : f.file;
  }

  private doClear(arg: string): void {
    if (!arg) {
      this.say('Clear all breaks? ');
      this.pendingInput = (reply) => {
        const r = (reply ?? 'no').trim().toLowerCase();
        if (r === 'y' || r === 'yes') {
          const all = this.bps.all();
          for (const b of all) this.bps.delete(b);
          for (const b of all) this.message(`Deleted ${bpStr(b)}`);
        }
        this.emit({ type: 'result', command: 'clear', output: this.output, ok: true });
      };
      this.emit({ type: 'input' });
      return;
    }
    if (arg.includes(':')) {
      const i = arg.lastIndexOf(':');
      const fname = arg.slice(0, i);
      const rest = arg.slice(i + 1);
      const n = parseIntArg(rest);
      if (n === null) return this.error(`Invalid line number (${rest})`);
      const file = pathFns.resolve(fname);
      const inFile = this.bps.all().filter((b) => b.file === file);
      if (!inFile.length) return this.error(`There are no breakpoints in ${file}`);
      const here = inFile.filter((b) => b.line === n);
      if (!here.length) return this.error(`There is no breakpoint at ${file}:${n}`);
      for (const b of here) this.bps.delete(b);
      for (const b of here) this.message(`Deleted ${bpStr(b)}`);
      return;
    }
    for (const a of arg.split(/\s+/).filter(Boolean)) {
      let b: Breakpoint;
      try {
        b = this.bps.byNumberArg(a);
      } catch (e) {
        this.error((e as Error).message);
        continue;
      }
      this.bps.delete(b);
      this.message(`Deleted ${bpStr(b)}`);
    }
  }

  private doEnable(arg: string, on: boolean): void {
    for (const a of arg.split(/\s+/).filter(Boolean)) {
      try {
        const b = this.bps.byNumberArg(a);
        b.enabled = on;
        this.message(`${on ? 'Enabled' : 'Disabled'} ${bpStr(b)}`);
      } catch (e) {
        this.error((e as Error).message);
      }
    }
  }

  private doCondition(arg: string): void {
    const sp = arg.indexOf(' ');
    const num = sp >= 0 ? arg.slice(0, sp) : arg;
    const cond = sp >= 0 ? arg.slice(sp + 1) : null;
    try {
      const b = this.bps.byNumberArg(num.trim());
      b.cond = cond;
      if (!cond) this.message(`Breakpoint ${b.number} is now unconditional.`);
      else this.message(`New condition set for breakpoint ${b.number}.`);
    } catch (e) {
      this.error((e as Error).message);
    }
  }

  private doIgnore(arg: string): void {
    const args = arg.split(/\s+/).filter(Boolean);
    const count = args[1] !== undefined && parseIntArg(args[1]) !== null ? parseIntArg(args[1])! : 0;
    try {
      if (!args.length) throw new Error('Breakpoint number expected');
      const b = this.bps.byNumberArg(args[0]!);
      b.ignore = count;
      if (count > 0) {
        const countstr = count > 1 ? `${count} crossings` : '1 crossing';
        this.message(`Will ignore next ${countstr} of breakpoint ${b.number}.`);
      } else this.message(`Will stop next time breakpoint ${b.number} is reached.`);
    } catch (e) {
      this.error((e as Error).message);
    }
  }

  // ============================================================ commands
  private doCommands(arg: string): void {
    let bnum: number;
    if (!arg) bnum = this.bps.lastNumber;
    else {
      const n = parseIntArg(arg);
      if (n === null) return this.error('Usage: commands [bnum]\n        ...\n        end');
      bnum = n;
    }
    try {
      this.bps.byNumberArg(String(bnum));
    } catch (e) {
      return this.error(`cannot set commands: ${(e as Error).message}`);
    }
    this.bpCommands.set(bnum, { lines: [], silent: false, doprompt: true });
    this.defining = bnum;
  }

  /** pdb's handle_command_def: a line typed after `commands N`. */
  private commandDef(line: string): void {
    const t = line.trim();
    const m = /^[A-Za-z0-9_]*/.exec(t[0] === '?' ? `help ${t.slice(1)}` : t)!;
    const cmd = t[0] === '!' ? '' : m[0];
    if (!cmd) return;
    const list = this.bpCommands.get(this.defining!)!;
    if (cmd === 'silent') {
      list.silent = true;
      return;
    }
    if (cmd === 'end') {
      this.cmdqueue = [];
      this.defining = null;
      return;
    }
    const arg = t.slice(cmd.length).trim();
    list.lines.push(arg ? `${cmd} ${arg}` : cmd);
    if (['c', 'cont', 'continue', 's', 'step', 'n', 'next', 'r', 'return', 'q', 'quit', 'exit', 'j', 'jump'].includes(cmd)) {
      list.doprompt = false;
      this.cmdqueue = [];
      this.defining = null;
    }
  }

  // ============================================================ misc
  private doHelp(arg: string): void {
    if (!arg) return this.say(this.facts.helpIndex);
    const text = this.facts.help[arg];
    if (text === undefined) return this.error(`No help for ${strRepr(arg)}`);
    this.say(text);
  }

  private doAlias(arg: string): void {
    const args = arg.split(/\s+/).filter(Boolean);
    if (!args.length) {
      for (const k of [...this.aliases.keys()].sort()) this.message(`${k} = ${this.aliases.get(k)}`);
      return;
    }
    if (args.length === 1) {
      if (this.aliases.has(args[0]!)) this.message(`${args[0]} = ${this.aliases.get(args[0]!)}`);
      else this.error(`Unknown alias '${args[0]}'`);
      return;
    }
    this.aliases.set(args[0]!, args.slice(1).join(' '));
  }

  private doUnalias(arg: string): void {
    const args = arg.split(/\s+/).filter(Boolean);
    if (args.length) this.aliases.delete(args[0]!);
  }
}

/** The engine's reverse actions (src/commands/reverse.ts names their commands). */
type ReverseAction = Extract<Action['kind'], `inv_${string}`>;

const EXIT_NORMAL: ModelState = { event: 'exit', line: null, func: null, stack: [], locals: {}, retval: null, exception: null, stdout: '', exit: 'normal' };
const exitError = (exception: string): ModelState => ({ ...EXIT_NORMAL, exit: 'error', exception });

/** Python's int() of a command argument, or null. */
function parseIntArg(s: string): number | null {
  const t = s.trim().replace(/_/g, '');
  return /^[-+]?\d+$/.test(t) ? Number(t) : null;
}

/** shlex.split (enough for `restart` arguments): null on an unclosed quote. */
function shlexSplit(s: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let q: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (q) {
      if (ch === q) q = null;
      else if (ch === '\\' && q === '"' && i + 1 < s.length) cur += s[++i];
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      q = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else if (ch === '\\' && i + 1 < s.length) cur += s[++i];
    else cur += ch;
  }
  if (q) return null;
  if (has || cur) out.push(cur);
  return out;
}

// Files other than the script (bdb.py, modules named in `b file:line`) are read, never run.
const fileCache = new Map<string, string[]>();
function otherFileLines(file: string): string[] {
  let lines = fileCache.get(file);
  if (!lines) {
    try {
      const parts = readFileSync(file, 'utf8').split('\n');
      if (parts[parts.length - 1] === '') parts.pop();
      lines = parts.map((l) => `${l}\n`);
    } catch {
      lines = [];
    }
    fileCache.set(file, lines);
  }
  return lines;
}
function otherFileLine(file: string, n: number): string {
  const lines = otherFileLines(file);
  return n >= 1 && n <= lines.length ? lines[n - 1]! : '';
}
function fileExists(p: string): boolean {
  try {
    return existsSync(p) && statSync(p).isFile();
  } catch {
    return false;
  }
}
