// The one place that holds the TUI's state (state.ts), and the one that talks to
// the engine: it subscribes the screen, turns engine events into state through
// the reducers (stop.ts, transcript.ts), runs the command queue, and performs
// what keyHandling.ts decides a key does. Its helpers each hold one concern:
// the console's and output pane's text (transcript.ts), the quiet inspections
// after each command (inspections.ts), what is kept across sessions (kept.ts).
// Components only draw a State; the --play player and the tests drive this class
// directly. Data flows one way:
// key -> store -> engine -> event -> store -> render.
import type { Engine, EngineEvent, Frame, StopEvent } from '../../engine/engine.js';
import { History } from '../history.js';
import type { Key } from './keys.js';
import { keyEffects, type Effect } from './keyHandling.js';
import { commandOf } from '../../commands/classify.js';
import { isMoving, isQuit } from './keymap.js';
import * as select from './selectors.js';
import { SourceCache } from './source.js';
import { searchPatch, searchText } from './search.js';
import { resized } from './sourceView.js';
import { applyEngine } from './engineInfo.js';
import { applyStop } from './stop.js';
import { Inspections } from './inspections.js';
import { initialState, type LineKind, type State, type Variable } from './state.js';
import { paneItems } from './paneItems.js';
import { programStart } from './selectors.js';
import { Kept } from './kept.js';
import { clearAllCommand } from './breakpoints.js';
import { parseWatchCommand, watchReply, type Watch, type WatchCommand } from './watches.js';
import { Transcript } from './transcript.js';

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
  private readonly text: Transcript;
  private idleWaiters: Array<() => void> = [];
  /** Watches and breakpoints kept across sessions. */
  private readonly kept: Kept;
  /** The quiet inspections (watches, the open tree): commands wait for them. */
  private readonly inspections: Inspections;
  private now: () => number;
  onRedraw: () => void = () => {};

  constructor(
    private engine: Engine,
    opts: StoreOptions,
  ) {
    this.sources = opts.source ?? new SourceCache();
    this.inspections = new Inspections({ engine, state: () => this.state, set: (p) => this.set(p), drain: () => this.drain() });
    this.history = new History(opts.historyPath === undefined ? null : opts.historyPath);
    this.now = opts.now ?? (() => performance.now());
    this.kept = new Kept(
      { state: () => this.state, set: (p) => this.set(p), addConsole: (t, k) => this.addConsole(t, k) },
      opts.watchesPath ?? null,
      opts.breakpointsPath ?? null,
    );
    const cwd = opts.cwd ?? process.cwd();
    this.text = new Transcript(
      cwd,
      opts.maskAddresses ? select.maskAddresses : (t) => t,
      () => this.state,
      (p) => this.set(p),
    );
    this.state = initialState({
      title: opts.title,
      cols: opts.cols,
      rows: opts.rows,
      cwd,
      info: engine.info,
      showLatency: opts.showLatency ?? true,
      maskAddresses: opts.maskAddresses ?? false,
      startFile: opts.startFile,
      console: this.text.console.lines,
      output: this.text.output.lines,
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
    this.text.flushDebugger();
    this.running = null;
    // The engine knows its model and device only once started.
    this.set({ busy: false, info: { ...this.state.info, ...this.engine.info }, program: this.state.program === 'starting' ? 'stopped' : this.state.program });
    this.inspections.afterCommand();
    this.drain();
  }

  onEvent = (e: EngineEvent): void => {
    switch (e.type) {
      case 'text':
        if (e.stream === 'debugger') this.text.debuggerText(e.data, e.kind);
        // ndbg's own diagnostics (model notes, --verify lines): the console, never the program's Output
        else if (e.stream === 'ndbg') for (const l of e.data.replace(/\n$/, '').split('\n')) this.addConsole(l, 'info');
        else this.text.outputText(e.stream, e.data);
        break;
      case 'stop':
        this.onStop(e);
        break;
      case 'prompt':
        this.set({ prompt: e.prompt, awaitingInput: false });
        break;
      case 'input':
        this.text.flushDebugger();
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
        this.kept.saveBreakpoints();
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
        this.text.flushDebugger();
        this.text.outputText('info', '── program restarted ──\n');
        this.sources.clear(); // the rerun reads the files again; so do we
        break;
      case 'exit':
        this.text.flushDebugger();
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
    if (this.kept.script === undefined && e.frames.length) this.kept.firstStop(e.frames[programStart(e.frames)]?.file ?? e.frames[0]!.file);
  }

  /** A new watch list: kept for the script, evaluated now. */
  setWatches(ws: Watch[]): void {
    this.set({ watches: ws, varSel: Math.min(this.state.varSel, Math.max(0, paneItems({ ...this.state, watches: ws }).length - 1)) });
    this.kept.saveWatches(ws);
    this.inspections.afterCommand();
  }

  /** Lines in a source file, when it can be read. */
  private fileLength = (file: string): number | undefined => this.sources.get(file)?.length;

  addConsole(text: string, kind: LineKind): void {
    this.text.addConsole(text, kind);
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
      this.set({ pending, confirm: { question: 'Clear all breaks? ', line: clearAllCommand(this.state.breakpoints) } });
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
    await this.inspections.idle;
    await this.send(() => this.engine.command(line));
    this.answered();
    if (this.state.quitting && this.state.program === 'finished') this.set({ done: true });
    this.inspections.afterCommand();
    this.drain();
  }

  /** Send a command or an input line to the engine, and wait for its answer. */
  private async send(call: () => Promise<void>): Promise<void> {
    try {
      await call();
    } catch (e) {
      this.addConsole(`*** ${(e as Error).message}`, 'error');
    }
  }

  /**
   * The engine answered what was sent (running since this.running's t0). Called
   * in the same turn as what follows it: the inspections it starts must be queued
   * before anyone waiting for idle hears of it.
   */
  private answered(): void {
    this.text.flushDebugger();
    this.running = null;
    const patch: Partial<State> = { busy: false };
    // Waiting for the program's input is still running (the status says it reads stdin).
    if (this.state.program === 'running' && !this.state.awaitingInput) patch.program = this.state.stop?.postMortem ? 'post-mortem' : 'stopped';
    this.set(patch);
  }

  /** `/text`: the source pane's cursor to the next line with `text` (the pane gets the focus). */
  private searchSource(text: string): void {
    const f = this.frame();
    const file = f ? this.sources.get(f.file) : undefined;
    if (!f || !file) return this.addConsole('*** no source to search', 'error');
    this.set(searchPatch(this.state, file, f.line, text));
  }

  /** `watch EXPR`, `watch`, `unwatch N|EXPR`: the TUI's own commands. */
  private watchCommand(c: WatchCommand): void {
    const r = watchReply(this.state.watches, c);
    if ('watches' in r) return this.setWatches(r.watches);
    for (const l of r.lines) this.addConsole(l.text, l.kind);
  }

  private drain(): void {
    if (this.state.pending.length === 0 && !this.state.busy) this.kept.restored();
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
    this.text.outputText('stdout', (line ?? '') + '\n');
    this.set({ awaitingInput: false, busy: true, program: 'running' });
    // The command that asked for input goes on: filter and time it like one.
    this.running = { t0: this.now(), stopped: false };
    // A whole line, newline included (null: end of file).
    await this.send(() => this.engine.input(line === null ? null : line + '\n'));
    this.answered();
    this.inspections.afterCommand();
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
        await Promise.race([this.inspections.idle, new Promise((r) => setTimeout(r, 1000).unref?.())]);
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
        return this.inspections.open(e.expr, e.start);
    }
  }
}
