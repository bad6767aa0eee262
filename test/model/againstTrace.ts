// Computed steps against CPython: a program traced by the trace format's own
// tracer, and from every real state `s` and `n` computed (src/model/computed/)
// with the real history before it. A step computed whole (the state reached, a
// call's frame) must be the real next state exactly; a partial one must agree
// with it on all it computed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Program } from '../../src/model/format/cfg.js';
import { computeStep, withComputed } from '../../src/model/computed/index.js';
import type { HistoryEntry, ModelAction, ModelState } from '../../src/model/types.js';
import { testPython } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');

interface Traced {
  states: ModelState[];
  steps: [number, 'step_into' | 'step_over', number, string][];
}

function traced(file: string): Traced {
  const r = spawnSync(testPython(), [join(import.meta.dirname, 'trace_steps.py'), file], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: join(ROOT, 'python'), PYTHONHASHSEED: '0' },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Traced;
}

export interface Checked {
  /** Each computed step that disagrees with CPython, described. */
  wrong: string[];
  /** How many steps were computed whole. */
  whole: number;
  /** `kind event func` of the steps computed whole, and of all computed. */
  wholeFrom: Set<string>;
  computedFrom: Set<string>;
  /** `kind func:line` of the steps computed. */
  computedAt: Set<string>;
  steps: number;
}

/** Every `s` / `n` of the program at `file` computed from the real state before it, and compared. */
export async function checkAgainstTrace(file: string): Promise<Checked> {
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  const program = await Program.analyze(source, { python: testPython(), target: '3.11' });
  const { states, steps } = traced(file);
  const out: Checked = { wrong: [], whole: 0, wholeFrom: new Set(), computedFrom: new Set(), computedAt: new Set(), steps: steps.length };
  for (const [i, kind, j, printed] of steps) {
    const before = states[i]!;
    const expected: ModelState = { ...states[j]!, stdout: printed };
    const history: HistoryEntry[] = states.slice(0, i + 1).map((state, k) => ({ action: k ? { kind: 'step_into' } : null, state }));
    const step = computeStep(lines, before, { kind } as ModelAction, program, history);
    if (!step) continue;
    const isWhole = step.state !== undefined || step.call !== undefined;
    const got = withComputed(isWhole ? before : expected, before, step);
    if (got === null) continue;
    const label = `${kind} ${before.event} ${before.func}`;
    out.computedFrom.add(label);
    out.computedAt.add(`${kind} ${before.func}:${before.line}`);
    if (isWhole) {
      out.whole++;
      out.wholeFrom.add(label);
    }
    if (JSON.stringify(got) !== JSON.stringify({ ...expected, ...pick(got, expected) }))
      out.wrong.push(`${kind} from event ${i} (${before.event} ${before.func}:${before.line}): got ${JSON.stringify(got)}, real ${JSON.stringify(expected)}`);
  }
  return out;
}

/** The real state's fields in the computed state's key order, so that the JSON texts compare field by field. */
function pick(got: ModelState, expected: ModelState): Partial<ModelState> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(got) as (keyof ModelState)[]) out[k] = expected[k];
  return out as Partial<ModelState>;
}
