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
  type BreakpointInfo,
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
import { pdbWord } from '../pdbCommands.js';
import type { Program } from '../../model/cfg.js';
import { FORMAT_VERSION } from '../../model/format.js';
import type { ModelState } from '../../model/types.js';
import { setHashSeed, displayValue, type Scope } from '../../pyval/index.js';
import { bpStr } from './breakpoints.js';
import { childrenPage, evaluateView } from './children.js';
import { Core, type ModelSession, type Outcome, type Report, type ReverseAction } from './core.js';
import { FALLBACK_FACTS, type PdbFacts } from './probe.js';
import { stackEntry, type PdbFrame } from './render.js';
import type { ScriptSource } from './source.js';
import { pdbStack, scopeOf, stopEvent } from './stack.js';
import type { Node } from './timeline.js';
import { BREAKPOINTS, commandDef } from './commands/breakpoints.js';
import { exec } from './commands/edit.js';
import { ENDING, finish, newRun } from './commands/ending.js';
import { HELP } from './commands/help.js';
import { INSPECT } from './commands/inspect.js';
import { reverse } from './commands/reverse.js';
import { runToLine, STEPPING } from './commands/stepping.js';
import { resumed, type CommandList, type Handler, type Pdb, type Resumed, type Verdict } from './commands/types.js';
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

/** What the command being run printed and bound: its ResultEvent and CommandEvent. */
interface Reply {
  label: string;
  output: string;
  ok: boolean;
  /** The first error message, without `*** `. */
  error?: string;
  /** Names of the selected frame the command bound -> repr. */
  edits?: Record<string, string>;
  /** Its CommandEvent was sent (exit() sends it for `q`). */
  reported: boolean;
}

