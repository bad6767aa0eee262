import { describe, expect, it } from 'vitest';
import type { Frame, StopEvent } from '../../engine/engine.js';
import { changedNames, displayPath, globalsFrame, maskAddresses, selectedFrame, variables, verifyView } from './selectors.js';
import { initialState, type State } from './state.js';

const F = '/p/demo.py';
const mod: Frame = { file: F, line: 16, func: '<module>', locals: { __name__: "'__main__'", main: '<function main at 0x7f00aa11>', g: '1' } };
const main: Frame = { file: F, line: 11, func: 'main', locals: { data: '[3, 1, 4]' } };
const total: Frame = { file: F, line: 4, func: 'total', locals: { items: '[3, 1, 4]', acc: '3', x: '1' } };

function state(stop: Partial<StopEvent> & { frames: Frame[] }, more: Partial<State> = {}): State {
  const base = initialState({ title: 't', cols: 100, rows: 30, cwd: '/p', info: { name: 'python' }, showLatency: false, maskAddresses: false, console: [], output: [] });
  const full: StopEvent = { type: 'stop', event: 'line', selected: stop.frames.length - 1, ...stop };
  return { ...base, stop: full, selected: full.selected, ...more };
}

describe('selectors', () => {
  it('find the selected frame and its module frame', () => {
    const s = state({ frames: [mod, main, total] }, { selected: 1 });
    expect(selectedFrame(s)).toBe(main);
    expect(globalsFrame(s)).toBe(mod);
    expect(selectedFrame({ ...s, stop: undefined })).toBeUndefined();
    expect(globalsFrame(state({ frames: [{ ...mod, file: '/other.py' }, main] }))).toBeUndefined();
  });

  it('show paths under the working directory relative to it', () => {
    const s = state({ frames: [mod] });
    expect(displayPath(s, '/p/demo.py')).toBe('demo.py');
    expect(displayPath(s, '/p/sub/x.py')).toBe('sub/x.py');
    expect(displayPath(s, '/pq/x.py')).toBe('/pq/x.py');
  });

  it('list variables: <return> first at a return, dunders hidden unless asked, edits shown', () => {
    const s = state({ frames: [mod, main, total], event: 'return', retval: '8' }, { edited: { acc: '100' } });
    expect(variables(s)).toEqual([
      { name: '<return>', value: '8', special: true },
      { name: 'items', value: '[3, 1, 4]', special: false },
      { name: 'acc', value: '100', special: false },
      { name: 'x', value: '1', special: false },
    ]);
    // <return> belongs to the innermost frame only
    expect(variables({ ...s, selected: 1 }).map((v) => v.name)).toEqual(['data']);
    const g = { ...s, showGlobals: true };
    expect(variables(g).map((v) => v.name)).toEqual(['main', 'g']);
    expect(variables({ ...g, showDunder: true }).map((v) => v.name)).toEqual(['__name__', 'main', 'g']);
  });

  it('mask addresses only when asked (--play)', () => {
    const s = state({ frames: [mod] }, { showGlobals: true });
    expect(variables(s).find((v) => v.name === 'main')!.value).toBe('<function main at 0x7f00aa11>');
    expect(variables({ ...s, maskAddresses: true }).find((v) => v.name === 'main')!.value).toBe('<function main at 0x…>');
    expect(maskAddresses('<x at 0x12>')).toBe('<x at 0x12>'); // too short to be an address
  });

  it('mark --verify differences on the innermost frame only; an edit drops its mark', () => {
    const verify = { exact: false, line: { predicted: 4, real: 5 }, locals: { acc: { predicted: '3', real: '4' }, y: { predicted: null, real: '7' } } };
    const s = state({ frames: [mod, main, total], verify }, { verify });
    const v = verifyView(s)!;
    expect(v.locals).toEqual(verify.locals);
    expect(v).toMatchObject({ realLine: 5, lineNote: 'predicted 4, real 5' });
    expect(variables(s).at(-1)).toEqual({ name: 'y', value: '—', absent: true });
    expect(verifyView({ ...s, selected: 1 })).toEqual({ locals: {} });
    expect(Object.keys(verifyView({ ...s, edited: { acc: '9' } })!.locals)).toEqual(['y']);
    expect(verifyView({ ...s, verify: { exact: true } })).toBeUndefined();
  });

  it('name the values the last step changed, in the same frame only', () => {
    const prev: Frame = { ...total, locals: { items: '[3, 1, 4]', acc: '0', x: '3' } };
    const s = state({ frames: [mod, main, total] }, { prevFrames: [mod, main, prev] });
    expect([...changedNames(s)]).toEqual(['acc', 'x']);
    expect([...changedNames({ ...s, prevFrames: [mod, main, { ...prev, func: 'other' }] })]).toEqual([]);
    expect([...changedNames({ ...s, prevFrames: [] })]).toEqual([]);
  });
});
