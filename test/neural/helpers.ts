// Test doubles for the neural engine's model: an oracle that replays the true
// trace (test/neural/oracle.py: tracer + tree, the semantics the model learns),
// and a scripted model that records what it was asked. Plus drivers that run a
// command stream through the line front end, and through real `python3 -m pdb`.

import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Action, Engine, EngineEvent } from '../../src/engine/engine.js';
import { NeuralDebugger, type NeuralDebuggerOptions } from '../../src/engine/neural/debugger.js';
import { pdbFacts } from '../../src/engine/neural/probe.js';
import { ScriptSource } from '../../src/engine/neural/source.js';
import { parseReverse } from '../../src/commands/reverse.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction } from '../../src/model/types.js';
import type { TraceEvent } from '../../src/eval/traces.js';
import { runLineRepl } from '../../src/repl/line.js';
import { runProcess, ROOT } from '../parityHarness.js';

export const PY = process.env.NDBG_TEST_PYTHON ?? 'python3';
export const FIX = join(ROOT, 'fixtures');

interface OracleData {
  events: TraceEvent[];
  exit: { kind: 'normal' | 'error' | 'never'; exception: string | null; out?: string };
  stack: number[][];
  targets: Array<Record<string, number | null> & { breakpoint: Record<string, number | null> }>;
}

export interface Call {
  history: HistoryEntry[];
  action: ModelAction;
}

export const prediction = (state: ModelState | null, extra: Partial<Prediction> = {}): Prediction => ({
  state,
  confidence: { line: 1, values: {} },
  text: '',
  latencyMs: 1,
  tokens: 1,
  ...extra,
});

/** A perfect model: the true trace's state for every action (it ran the script, in the test only). */
export class OracleModel {
  readonly calls: Call[] = [];
  private readonly data: OracleData;
  private readonly index = new WeakMap<ModelState, number>();

  constructor(script: string) {
    const r = spawnSync(PY, [join(import.meta.dirname, 'oracle.py'), script], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`oracle.py failed: ${r.stderr}`);
    this.data = JSON.parse(r.stdout) as OracleData;
  }

  stateAt(i: number, stdout = ''): ModelState {
    const d = this.data;
    let s: ModelState;
    if (i >= d.events.length) {
      s = {
        event: 'exit',
        line: null,
        func: null,
        stack: [],
        locals: {},
        retval: null,
        exception: d.exit.kind === 'error' ? d.exit.exception : null,
        stdout,
        exit: d.exit.kind,
      };
    } else {
      const e = d.events[i]!;
      s = {
        event: e.event,
        line: e.line,
        func: e.func,
        stack: d.stack[i]!,
        locals: { ...e.locals },
        retval: e.event === 'return' ? (e.retval ?? 'None') : null,
        exception: e.exception ?? null,
        stdout,
        exit: null,
      };
    }
    this.index.set(s, i);
    return s;
  }

  private output(i: number, j: number): string {
    const d = this.data;
    let out = '';
    for (let k = i + 1; k <= Math.min(j, d.events.length - 1); k++) out += d.events[k]!.out ?? '';
    if (j >= d.events.length) out += d.exit.out ?? '';
    return out;
  }

  initialState(): ModelState {
    return this.stateAt(0);
  }

  /** The trace index of the history's last state: known objects, else an event equal to it (after the last known one). */
  private locate(history: HistoryEntry[]): number {
    const last = history[history.length - 1]!.state;
    const known = this.index.get(last);
    if (known !== undefined) return known;
    let after = -1;
    for (let k = history.length - 1; k >= 0 && after < 0; k--) after = this.index.get(history[k]!.state) ?? -1;
    const key = (s: ModelState) => JSON.stringify([s.event, s.line, s.func, s.stack, s.locals]);
    const want = key(last);
    const d = this.data;
    for (const from of [Math.max(0, after), 0]) {
      for (let i = from; i < d.events.length; i++) {
        const e = d.events[i]!;
        if (key({ ...last, event: e.event, line: e.line, func: e.func, stack: d.stack[i]!, locals: e.locals }) === want) return i;
      }
    }
    return after;
  }

