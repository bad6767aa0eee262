// The one place that holds the TUI's state (state.ts), and the one that talks to
// the engine: it subscribes the screen, turns engine events into state through
// the reducers (stop.ts, transcript.ts), runs the command queue, and performs
// what keyHandling.ts decides a key does. Components only draw a State; the
// --play player and the tests drive this class directly. Data flows one way:
// key -> store -> engine -> event -> store -> render.
import type { ChildrenPage, Engine, EngineEvent, Frame, Inspected, StopEvent, ValueView } from '../../engine/engine.js';
import { History } from '../history.js';
import type { Key } from './keys.js';
import { keyEffects, type Effect } from './keyHandling.js';
import { commandOf } from '../../commands/classify.js';
import { isMoving, isQuit } from './keymap.js';
import * as select from './selectors.js';
import { SourceCache } from './source.js';
import { findInSource, searchText } from './search.js';
import { follow, resized } from './sourceView.js';
import { applyEngine } from './engineInfo.js';
import { applyStop } from './stop.js';
import { initialState, type LineKind, type State, type Variable } from './state.js';
import { paneItems } from './paneItems.js';
import { programStart } from './selectors.js';
import { PAGE, withPage } from './varTree.js';
import { loadBreakpoints, restoreCommands, saveBreakpoints, toSave } from './breakpointFile.js';
import { loadWatches, saveWatches } from './watchFile.js';
import { addWatch, parseWatchCommand, removeWatch, withResult, type Watch } from './watches.js';
import { ConsoleLog, LineAssembler, OutputLog, type DebuggerLine, type DebuggerTextKind } from './transcript.js';

export interface StoreOptions {
  title: string;
  cols: number;
  rows: number;
  /** Source text override (tests, engines whose files are not on disk). */
  source?: SourceCache;
  /** History file; null keeps history in memory only. */
  historyPath?: string | null;
  /** Show the last step's latency (off under --play: it would differ run to run). */
  showLatency?: boolean;
  /**
   * Show `at 0x7f..` addresses in reprs as `at 0x…` (--play: they differ on every
   * run, and a played cast must not).
   */
  maskAddresses?: boolean;
  /** Paths under this directory are shown relative to it. */
  cwd?: string;
  now?: () => number;
  /** Watch expressions kept across sessions in this file (watchFile.ts); null or absent: not kept. */
  watchesPath?: string | null;
  /** Breakpoints kept across sessions in this file (breakpointFile.ts); null or absent: not kept. */
  breakpointsPath?: string | null;
  /** The script's path: its source is on screen before the engine's first stop. */
  startFile?: string;
}

type Listener = () => void;

export class TuiStore {
  state: State;
  readonly sources: SourceCache;
  private listeners = new Set<Listener>();
  private history: History;
  private lastCommand = '';
  /** The command (or start, or input) now running: when it was sent, whether it has stopped yet (its latency). */
  private running: { t0: number; stopped: boolean } | null = null;
  /** pdb's text, a line at a time; the console's and the output pane's lines. */
  private debuggerLines = new LineAssembler();
  private consoleLog: ConsoleLog;
  private outputLog = new OutputLog();
  private idleWaiters: Array<() => void> = [];
  private watchesPath: string | null;
  private breakpointsPath: string | null;
  /** The saved breakpoints are being set again: the table is not saved until they all are. */
  private restoringBreakpoints = false;
  /** The program's script (its outermost frame's file at the first stop): what watches are kept under. */
  private script: string | undefined;
  /** The quiet inspections under way: commands wait for them (one conversation with the engine at a time). */
  private inspections: Promise<void> = Promise.resolve();
  private now: () => number;
  onRedraw: () => void = () => {};

  constructor(
    private engine: Engine,
    opts: StoreOptions,
  ) {
    this.sources = opts.source ?? new SourceCache();
    this.history = new History(opts.historyPath === undefined ? null : opts.historyPath);
    this.now = opts.now ?? (() => performance.now());
    this.watchesPath = opts.watchesPath ?? null;
    this.breakpointsPath = opts.breakpointsPath ?? null;
    const cwd = opts.cwd ?? process.cwd();
    this.consoleLog = new ConsoleLog(cwd, opts.maskAddresses ? select.maskAddresses : (t) => t);
    this.state = initialState({
      title: opts.title,
      cols: opts.cols,
      rows: opts.rows,
      cwd,
      info: engine.info,
      showLatency: opts.showLatency ?? true,
      maskAddresses: opts.maskAddresses ?? false,
      startFile: opts.startFile,
      console: this.consoleLog.lines,
      output: this.outputLog.lines,
    });
  }

