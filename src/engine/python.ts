// The python engine: the real CPython running the program under CPython's own
// pdb, in a child process (python/ndbg/bridge/). This file only moves
// messages: bridge messages in -> engine events out, command lines in ->
// bridge lines out. pdb itself does all the debugging and all the printing.

import { constants as osConstants } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { PDB_COMMAND_OF_ACTION } from './engine.js';
import type {
  Action,
  ChildrenPage,
  CommandEvent,
  Engine,
  EngineEvent,
  EngineInfo,
  Frame,
  Inspected,
  InspectOptions,
  Listener,
  StopEvent,
  ValueView,
} from './engine.js';
import { encode, LineSplitter, type BridgeMessage, type InspectKind, type ReverseKind } from './bridgeProtocol.js';
import { UserError } from './errors.js';
import { bridgeKey, spawnBridge, type BridgeSpawnOptions, type SpawnedBridge } from './spawnBridge.js';

export interface PythonEngineOptions extends BridgeSpawnOptions {
  /** A bridge already started with the same options (bin/ndbg.js starts one early). */
  spawned?: SpawnedBridge;
  /** The program's stdin: its reads are answered from this text, then EOF, without asking. */
  stdin?: string;
}

type Ready = 'prompt' | 'input' | 'exit';

const REVERSE: Partial<Record<Action['kind'], ReverseKind>> = {
  inv_step_into: 'step',
  inv_step_over: 'next',
  inv_step_call: 'finish',
  inv_continue: 'continue',
};

export class PythonEngine implements Engine {
  readonly info: EngineInfo = { name: 'python' };
  private listeners: Listener[] = [];
  private backlog: EngineEvent[] = [];
  private bridge?: SpawnedBridge;
  private closed?: Promise<void>;
  private waiters: Array<(r: Ready) => void> = [];
  private ready?: Ready;
  private exited = false;
  private spawnError?: Error;
  private lastStop?: StopEvent;
  private outputSinceCommand = '';
  /** What is left of opts.stdin (undefined: the front end answers reads). */
  private stdinLeft?: string;
  /** Inspections sent, answered in order by the bridge's `v` frames. */
  private inspections: Array<(m: Extract<BridgeMessage, { t: 'v' }> | null) => void> = [];

  constructor(private readonly opts: PythonEngineOptions) {
    this.stdinLeft = opts.stdin;
  }

  on(listener: Listener): void {
    this.listeners.push(listener);
    // Events emitted before anyone listened are delivered now, in order.
    for (const e of this.backlog) listener(e);
    this.backlog = [];
  }

  /** The last stop (after refreshes); undefined before the first. */
  get stop(): StopEvent | undefined {
    return this.lastStop;
  }

  async start(): Promise<void> {
    const o = this.opts;
    const early = o.spawned && o.spawned.key === bridgeKey(o) ? o.spawned : undefined;
    if (o.spawned && !early) o.spawned.kill('SIGKILL'); // started with other options
    const spawned = early ?? spawnBridge(o);
    this.bridge = spawned;
    const splitter = new LineSplitter();
    const decoder = new StringDecoder('utf8');
    const text = (stream: 'stdout' | 'stderr') => {
      const d = new StringDecoder('utf8'); // a chunk may end inside a character
      return (chunk: Buffer) => this.emit({ type: 'text', stream, data: d.write(chunk) });
    };
    const spawnFailed = (err: NodeJS.ErrnoException) => {
      this.spawnError =
        err.code === 'ENOENT'
          ? new UserError(
              `ndbg: cannot run the Python interpreter '${o.python ?? 'python3'}' (not found). ` + 'Install Python 3.9 or newer, or pass --python PATH.',
            )
          : new UserError(`ndbg: cannot start '${o.python ?? 'python3'}': ${err.message}`);
    };
    this.closed = new Promise((resolve) =>
      spawned.attach({
        stdout: text('stdout'),
        stderr: text('stderr'),
        channel: (chunk) => {
          for (const line of splitter.push(decoder.write(chunk))) if (line) this.onMessage(JSON.parse(line));
        },
        error: (err) => {
          spawnFailed(err);
          this.onExit(null, null);
        },
        close: (code, signal) => {
          this.onExit(code, signal);
          resolve();
        },
      }),
    );
    const r = await this.waitReady();
    if (r === 'exit' && this.spawnError) throw this.spawnError;
  }

