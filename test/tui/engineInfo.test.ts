import { describe, expect, it } from 'vitest';
import type { EngineInfoEvent } from '../../src/engine/engine.js';
import { accuracyText, applyEngine } from '../../src/repl/tui/engineInfo.js';
import { initialState, type State } from '../../src/repl/tui/state.js';

const start = (): State =>
  initialState({ title: 't', cols: 100, rows: 30, cwd: '/', info: { name: 'python' }, showLatency: true, maskAddresses: false, console: [], output: [] });

const neural: EngineInfoEvent = {
  type: 'engine',
  name: 'neural',
  predicted: true,
  model: 'v1',
  device: 'cpu',
  accuracy: { exact: 0.4137, n: 1200, programs: 65, source: 'models/v1/measured.json' },
  notice: 'ndbg: the frames are predicted by a model (v1); --engine python runs the program',
};

describe('applyEngine', () => {
  it('takes the engine, model, device and accuracy, says stops are predicted, and shows the notice once', () => {
    let s = start();
    const u = applyEngine(s, neural);
    expect(u.patch.info).toEqual({ name: 'neural', model: 'v1', device: 'cpu', accuracy: neural.accuracy });
    expect(u.patch.predicted).toBe(true);
    expect(u.banner).toBe(neural.notice);
    s = { ...s, ...u.patch };
    expect(s.noticeShown).toBe(true);
    const again = applyEngine(s, neural);
    expect(again.banner).toBeUndefined();
    expect(again.patch.info).toEqual(u.patch.info);
  });

  it('the python engine: not predicted, no notice, no model', () => {
    const u = applyEngine(start(), { type: 'engine', name: 'python', predicted: false });
    expect(u).toEqual({ patch: { info: { name: 'python' }, predicted: false } });
  });

  it('writes the accuracy as a percentage, nothing without one', () => {
    expect(accuracyText({ name: 'neural', accuracy: neural.accuracy })).toBe('41.4% exact');
    expect(accuracyText({ name: 'neural', accuracy: { exact: 1, n: 3, source: 'x' } })).toBe('100% exact');
    expect(accuracyText({ name: 'neural', model: 'v1' })).toBeUndefined();
  });
});
