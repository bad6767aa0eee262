// `--verify`: the neural engine checked against reality. The python engine runs
// the same script under pdb in lockstep and receives the same commands; after
// each stop the predicted frame is compared with the real one (event, line,
// function, stack, every local, the return value). Differences are marked: a
// `[verify]` line after the stop in line mode, a `verify` field on the stop
// event for the TUI and --json. After a difference the neural session continues
// from the real state (as an edit), so each prediction is judged from a true
// history. At exit: how many frames were exact.
//
// This mode RUNS the program (that is what it compares with); plain
// `--engine neural` never does.

import type { SessionOptions } from './options.js';
import type {
  Action,
  ChildrenPage,
  Engine,
  EngineEvent,
  EngineInfo,
  Inspected,
  InspectOptions,
  Listener,
  StopEvent,
  ValueView,
  VerifyInfo,
  VerifyPair,
} from './engine.js';
import type { NeuralDebugger } from './neural/debugger.js';
import { PythonEngine } from './python.js';
import { CUT_MARKER, FORMAT_VERSION, isAttributeEntry, REPR_LIMIT, withoutAddresses } from '../model/format/format.js';
import type { ModelState } from '../model/types.js';

/** Most commands the real side runs to get back from other files to the program's own frame. */
const FOLLOW_CAP = 50;

/**
 * What pdb itself prints when the program ends (pdb.main; commands/ending.ts
 * prints the same for a predicted run): not the program's output, so left out
 * where the two sides' output is compared.
 */
const PDB_MESSAGES: readonly RegExp[] = [/The program finished and will be restarted\n/, /The program exited via sys\.exit\(\)\. Exit status: .*\n/];
const PDB_MESSAGE = new RegExp(PDB_MESSAGES.map((r) => r.source).join('|'), 'g');

/** The program's output in `text`, pdb's own messages taken out. */
function withoutPdbMessages(text: string): string {
  return text.replace(PDB_MESSAGE, '');
}

/** A real repr as the trace format writes it: addresses removed, cut at 100 characters. */
export function normalizeRepr(r: string): string {
  const s = withoutAddresses(r);
  return s.length > REPR_LIMIT ? `${s.slice(0, REPR_LIMIT)}${CUT_MARKER}` : s;
}

/**
 * The stop's frames down to the one the program stopped in: at an exception event
 * pdb's stack goes on down the traceback, below that frame (`stopped`: its curindex
 * at the stop).
 */
function stoppedFrames(stop: StopEvent, stopped: number): StopEvent['frames'] {
  return stop.event === 'exception' && stopped >= 0 && stopped < stop.frames.length - 1 ? stop.frames.slice(0, stopped + 1) : stop.frames;
}

/**
 * The python engine's stop as a model state: program frames only, locals as the
 * tracer shows them. Which locals those are the bridge says (`hidden`: the
 * tracer's own rule, python/ndbg/bridge/shown.py); only reprs are normalized here.
 */
export function realState(stop: StopEvent, file: string, formatVersion = FORMAT_VERSION, stopped = stop.selected): ModelState | null {
  const all = stoppedFrames(stop, stopped);
  const frames = all.filter((f) => f.file === file);
  const bottom = all[all.length - 1];
  if (!frames.length || !bottom || bottom.file !== file) return null;
  const hidden = new Set(bottom.hidden);
  const locals: Record<string, string> = {};
  // a model trained on format 1 never saw the program's objects' attribute entries
  const shown = (k: string) => !hidden.has(k) && (formatVersion >= 2 || !isAttributeEntry(k));
  for (const [k, v] of Object.entries(bottom.locals)) if (shown(k)) locals[k] = normalizeRepr(v);
  return {
    event: stop.event,
    line: bottom.line,
    func: bottom.func,
    stack: frames.slice(0, -1).map((f) => f.line),
    locals,
    retval: stop.event === 'return' ? normalizeRepr(stop.retval ?? 'None') : null,
    exception: stop.exception ?? null,
    stdout: '',
    exit: null,
  };
}

/** Compare a predicted state with the real one. */
export function compareStates(pred: ModelState, real: ModelState): VerifyInfo {
  const v: VerifyInfo = { exact: true };
  const pair = (p: string | number | null | undefined, r: string | number | null | undefined): VerifyPair => ({
    predicted: p ?? null,
    real: r ?? null,
  });
  if (pred.event !== real.event) v.event = pair(pred.event, real.event);
  if (pred.line !== real.line) v.line = pair(pred.line, real.line);
  if (pred.func !== real.func || pred.stack.join(' ') !== real.stack.join(' ')) {
    v.func = pair(`${pred.func}@${pred.stack.join(',')}`, `${real.func}@${real.stack.join(',')}`);
  }
  const names = new Set([...Object.keys(pred.locals), ...Object.keys(real.locals)]);
  const diff: Record<string, VerifyPair> = {};
  for (const n of names) {
    if (pred.locals[n] !== real.locals[n]) diff[n] = pair(pred.locals[n], real.locals[n]);
  }
  if (Object.keys(diff).length) v.locals = diff;
  if (real.event === 'return' && pred.retval !== real.retval) v.retval = pair(pred.retval, real.retval);
  v.exact = !(v.event || v.line || v.func || v.locals || v.retval);
  return v;
}

