// One debugging session of the MCP server: a command-layer Session
// (src/commands/session.ts) and what its events said, kept for the tool calls.
// A tool call that resumes the program sends one command and waits until the
// engine is ready again (a prompt, or the end) or the call's timeout passes;
// then the program goes on running and a later call waits again or interrupts
// it. Nothing here blocks on the program: every wait has a timeout, and a read
// of stdin with no text left is answered with EOF.

import { createSession, type Session, type SessionOptions } from '../commands/session.js';
import type { BreakpointInfo, CommandEvent, EngineEvent, EngineInfo, ResultEvent, StopEvent } from '../engine/engine.js';

export type Status = 'stopped' | 'running' | 'exited';

/** What happened since the last tool call reported it. */
export interface Collected {
  stdout: string;
  stderr: string;
  /** pdb's (or the neural debugger's) own text: listings, values, messages. */
  debugger: string;
  /** ndbg's diagnostics (model notes, warnings), neither the program's nor pdb's. */
  diagnostics: string;
  commands: CommandEvent[];
  results: ResultEvent[];
  /** The program ended and pdb started it again from its first line. */
  restarted: boolean;
  /** Reads of stdin answered with EOF (no text given, or all of it read). */
  eofs: number;
  /** A stop was reached in this span. */
  stopped: boolean;
}

/** Most characters of each stream kept between two reports (a chatty loop would fill memory). */
const KEEP = 20_000;

function empty(): Collected {
  return { stdout: '', stderr: '', debugger: '', diagnostics: '', commands: [], results: [], restarted: false, eofs: 0, stopped: false };
}

function append(have: string, more: string): string {
  const all = have + more;
  if (all.length <= KEEP) return all;
  const cut = all.slice(all.length - KEEP);
  return `[... earlier output cut ...]\n${cut.replace(/^\[\.\.\. earlier output cut \.\.\.\]\n/, '')}`;
}

export interface DebugSessionOptions extends SessionOptions {
  /** Shown in list_sessions: the script path, or `<code>` for a code string. */
  label: string;
  /** Called once when the session is closed (removes a temporary script). */
  cleanup?: () => void;
}

export class DebugSession {
  status: Status = 'running';
  lastStop?: StopEvent;
  breakpoints: BreakpointInfo[] = [];
  exit?: { code: number; signal?: string };
  info: EngineInfo;
  /** The engine's notice for people (neural: the frames are predicted). */
  notice?: string;
  /** What the debugger prints when it waits for a command (pdb's `(Pdb) `; another inside `interact`, `debug`). */
  prompt = '(Pdb) ';
  /** The last engine call that failed (a thrown error, not a pdb error). */
  failure?: string;
  readonly engine: 'python' | 'neural';
  readonly label: string;
  private readonly session: Session;
  private collected = empty();
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(
    readonly id: string,
    private readonly options: DebugSessionOptions,
  ) {
    this.engine = options.engine;
    this.label = options.label;
    this.info = { name: options.engine };
    this.session = createSession({ ...options, withLocals: true });
    this.session.on((e) => this.onEvent(e));
  }

  /** Start the engine; resolves when it stopped at its first prompt, ended, or `timeoutMs` passed. */
  async start(timeoutMs: number): Promise<void> {
    let error: unknown;
    // a start that fails after the timeout still says why, in the next call's state
    void this.session.start().catch((e: unknown) => {
      error = e;
      this.failure = `the session could not start: ${e instanceof Error ? e.message : String(e)}`;
      this.settle('exited');
    });
    await this.waitSettled(timeoutMs);
    if (error) {
      await this.close();
      throw error;
    }
  }

  /** The underlying command-layer session (for quiet inspection). */
  get inner(): Session {
    return this.session;
  }

  /**
   * Send a command while stopped and wait for the engine to be ready again
   * (or the timeout). `send` is `session.command(line)` or `session.action(a)`.
   */
  async send(send: (s: Session) => Promise<void>, timeoutMs: number): Promise<void> {
    this.requireStopped();
    this.status = 'running';
    this.failure = undefined;
    const failed = (e: unknown) => {
      this.failure = e instanceof Error ? e.message : String(e);
      if (this.status === 'running') this.settle('stopped');
    };
    try {
      send(this.session).catch(failed);
    } catch (e) {
      failed(e);
    }
    await this.waitSettled(timeoutMs);
  }

  /** Resolves true once the engine is ready (stopped or ended), false when `timeoutMs` passed first. */
  waitSettled(timeoutMs: number): Promise<boolean> {
    if (this.status !== 'running') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          this.waiters = this.waiters.filter((w) => w !== done);
          resolve(false);
        },
        Math.max(0, timeoutMs),
      );
      this.waiters.push(done);
    });
  }

  /** Ctrl-C: stop a running program (python) or a long prediction (neural). */
  interrupt(): void {
    this.session.interrupt();
  }

  /** Everything collected since the last report, and a fresh collection. */
  drain(): Collected {
    const c = this.collected;
    this.collected = empty();
    return c;
  }

  requireStopped(): void {
    if (this.status === 'running') {
      throw new Error(`session ${this.id} is running (the program has not stopped yet): call 'wait' to wait for it, or 'interrupt' to stop it where it is`);
    }
    if (this.status === 'exited') {
      throw new Error(
        `session ${this.id} has ended${this.exit ? ` (exit status ${this.exit.code})` : ''}: start a new one with 'start_session', and remove this one with 'end_session'`,
      );
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.session.close();
    } catch {
      // the process is gone already
    }
    this.settle('exited');
    this.options.cleanup?.();
  }

  private onEvent(e: EngineEvent): void {
    const c = this.collected;
    switch (e.type) {
      case 'engine':
        this.info = { name: e.name, model: e.model, device: e.device, accuracy: e.accuracy };
        this.notice = e.notice;
        break;
      case 'stop':
        this.lastStop = e;
        c.stopped = true;
        break;
      case 'text':
        if (e.stream === 'stdout') c.stdout = append(c.stdout, e.data);
        else if (e.stream === 'stderr') c.stderr = append(c.stderr, e.data);
        else if (e.stream === 'ndbg') c.diagnostics = append(c.diagnostics, e.data);
        // where the program is, the structured location says
        else if (e.kind !== 'location') c.debugger = append(c.debugger, e.data);
        break;
      case 'breakpoints':
        this.breakpoints = e.breakpoints;
        break;
      case 'command':
        c.commands.push(e);
        break;
      case 'result':
        c.results.push(e);
        break;
      case 'restart':
        c.restarted = true;
        break;
      case 'input':
        // stdin given at the start is answered by the engine itself; here none is left: EOF
        c.eofs++;
        setImmediate(() => {
          this.session.input(null).catch(() => undefined);
        });
        break;
      case 'prompt':
        this.prompt = e.prompt;
        this.settle('stopped');
        break;
      case 'exit':
        this.exit = { code: e.code, ...(e.signal ? { signal: e.signal } : {}) };
        this.settle('exited');
        break;
    }
  }

  private settle(status: Status): void {
    if (this.status === 'exited') return;
    this.status = status;
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
