// `--verify` in the TUI: predictions that differed from the real program are
// marked in the variables pane (`x = 3 ≠ 4 (real)`), the real line in the source
// pane (green `▷`, `predicted 4, real 5` in the header), and the status bar counts
// exact stops. Panes on their own, then the whole screen against the fake engine
// emitting stops with `verify`.
import { describe, expect, it } from 'vitest';
import { render as renderInk } from 'ink';
import { render } from 'ink-testing-library';
import { dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import type { StopEvent, VerifyInfo } from '../../src/engine/engine.js';
import { stripAnsi, visibleWidth } from '../../src/repl/tui/ansi.js';
import { App } from '../../src/repl/tui/components/App.js';
import { SourcePane } from '../../src/repl/tui/components/SourcePane.js';
import { StatusBar } from '../../src/repl/tui/components/StatusBar.js';
import { VariablesPane } from '../../src/repl/tui/components/VariablesPane.js';
import { Screen } from '../../src/repl/tui/screen.js';
import { SourceFile } from '../../src/repl/tui/source.js';
import { TuiStore } from '../../src/repl/tui/store.js';
import { DEMO, FakeEngine } from './fake-engine.mjs';

const plain = (f: string | undefined) => stripAnsi(f ?? '').split('\n');
const RED = '\x1b[31m';

describe('VariablesPane under --verify', () => {
  const base = { changed: new Set<string>(), edited: {}, sel: 0, expanded: new Set<string>(), focused: false, width: 30, height: 6 };

  it('marks a mispredicted local in red with the real value after the predicted one', () => {
    const vars = [
      { name: 'n', value: '3' },
      { name: 'x', value: '4' },
    ];
    const f = render(<VariablesPane {...base} vars={vars} mismatch={{ x: { predicted: '4', real: '5' } }} />).lastFrame()!;
    const rows = plain(f);
    expect(rows[1]).toBe('n = 3');
    expect(rows[2]).toBe('x = 4 ≠ 5 (real)');
    const raw = f.split('\n');
    expect(raw[2]).toContain(`${RED}x`); // the name
    expect(raw[2]).toContain(`${RED} ≠ 5 (real)`); // the real value
    expect(raw[1]).not.toContain(RED);
  });

  it('fits long values in the width (the tag goes first, then both are cut), shows missed locals, expands', () => {
    const long = '[' + Array.from({ length: 12 }, (_, i) => i).join(', ') + ']';
    const vars = [
      { name: 'a', value: '[1, 2, 4]' },
      { name: 'b', value: long },
      { name: 'y', value: '—', absent: true },
    ];
    const mismatch = {
      a: { predicted: '[1, 2, 4]', real: '[1, 2, 3]' },
      b: { predicted: long, real: long.replace('11', '99') },
      y: { predicted: null, real: '7' },
    };
    const rows = plain(render(<VariablesPane {...base} vars={vars} mismatch={mismatch} />).lastFrame());
    expect(rows[1]).toBe('a = [1, 2, 4] ≠ [1, 2, 3]'); // no room for "(real)"
    expect(rows[2]).toBe('b = [0, 1, 2, 3… ≠ [0, 1, 2, …');
    expect(visibleWidth(rows[2]!)).toBeLessThanOrEqual(30);
    expect(rows[3]).toBe('y = — ≠ 7 (real)');
    const ex = plain(render(<VariablesPane {...base} height={9} vars={vars} mismatch={mismatch} expanded={new Set(['b'])} />).lastFrame());
    expect(ex[2]).toBe('b =');
    expect(ex[3]).toBe(('  ' + long.slice(0, 28)).trimEnd());
    expect(ex.slice(4).join('\n')).toContain('≠ [0, 1, 2');
    expect(ex.join('\n')).toContain('99] (real)');
  });

  it('an edited value is no longer marked', () => {
    const f = render(
      <VariablesPane {...base} vars={[{ name: 'x', value: '9' }]} edited={{ x: '9' }} mismatch={{ x: { predicted: '4', real: '5' } }} />,
    ).lastFrame()!;
    expect(plain(f)[1]).toBe('x = 9');
  });
});

describe('SourcePane under --verify', () => {
  const SRC = new SourceFile('/p/demo.py', 'def f(n):\n    x = n + 1\n    y = x * 2\n    return y\n\nf(3)\n');
  it('marks the real line when the predicted one differs, and says both in the header', () => {
    const f = render(
      <SourcePane
        file={SRC}
        path="demo.py"
        width={40}
        height={6}
        top={1}
        breakpoints={[]}
        focused={false}
        current={3}
        realLine={4}
        note="(predicted 3, real 4)"
      />,
    ).lastFrame()!;
    const rows = plain(f);
    expect(rows[0]).toMatch(/^─ demo\.py \(predicted 3, real 4\) ─+$/);
    expect(rows[3]!.slice(0, 6)).toBe('   3 ▶');
    expect(rows[4]).toBe('   4 ▷     return y');
    expect(f.split('\n')[4]).toContain('\x1b[1m\x1b[32m▷'); // bold green
    expect(f.split('\n')[4]).not.toContain('\x1b[100m'); // not the current-line background
  });
});

describe('StatusBar under --verify', () => {
  const base = { width: 80, title: 'demo.py', info: { name: 'neural' as const, model: 'ndbg-1' }, program: 'stopped' as const, where: 'demo.py:3 f()' };
  it('counts exact stops, red while the current one differs', () => {
    const good = render(<StatusBar {...base} verify={{ compared: 20, exact: 17 }} currentExact />).lastFrame()!;
    expect(plain(good)[0]).toContain('neural ndbg-1 │ stopped │ verify 17/20 exact │ demo.py:3 f()');
    expect(good).not.toContain(RED);
    const bad = render(<StatusBar {...base} verify={{ compared: 21, exact: 17 }} currentExact={false} />).lastFrame()!;
    expect(bad).toContain(`${RED}verify 17/21 exact`);
    expect(visibleWidth(plain(bad)[0]!)).toBe(80);
    expect(plain(render(<StatusBar {...base} />).lastFrame())[0]).not.toContain('verify');
  });
});

/** In total() at line 4 with x = 1 the "model" got acc and the line wrong and missed a local. */
function verifyDemo(stop: StopEvent): VerifyInfo {
  const f = stop.frames[stop.frames.length - 1]!;
  if (f.func === 'total' && f.line === 4 && f.locals.x === '1') {
    return { exact: false, line: { predicted: 4, real: 5 }, locals: { acc: { predicted: '3', real: '4' }, y: { predicted: null, real: '7' } } };
  }
  return { exact: true };
}

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
  const frame = async () => {
    await store.whenIdle();
    await new Promise((r) => setImmediate(r));
    screen.flush();
    return (screen as unknown as { latest: string }).latest.split('\n');
  };
  const run = async (...cmds: string[]) => {
    for (const c of cmds) {
      store.submit(c);
      await store.whenIdle();
    }
    return frame();
  };
  return { store, ink, frame, run };
}

