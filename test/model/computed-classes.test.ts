// Computed steps against CPython on class-based programs: each program of
// test/model/fixtures/classes is traced by the trace format's own tracer, and from
// every real state `s` and `n` are computed (src/model/computed/) with the real
// history before it. A step computed whole (the state reached, a call's frame)
// must be the real next state exactly; a partial one must agree with it on all it
// computed. The methods' call frames (methods.ts), the return into the caller
// (returns.ts) and the class bodies are what these programs exercise.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/cfg.js';
import { computeStep, withComputed } from '../../src/model/computed/index.js';
import type { HistoryEntry, ModelAction, ModelState } from '../../src/model/types.js';
import { testPython } from './helpers.js';

const DIR = join(import.meta.dirname, 'fixtures', 'classes');
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

describe('computed steps on class-based programs, against CPython', () => {
  for (const name of readdirSync(DIR).filter((f) => f.endsWith('.py'))) {
    it(`${name}: every computed s / n step is the real one`, async () => {
      const file = join(DIR, name);
      const source = readFileSync(file, 'utf8');
      const lines = source.split('\n');
      const program = await Program.analyze(source, { python: testPython(), target: '3.11' });
      const { states, steps } = traced(file);
      const wrong: string[] = [];
      let whole = 0;
      const wholeFrom = new Set<string>();
      const computedFrom = new Set<string>();
      for (const [i, kind, j, out] of steps) {
        const before = states[i]!;
        const expected: ModelState = { ...states[j]!, stdout: out };
        const history: HistoryEntry[] = states.slice(0, i + 1).map((state, k) => ({ action: k ? { kind: 'step_into' } : null, state }));
        const action = { kind } as ModelAction;
        const step = computeStep(lines, before, action, program, history);
        if (!step) continue;
        const isWhole = step.state !== undefined || step.call !== undefined;
        const got = withComputed(isWhole ? before : expected, before, step);
        if (got === null) continue;
        computedFrom.add(`${kind} ${before.event} ${before.func}`);
        if (isWhole) {
          whole++;
          wholeFrom.add(`${kind} ${before.event} ${before.func}`);
        }
        const same = JSON.stringify(got) === JSON.stringify({ ...expected, ...pick(got, expected) });
        if (!same)
          wrong.push(`${kind} from event ${i} (${before.event} ${before.func}:${before.line}): got ${JSON.stringify(got)}, real ${JSON.stringify(expected)}`);
      }
      if (process.env.NDBG_TEST_VERBOSE) console.log(name, `${whole} whole of ${steps.length}`);
      expect(wrong).toEqual([]);
      expect(whole).toBeGreaterThan(5);
      // an `__init__` of a class with its own `__repr__`: `self` shows the repr failing
      // until the attributes it reads are set, and the return binds the instance
      if (name === 'money.py') {
        expect(computedFrom).toContain('step_into line __init__');
        expect(wholeFrom).toContain('step_into return __init__');
      }
      // exceptions: the program's own raise, out of its frame, into the caller, to the
      // matching clause (a base class of the program's, a tuple of builtins)
      if (name === 'refusals.py') {
        for (const k of ['step_into line take', 'step_into exception take', 'step_into return take', 'step_over exception <module>'])
          expect(wholeFrom).toContain(k);
        expect(computedFrom).toContain('step_over line <module>');
      }
      // a class body whose methods use super() returns its __class__ cell; a dataclasses import binds only hidden names
      if (name === 'inherit.py') {
        expect(computedFrom).toContain('step_into line Square');
        expect(computedFrom).toContain('step_over line <module>');
      }
    });
  }
});

/** The real state's fields in the computed state's key order, so that the JSON texts compare field by field. */
function pick(got: ModelState, expected: ModelState): Partial<ModelState> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(got) as (keyof ModelState)[]) out[k] = expected[k];
  return out as Partial<ModelState>;
}
