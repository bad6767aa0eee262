// Generate and check for inverse execution (src/engine/neural/checked.ts): from a
// return, the model's candidate calls are run forward by the evaluator, and the
// first that returns the given value is the answer, `checked`; otherwise the
// model's best, `predicted`, saying why. The models here are test doubles whose
// greedy answer is wrong; the shipped model's own candidates are tested in
// checkedModel.test.ts.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent, StopEvent } from '../../src/engine/engine.js';
import { checkedCall, runForward, sameRepr } from '../../src/engine/neural/checked.js';
import { Program } from '../../src/model/format/cfg.js';
import { sourceLines } from '../../src/model/format/format.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction } from '../../src/model/types.js';
import { PY, drive, fixturePath, line, neuralDebugger, prediction } from './helpers.js';

const F = fixturePath('neural_basic.py');
const SOURCE = readFileSync(F, 'utf8');
const LINES = sourceLines(SOURCE);
let program: Program;
beforeAll(async () => {
  program = await Program.analyze(SOURCE, { python: PY, target: '3.11' });
});

/** add's call from line 15 with these arguments. */
const addCall = (a: string, b: string): ModelState => ({ ...line(2, { a, b }), event: 'call', func: 'add', stack: [15] });

/** A model that proposes these calls, in order, for an inverse step (its best first). */
class Candidates {
  asked = 0;
  constructor(readonly calls: ModelState[]) {}
  initialState(): ModelState {
    return line(14);
  }
  async predict(): Promise<Prediction> {
    this.asked++;
    return prediction(this.calls[0]!, { confidence: { line: 0.9, values: { a: 0.5, b: 0.5 } } });
  }
  async *candidates(_h: HistoryEntry[], _a: ModelAction, o: { n?: number } = {}): AsyncGenerator<Prediction> {
    for (const c of this.calls.slice(0, o.n ?? 8)) {
      this.asked++;
      yield prediction(c, { confidence: { line: 0.9, values: { a: 0.5, b: 0.5 } } });
    }
  }
}

const stops = (events: EngineEvent[]) => events.filter((e): e is StopEvent => e.type === 'stop');

describe('running a candidate call forward', () => {
  it('computes what the function returns, or says why it cannot', () => {
    expect(runForward(LINES, program, addCall('1', '2'))).toEqual({ retval: '3', stdout: '' });
    expect(runForward(LINES, program, addCall("'a'", "'b'"))).toEqual({ retval: "'ab'", stdout: '' });
    // None + 2 raises: the evaluator leaves errors to the model
    expect(runForward(LINES, program, addCall('None', '2'))).toMatchObject({ why: expect.stringContaining('cannot run add forward') });
    expect(runForward(LINES, null, addCall('1', '2'))).toMatchObject({ why: expect.stringContaining('control-flow') });
  });

  it('compares reprs as values', () => {
    expect(sameRepr('[1,2]', '[1, 2]')).toBe(true);
    expect(sameRepr('"a"', "'a'")).toBe(true);
    expect(sameRepr('3', '4')).toBe(false);
  });
});

describe('generate and check', () => {
  const ask = (model: Candidates, returns: string) =>
    checkedCall(model, {
      history: [{ action: null, state: { ...line(4), event: 'return', func: 'add', stack: [15], retval: returns } }],
      action: { kind: 'inv_step_call' },
      returns,
      lines: LINES,
      program,
    });

  it('the first candidate that reproduces the return value wins, checked', async () => {
    const model = new Candidates([addCall('1', '2'), addCall('2', '2'), addCall('2', '3'), addCall('1', '4')]);
    const r = (await ask(model, '5'))!;
    expect(r.prediction.state!.locals).toEqual({ a: '2', b: '3' });
    expect(r.prediction.origin).toEqual({ a: 'checked', b: 'checked' });
    expect(r.check).toMatchObject({ origin: 'checked', rank: 3, candidates: 3, computed: 3 });
    expect(r.check.note).toContain('candidate 3');
    // lazily: the fourth candidate was never asked for
    expect(model.asked).toBe(3);
  });

  it("none reproduces it: the model's best, predicted, with what it returns", async () => {
    const r = (await ask(new Candidates([addCall('1', '2'), addCall('2', '2')]), '10'))!;
    expect(r.prediction.state!.locals).toEqual({ a: '1', b: '2' });
    expect(r.prediction.origin).toBeUndefined();
    expect(r.check).toMatchObject({ origin: 'predicted', candidates: 2, computed: 2, returns: '3' });
    expect(r.check.note).toContain('none of 2 candidates returns 10');
  });

  it('no forward run can be computed: says so', async () => {
    const r = (await ask(new Candidates([addCall('None', '2')]), '5'))!;
    expect(r.check).toMatchObject({ origin: 'predicted', candidates: 1, computed: 0 });
    expect(r.check.note).toMatch(/^not checked: the evaluator cannot run add forward/);
  });

  it('a model without candidates: its one answer is checked', async () => {
    const one = new Candidates([addCall('2', '3')]);
    const r = (await checkedCall({ predict: () => one.predict() }, { history: [], action: { kind: 'inv_step_call' }, returns: '5', lines: LINES, program }))!;
    expect(r.check).toMatchObject({ origin: 'checked', rank: 1 });
  });
});

describe('reverse-finish from --at-return', () => {
  it('stops at the checked call: its arguments labelled checked, the check in the stop, a notice', async () => {
    const model = new Candidates([addCall('1', '2'), addCall('4', '3')]);
    const dbg = await neuralDebugger('neural_basic.py', model, { atReturn: { func: 'add', value: '7' }, program });
    const { events, stderr, stdout } = await drive(dbg, ['reverse-finish', 'a', 'q'], true);
    const call = stops(events).at(-1)!;
    expect(call.event).toBe('call');
    expect(call.frames.at(-1)!.locals).toEqual({ a: '4', b: '3' });
    expect(call.frames.at(-1)!.origin).toEqual({ a: 'checked', b: 'checked' });
    expect(call.check).toMatchObject({ origin: 'checked', rank: 2 });
    const notes = events.filter((e) => e.type === 'text' && e.stream === 'ndbg').map((e) => (e as { data: string }).data);
    expect(notes.join('')).toContain('ndbg: checked: the evaluator ran add forward');
    expect(stdout + stderr).toContain('a = 4');
  });

  it("unchecked: the model's best, predicted, and the notice says why", async () => {
    const model = new Candidates([addCall('1', '2')]);
    const dbg = await neuralDebugger('neural_basic.py', model, { atReturn: { func: 'add', value: '7' }, program });
    const { events } = await drive(dbg, ['reverse-finish', 'q'], true);
    const call = stops(events).at(-1)!;
    expect(call.frames.at(-1)!.origin).toEqual({ a: 'predicted', b: 'predicted' });
    expect(call.check).toMatchObject({ origin: 'predicted', returns: '3' });
  });
});
