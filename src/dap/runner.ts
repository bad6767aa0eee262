// Drives the session for the adapter: one engine call at a time (DAP requests
// arrive concurrently; pdb takes one line at a time and none while the
// program runs), the program's reads of stdin answered with EOF, and what each
// command led to collected from the engine's events (never from pdb's text).

import type { Session } from '../commands/session.js';
import type {
  BreakpointInfo,
  ChildrenPage,
  CommandEvent,
  EngineEvent,
  EngineInfoEvent,
  ExitEvent,
  InspectOptions,
  Inspected,
  StopEvent,
  ValueView,
} from '../engine/engine.js';

/** What one command line led to. */
export interface Outcome {
  /** The `command` events, one per command pdb ran (breakpoint commands included). */
  commands: CommandEvent[];
  /** pdb's text, location lines left out. */
  text: string;
  /** pdb's error messages among it (`*** ...`). */
  errors: string;
  /** A new stop (not a refresh): the program moved. */
  moved: boolean;
  /** A refresh stop: the selected frame or the program's state changed. */
  refreshed: boolean;
  /** The program started again from its beginning. */
  restarted: boolean;
  /** The breakpoint table before the command ran. */
  tableBefore: BreakpointInfo[];
}

export interface RunnerHooks {
  /** The program's output and ndbg's diagnostics, as they come. */
  output(category: 'stdout' | 'stderr' | 'console', text: string): void;
  /** The session's first event: which engine answers (the neural engine's notice says its frames are predicted). */
  engineInfo(e: EngineInfoEvent): void;
  exit(e: ExitEvent): void;
}

export class Runner {
  private queue: Promise<unknown> = Promise.resolve();
  private ready: 'prompt' | 'input' | 'exit' | undefined;
  private current?: Outcome;
  /** The last stop (refreshes included). */
  stop?: StopEvent;
  breakpoints: BreakpointInfo[] = [];
  exited?: ExitEvent;

  constructor(
    readonly session: Session,
    private readonly hooks: RunnerHooks,
  ) {
    session.on((e) => this.onEvent(e));
  }

  get predicted(): boolean {
    return this.session.info.name === 'neural';
  }

  /** Starts the engine: resolves at the first prompt (or exit). */
  start(): Promise<void> {
    return this.serial(async () => {
      this.current = this.fresh();
      try {
        await this.session.start();
        await this.answerReads();
      } finally {
        this.current = undefined;
      }
    });
  }

  /** Runs `fn` after every engine call queued before it. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** One command line, queued. */
  run(line: string): Promise<Outcome> {
    return this.serial(() => this.runNow(line));
  }

  /** One command line, now (inside serial()). */
  async runNow(line: string): Promise<Outcome> {
    const out = this.fresh();
    if (this.exited) return out;
    this.current = out;
    this.busy = true;
    try {
      this.ready = undefined;
      await this.session.command(line);
      await this.answerReads();
    } finally {
      this.current = undefined;
      this.busy = false;
    }
    return out;
  }

  /** True while a command runs (the program may be running: pause interrupts it). */
  busy = false;
  /**
   * The value the last step out of a function returned, when the adapter went on
   * from its return event to the caller (editors step out into the caller): shown
   * with the caller's locals as `(return) func`.
   */
  returned?: { func: string; value: string };

  /** The outcome of a command not run. */
  nothing(): Outcome {
    return this.fresh();
  }

  evaluate(expr: string, options: InspectOptions): Promise<Inspected<ValueView>> {
    return this.serial(() => this.evaluateNow(expr, options));
  }

  evaluateNow(expr: string, options: InspectOptions): Promise<Inspected<ValueView>> {
    if (this.exited) return Promise.resolve({ ok: false, error: 'the program has ended' });
    return this.session.evaluate(expr, options);
  }

  childrenNow(expr: string, options: InspectOptions & { start?: number; count?: number }): Promise<Inspected<ChildrenPage>> {
    if (this.exited) return Promise.resolve({ ok: false, error: 'the program has ended' });
    return this.session.children(expr, options);
  }

  /** True while the engine waits at its prompt (inspection and commands work). */
  get atPrompt(): boolean {
    return this.ready === 'prompt' && !this.exited;
  }

  /** The program reads stdin and no `stdin` file answers it: it gets EOF, as from an empty file. */
  private async answerReads(): Promise<void> {
    while (this.ready === 'input' && !this.exited) {
      this.ready = undefined;
      await this.session.input(null);
    }
  }

  private fresh(): Outcome {
    return { commands: [], text: '', errors: '', moved: false, refreshed: false, restarted: false, tableBefore: this.breakpoints };
  }

  private onEvent(e: EngineEvent): void {
    const cur = this.current;
    switch (e.type) {
      case 'engine':
        this.hooks.engineInfo(e);
        break;
      case 'stop':
        this.stop = e;
        if (cur) {
          if (e.refresh) cur.refreshed = true;
          else cur.moved = true;
        }
        break;
      case 'breakpoints':
        this.breakpoints = e.breakpoints;
        break;
      case 'text':
        if (e.stream === 'stdout' || e.stream === 'stderr') this.hooks.output(e.stream, e.data);
        else if (e.stream === 'ndbg') this.hooks.output('console', e.data);
        else if (e.kind === 'location') break;
        else if (cur) {
          cur.text += e.data;
          if (e.kind === 'error') cur.errors += e.data;
        } else if (e.kind === 'error') this.hooks.output('console', e.data); // outside a command: pdb's EOF newline, a stray location
        break;
      case 'command':
        cur?.commands.push(e);
        break;
      case 'restart':
        if (cur) cur.restarted = true;
        break;
      case 'prompt':
        this.ready = 'prompt';
        break;
      case 'input':
        this.ready = 'input';
        break;
      case 'exit':
        this.ready = 'exit';
        this.exited = e;
        this.hooks.exit(e);
        break;
      case 'result':
        break;
    }
  }
}

/** Two outcomes of commands run one after the other, as one. */
export function merge(a: Outcome, b: Outcome): Outcome {
  return {
    commands: [...a.commands, ...b.commands],
    text: a.text + b.text,
    errors: a.errors + b.errors,
    moved: a.moved || b.moved,
    refreshed: a.refreshed || b.refreshed,
    restarted: a.restarted || b.restarted,
    tableBefore: a.tableBefore,
  };
}