const show = (x: string | number | null): string => (x === null ? '(absent)' : String(x));
const quote = (x: string | number | null): string => {
  const s = JSON.stringify(String(x ?? ''));
  return s.length > 62 ? `${s.slice(0, 59)}..."` : s;
};

/** A stack as `func:line > func:line`, outermost first. */
export function stackText(frames: ReadonlyArray<{ func: string; line: number }>): string {
  return frames.map((f) => `${f.func}:${f.line}`).join(' > ');
}

/** The `[verify]` line for a difference. */
export function verifyLine(v: VerifyInfo): string {
  const parts: string[] = [];
  if (v.event) parts.push(`${show(v.event.predicted)} event predicted, real ${show(v.event.real)}`);
  if (v.line) parts.push(`line ${show(v.line.predicted)} predicted, real ${show(v.line.real)}`);
  if (v.func) parts.push(`frame ${show(v.func.predicted)} predicted, real ${show(v.func.real)}`);
  if (v.stack) parts.push(`stack ${show(v.stack.predicted)} predicted, real ${show(v.stack.real)}`);
  if (v.retval) parts.push(`return value: predicted ${show(v.retval.predicted)}, real ${show(v.retval.real)}`);
  for (const [k, p] of Object.entries(v.locals ?? {})) parts.push(`${k}: predicted ${show(p.predicted)}, real ${show(p.real)}`);
  if (v.stdout) parts.push(`output: predicted ${quote(v.stdout.predicted)}, real ${quote(v.stdout.real)}`);
  return `[verify] ${parts.join('; ')}\n`;
}

export class VerifyEngine implements Engine {
  private listeners: Listener[] = [];
  private backlog: EngineEvent[] = [];
  private readonly python: PythonEngine;
  private buffer: EngineEvent[] = [];
  private realStop?: StopEvent;
  private realStopFresh = false;
  /** The frame the real program stopped in (its last fresh stop's selected frame; `u`/`d` move the selection, not the stop). */
  private realStopped = -1;
  /** What the real program wrote to stdout during the current command. */
  private realOut = '';
  private pythonWaits: 'prompt' | 'input' | 'exit' | undefined;
  private compared = 0;
  private exact = 0;
  private summarized = false;

  constructor(
    private readonly neural: NeuralDebugger,
    o: SessionOptions,
  ) {
    this.python = new PythonEngine({
      target: o.target,
      args: o.args,
      commands: o.commands,
      python: o.python,
      withLocals: true,
      cwd: o.cwd,
      env: o.env,
      // Without --stdin the real program's reads are answered by what is typed
      // (forwarded below); with it, both engines read the same text.
      stdin: o.stdin,
    });
    this.python.on((e) => {
      if (e.type === 'stop' && !e.refresh) {
        this.realStop = e;
        this.realStopFresh = true;
        this.realStopped = e.selected;
      } else if (e.type === 'stop') this.realStop = e;
      if (e.type === 'prompt' || e.type === 'input' || e.type === 'exit') this.pythonWaits = e.type;
      if (e.type === 'text' && e.stream === 'stdout') this.realOut += e.data;
    });
    this.neural.on((e) => this.buffer.push(e));
  }

  get info(): EngineInfo {
    return { ...this.neural.info };
  }

  /** Frames compared and frames exact so far. */
  get score(): { compared: number; exact: number } {
    return { compared: this.compared, exact: this.exact };
  }

  on(listener: Listener): void {
    this.listeners.push(listener);
    for (const e of this.backlog) listener(e);
    this.backlog = [];
  }

  async start(): Promise<void> {
    await this.lockstep(
      () => this.python.start(),
      () => this.neural.start(),
    );
  }

  command(line: string): Promise<void> {
    return this.lockstep(
      () => this.python.command(line),
      () => this.neural.command(line),
    );
  }

  async input(line: string | null): Promise<void> {
    return this.lockstep(
      () => (this.pythonWaits === 'input' ? this.python.input(line) : Promise.resolve()),
      () => this.neural.input(line),
    );
  }

  action(a: Action): Promise<void> {
    return this.lockstep(
      () => this.python.action(a),
      () => this.neural.action(a),
    );
  }

  /** What the screen shows is the prediction: inspections answer from it (the real values are in `verify`). */
  evaluate(expr: string, options?: InspectOptions): Promise<Inspected<ValueView>> {
    return this.neural.evaluate(expr, options);
  }

  children(expr: string, options?: InspectOptions & { start?: number; count?: number }): Promise<Inspected<ChildrenPage>> {
    return this.neural.children(expr, options);
  }

  interrupt(): void {
    this.neural.interrupt();
    this.python.interrupt();
  }

  async close(): Promise<void> {
    await Promise.all([this.neural.close(), this.python.close()]);
  }

