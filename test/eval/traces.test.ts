// `ndbg eval traces` on a small held-out split built for the test (the true trace
// of a fixture, with trajectories written by hand): examples as the data builder
// defines them, exact match per action and component, gzip shards.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addCalibration, compare, examplesOf, expectedCalibrationError, median, newTally, spread, type TraceRecord } from '../../src/eval/traces.js';
import { runEval } from '../../src/eval/index.js';
import type { ModelState, Predictor } from '../../src/model/types.js';
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
