// The command layer: an Engine that front ends talk to. It handles the
// commands pdb lacks (reverse execution, their help) and forwards every other
// line to the engine unchanged, so pdb's own command language, aliases, `;;`
// and empty-line repeat keep working exactly as in pdb.

import type { Action, ChildrenPage, Engine, EngineEvent, EngineInfo, Inspected, InspectOptions, Listener, PromptEvent, ValueView } from '../engine/engine.js';
import { UserError } from '../engine/errors.js';
import { predictionNotice } from '../engine/neural/accuracy.js';
import { PythonEngine } from '../engine/python.js';
import type { SessionOptions } from '../engine/options.js';
import { commandOf } from './classify.js';
import { parseReverse, reverseHelp } from './reverse.js';

export type { SessionOptions } from '../engine/options.js';

/** The one way front ends get an engine. */
export function createSession(options: SessionOptions): Session {
  return new Session(options);
}

async function createEngine(o: SessionOptions): Promise<Engine> {
  if (o.engine === 'python') {
    return new PythonEngine({
      target: o.target,
      module: o.module,
      args: o.args,
      commands: o.commands,
      python: o.python,
      withLocals: o.withLocals,
      blockStdout: o.blockStdout,
      cwd: o.cwd,
      env: o.env,
      spawned: o.spawned,
      stdin: o.stdin,
    });
  }
  const neural = await loadNeural();
  return neural.createNeuralEngine(o);
}

type NeuralModule = typeof import('../engine/neural.js');

/**
 * The neural engine's code (src/engine/neural.ts and the model runtime under it),
 * loaded only for `--engine neural` to keep the python engine's start lean. When it
 * cannot be loaded (a missing or half-built dist/, a dependency that fails to load),
 * the user gets one line: what failed, and how to repair it or get going without it.
 */
export async function loadNeural(load: () => Promise<NeuralModule> = () => import('../engine/neural.js')): Promise<NeuralModule> {
  try {
    return await load();
  } catch (e) {
    throw new UserError(
      `ndbg: the neural engine could not be loaded: ${firstLine(e)}. Reinstall ndbg (in a checkout: npm ci && npm run build), or use '--engine python'.`,
      1,
    );
  }
}

/** The session's first event: which engine answers (docs/json.md). */
export function engineEvent(info: EngineInfo): EngineEvent {
  if (info.name !== 'neural') return { type: 'engine', ...info, predicted: false };
  return { type: 'engine', ...info, predicted: true, notice: predictionNotice(info) };
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (text.split('\n')[0] ?? '').trim().replace(/\.$/, '') || 'unknown error';
}

export class Session implements Engine {
  private inner?: Engine;
  private listeners: Listener[] = [];
  private backlog: EngineEvent[] = [];
  private lastPrompt: PromptEvent = { type: 'prompt', prompt: '(Pdb) ' };
  /** The last reverse action, repeated by an empty line (pdb repeats its own). */
  private lastReverse?: Action;

  constructor(private readonly options: SessionOptions) {}

  get info(): EngineInfo {
    return this.inner?.info ?? { name: this.options.engine };
  }

  /** The wrapped engine (after start()). */
  get engine(): Engine | undefined {
    return this.inner;
  }

  on(listener: Listener): void {
    this.listeners.push(listener);
    for (const e of this.backlog) listener(e);
    this.backlog = [];
  }

  async start(): Promise<void> {
    this.inner = await createEngine(this.options);
    // the first event names the engine (and the model, and how accurate it is): stops may be predictions
    this.emit(engineEvent(this.inner.info));
    this.inner.on((e) => {
      if (e.type === 'prompt') this.lastPrompt = e;
      this.emit(e);
    });
    await this.inner.start();
  }

  async command(line: string): Promise<void> {
    const engine = this.requireEngine();
    const trimmed = line.trim();
    if (trimmed === '' && this.lastReverse) return engine.action(this.lastReverse);
    const rev = parseReverse(trimmed);
    if (rev) {
      this.lastReverse = rev;
      return engine.action(rev);
    }
    if (trimmed !== '') this.lastReverse = undefined;
    const typed = commandOf(trimmed, engine.info.python);
    const help = typed && (typed.name === 'h' || typed.name === 'help') && /^\S+$/.test(typed.arg) ? typed.arg : undefined;
    const text = help ? reverseHelp(help) : undefined;
    if (text) {
      this.say(`${text}\n`, line);
      return;
    }
    return engine.command(line);
  }

  input(line: string | null): Promise<void> {
    return this.requireEngine().input(line);
  }

  action(action: Action): Promise<void> {
    return this.requireEngine().action(action);
  }

  evaluate(expr: string, options?: InspectOptions): Promise<Inspected<ValueView>> {
    return this.requireEngine().evaluate(expr, options);
  }

  children(expr: string, options?: InspectOptions & { start?: number; count?: number }): Promise<Inspected<ChildrenPage>> {
    return this.requireEngine().children(expr, options);
  }

  interrupt(): void {
    this.inner?.interrupt();
  }

  async close(): Promise<void> {
    await this.inner?.close();
  }

  /** Answer a command here: text, its result, then the engine's prompt again. */
  private say(text: string, command: string): void {
    this.emit({ type: 'text', stream: 'debugger', data: text });
    this.emit({ type: 'result', command, output: text, ok: true });
    this.emit(this.lastPrompt);
  }

  private requireEngine(): Engine {
    if (!this.inner) throw new Error('Session.start() was not called');
    return this.inner;
  }

  private emit(e: EngineEvent): void {
    if (this.listeners.length === 0) this.backlog.push(e);
    else for (const l of this.listeners) l(e);
  }
}