  // ---- subscription (useSyncExternalStore) --------------------------------

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getState = (): State => this.state;

  private set(patch: Partial<State>): void {
    // Each notification is a render of the whole screen: skip those that change nothing.
    const cur = this.state as unknown as Record<string, unknown>;
    if (Object.entries(patch).every(([k, v]) => cur[k] === v)) return;
    this.state = { ...this.state, ...patch };
    this.notify();
    // Checked again a moment later: a command that ends starts its inspections right after.
    if (this.idle() || this.state.done) queueMicrotask(() => (this.idle() || this.state.done) && this.wakeIdle());
  }

  private idle(): boolean {
    return !this.state.busy && !this.state.inspecting && this.state.pending.length === 0;
  }

  /**
   * Listeners hear of changes once per turn of the event loop, however many
   * there were: a program printing 20,000 lines is a few renders, not 20,000.
   */
  private notifyPending = false;
  private notify(): void {
    if (this.notifyPending) return;
    this.notifyPending = true;
    setImmediate(() => {
      this.notifyPending = false;
      for (const l of this.listeners) l();
    });
  }

  /** Resolves when no command is running or queued. */
  whenIdle(): Promise<void> {
    if (this.idle() || this.state.done) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }
  private wakeIdle(): void {
    const ws = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of ws) w();
  }

  // ---- derived (selectors.ts; here for the player and the tests) ----------

  frame(s: State = this.state): Frame | undefined {
    return select.selectedFrame(s);
  }
  variables(s: State = this.state): Variable[] {
    return select.variables(s);
  }
  changedNames(s: State = this.state): Set<string> {
    return select.changedNames(s);
  }

  // ---- engine -------------------------------------------------------------

  /** Listen to the engine and start it. */
  async start(): Promise<void> {
    // The first stop's location, like every step's, is what the source pane shows.
    // (Set before listening: on() replays what the engine said before.)
    this.running = { t0: this.now(), stopped: false };
    this.engine.on(this.onEvent);
    try {
      await this.engine.start();
    } catch (e) {
      this.addConsole(`*** engine failed to start: ${(e as Error).message}`, 'error');
      this.set({ program: 'finished' });
    }
    this.flushDebugger();
    this.running = null;
    // The engine knows its model and device only once started.
    this.set({ busy: false, info: { ...this.state.info, ...this.engine.info }, program: this.state.program === 'starting' ? 'stopped' : this.state.program });
    this.inspect();
    this.drain();
  }

  onEvent = (e: EngineEvent): void => {
    switch (e.type) {
      case 'text':
        if (e.stream === 'debugger') this.debuggerText(e.data, e.kind);
        // ndbg's own diagnostics (model notes, --verify lines): the console, never the program's Output
        else if (e.stream === 'ndbg') for (const l of e.data.replace(/\n$/, '').split('\n')) this.addConsole(l, 'info');
        else this.outputText(e.stream, e.data);
        break;
      case 'stop':
        this.onStop(e);
        break;
      case 'prompt':
        this.set({ prompt: e.prompt, awaitingInput: false });
        break;
      case 'input':
        this.flushDebugger();
        // The program runs (it reads its stdin), whatever the command that led here.
        this.set({ awaitingInput: true, program: this.state.program === 'finished' ? 'finished' : 'running' });
        break;
      case 'result':
        break;
      case 'engine': {
        const u = applyEngine(this.state, e);
        this.set(u.patch);
        if (u.banner) this.addConsole(u.banner, 'info');
        break;
      }
      case 'breakpoints': {
        const n = e.breakpoints.length;
        this.set({ breakpoints: e.breakpoints, bpSel: Math.max(0, Math.min(this.state.bpSel, n - 1)) });
        this.saveBreakpoints();
        break;
      }
      case 'command': {
        // Values the command set or changed (the engine says which) keep their mark until the next step.
        if (e.edits) this.set({ edited: { ...this.state.edited, ...e.edits } });
        // ...and so does a child the tree's editor set (the command it sent ran)
        const child = this.state.childEdit;
        if (child && child.command === e.command) this.set({ childEdit: undefined, ...(e.ok ? { edited: { ...this.state.edited, [child.key]: '' } } : {}) });
        break;
      }
      case 'restart':
        this.flushDebugger();
        this.outputText('info', '── program restarted ──\n');
        this.sources.clear(); // the rerun reads the files again; so do we
        break;
      case 'exit':
        this.flushDebugger();
        this.addConsole(`The program exited with code ${e.code}.` + (this.state.quitting ? '' : ' Press q to quit.'), 'info');
        this.set({ program: 'finished', exitCode: e.code, awaitingInput: false });
        if (this.state.quitting) this.set({ done: true });
        break;
    }
  };

  private onStop(e: StopEvent): void {
    const r = this.running;
    const elapsedMs = r && !r.stopped ? Math.round(this.now() - r.t0) : undefined;
    if (r) r.stopped = true;
    this.set(applyStop(this.state, e, { fileLength: this.fileLength, elapsedMs }));
    if (this.script === undefined && e.frames.length) {
      this.loadWatches(e.frames[programStart(e.frames)]?.file ?? e.frames[0]!.file);
      this.restoreBreakpoints();
    }
  }

  /** The breakpoints saved for the script, set again before anything typed (as PuDB does). */
  private restoreBreakpoints(): void {
    if (!this.breakpointsPath || this.script === undefined) return;
    const have = new Set(this.state.breakpoints.map((b) => `${b.file}:${b.line}`));
    const saved = loadBreakpoints(this.breakpointsPath, this.script).filter((b) => !have.has(`${b.file}:${b.line}`));
    if (!saved.length) return;
    this.addConsole(`Setting the ${saved.length === 1 ? 'breakpoint' : `${saved.length} breakpoints`} kept from the last session (cl clears them).`, 'info');
    this.restoringBreakpoints = true;
    this.set({ pending: [...restoreCommands(saved), ...this.state.pending] });
  }

  private saveBreakpoints(): void {
    if (!this.breakpointsPath || this.script === undefined || this.restoringBreakpoints || this.state.quitting) return;
    if (this.state.program === 'finished') return; // the table of a program that ended is not the user's choice
    saveBreakpoints(this.breakpointsPath, this.script, toSave(this.state.breakpoints));
  }

  // ---- watches and the variables tree: quiet inspections after each command ----

  /** The watches saved for the program's script, after any added before its first stop. */
  private loadWatches(script: string): void {
    this.script = script;
    if (!this.watchesPath) return;
    let ws = [...this.state.watches];
    for (const e of loadWatches(this.watchesPath, script)) ws = addWatch(ws, e);
    if (ws.length !== this.state.watches.length) this.set({ watches: ws });
  }

  /** A new watch list: kept for the script, evaluated now. */
  setWatches(ws: Watch[]): void {
    this.set({ watches: ws, varSel: Math.min(this.state.varSel, Math.max(0, paneItems({ ...this.state, watches: ws }).length - 1)) });
    if (this.watchesPath && this.script !== undefined) {
      if (
        !saveWatches(
          this.watchesPath,
          this.script,
          ws.map((w) => w.expr),
        )
      )
        this.set({ message: `cannot write ${this.watchesPath}` });
    }
    this.inspect();
  }

  /**
   * Evaluate the watches in the selected frame, quietly, when the engine waits
   * at a prompt; the results are for the current stop (stopSeq).
   */
  private inspect(): void {
    const s = this.state;
    if (s.busy || s.awaitingInput || !s.stop || (s.program !== 'stopped' && s.program !== 'post-mortem')) return;
    if (s.watches.length === 0 && s.open.size === 0) return;
    this.queueInspection(async () => {
      const seq = this.state.stopSeq;
      const frame = this.state.selected;
      for (const w of this.state.watches) {
        const r = await this.evaluate(w.expr, frame);
        // The list may have changed meanwhile: update the watch by its expression.
        this.set({ watches: this.state.watches.map((x) => (x.expr === w.expr ? withResult(x, r, seq) : x)) });
      }
      // The open nodes of the tree, again, as many children as were shown (the values may have changed).
      // Only those on show (their parents open), outer ones first: each pass may show deeper ones.
      const done = new Set<string>();
      for (;;) {
        const next = paneItems(this.state).find((v) => v.open === true && !done.has(v.key ?? v.name));
        if (!next) break;
        const expr = next.key ?? next.name;
        done.add(expr);
        const had = this.state.tree.get(expr)?.children.length ?? 0;
        await this.loadChildren(expr, 0, Math.max(PAGE, had), frame);
      }
    });
  }

  /** Run `job` after the inspections before it; commands wait until all are done. */
  private queueInspection(job: () => Promise<void>): void {
    this.set({ inspecting: true });
    const run = this.inspections.then(job).catch(() => {});
    this.inspections = run;
    void run.then(() => {
      if (this.inspections !== run) return; // more were queued: the last one ends it
      this.set({ inspecting: false });
      this.drain();
    });
  }

  /** Open a node of the tree, or its next page (a key did it). */
  private fetchChildren(expr: string, start: number): void {
    const s = this.state;
    if (s.busy || !s.stop || (s.program !== 'stopped' && s.program !== 'post-mortem')) return;
    this.queueInspection(() => this.loadChildren(expr, start, PAGE, this.state.selected));
  }

  private async loadChildren(expr: string, start: number, count: number, frame: number): Promise<void> {
    let r: Inspected<ChildrenPage>;
    if (typeof this.engine.children !== 'function') r = { ok: false, error: 'this engine cannot list children' };
    else {
      try {
        r = await answered(this.engine.children(expr, { frame, start, count }));
      } catch (e) {
        r = { ok: false, error: (e as Error).message };
      }
    }
    const tree = new Map(this.state.tree);
    if (r.ok) tree.set(expr, withPage(tree.get(expr), r.result));
    else tree.set(expr, { children: [], size: 0, error: r.error });
    this.set({ tree });
  }

  private async evaluate(expr: string, frame: number): Promise<Inspected<ValueView>> {
    if (typeof this.engine.evaluate !== 'function') return { ok: false, error: 'this engine cannot evaluate quietly' };
    try {
      return await answered(this.engine.evaluate(expr, { frame }));
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }

  /** Lines in a source file, when it can be read. */
  private fileLength = (file: string): number | undefined => this.sources.get(file)?.length;

  private debuggerText(data: string, kind: DebuggerTextKind): void {
    for (const l of this.debuggerLines.push(data, kind)) this.debuggerLine(l);
  }

  private debuggerLine(l: DebuggerLine): void {
    // The source pane shows where the program is; pdb's "> file(3)f()" and
    // "-> code" lines would only push the transcript off the console.
    if (l.kind === 'location') return;
    this.addConsole(l.text, l.kind === 'error' ? 'error' : 'debugger');
  }

  private flushDebugger(): void {
    const l = this.debuggerLines.flush();
    if (l !== undefined) this.debuggerLine(l);
  }

  private outputText(stream: 'stdout' | 'stderr' | 'info', data: string): void {
    this.outputLog.write(stream, data);
    this.set({ outputRev: this.state.outputRev + 1 });
  }

  addConsole(text: string, kind: LineKind): void {
    this.consoleLog.add(text, kind);
    this.set({ consoleRev: this.state.consoleRev + 1, consoleScroll: 0 });
  }

  // ---- commands -----------------------------------------------------------

  /** A command line as if typed and entered (keys and the player use this too). */
  submit(raw: string, opts: { fromKey?: boolean } = {}): void {
    let line = raw;
    const s = this.state;
    if (s.confirm) {
      this.answerConfirm(line);
      return;
    }
    if (s.awaitingInput && !s.busy) {
      this.answerInput(line);
      return;
    }
    if (line.trim() === '') {
      if (!this.lastCommand) return;
      line = this.lastCommand;
    } else {
      if (!opts.fromKey) this.history.add(line);
      this.lastCommand = line;
    }
    if (s.history.index !== -1) this.set({ history: { ...s.history, index: -1 } });
    // `h`, `help`, `h keys`: the help overlay (keys and commands); `h CMD` and `?` are pdb's.
    // Command words are read as the engine's pdb reads them (`q.x` is Python on 3.13).
    const python = s.info.python;
    const typed = commandOf(line, python);
    if ((typed?.name === 'h' || typed?.name === 'help') && (typed.arg === '' || typed.arg === 'keys') && !line.trim().startsWith('?')) {
      this.addConsole(s.prompt + line, 'command');
      this.set({ helpTop: 0 });
      return;
    }
    if (isQuit(line, python)) {
      this.addConsole(s.prompt + line, 'command');
      this.quit();
      return;
    }
    if (s.program === 'finished') {
      this.addConsole(s.prompt + line, 'command');
      this.addConsole('The program has finished; q quits.', 'info');
      return;
    }
    if (s.busy) {
      // Typed ahead: shown in the console when it runs, after what the command before printed.
      this.set({ pending: [...s.pending, line] });
      return;
    }
    void this.run(line);
  }

  private async run(line: string, pending: readonly string[] = this.state.pending, echo = true): Promise<void> {
    if (echo) this.addConsole(this.state.prompt + line, 'command');
    // Bare `cl`: pdb asks on the program's stdin (python engine: the question in
    // the Output pane, the prompt `stdin>`). The TUI asks on its command line
    // and sends the breakpoints' numbers, which pdb clears without asking.
    const typed = commandOf(line, this.state.info.python);
    if ((typed?.name === 'cl' || typed?.name === 'clear') && typed.arg === '') {
      this.set({ pending, confirm: { question: 'Clear all breaks? ', line: clearAllCommand(this.state) } });
      return;
    }
    const search = searchText(line);
    if (search !== undefined) {
      this.set({ pending });
      this.searchSource(search);
      this.drain();
      return;
    }
    const watch = parseWatchCommand(line);
    if (watch) {
      this.set({ pending });
      this.watchCommand(watch);
      this.drain();
      return;
    }
    // `run` / `restart` in post-mortem: CPython's pdb raises Restart out of its
    // post-mortem loop and the session ends (pdb.main does not catch it there).
    // There pdb restarts the program on `c` or `s`, which is what run means.
    if (this.state.stop?.postMortem && this.state.info.name === 'python' && (typed?.name === 'run' || typed?.name === 'restart') && typed.arg === '') {
      this.addConsole('(post-mortem: restarting the program with c)', 'info');
      line = 'c';
    }
    // Shown as running until the engine answers (it says whether the command resumed only after).
    const moving = isMoving(line, this.state.info.python);
    this.running = { t0: this.now(), stopped: false };
    this.set({ busy: true, pending, program: moving && this.state.program !== 'finished' ? 'running' : this.state.program });
    await this.inspections;
    try {
      await this.engine.command(line);
    } catch (e) {
      this.addConsole(`*** ${(e as Error).message}`, 'error');
    }
    this.flushDebugger();
    this.running = null;
    const patch: Partial<State> = { busy: false };
    // Waiting for the program's input is still running (the status says it reads stdin).
    if (this.state.program === 'running' && !this.state.awaitingInput) patch.program = this.state.stop?.postMortem ? 'post-mortem' : 'stopped';
    this.set(patch);
    if (this.state.quitting && this.state.program === 'finished') this.set({ done: true });
    this.inspect();
    this.drain();
  }

  /** `/text`: the source pane's cursor to the next line with `text` (the pane gets the focus). */
  private searchSource(text: string): void {
    const f = this.frame();
    const file = f ? this.sources.get(f.file) : undefined;
    if (!f || !file) return this.addConsole('*** no source to search', 'error');
    const from = this.state.sourceCursor || f.line;
    const line = findInSource(file, text, from);
    if (line === undefined) return this.set({ message: `not found: ${text}` });
    this.set({ ...follow(this.state, line, file.length, false), focus: 'source', message: `/${text}: line ${line}${line <= from ? ' (wrapped)' : ''}` });
  }

  /** `watch EXPR`, `watch`, `unwatch N|EXPR`: the TUI's own commands. */
  private watchCommand(c: NonNullable<ReturnType<typeof parseWatchCommand>>): void {
    const ws = this.state.watches;
    if (c.kind === 'list') {
      if (ws.length === 0) this.addConsole('No watches: watch EXPR adds one (+ in the variables pane).', 'info');
      ws.forEach((w, i) => this.addConsole(`${i + 1}: ${w.expr} = ${w.error ?? w.value ?? '…'}`, 'debugger'));
      return;
    }
    if (c.kind === 'add') return this.setWatches(addWatch(ws, c.expr));
    if (!c.which) return this.addConsole('*** unwatch N or unwatch EXPR (watch lists them)', 'error');
    const next = removeWatch(ws, c.which);
    if (!next) return this.addConsole(`*** no watch ${c.which} (watch lists them)`, 'error');
    this.setWatches(next);
  }

  private drain(): void {
    if (this.restoringBreakpoints && this.state.pending.length === 0 && !this.state.busy) {
      this.restoringBreakpoints = false;
      this.saveBreakpoints();
    }
    const [next, ...rest] = this.state.pending;
    if (next === undefined || this.state.busy || this.state.confirm) return;
    if (this.state.program === 'finished') {
      this.set({ pending: [] });
      return;
    }
    if (this.state.inspecting) return; // drained again when the inspections end
    void this.run(next, rest);
  }

  private async answerInput(line: string | null): Promise<void> {
    this.outputText('stdout', (line ?? '') + '\n');
    this.set({ awaitingInput: false, busy: true, program: 'running' });
    // The command that asked for input goes on: filter and time it like one.
    this.running = { t0: this.now(), stopped: false };
    try {
      // A whole line, newline included (null: end of file).
      await this.engine.input(line === null ? null : line + '\n');
    } catch (e) {
      this.addConsole(`*** ${(e as Error).message}`, 'error');
    }
    this.flushDebugger();
    this.running = null;
    this.set({
      busy: false,
      program: this.state.program === 'running' && !this.state.awaitingInput ? (this.state.stop?.postMortem ? 'post-mortem' : 'stopped') : this.state.program,
    });
    this.inspect();
    this.drain();
  }

  /** The answer to the TUI's own question (`confirm`): yes sends its command. */
  private answerConfirm(answer: string): void {
    const c = this.state.confirm!;
    this.addConsole(c.question + answer, 'command');
    this.set({ confirm: undefined });
    const yes = /^\s*y(es)?\s*$/i.test(answer);
    if (yes && c.line) void this.run(c.line, this.state.pending, false);
    else this.drain();
  }

  interrupt(): void {
    this.engine.interrupt();
    this.set({ pending: [], input: '', cursor: 0, varEdit: undefined, confirm: undefined, message: this.state.busy ? 'interrupted' : 'q quits' });
  }

  quit(): void {
    if (this.state.quitting && this.state.program !== 'finished') {
      this.set({ done: true });
      return;
    }
    this.set({ quitting: true, confirm: undefined });
    if (this.state.program === 'finished') {
      this.set({ done: true });
      return;
    }
    if (this.state.busy) this.engine.interrupt();
    // Busy until the engine is gone: whoever waits for idle (the player) waits for the end.
    this.set({ pending: [], busy: true });
    const give = setTimeout(() => this.set({ done: true }), 2000);
    give.unref?.();
    void (async () => {
      try {
        await Promise.race([this.inspections, new Promise((r) => setTimeout(r, 1000).unref?.())]);
        await this.engine.command('q');
      } catch {
        /* ending anyway */
      }
      clearTimeout(give);
      this.set({ done: true });
    })();
  }

  setSize(cols: number, rows: number): void {
    const f = this.frame();
    this.set(resized(this.state, cols, rows, f?.line, f ? (this.fileLength(f.file) ?? f.line) : 0));
  }

  // ---- keys (keyHandling.ts decides; the store performs) -----------------

  key(k: Key): void {
    const effects = keyEffects(this.state, k, { history: this.history.entries, fileLength: this.fileLength });
    for (const e of effects) this.perform(e);
  }

  private perform(e: Effect): void {
    switch (e.kind) {
      case 'set':
        return this.set(e.patch);
      case 'submit':
        return this.submit(e.line, { fromKey: e.fromKey });
      case 'eof':
        return void this.answerInput(null);
      case 'interrupt':
        return this.interrupt();
      case 'quit':
        return this.quit();
      case 'redraw':
        return this.onRedraw();
      case 'watches':
        return this.setWatches(e.watches);
      case 'children':
        return this.fetchChildren(e.expr, e.start);
    }
  }
}

/** `cl N M ...` for every breakpoint in the table ('' when there are none: nothing to send). */
function clearAllCommand(s: State): string {
  return s.breakpoints.length ? `cl ${s.breakpoints.map((b) => b.number).join(' ')}` : '';
}

/**
 * How long a quiet inspection may take before the TUI gives up on it: commands
 * wait for inspections, so one the engine never answers must not hang the session.
 */
const INSPECT_TIMEOUT_MS = 15_000;

function answered<T>(p: Promise<Inspected<T>>): Promise<Inspected<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Inspected<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: 'no answer from the engine' }), INSPECT_TIMEOUT_MS);
    timer.unref?.();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
