// `ndbg eval traces` on a small held-out split built for the test (the true trace
// of a fixture, with trajectories written by hand): examples as the data builder
// defines them, exact match per action and component, gzip shards.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  addCalibration,
  forModelVersion,
  compare,
  examplesOf,
  expectedCalibrationError,
  median,
  newTally,
  spread,
  stepOrigin,
  type TraceRecord,
} from '../../src/eval/traces.js';
import { runEval } from '../../src/eval/index.js';
import type { ModelState, Predictor, ValueOrigin } from '../../src/model/types.js';
import { PY, fixturePath } from '../neural/helpers.js';

function record(): TraceRecord {
  const r = spawnSync(PY, [join(import.meta.dirname, '..', 'neural', 'oracle.py'), fixturePath('neural_basic.py')], { encoding: 'utf8' });
  const o = JSON.parse(r.stdout) as { events: TraceRecord['events']; exit: TraceRecord['exit']; targets: Array<Record<string, number>> };
  const t = o.targets;
  const s1 = t[0]!.step_over!; // 7
  const s2 = t[s1]!.step_over!; // 14
  const s3 = t[s2]!.step_over!; // 15
  const s4 = t[s3]!.step_into!; // call add
  const s5 = t[s4]!.step_return!; // return of add
  return {
    id: 'rec0',
    source: spawnSync('cat', [fixturePath('neural_basic.py')], { encoding: 'utf8' }).stdout,
    events: o.events,
    exit: o.exit,
    segments: [
      {
        start: 0,
        steps: [
          ['step_over', null, s1],
          ['step_over', null, s2],
          ['step_over', null, s3],
          ['step_into', null, s4],
          ['step_return', null, s5],
          ['continue', null, o.events.length],
        ],
      },
    ],
  };
}