/** pdb's commands, by concern (./commands/); a line whose command is none of them is a statement (edit.ts). */
const HANDLERS: Record<string, Handler> = { ...STEPPING, ...INSPECT, ...BREAKPOINTS, ...ENDING, ...HELP };

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
  private listeners: Listener[] = [];
  private backlog: EngineEvent[] = [];
  private pendingInput?: (line: string | null) => void;
  /** What the command being run printed, whether it succeeded, what it bound. */
  private reply: Reply = { label: '', output: '', ok: true, reported: true };
  /** The breakpoint table last sent (a `breakpoints` event goes out when it changes). */
  private sentBreakpoints = '[]';
  /** Runs begun in this session; a run after the first is announced by a `restart` event at its first stop. */
  private runs = 0;
  private restartDue = false;
  private lastWarning?: string;
  /** Predictions of the current command that reported a problem. */
  private predictionProblems = 0;
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
      report: (r) => this.onReport(r),
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
    this.listeners.push(listener);
    for (const e of this.backlog) listener(e);
    this.backlog = [];
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
      const line = this.precmd(this.cmdqueue.shift()!);
      await this.perform(line, () => this.onecmd(line));
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
    if (!defining) this.reply = { label, output: '', ok: true, reported: false };
    const before = this.selectionKey();
    const v = await run();
    if (!this.live || this.defining !== null) return v;
    if (v === 'stay') {
      this.finishReply();
      if (this.selectionKey() !== before) this.emit({ ...this.stopEvent(), refresh: true });
    } else this.outcome(true);
    return v;
  }

  /** A command that stays returned: its result, the breakpoint table if it changed, its outcome. */
  private finishReply(): void {
    const r = this.reply;
    this.emit({ type: 'result', command: r.label, output: r.output, ok: r.ok });
    this.reportBreakpoints();
    this.outcome(false);
  }

  /** The command's `command` event, once. */
  private outcome(resumed: boolean): void {
    const r = this.reply;
    if (r.reported) return;
    r.reported = true;
    this.emit({
      type: 'command',
      command: r.label,
      ok: r.ok,
      resumed,
      ...(!r.ok && r.error !== undefined ? { error: r.error } : {}),
      ...(r.edits && Object.keys(r.edits).length ? { edits: r.edits } : {}),
    });
  }

  /** bdb's table as front ends get it (docs/json.md, `breakpoints`). */
  breakpointTable(): BreakpointInfo[] {
    return this.core.bps.all().map((b) => {
      const info: BreakpointInfo = { number: b.number, file: b.file, line: b.line, hits: b.hits, ignore: b.ignore, enabled: b.enabled, temporary: b.temporary };
      if (b.funcname) info.func = b.funcname;
      if (b.cond) info.condition = b.cond;
      const lines = this.bpCommands.get(b.number)?.lines;
      if (lines?.length) info.commands = [...lines];
      return info;
    });
  }

  /** Send the breakpoint table when it differs from the one last sent. */
  private reportBreakpoints(): void {
    const table = this.breakpointTable();
    const key = JSON.stringify(table);
    if (key === this.sentBreakpoints) return;
    this.sentBreakpoints = key;
    this.emit({ type: 'breakpoints', breakpoints: table });
  }

  /** A run begins (newRun): one after the session's first is announced at its first stop. */
  runBegins(): void {
    if (++this.runs > 1) this.restartDue = true;
  }

  /** The names the command bound in the selected frame, with their new reprs (the command event's `edits`). */
  edited(changes: Record<string, string>): void {
    if (Object.keys(changes).length) this.reply.edits = { ...(this.reply.edits ?? {}), ...changes };
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

  /** cmd.Cmd.onecmd: the handler of the line's command (a statement when there is none). */
  async onecmd(lineIn: string): Promise<Verdict> {
    if (this.defining !== null) {
      commandDef(this, lineIn);
      return 'stay';
    }
    let line = lineIn.trim();
    if (!line) return this.lastcmd ? this.onecmd(this.lastcmd) : 'stay';
    if (line[0] === '?') line = `help ${line.slice(1)}`;
    if (line[0] === '!') return exec(this, line.slice(1)) ?? 'stay';
    const cmd = pdbWord(line, this.facts.python);
    const arg = line.slice(cmd.length).trim();
    this.lastcmd = line === 'EOF' ? '' : line;
    const handler = cmd && Object.hasOwn(HANDLERS, cmd) ? HANDLERS[cmd] : undefined;
    if (!handler) return exec(this, line) ?? 'stay';
    return (await handler(this, arg)) ?? 'stay';
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
      const v = await this.one(l, () => this.onecmd(l));
      if (v !== 'stay') return v;
      if (!this.live) return 'stay';
    }
    this.sayLocation();
    this.preloopDisplays();
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
      const v = await this.one(l, () => this.onecmd(l));
      if (v !== 'stay' || !this.live) return v;
    }
    this.lastcmd = lastcmd;
    if (!list.silent) this.sayLocation();
    if (resume !== undefined) {
      const cap = this.core.cap;
      if (++this.autoResumes <= cap) return this.one(resume, () => this.onecmd(resume));
      // a real program resumed this often may be looping for good too, but a predicted one
      // usually is a model that does not see the loop end: stop and let the user decide
      this.message(
        `*** ndbg: ${cap} breakpoint stops in a row were resumed by their commands; stopping here (the model may be predicting a loop that does not end)`,
      );
      if (list.silent) this.sayLocation();
    }
    this.preloopDisplays();
    return 'stay';
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

  /**
   * Show where an action led, as pdb does on arriving: why it stopped early, a
   * deleted temporary breakpoint, the `--Call--` / `--Return--` / exception banner.
   * The program's end is handled as pdb.main does (ending.ts).
   */
  async land(o: Outcome): Promise<Verdict> {
    switch (o.kind) {
      case 'stay':
        if (o.note) this.message(o.note);
        return 'stay';
      case 'exit':
        return finish(this, o.exit);
      case 'end': {
        const p = this.core.place;
        if (p.kind === 'string') this.message(p.phase === 'exception' ? p.exception! : '--Return--');
        else if (p.kind === 'bdb' && p.at === 'run' && p.exception) this.message(p.exception);
        return resumed(o);
      }
      case 'node': {
        if (o.note) this.message(o.note);
        if (o.hit?.deleted) this.message(`Deleted ${bpStr(o.hit.bp)}`);
        const s = o.node.state;
        if (s.event === 'call') this.message('--Call--');
        else if (s.event === 'return') this.message('--Return--');
        else if (s.event === 'exception' && s.exception) this.message(s.exception);
        return resumed(o);
      }
    }
  }

  // ========================================================== text & events
  emit(e: EngineEvent): void {
    if (this.listeners.length === 0) this.backlog.push(e);
    else for (const l of this.listeners) l(e);
  }

  /** pdb's own output (part of the command's result). */
  say(text: string, kind?: TextEvent['kind']): void {
    if (!text) return;
    this.reply.output += text;
    this.emit({ type: 'text', stream: 'debugger', data: text, ...(kind ? { kind } : {}) });
  }

  message(msg: string): void {
    this.say(`${msg}\n`);
  }

  /** pdb's error(): `*** msg`; the command failed. */
  error(msg: string): void {
    this.failed(msg);
    this.say(`*** ${msg}\n`, 'error');
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
    if (this.reply.error === undefined && msg !== undefined) this.reply.error = msg;
    this.reply.ok = false;
  }

  /** pdb's print_stack_entry of the selected frame, as a location (not `where`'s listing). */
  sayLocation(): void {
    this.say(this.location(), 'location');
  }

  /** Text on the program's streams (its predicted output, tracebacks). */
  write(stream: 'stdout' | 'stderr', text: string): void {
    if (text) this.emit({ type: 'text', stream, data: text });
  }

  /** ndbg's own diagnostics (model notes, warnings): stream `ndbg`, neither the program's nor pdb's. */
  diagnostic(text: string): void {
    if (text) this.emit({ type: 'text', stream: 'ndbg', data: text });
  }

  /** The session is over. */
  exit(code: number): void {
    this.exited = true;
    this.outcome(true); // `q`: the command that ended the session
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

  private onReport(r: Report): void {
    switch (r.kind) {
      case 'output':
        return this.write('stdout', r.text);
      case 'failed':
        return this.error(r.text);
      case 'warning':
        if (r.text === this.lastWarning) return;
        this.lastWarning = r.text;
        return this.diagnostic(`ndbg: ${r.text} (the script is windowed)\n`);
      case 'notice':
        return this.diagnostic(`ndbg: ${r.text}\n`);
      case 'problem':
        // a rollout (until, c, n over a long call) may predict hundreds of states: say the first problem, count the rest
        if (++this.predictionProblems === 1) this.diagnostic(`ndbg: ${r.text}\n`);
        return;
    }
  }

  private prompt(): void {
    if (this.predictionProblems > 1) {
      const more = this.predictionProblems - 1;
      this.diagnostic(`ndbg: ${more} more prediction${more === 1 ? '' : 's'} of that command had such a problem\n`);
    }
    this.predictionProblems = 0;
    this.emit({ type: 'prompt', prompt: this.defining !== null ? '(com) ' : '(Pdb) ' });
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