  async predict(history: HistoryEntry[], action: ModelAction): Promise<Prediction> {
    this.calls.push({ history: history.slice(), action });
    const i = this.locate(history);
    if (i < 0) return prediction(null, { error: 'oracle: unknown state' });
    const row = this.data.targets[i]!;
    const j = action.kind === 'breakpoint' ? (row.breakpoint[String(action.line)] ?? this.data.events.length) : row[action.kind];
    if (j === null || j === undefined) return prediction(null, { error: `oracle: ${action.kind} is impossible here` });
    const forward = !action.kind.startsWith('inv_');
    return prediction(this.stateAt(j, forward && j > i ? this.output(i, j) : ''));
  }
}

/** A model that answers from a queue and records every question. */
export class ScriptedModel {
  readonly calls: Call[] = [];
  constructor(
    private readonly first: ModelState,
    readonly answers: Array<ModelState | Prediction | ((h: HistoryEntry[], a: ModelAction) => ModelState | Prediction)>,
  ) {}

  initialState(): ModelState {
    return this.first;
  }

  async predict(history: HistoryEntry[], action: ModelAction): Promise<Prediction> {
    this.calls.push({ history: history.slice(), action });
    let a = this.answers.shift();
    if (a === undefined) return prediction(null, { error: 'no more scripted answers' });
    if (typeof a === 'function') a = a(history, action);
    return 'confidence' in a ? a : prediction(a, { confidence: { line: 0.9, values: Object.fromEntries(Object.keys(a.locals).map((k) => [k, 0.5])) } });
  }
}

export const line = (n: number, locals: Record<string, string> = {}, extra: Partial<ModelState> = {}): ModelState => ({
  event: 'line',
  line: n,
  func: '<module>',
  stack: [],
  locals,
  retval: null,
  exception: null,
  stdout: '',
  exit: null,
  ...extra,
});

export function fixturePath(name: string): string {
  return realpathSync(resolve(FIX, name));
}

export async function neuralDebugger(
  script: string,
  model: NeuralDebuggerOptions['model'],
  opts: Partial<NeuralDebuggerOptions> = {},
): Promise<NeuralDebugger> {
  const file = fixturePath(script);
  return new NeuralDebugger({
    file,
    source: new ScriptSource(file, readFileSync(file, 'utf8')),
    model,
    facts: await pdbFacts(PY),
    info: { name: 'neural', model: 'test' },
    ...opts,
  });
}

/** The command layer's reverse commands in front of an engine (as src/commands/session.ts does). */
function withReverse(e: Engine): Engine {
  return {
    info: e.info,
    on: (l) => e.on(l),
    start: () => e.start(),
    command: (line) => {
      const rev = parseReverse(line.trim());
      return rev ? e.action(rev as Action) : e.command(line);
    },
    input: (l) => e.input(l),
    action: (a) => e.action(a),
    evaluate: (x, o) => e.evaluate(x, o),
    children: (x, o) => e.children(x, o),
    interrupt: () => e.interrupt(),
    close: () => e.close(),
  };
}

/** Run commands through the line front end; stdout and stderr as the user sees them, and every event. */
export async function drive(
  engine: Engine,
  commands: string[],
  json = false,
): Promise<{ stdout: string; stderr: string; events: EngineEvent[]; code: number }> {
  let stdout = '';
  let stderr = '';
  const events: EngineEvent[] = [];
  engine.on((e) => events.push(e));
  const input = Readable.from([commands.map((c) => `${c}\n`).join('')]);
  const code = await runLineRepl(withReverse(engine), {
    input,
    json,
    write: (d, s) => {
      if (s === 'stderr') stderr += d;
      else stdout += d;
    },
  });
  return { stdout, stderr, events, code };
}

/** The same commands under real `python3 -m pdb`. */
export async function realPdb(script: string, commands: string[]): Promise<{ stdout: string; stderr: string }> {
  const r = await runProcess(PY, ['-m', 'pdb', `fixtures/${script}`], commands.map((c) => `${c}\n`).join(''));
  return { stdout: r.stdout, stderr: r.stderr };
}