describe('eval traces', () => {
  const rec = record();

  it('builds examples as the data builder does: true history, action, the state it leads to', () => {
    const ex = examplesOf(rec);
    expect(ex.map((e) => e.action.kind)).toEqual(['step_over', 'step_over', 'step_over', 'step_into', 'step_return', 'continue']);
    expect(ex[3]!.gold).toMatchObject({ event: 'call', line: 2, func: 'add', stack: [15], locals: { a: '1', b: '2' } });
    expect(ex[4]!.gold).toMatchObject({ event: 'return', retval: '3', stack: [15] });
    expect(ex[5]!.gold).toMatchObject({ event: 'exit', exit: 'normal', stdout: "sum 3\n{'n': 3, 'last': 6}\n" });
    expect(ex[5]!.history).toHaveLength(6);
    expect(compare(ex[4]!.gold, ex[4]!.gold).exact).toBe(true);
    const reordered = Object.fromEntries(Object.entries(ex[4]!.gold.locals).reverse());
    expect(compare({ ...ex[4]!.gold, locals: reordered }, ex[4]!.gold).exact).toBe(true); // dict equality
    expect(compare({ ...ex[4]!.gold, retval: '4' }, ex[4]!.gold)).toMatchObject({ exact: false, retval: false, line: true });
  });

  it('scores exact match per action and component, from gzip shards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-traces-'));
    mkdirSync(join(dir, 'test'));
    writeFileSync(join(dir, 'test', 'traces-00000.jsonl.gz'), gzipSync(`${JSON.stringify(rec)}\n`));
    const golds = examplesOf(rec).map((e) => e.gold);
    let k = 0;
    const predictor: Predictor = {
      info: { name: 'fake', device: 'cpu' },
      open: async () => ({
        initialState: () => golds[0]!,
        predict: async () => {
          const g = golds[k++ % golds.length]!;
          // wrong about the return value of add
          const state: ModelState = g.event === 'return' ? { ...g, retval: '4' } : g;
          return { state, confidence: { line: 1, values: {} }, text: '', latencyMs: 5, tokens: 4 };
        },
        close: () => {},
      }),
      close: async () => {},
    };
    let out = '';
    await runEval(['traces', '--data', dir, '--constrain', 'on', '--quiet'], { predictor, write: (s) => (out += s) });
    expect(out).toContain('traces (test), constrained: next-state exact match 83.3% (5/6)');
    expect(out).toMatch(/step_return\s+1\s+0\.0%/);
    expect(out).toMatch(/step_over\s+3\s+100\.0%/);
    expect(out).toContain('retval 83.3%');
    expect(out).toContain('200.0 frames/s');
    // --per-record 2: the 2nd and 5th of the 6 states (evenly spaced), each with its true history
    const asked: number[] = [];
    const spy: Predictor = {
      ...predictor,
      open: async (src, o) => {
        const s = await predictor.open(src, o);
        return { ...s, predict: async (h, a, x) => (asked.push(h.length), s.predict(h, a, x)) };
      },
    };
    out = '';
    await runEval(['traces', '--data', dir, '--constrain', 'on', '--per-record', '2', '--quiet'], { predictor: spy, write: (s) => (out += s) });
    expect(asked).toEqual([2, 5]);
    expect(out).toMatch(/exact match [\d.]+% \(\d\/2\)/);
  });

  it('says which steps the evaluator computed and how the model did on the rest, in text and JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-traces-'));
    mkdirSync(join(dir, 'test'));
    writeFileSync(join(dir, 'test', 'traces-00000.jsonl.gz'), gzipSync(`${JSON.stringify(rec)}\n`));
    const golds = examplesOf(rec).map((e) => e.gold);
    // by example: 0, 1 write no value (the model's); 2 `nums` computed; 3 the call's `a`
    // computed, `b` not (partly); 4 the model's, wrong; 5 the output computed
    const origins: Array<Record<string, ValueOrigin> | undefined> = [
      undefined,
      undefined,
      { nums: 'computed' },
      { a: 'computed' },
      undefined,
      { '<stdout>': 'computed' },
    ];
    const predictor: Predictor = {
      info: { name: 'fake', device: 'cpu' },
      open: async () => ({
        initialState: () => golds[0]!,
        predict: async (h) => {
          const k = h.length - 1;
          const g = golds[k]!;
          const state: ModelState = g.event === 'return' ? { ...g, retval: '4' } : g;
          const origin = origins[k];
          return { state, confidence: { line: 1, values: {} }, text: '', latencyMs: 5, tokens: 4, ...(origin ? { origin } : {}) };
        },
        close: () => {},
      }),
      close: async () => {},
    };
    let out = '';
    const file = join(dir, 'results.jsonl');
    await runEval(['traces', '--data', dir, '--constrain', 'on', '--quiet', '--out', file], { predictor, write: (s) => (out += s) });
    expect(out).toContain(
      'steps computed 33.3% (2), partly computed 16.7% (1), predicted 50.0% (3); the model on the predicted steps 66.7% (2/3), computed steps 100.0%',
    );
    expect(out).toMatch(/step_over\s+3\s+100\.0%\s+33\.3%\s+100\.0% \(2\)/);
    expect(out).toMatch(/step_return\s+1\s+0\.0%\s+0\.0%\s+0\.0% \(1\)/);
    const summary = JSON.parse(readFileSync(join(dir, 'results.summary.json'), 'utf8')) as { constrained: Record<string, unknown> };
    expect(summary.constrained.steps).toEqual({ computed: 2 / 6, partly: 1 / 6, predicted: 3 / 6, predictedExact: 2 / 3, computedExact: 1 });
    expect(summary.constrained.origins).toMatchObject({ computed: { n: 2, exact: 2 }, partly: { n: 1, exact: 1 }, predicted: { n: 3, exact: 2 } });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { origin: string });
    expect(lines.map((l) => l.origin)).toEqual(['predicted', 'predicted', 'computed', 'partly', 'predicted', 'computed']);
    // a prediction that throws is a wrong one, said, and the rest are still measured
    const failing: Predictor = {
      ...predictor,
      open: async (src, o) => {
        const s = await predictor.open(src, o);
        return { ...s, predict: async (h, a, x) => (h.length === 2 ? Promise.reject(new Error('decoder broke')) : s.predict(h, a, x)) };
      },
    };
    out = '';
    await runEval(['traces', '--data', dir, '--constrain', 'on', '--quiet'], { predictor: failing, write: (s) => (out += s) });
    expect(out).toContain('exact match 66.7% (4/6)');
    expect(out).toContain('1 predictions failed (counted wrong): decoder broke');
  });

  it('a format-1 model is not asked for attribute entries', async () => {
    const withObject: TraceRecord = {
      ...rec,
      events: rec.events.map((e) => (e.locals.nums ? { ...e, locals: { ...e.locals, 'nums.x': '1' } } : e)),
    };
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-traces-'));
    writeFileSync(join(dir, 'traces-00000.jsonl'), `${JSON.stringify(withObject)}\n`);
    const plain = examplesOf(withObject).map((e) => forModelVersion(e.gold, 1));
    expect(examplesOf(withObject).some((e) => 'nums.x' in e.gold.locals)).toBe(true);
    expect(plain.some((g) => 'nums.x' in g.locals)).toBe(false);
    const predictor = (version: number): Predictor => ({
      info: { name: 'fake', device: 'cpu' },
      open: async () => ({
        initialState: () => plain[0]!,
        predict: async (h) => ({ state: plain[h.length - 1]!, confidence: { line: 1, values: {} }, text: '', latencyMs: 5, tokens: 4 }),
        close: () => {},
        formatVersion: version,
      }),
      close: async () => {},
    });
    let out = '';
    await runEval(['traces', '--data', dir, '--constrain', 'on', '--quiet'], { predictor: predictor(1), write: (s) => (out += s) });
    expect(out).toContain('exact match 100.0% (6/6)');
    out = '';
    await runEval(['traces', '--data', dir, '--constrain', 'on', '--quiet'], { predictor: predictor(2), write: (s) => (out += s) });
    expect(out).not.toContain('exact match 100.0%');
  });

  it("a step is the evaluator's when it computed every value the step wrote", () => {
    const before: ModelState = { event: 'line', line: 3, func: 'f', stack: [9], locals: { a: '1', b: '2' }, stdout: '' };
    const after: ModelState = { ...before, line: 4, locals: { a: '1', b: '3', c: '4' } };
    expect(stepOrigin(after, before, { b: 'computed', c: 'computed' })).toBe('computed');
    expect(stepOrigin(after, before, { b: 'computed' })).toBe('partly');
    expect(stepOrigin(after, before, { a: 'computed' })).toBe('predicted'); // `a` did not change
    expect(stepOrigin(after, before, undefined)).toBe('predicted');
    expect(stepOrigin({ ...after, stdout: 'x\n' }, before, { b: 'computed', c: 'computed' })).toBe('partly');
    expect(stepOrigin({ ...before, line: 4 }, before, undefined)).toBe('predicted');
    expect(stepOrigin(null, before, { b: 'computed' })).toBe('predicted');
  });

  it('spread picks k items evenly, or all', () => {
    expect(spread([0, 1, 2, 3, 4, 5], 2)).toEqual([1, 4]);
    expect(spread([0, 1, 2, 3, 4, 5], 3)).toEqual([1, 3, 5]);
    expect(spread([0, 1, 2], 5)).toEqual([0, 1, 2]);
    expect(spread([0, 1, 2], undefined)).toEqual([0, 1, 2]);
  });
});

