// Predictions that say they are predictions (a user must never take a guess for
// a fact): with the neural engine the
// Stack, Variables and Output panes say 'predicted', unsure values are marked below
// the measured threshold, the status bar names the model and its measured accuracy,
// the engine's notice is shown once, and under --verify the Stack pane marks the
// frames where the real stack differs.
import { describe, expect, it } from 'vitest';
import { render as renderInk } from 'ink';
import { render } from 'ink-testing-library';
import { dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import type { EngineInfoEvent, Frame, StopEvent } from '../../src/engine/engine.js';
import { stripAnsi, visibleWidth } from '../../src/repl/tui/ansi.js';
import { App } from '../../src/repl/tui/components/App.js';
import { StackPane } from '../../src/repl/tui/components/StackPane.js';
import { StatusBar } from '../../src/repl/tui/components/StatusBar.js';
import { LOW_CONFIDENCE, VariablesPane } from '../../src/repl/tui/components/VariablesPane.js';
import { Screen } from '../../src/repl/tui/screen.js';
import { TuiStore } from '../../src/repl/tui/store.js';
import { DEMO, FakeEngine } from './fake-engine.mjs';

const plain = (f: string | undefined) => stripAnsi(f ?? '').split('\n');
const RED = '\x1b[31m';
const frame = (func: string, line: number, locals: Record<string, string> = {}): Frame => ({ file: DEMO, line, func, locals });

describe('StackPane', () => {
  const frames = [frame('<module>', 16), frame('main', 11), frame('total', 4)];
  const base = { frames, selected: 2, focused: false, width: 40, height: 6 };

  it('says predicted in its title for predicted frames', () => {
    expect(plain(render(<StackPane {...base} predicted />).lastFrame())[0]).toMatch(/^─ Stack \(3\) · predicted ─+$/);
    expect(plain(render(<StackPane {...base} />).lastFrame())[0]).toMatch(/^─ Stack \(3\) ─+$/);
  });

  it('--verify: marks a frame whose real counterpart differs, a frame the real stack lacks, and real frames it missed', () => {
    const f = render(
      <StackPane {...base} height={8} mismatch={{ frames: { 1: { func: 'main', line: 12 } }, extra: [{ func: 'helper', line: 30 }] }} />,
    ).lastFrame()!;
    const rows = plain(f);
    expect(rows[1]).toBe('  — ≠ helper:30 (real)');
    expect(rows[2]).toBe('▶ total  tui_demo.py:4');
    expect(rows[3]).toBe('  main  tui_demo.py:11 ≠ main:12 (real)');
    expect(rows[4]).toBe('  <module>  tui_demo.py:16');
    const raw = f.split('\n');
    expect(raw[3]).toContain(`${RED}main`);
    expect(raw[2]).not.toContain(RED);
    expect(plain(render(<StackPane {...base} mismatch={{ frames: { 2: null }, extra: [] }} />).lastFrame())[1]).toBe('▶ total  tui_demo.py:4 ≠ — (real)');
  });
});

describe('VariablesPane: unsure predictions', () => {
  const base = { changed: new Set<string>(), edited: {}, sel: 0, expanded: new Set<string>(), focused: false, width: 30, height: 5 };
  it(`marks values below the measured threshold (${LOW_CONFIDENCE}) dim with a '?', not those at or above it`, () => {
    const vars = [
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
      { name: 'c', value: '3' },
    ];
    const f = render(
      <VariablesPane {...base} vars={vars} confidence={{ a: LOW_CONFIDENCE - 0.05, b: LOW_CONFIDENCE, c: 0.95 }} title="Variables: f · predicted" />,
    ).lastFrame()!;
    const rows = plain(f);
    expect(rows[0]).toMatch(/^─ Variables: f · predicted ─+$/);
    expect(rows.slice(1, 4)).toEqual(['a = 1?', 'b = 2', 'c = 3']);
    expect(f.split('\n')[1]).toContain('\x1b[2m1?');
  });
});

describe('VariablesPane: runner-up values', () => {
  const base = { changed: new Set<string>(), edited: {}, expanded: new Set<string>(), focused: true, width: 40, height: 6 };
  const vars = [
    { name: 'a', value: '1' },
    { name: 'b', value: '2' },
  ];
  const alternatives = {
    a: [
      { value: '7', p: 0.31 },
      { value: '8', p: 0.05 },
    ],
    b: [{ value: '3', p: 0.2 }],
  };
  it('shows what else the model thought under the selected unsure value, with probabilities', () => {
    const f = render(<VariablesPane {...base} sel={0} vars={vars} confidence={{ a: 0.4, b: 0.9 }} alternatives={alternatives} />).lastFrame()!;
    expect(plain(f).slice(1, 4)).toEqual(['a = 1?', '  or 7 (31%), 8 (5%)', 'b = 2']);
  });
  it('not for a value the model is sure of, nor for one not selected', () => {
    const sure = plain(render(<VariablesPane {...base} sel={1} vars={vars} confidence={{ a: 0.4, b: 0.9 }} alternatives={alternatives} />).lastFrame()!);
    expect(sure.slice(1, 3)).toEqual(['a = 1?', 'b = 2']);
    expect(sure.join('\n')).not.toContain(' or ');
  });
});

describe('StatusBar: the model and its measured accuracy', () => {
  it('shows the model, device and exact-match accuracy of the neural engine', () => {
    const info = { name: 'neural' as const, model: 'v1', device: 'cpu', accuracy: { exact: 0.218, n: 220, source: 'models/v1/measured.json' } };
    const row = plain(render(<StatusBar width={90} title="demo.py" info={info} program="stopped" where="demo.py:3 f()" />).lastFrame())[0]!;
    expect(row).toContain(' demo.py │ neural v1 (cpu), 21.8% exact │ stopped │ demo.py:3 f()');
    expect(visibleWidth(row)).toBe(90);
    const none = plain(render(<StatusBar width={90} title="demo.py" info={{ name: 'neural', model: 'v1' }} program="stopped" />).lastFrame())[0]!;
    expect(none).toContain('│ neural v1 │');
  });
});

function mount(engine: FakeEngine, cols: number, rows: number) {
  const screen = new Screen({ write: () => {} }, cols, rows, { manual: true });
  const store = new TuiStore(engine as never, { title: 'demo', cols, rows, historyPath: null, showLatency: false, cwd: dirname(DEMO) });
  screen.enter();
  const ink = renderInk(<App store={store} />, {
    stdout: screen.sink as never,
    stdin: new PassThrough() as never,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const frameNow = async () => {
    await store.whenIdle();
    await new Promise((r) => setImmediate(r));
    screen.flush();
    return (screen as unknown as { latest: string }).latest.split('\n').map(stripAnsi);
  };
  return { store, ink, frameNow };
}

describe('App with a predicting engine', () => {
  const engineEvent: EngineInfoEvent = {
    type: 'engine',
    name: 'neural',
    predicted: true,
    model: 'v1',
    device: 'cpu',
    accuracy: { exact: 0.218, n: 220, source: 'models/v1/measured.json' },
    notice: 'ndbg: these frames are predicted by the model v1, not read from a running program',
  };

  it('shows the notice once, the accuracy in the status bar, and predicted pane titles', async () => {
    const engine = new FakeEngine({ info: { name: 'neural', model: 'v1', device: 'cpu' } });
    engine.emit(engineEvent); // the session's first event, before the TUI listens
    const { store, ink, frameNow } = mount(engine, 100, 30);
    await store.start();
    const stop: StopEvent = {
      type: 'stop',
      event: 'line',
      frames: [frame('<module>', 16), frame('main', 11, { data: '[3, 1, 4]' })],
      selected: 1,
      predicted: true,
    };
    engine.emit(stop);
    engine.emit(engineEvent); // said again: not shown again
    const text = await frameNow();
    expect(text[0]).toContain('neural v1 (cpu), 21.8% exact');
    expect(text.find((l) => l.includes('─ Variables: main · predicted'))).toBeDefined();
    expect(text.find((l) => l.includes('─ Stack (2) · predicted'))).toBeDefined();
    expect(text.find((l) => l.includes('─ Output · predicted'))).toBeDefined();
    expect(store.state.console.filter((l) => l.text === engineEvent.notice)).toEqual([{ text: engineEvent.notice, kind: 'info' }]);
    ink.unmount();
  });

  it("the python engine's panes do not say predicted", async () => {
    const engine = new FakeEngine();
    engine.emit({ type: 'engine', name: 'python', predicted: false });
    const { store, ink, frameNow } = mount(engine, 100, 30);
    await store.start();
    const text = (await frameNow()).join('\n');
    expect(text).toContain('─ Stack (');
    expect(text).not.toContain('predicted');
    ink.unmount();
  });

  it('--verify: the Stack pane marks where the real stack differs', async () => {
    const engine = new FakeEngine({ info: { name: 'neural', model: 'v1' } });
    const { store, ink, frameNow } = mount(engine, 110, 30);
    await store.start();
    engine.emit({
      type: 'stop',
      event: 'line',
      frames: [frame('<module>', 16), frame('main', 11), frame('total', 4)],
      selected: 2,
      predicted: true,
      verify: {
        exact: false,
        stack: { predicted: '<module>:16 > main:11', real: '<module>:16 > main:12' },
        real: {
          event: 'line',
          line: 4,
          func: 'total',
          locals: {},
          frames: [
            { func: '<module>', line: 16 },
            { func: 'main', line: 12 },
            { func: 'total', line: 4 },
          ],
        },
      },
    });
    const text = await frameNow();
    expect(text.find((l) => l.includes('│  main  tui_demo.py:11 ≠ main:12 (real)'))).toBeDefined();
    expect(text.find((l) => /│▶ total {2}tui_demo\.py:4\s*$/.test(l))).toBeDefined();
    ink.unmount();
  });
});