  command(line: string): Promise<void> {
    this.outputSinceCommand = '';
    return this.send(encode.line(line));
  }

  input(line: string | null): Promise<void> {
    if (line === null) return this.send(encode.eof());
    // A line without its newline is the last line of a stream without one.
    return this.send(line.endsWith('\n') ? encode.line(line.slice(0, -1)) : encode.partial(line));
  }

  /** The next line of --stdin (with its newline; the last may lack one), null at its end. */
  private nextStdinLine(): string | null {
    const left = this.stdinLeft ?? '';
    if (!left) return null;
    const end = left.indexOf('\n') + 1 || left.length;
    this.stdinLeft = left.slice(end);
    return left.slice(0, end);
  }

  action(action: Action): Promise<void> {
    const rev = REVERSE[action.kind];
    if (rev) return this.send(encode.reverse(rev));
    const pdbCommand = PDB_COMMAND_OF_ACTION[action.kind];
    if (pdbCommand) return this.command(pdbCommand);
    switch (action.kind) {
      case 'breakpoint': {
        // "Run to line L": a temporary breakpoint, then continue.
        const where = action.file ? `${action.file}:${action.line}` : String(action.line);
        return this.command(`tbreak ${where}`).then(() => (this.ready === 'prompt' ? this.command('continue') : undefined));
      }
      default:
        return Promise.reject(new Error(`unknown action ${(action as Action).kind}`));
    }
  }

  async evaluate(expr: string, options: InspectOptions = {}): Promise<Inspected<ValueView>> {
    const m = await this.inspect('e', expr, options.frame);
    if (!m.ok) return m;
    return { ok: true, result: m.result.v! };
  }

  async children(expr: string, options: InspectOptions & { start?: number; count?: number } = {}): Promise<Inspected<ChildrenPage>> {
    const start = Math.max(0, options.start ?? 0);
    const m = await this.inspect('c', expr, options.frame, start, Math.max(0, options.count ?? 100));
    if (!m.ok) return m;
    return { ok: true, result: { parent: m.result.v!, start: m.result.start ?? start, children: m.result.ch ?? [] } };
  }

  /** One inspection at the prompt: the bridge answers without printing or prompting again. */
  private inspect(kind: InspectKind, expr: string, frame: number | undefined, start = 0, count = 0): Promise<Inspected<Extract<BridgeMessage, { t: 'v' }>>> {
    if (this.exited || this.ready !== 'prompt') {
      return Promise.resolve({ ok: false, error: this.exited ? 'the program has ended' : 'the program is running: inspect at a prompt' });
    }
    if (!expr.trim()) return Promise.resolve({ ok: false, error: 'no expression given' });
    return new Promise((resolve) => {
      this.inspections.push((m) => {
        if (!m) resolve({ ok: false, error: 'the program has ended' });
        else if (!m.ok) resolve({ ok: false, error: m.e ?? 'cannot inspect' });
        else resolve({ ok: true, result: m });
      });
      this.bridge!.write(encode.inspect(kind, expr, frame ?? -1, start, count));
    });
  }

  interrupt(): void {
    const pid = this.bridge?.pid;
    if (pid !== undefined && !this.exited) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  }

  async close(): Promise<void> {
    const bridge = this.bridge;
    if (!bridge || this.exited) return;
    bridge.end();
    const timer = setTimeout(() => bridge.kill('SIGKILL'), 1000);
    await this.closed;
    clearTimeout(timer);
  }