describe('calibration', () => {
  const st = (locals: Record<string, string>, extra: Partial<ModelState> = {}): ModelState => ({
    event: 'line',
    line: 3,
    func: 'f',
    stack: [9],
    locals,
    stdout: '',
    ...extra,
  });
  it('bins each predicted value by confidence and counts it right when it equals the real one', () => {
    const bins = newTally().calibration;
    addCalibration(bins, st({ a: '1', b: '2' }), { a: 0.95, b: 0.15 }, st({ a: '1', b: '3' }));
    addCalibration(bins, st({}, { event: 'return', retval: '[1]' }), { '<retval>': 0.91 }, st({}, { event: 'return', retval: '[1]' }));
    expect(bins[9]).toEqual({ n: 2, correct: 2, confSum: 0.95 + 0.91 });
    expect(bins[1]).toEqual({ n: 1, correct: 0, confSum: 0.15 });
    // another frame's values are not comparable
    addCalibration(bins, st({ a: '1' }, { func: 'g' }), { a: 0.5 }, st({ a: '1' }));
    expect(bins[5]!.n).toBe(0);
  });
  it('ECE: zero when confidence matches accuracy, the gap otherwise', () => {
    const bins = newTally().calibration;
    bins[9] = { n: 10, correct: 9, confSum: 9 };
    expect(expectedCalibrationError(bins)).toBeCloseTo(0);
    bins[2] = { n: 10, correct: 8, confSum: 2.5 };
    // half the values are 0.55 too unsure
    expect(expectedCalibrationError(bins)).toBeCloseTo(0.5 * 0.55);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