describe('App under --verify', () => {
  it('shows the marks of a stop that differed on the whole 80x24 screen, keeps them across u/d, counts', async () => {
    const engine = new FakeEngine({ info: { name: 'neural', model: 'ndbg-1' }, verify: verifyDemo });
    const { store, ink, run } = mount(engine, 80, 24);
    await store.start();
    let raw = await run('s', 's', 's', 'n', 'n', 'n', 's', 's', 's', 's', 'n');
    let text = raw.map(stripAnsi);
    expect(text[0]).toContain('verify 12/12 exact');
    expect(text.join('\n')).not.toContain('≠');
    raw = await run('n'); // total, line 4, x = 1: mispredicted
    text = raw.map(stripAnsi);
    for (const l of raw) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    expect(text[0]).toContain('verify 12/13 exact');
    expect(raw[0]).toContain(`${RED}verify 12/13 exact`);
    expect(text.find((l) => l.includes('─ Variables'))).toBeDefined();
    const vars = (name: string) => text.find((l) => new RegExp(`│${name} = `).test(l));
    expect(vars('acc')).toContain('│acc = 3 ≠ 4 (real)');
    expect(vars('y')).toContain('│y = — ≠ 7 (real)');
    expect(vars('x')).toMatch(/│x = 1\s*$/);
    expect(text[1]).toMatch(/^─ tui_demo\.py \(predicted 4, real 5\) ─+│/);
    const src = (n: number) => text.find((l) => new RegExp(`^.\\s+${n} `).test(l))!;
    expect(src(4)).toMatch(/^\s+4 ▶/);
    expect(src(5)).toMatch(/^\s+5 ▷/);
    // u: the caller's frame is not what was compared; d: back, marks and all
    text = (await run('u')).map(stripAnsi);
    expect(text.join('\n')).not.toContain('≠');
    expect(text[1]).not.toContain('predicted');
    expect(text[0]).toContain('verify 12/13 exact');
    text = (await run('d')).map(stripAnsi);
    expect(text.join('\n')).toContain('acc = 3 ≠ 4 (real)');
    expect(text[1]).toContain('(predicted 4, real 5)');
    expect(text[0]).toContain('verify 12/13 exact');
    // the next stop is exact: marks gone, count goes on
    raw = await run('n');
    text = raw.map(stripAnsi);
    expect(text.join('\n')).not.toContain('≠');
    expect(text[1]).not.toContain('predicted');
    expect(text[0]).toContain('verify 13/14 exact');
    expect(raw[0]).not.toContain(RED);
    expect(store.state.verifyScore).toEqual({ compared: 14, exact: 13 });
    ink.unmount();
  });

  it('brings the real line into view with the predicted one when both fit', async () => {
    // Second stop: module level, line 8 predicted; the "real" line is 1.
    const engine = new FakeEngine({
      verify: (stop: StopEvent) =>
        stop.frames.length === 1 && stop.frames[0]!.line === 8 ? { exact: false, line: { predicted: 8, real: 1 } } : { exact: true },
    });
    const { store, ink, run } = mount(engine, 80, 16);
    await store.start();
    const text = (await run('s')).map(stripAnsi);
    expect(store.state.sourceTop).toBe(1);
    expect(text.find((l) => /^\s+1 ▷/.test(l))).toBeDefined();
    expect(text.find((l) => /^\s+8 ▶/.test(l))).toBeDefined();
    ink.unmount();
  });

  it('marks a mispredicted return value on <return>', async () => {
    const engine = new FakeEngine({
      verify: (stop: StopEvent) =>
        stop.event === 'return' && stop.frames.at(-1)!.func === 'total' ? { exact: false, retval: { predicted: '8', real: '9' } } : { exact: true },
    });
    const { store, ink, run } = mount(engine, 80, 24);
    await store.start();
    const text = (await run('s', 's', 's', 'n', 'n', 'n', 's', 'r')).map(stripAnsi);
    expect(store.state.stop!.event).toBe('return');
    expect(text.find((l) => l.includes('│<return> = '))).toContain('│<return> = 8 ≠ 9 (real)');
    expect(text[1]).not.toContain('predicted');
    ink.unmount();
  });

  it('shows nothing of the kind without --verify', async () => {
    const { store, ink, run } = mount(new FakeEngine(), 80, 24);
    await store.start();
    const text = (await run('s')).map(stripAnsi);
    expect(text[0]).not.toContain('verify');
    expect(store.state.verifyScore).toBeUndefined();
    ink.unmount();
  });
});