  private async lockstep(real: () => Promise<void>, predicted: () => Promise<void>): Promise<void> {
    // the program waits for a line of stdin the model never asks for: end its input
    if (this.pythonWaits === 'input') await this.python.input(null).catch(() => undefined);
    this.realStopFresh = false;
    this.realOut = '';
    if (this.pythonWaits !== 'exit') await real();
    await this.followToScript();
    this.buffer = [];
    await predicted();
    const events = this.buffer;
    this.buffer = [];
    this.flush(events);
  }

  /**
   * Where the real program stopped in code the model never predicts (real pdb's
   * `s` at `import doctest` enters `<frozen importlib._bootstrap>`; the neural
   * engine steps over other files), the real side follows on to the program's
   * next own frame: `r` out of each foreign frame, `s` from its return. pdb's
   * own frames after the module's end are not followed (both sides show them).
   */
  private async followToScript(): Promise<void> {
    const file = this.neural.file;
    for (let k = 0; k < FOLLOW_CAP && this.realStopFresh && this.pythonWaits === 'prompt'; k++) {
      const stop = this.realStop;
      const bottom = stop?.frames[stop.frames.length - 1];
      if (!stop || !bottom || bottom.file === file || !stop.frames.some((f) => f.file === file)) return;
      await this.python.command(stop.event === 'return' ? 'step' : 'return');
    }
  }

  /** Emit the neural engine's events, the last stop marked against the real one. */
  private flush(events: EngineEvent[]): void {
    let stopAt = -1;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i]!;
      if (e.type === 'stop' && !e.refresh) {
        stopAt = i;
        break;
      }
    }
    let note: string | undefined;
    if (stopAt >= 0 && this.realStopFresh && this.realStop) {
      const predictedOut = events
        .slice(0, stopAt)
        .map((e) => (e.type === 'text' && e.stream === 'stdout' ? e.data : ''))
        .join('');
      const v = this.check(this.realStop, predictedOut);
      if (v) {
        events[stopAt] = { ...(events[stopAt] as StopEvent), verify: v };
        if (!v.exact) note = verifyLine(v).replace(/\n$/, ' (continuing from the real state)\n');
      }
    }
    const exitAt = events.findIndex((e) => e.type === 'exit');
    if (note) {
      let at = events.length;
      for (let i = events.length - 1; i > stopAt; i--) if (events[i]!.type === 'prompt') at = i;
      events.splice(at, 0, { type: 'text', stream: 'ndbg', data: note });
    }
    if (exitAt >= 0 && !this.summarized) {
      this.summarized = true;
      const i = events.findIndex((e) => e.type === 'exit');
      events.splice(i, 0, { type: 'text', stream: 'ndbg', data: `ndbg verify: ${this.exact}/${this.compared} frames exact\n` });
    }
    for (const e of events) this.emit(e);
  }

  /** Compare the neural engine's current stop with the real one; resync on a difference. */
  private check(real: StopEvent, predictedOut: string): VerifyInfo | null {
    const file = this.neural.file;
    const where = this.neural.where;
    const r = realState(real, file, this.neural.formatVersion, this.realStopped);
    let v: VerifyInfo;
    if (where === 'node') {
      const node = this.neural.currentNode!;
      if (!r) {
        const bottom = real.frames[real.frames.length - 1];
        v = { exact: false, line: { predicted: node.state.line, real: bottom ? `${bottom.file}:${bottom.line}` : null } };
      } else {
        v = compareStates(node.state, r);
        // the stack as the Stack pane shows it: each program frame's function and line
        const realFrames = stoppedFrames(real, this.realStopped)
          .filter((f) => f.file === file)
          .map((f) => ({ func: f.func, line: f.line }));
        // the callers (the bottom frame's line and function are compared above)
        const predictedStack = stackText(node.frames.slice(0, -1));
        const realStack = stackText(realFrames.slice(0, -1));
        if (predictedStack !== realStack) {
          v.stack = { predicted: predictedStack, real: realStack };
          v.exact = false;
        }
        v.real = { event: r.event, line: r.line, func: r.func, locals: r.locals, ...(r.retval ? { retval: r.retval } : {}), frames: realFrames };
        if (!v.exact) this.neural.adopt(r);
      }
    } else if (where === 'pm') {
      v = real.postMortem ? { exact: true } : { exact: false, event: { predicted: 'post-mortem', real: real.event } };
    } else {
      // past the program's end (pdb's own frames): real must be there too
      v = r ? { exact: false, line: { predicted: '<string>', real: r.line } } : { exact: true };
    }
    // the program's output on the way (pdb's own messages are not the program's)
    const realOut = withoutPdbMessages(this.realOut);
    const predOut = withoutPdbMessages(predictedOut);
    if (realOut !== predOut) {
      v.stdout = { predicted: predOut, real: realOut };
      v.exact = false;
    }
    this.compared++;
    if (v.exact) this.exact++;
    return v;
  }

  private emit(e: EngineEvent): void {
    if (this.listeners.length === 0) this.backlog.push(e);
    else for (const l of this.listeners) l(e);
  }
}
