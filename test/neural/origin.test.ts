// Every value of a neural stop says where it comes from (docs/json.md, `origin`):
// computed by the evaluator, predicted by the model, or carried over from the
// state it was in; an edit's values are pyval's; --at-return's value is the user's.
import { describe, expect, it } from 'vitest';
import type { EngineEvent, StopEvent } from '../../src/engine/engine.js';
import { ScriptedModel, drive, line, neuralDebugger, prediction } from './helpers.js';

const stops = (events: EngineEvent[]) => events.filter((e): e is StopEvent => e.type === 'stop');

describe('origin of each value', () => {
  it('computed and predicted values, carried over in the frame; an edit is computed', async () => {
    const model = new ScriptedModel(line(14), [
      // the evaluator worked out `nums`; the model wrote the output
      prediction(line(15, { nums: '[1, 2, 3]' }), { confidence: { line: 1, values: { nums: 1 } }, origin: { nums: 'computed' } }),
      // a prediction: `s` is the model's, `nums` kept from the state before
      prediction(line(16, { nums: '[1, 2, 3]', s: '3' }, { stdout: '' }), { confidence: { line: 0.9, values: { s: 0.8 } } }),
    ]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { events } = await drive(dbg, ['n', 'n', '!s = 4', 'q'], true);
    const at = stops(events).map((s) => s.frames.at(-1)!.origin);
    expect(at[0]).toEqual({});
    expect(at[1]).toEqual({ nums: 'computed' });
    expect(at[2]).toEqual({ nums: 'computed', s: 'predicted' });
    // the edit's refresh: `s` is pyval's now
    expect(at[3]).toEqual({ nums: 'computed', s: 'computed' });
  });

  it('a value the model rewrote is predicted even where it was computed before', async () => {
    const model = new ScriptedModel(line(14), [
      prediction(line(15, { nums: '[1, 2, 3]' }), { origin: { nums: 'computed' } }),
      prediction(line(16, { nums: '[1, 2]' }), { confidence: { line: 0.9, values: { nums: 0.4 } } }),
    ]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { events } = await drive(dbg, ['n', 'n', 'q'], true);
    expect(stops(events).at(-1)!.frames.at(-1)!.origin).toEqual({ nums: 'predicted' });
  });

  it('the return value and the output have an origin; --at-return starts at the value given', async () => {
    const ret = { ...line(4, { a: '1', b: '2', total: '3' }), event: 'return' as const, func: 'add', stack: [15], retval: '3' };
    const model = new ScriptedModel(line(14), [prediction(ret, { origin: { '<retval>': 'computed' } })]);
    const dbg = await neuralDebugger('neural_basic.py', model, { atReturn: { func: 'add', value: '3' } });
    const { events } = await drive(dbg, ['q'], true);
    expect(stops(events)[0]!.frames.at(-1)!.origin).toEqual({ '<retval>': 'computed' });
    // caller frames say where their locals come from too (none known here)
    expect(stops(events)[0]!.frames.at(-2)!.origin).toEqual({});
  });
});

describe('front ends show the origin', () => {
  it("the TUI's variables pane marks predicted and checked values, not computed ones", async () => {
    const { variableLines } = await import('../../src/repl/tui/components/VariablesPane.js');
    const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
    const lines = variableLines({
      vars: [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
        { name: 'c', value: '3' },
      ],
      origin: { a: 'computed', b: 'predicted', c: 'checked' },
      changed: new Set(),
      edited: {},
      sel: -1,
      expanded: new Set(),
      focused: false,
      width: 30,
      height: 10,
    }).map(strip);
    expect(lines).toEqual(['a = 1', 'b ≈ 2', 'c = 3 ✓']);
  });

  it('DAP: a computed value says so in its hints, without a model probability; a predicted one its confidence', async () => {
    const { show } = await import('../../src/dap/values.js');
    expect(show({ value: '1', type: 'int' }, { predicted: true, confidence: 1, origin: 'computed' })).toMatchObject({
      value: '1  · predicted',
      type: 'int (predicted)',
      presentationHint: { attributes: ['predicted', 'origin:computed'] },
    });
    expect(show({ value: '2', type: 'int' }, { predicted: true, confidence: 0.5, origin: 'predicted' }).type).toBe('int (predicted 50%)');
  });
});
