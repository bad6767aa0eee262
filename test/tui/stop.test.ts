import { describe, expect, it } from 'vitest';
import type { Frame, StopEvent } from '../../src/engine/engine.js';
import { applyStop, isNewStop } from '../../src/repl/tui/stop.js';
import { initialState, type State } from '../../src/repl/tui/state.js';

const F = '/p/demo.py';
const frame = (line: number, locals: Record<string, string> = {}, func = 'f'): Frame => ({ file: F, line, func, locals });
const stop = (frames: Frame[], more: Partial<StopEvent> = {}): StopEvent => ({ type: 'stop', event: 'line', frames, selected: frames.length - 1, ...more });
const ctx = { fileLength: () => 100 };

function start(): State {
  return initialState({
    title: 't',
    cols: 100,
    rows: 30,
    cwd: '/',
    info: { name: 'python' },
    showLatency: true,
    maskAddresses: false,
    console: [],
    output: [],
  });
}
/** Apply stops in turn, as the store does. */
function run(s: State, ...stops: StopEvent[]): State {
  for (const e of stops) s = { ...s, ...applyStop(s, e, ctx) };
  return s;
}

describe('applyStop', () => {
  it('shows the stop, remembers the frames before it, and follows the line', () => {
    const a = stop([frame(1, { x: '1' })]);
    const b = stop([frame(2, { x: '2' })]);
    const s = run(start(), a, b);
    expect(s.stop).toBe(b);
    expect(s.prevFrames).toBe(a.frames);
    expect(s.program).toBe('stopped');
    expect(s.sourceCursor).toBe(2);
    expect(s.stackSel).toBe(0);
  });

  it("keeps the baseline and edited values on a refresh, with the engine's repr", () => {
    const a = stop([frame(1, { x: '1' })]);
    const b = stop([frame(2, { x: '2' })]);
    let s = run(start(), a, b);
    s = { ...s, edited: { x: '5' } };
    s = run(s, stop([frame(2, { x: '5.0' })], { refresh: true }));
    expect(s.prevFrames).toBe(a.frames);
    expect(s.edited).toEqual({ x: '5.0' });
    // a step drops the edits
    s = run(s, stop([frame(3, { x: '5.0' })]));
    expect(s.edited).toEqual({});
  });

  it('selects within the stack and counts from the innermost frame for the stack pane', () => {
    const s = run(start(), stop([frame(10, {}, '<module>'), frame(2), frame(4, {}, 'g')], { selected: 7 }));
    expect(s.selected).toBe(2);
    expect(run(s, stop(s.stop!.frames, { selected: 0, refresh: true })).stackSel).toBe(2);
  });

  it('scores --verify on new stops only', () => {
    let s = run(start(), stop([frame(1)], { verify: { exact: true } }), stop([frame(2)], { verify: { exact: false, line: { predicted: 2, real: 3 } } }));
    expect(s.verifyScore).toEqual({ compared: 2, exact: 1 });
    s = run(s, stop([frame(2)], { refresh: true, selected: 0 }));
    expect(s.verifyScore).toEqual({ compared: 2, exact: 1 });
    expect(s.verify?.exact).toBe(false);
  });

  it("takes the engine's latency, else the time the command took, else keeps the last", () => {
    let s = { ...start(), ...applyStop(start(), stop([frame(1)], { latencyMs: 12 }), { ...ctx, elapsedMs: 40 }) };
    expect(s.latencyMs).toBe(12);
    s = { ...s, ...applyStop(s, stop([frame(2)]), { ...ctx, elapsedMs: 40 }) };
    expect(s.latencyMs).toBe(40);
    s = run(s, stop([frame(3)]));
    expect(s.latencyMs).toBe(40);
  });

  it('is in post-mortem after an uncaught exception; a running program stays running', () => {
    expect(run(start(), stop([frame(1)], { postMortem: true })).program).toBe('post-mortem');
    expect(run({ ...start(), program: 'running' }, stop([frame(1)])).program).toBe('running');
  });

  it('tells a stop that moved from one that did not', () => {
    const s = run(start(), stop([frame(1)]));
    expect(isNewStop(s, stop([frame(1)]))).toBe(false);
    expect(isNewStop(s, stop([frame(2)]))).toBe(true);
    expect(isNewStop(s, stop([frame(2)], { refresh: true }))).toBe(false);
  });
});
