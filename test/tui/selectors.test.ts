import { describe, expect, it } from 'vitest';
import type { Frame, StopEvent } from '../../src/engine/engine.js';
import {
  changedNames,
  displayPath,
  globalsFrame,
  isPredicted,
  maskAddresses,
  predictedTitle,
  programStart,
  selectedFrame,
  stackMismatch,
  variables,
  verifyView,
} from '../../src/repl/tui/selectors.js';
import { paneItems } from '../../src/repl/tui/paneItems.js';
import { initialState, type State } from '../../src/repl/tui/state.js';

const F = '/p/demo.py';
const mod: Frame = { file: F, line: 16, func: '<module>', locals: { __name__: "'__main__'", main: '<function main at 0x7f00aa11>', g: '1' } };
const main: Frame = { file: F, line: 11, func: 'main', locals: { data: '[3, 1, 4]' } };
const total: Frame = { file: F, line: 4, func: 'total', locals: { items: '[3, 1, 4]', acc: '3', x: '1' } };

function state(stop: Partial<StopEvent> & { frames: Frame[] }, more: Partial<State> = {}): State {
  const base = initialState({
    title: 't',
    cols: 100,
    rows: 30,
    cwd: '/p',
    info: { name: 'python' },
    showLatency: false,
    maskAddresses: false,
    console: [],
    output: [],
  });
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

  it('list an object\'s attribute entries under it, not as variables (docs/format.md, "Objects")', () => {
    const f: Frame = { file: F, line: 5, func: 'add', locals: { self: 'Cart(2)', 'self.items': '[1]', 'self.last.x': '1', n: '1', 'n.x': 'stray' } };
    const s = state({ frames: [mod, f] });
    expect(variables(s)).toEqual([
      { name: 'self', value: 'Cart(2)', special: false, attributes: true },
      { name: 'n', value: '1', special: false, attributes: true },
    ]);
    expect(paneItems(s).map((v) => [v.name, v.open])).toEqual([
      ['self', false],
      ['n', false],
    ]);
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

describe('predicted stops', () => {
  const bdb: Frame = { file: '/usr/lib/python3.11/bdb.py', line: 600, func: 'run', locals: {} };
  const str: Frame = { file: '<string>', line: 1, func: '<module>', locals: {} };

  it("are the stop's say, before a stop the engine's", () => {
    expect(isPredicted(state({ frames: [mod], predicted: true }))).toBe(true);
    expect(isPredicted(state({ frames: [mod] }, { predicted: true }))).toBe(false);
    expect(isPredicted({ ...state({ frames: [mod] }), stop: undefined, predicted: true })).toBe(true);
    expect(predictedTitle('Output', true)).toBe('Output · predicted');
    expect(predictedTitle('Output', false)).toBe('Output');
  });

  it("program frames start after pdb's own", () => {
    expect(programStart([bdb, str, mod, main])).toBe(2);
    expect(programStart([mod, main])).toBe(0);
  });

  it('--verify: the frames where the real stack differs, paired outermost first, and the real ones missing', () => {
    const frames = [bdb, str, mod, main, total];
    const real = (fs: Array<{ func: string; line: number }>) => ({ exact: false, real: { event: 'line', line: 4, func: 'total', locals: {}, frames: fs } });
    // same stack: nothing to mark
    const same = real([
      { func: '<module>', line: 16 },
      { func: 'main', line: 11 },
      { func: 'total', line: 4 },
    ]);
    expect(stackMismatch(state({ frames }, { verify: same }))).toBeUndefined();
    // main is really at line 12, and the real program is one call deeper
    const v = real([
      { func: '<module>', line: 16 },
      { func: 'main', line: 12 },
      { func: 'total', line: 4 },
      { func: 'helper', line: 30 },
    ]);
    expect(stackMismatch(state({ frames }, { verify: v }))).toEqual({ frames: { 3: { func: 'main', line: 12 } }, extra: [{ func: 'helper', line: 30 }] });
    // the prediction has a frame the real stack lacks
    const w = real([
      { func: '<module>', line: 16 },
      { func: 'main', line: 11 },
    ]);
    expect(stackMismatch(state({ frames }, { verify: w }))).toEqual({ frames: { 4: null }, extra: [] });
    // no real frames reported, or an exact stop: nothing
    expect(stackMismatch(state({ frames }, { verify: { exact: false } }))).toBeUndefined();
    expect(stackMismatch(state({ frames }, { verify: { ...v, exact: true } }))).toBeUndefined();
  });
});