  // ---------------------------------------------------------------- inbound
  private onMessage(m: BridgeMessage): void {
    switch (m.t) {
      case 'o':
        if (m.s === 'debugger') this.outputSinceCommand += m.d;
        this.emit({ type: 'text', stream: m.s, data: m.d, ...(m.k ? { kind: m.k } : {}) });
        break;
      case 'p':
        this.emit({ type: 'prompt', prompt: m.p });
        this.setReady('prompt');
        break;
      case 'i':
        if (this.stdinLeft !== undefined) {
          void this.input(this.nextStdinLine());
          break;
        }
        this.emit({ type: 'input' });
        this.setReady('input');
        break;
      case 'r':
        this.emit({ type: 'result', command: m.c, output: this.outputSinceCommand, ok: m.ok });
        this.outputSinceCommand = '';
        break;
      case 's': {
        const stop: StopEvent = {
          type: 'stop',
          event: m.event,
          frames: m.frames.map((f): Frame => ({ file: f.file, line: f.line, func: f.func, locals: f.locals ?? {}, ...(f.hidden ? { hidden: f.hidden } : {}) })),
          selected: m.selected,
        };
        if (m.n !== undefined) stop.index = m.n;
        if (m.retval !== undefined) stop.retval = m.retval;
        if (m.exception !== undefined) stop.exception = m.exception;
        if (m.pm) stop.postMortem = true;
        if (m.refresh) stop.refresh = true;
        // every value is read from the running program
        for (const f of stop.frames) if (Object.keys(f.locals).length) f.origin = Object.fromEntries(Object.keys(f.locals).map((k) => [k, 'real' as const]));
        const last = stop.frames[stop.frames.length - 1];
        if (last && (stop.retval !== undefined || stop.exception !== undefined)) {
          last.origin = {
            ...last.origin,
            ...(stop.retval !== undefined ? { '<retval>': 'real' as const } : {}),
            ...(stop.exception !== undefined ? { '<exception>': 'real' as const } : {}),
          };
        }
        this.lastStop = stop;
        this.emit(stop);
        break;
      }
      case 'c': {
        const e: CommandEvent = { type: 'command', command: m.c, ok: m.ok, resumed: m.res };
        if (m.e !== undefined) e.error = m.e;
        if (m.ed) e.edits = m.ed;
        this.emit(e);
        break;
      }
      case 'b':
        this.emit({ type: 'breakpoints', breakpoints: m.bps });
        break;
      case 'n':
        this.emit({ type: 'restart' });
        break;
      case 'v':
        this.inspections.shift()?.(m);
        break;
      case 'h':
        this.info.python = m.python;
        break;
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exited) return;
    this.exited = true;
    for (const answer of this.inspections.splice(0)) answer(null);
    if (this.spawnError) {
      this.setReady('exit');
      return;
    }
    if (signal) {
      const num = osConstants.signals[signal] ?? 0;
      this.emit({ type: 'exit', code: 128 + num, signal });
    } else {
      this.emit({ type: 'exit', code: code ?? 1 });
    }
    this.setReady('exit');
  }

  // ------------------------------------------------------------- plumbing
  private emit(e: EngineEvent): void {
    if (this.listeners.length === 0) this.backlog.push(e);
    else for (const l of this.listeners) l(e);
  }

  private setReady(r: Ready): void {
    this.ready = r;
    const ws = this.waiters;
    this.waiters = [];
    for (const w of ws) w(r);
  }

  /** Resolves at the next prompt/input/exit, or now if one is pending (send() clears it). */
  private waitReady(): Promise<Ready> {
    return new Promise((resolve) => {
      // A bridge started early may have reached its first prompt before we
      // were listening: its output is replayed synchronously by attach().
      if (this.ready !== undefined) resolve(this.ready);
      else this.waiters.push(resolve);
    });
  }

  private async send(data: string): Promise<void> {
    if (this.exited) return;
    this.ready = undefined;
    const p = this.waitReady();
    this.bridge!.write(data);
    await p;
  }
}
