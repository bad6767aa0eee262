// --verify: the python engine in lockstep marks every predicted value and line
// that differs from reality, continues from the real state, and counts exact frames.
import { describe, expect, it } from 'vitest';
import type { StopEvent } from '../../src/engine/engine.js';
import { VerifyEngine, compareStates, normalizeRepr, realState, verifyLine } from '../../src/engine/verify.js';
import type { HistoryEntry, ModelAction } from '../../src/model/types.js';
import { OracleModel, PY, drive, fixturePath, line, neuralDebugger } from './helpers.js';

/** The oracle, wrong once: the third prediction gets `nums` and the line wrong. */
class WrongOnce extends OracleModel {
  private n = 0;
  override async predict(h: HistoryEntry[], a: ModelAction) {
    const p = await super.predict(h, a);
    if (++this.n === 3 && p.state) p.state = { ...p.state, line: 16, locals: { ...p.state.locals, nums: '[1, 2, 4]' } };
    return p;
  }
}

describe('verify', () => {
  it('marks a wrong prediction, continues from the real state, counts exact frames', async () => {
    const model = new WrongOnce(fixturePath('neural_basic.py'));
    const neural = await neuralDebugger('neural_basic.py', model);
    const engine = new VerifyEngine(neural, { engine: 'neural', target: 'fixtures/neural_basic.py', python: PY });
    const { stdout, stderr, events } = await drive(engine, ['n', 'n', 'n', 'p nums', 'n', 's', 'q'], false);
    // ndbg's lines, not pdb's: stream `ndbg`, which line mode prints on stderr
    expect(stderr).toContain('[verify] line 16 predicted, real 15; nums: predicted [1, 2, 4], real [1, 2, 3] (continuing from the real state)\n');
    expect(stdout).not.toContain('[verify]');
    expect(events).toContainEqual({ type: 'text', stream: 'ndbg', data: expect.stringMatching(/^\[verify\] line 16 predicted/) });
    // after the resync, p sees the real value and the next predictions are right
    expect(stdout).toContain('(Pdb) [1, 2, 3]\n');
    expect(stderr).toContain('ndbg verify: 5/6 frames exact\n');
    const stops = events.filter((e): e is StopEvent => e.type === 'stop' && !e.refresh);
    const marked = stops.filter((s) => s.verify && !s.verify.exact);
    expect(marked).toHaveLength(1);
    expect(marked[0]!.verify).toMatchObject({
      exact: false,
      line: { predicted: 16, real: 15 },
      locals: { nums: { predicted: '[1, 2, 4]', real: '[1, 2, 3]' } },
      real: { line: 15, func: '<module>', locals: { nums: '[1, 2, 3]' } },
    });
    expect(stops.filter((s) => s.verify?.exact)).toHaveLength(5);
  });

  it('a class body returns with its methods hidden on both sides (the bridge says what a state shows)', async () => {
    const model = new OracleModel(fixturePath('classes.py'));
    const neural = await neuralDebugger('classes.py', model);
    const engine = new VerifyEngine(neural, { engine: 'neural', target: 'fixtures/classes.py', python: PY });
    const { stdout, stderr, events } = await drive(engine, [...Array(8).fill('s'), 'q'], false);
    const stops = events.filter((e): e is StopEvent => e.type === 'stop' && !e.refresh);
    const ret = stops.find((s) => s.event === 'return' && s.frames[s.frames.length - 1]!.func === 'Shape');
    // the tracer (the model's data) hides __init__, describe, __repr__ and the
    // dunders; so does the real state --verify compares with
    expect(ret?.verify).toMatchObject({ exact: true, real: { func: 'Shape', locals: { sides: '0' } } });
    expect(Object.keys(ret!.verify!.real!.locals)).toEqual(['sides']);
    expect(stdout).not.toContain('[verify]');
    expect(stderr).toContain('ndbg verify: 9/9 frames exact\n'); // the first stop and eight steps
  });

  it('compares like the trace format: addresses removed, reprs cut at 100', () => {
    expect(normalizeRepr('<__main__.P object at 0x7f00aa>')).toBe('<__main__.P object>');
    expect(normalizeRepr(`'${'x'.repeat(200)}'`)).toHaveLength(103);
    const v = compareStates(line(3, { a: '1' }), { ...line(3, { a: '1', b: '2' }), event: 'line' });
    expect(v.exact).toBe(false);
    expect(verifyLine(v)).toBe('[verify] b: predicted (absent), real 2\n');
    expect(compareStates(line(3, { a: '1' }), line(3, { a: '1' })).exact).toBe(true);
    expect(verifyLine({ exact: false, stdout: { predicted: 'sum 4\n', real: 'sum 3\n' } })).toBe('[verify] output: predicted "sum 4\\n", real "sum 3\\n"\n');
  });

  it("compares an object's attribute entries like locals; a format-1 model is not asked for them", () => {
    const locals = { c: '<__main__.C object at 0x7f00aa>', 'c.n': '2', x: '1' };
    const stop: StopEvent = { type: 'stop', event: 'line', selected: 0, frames: [{ file: '/p.py', line: 3, func: '<module>', locals }] };
    expect(realState(stop, '/p.py')!.locals).toEqual({ c: '<__main__.C object>', 'c.n': '2', x: '1' });
    expect(realState(stop, '/p.py', 1)!.locals).toEqual({ c: '<__main__.C object>', x: '1' });
    const v = compareStates(line(3, { c: '<__main__.C object>', 'c.n': '3', x: '1' }), realState(stop, '/p.py')!);
    expect(verifyLine(v)).toBe('[verify] c.n: predicted 3, real 2\n');
  });
});
