// The whole screen, in-process, the way runTui draws it (Ink in debug mode into
// the Screen's sink): size, content, bytes written per step, and speed on a
// 20,000-line file.
import { describe, expect, it } from 'vitest';
import { SourceCache } from '../../src/repl/tui/source.js';
import { stripAnsi, visibleWidth } from '../../src/repl/tui/ansi.js';
import type { Engine, EngineEvent, Listener } from '../../src/engine/engine.js';
import { FakeEngine } from './fake-engine.mjs';
import { mountApp } from './mountApp.js';

function mount(engine: Engine, cols: number, rows: number, source?: SourceCache, startFile?: string) {
  const bytes: string[] = [];
  const { screen, store, ink } = mountApp(engine, cols, rows, { source, startFile, write: (d) => bytes.push(d) });
  // Store changes reach React on the next turn of the event loop.
  const frame = async () => {
    await new Promise((r) => setImmediate(r));
    screen.flush();
  };
  return { store, screen, ink, bytes, frame };
}

/** Stops at a given line of a big file, nothing else. */
class BigEngine implements Engine {
  info = { name: 'python' as const };
  private ls: Listener[] = [];
  line = 19000;
  constructor(private file: string) {}
  on(l: Listener) {
    this.ls.push(l);
  }
  private emit(e: EngineEvent) {
    for (const l of this.ls) l(e);
  }
  private stop() {
    this.emit({
      type: 'stop',
      event: 'line',
      selected: 0,
      frames: [{ file: this.file, line: this.line, func: 'f', locals: { i: String(this.line), s: `'${'x'.repeat(this.line % 50)}'` } }],
    });
    this.emit({ type: 'prompt', prompt: '(Pdb) ' });
  }
  async start() {
    this.stop();
  }
  async command() {
    this.line += 1;
    this.stop();
  }
  async input() {}
  async action() {}
  interrupt() {}
  async close() {}
}

describe('App', () => {
  it('fills an 80x24 terminal exactly, every pane in place', async () => {
    const { store, ink, screen, frame } = mount(new FakeEngine() as never, 80, 24);
    await store.start();
    store.submit('s');
    await store.whenIdle();
    await frame();
    const lines = (screen as unknown as { latest: string }).latest.split('\n');
    expect(lines.length).toBe(24);
    for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    const text = lines.map(stripAnsi).join('\n');
    expect(text).toContain('python │ stopped │');
    expect(text).toMatch(/─ .*tui_demo\.py ─/);
    expect(text).toContain('─ Variables');
    expect(text).toContain('─ Stack (1)');
    expect(text).toContain('─ Breakpoints');
    expect(text).toContain('─ Console');
    expect(text).toContain('─ Output');
    expect(stripAnsi(lines[23]!)).toMatch(/^\(Pdb\) /);
    ink.unmount();
  });

  it('shows the script while the engine starts, then the stop it reports', async () => {
    let go = () => {};
    const engine = new BigEngine('/slow.py');
    engine.line = 3;
    const slow = Object.assign(engine, {
      start: () =>
        new Promise<void>(
          (r) =>
            (go = () => {
              BigEngine.prototype.start.call(engine).then(r);
            }),
        ),
    });
    const src = new SourceCache((f) => (f === '/slow.py' ? 'import time\n\nwhile True:  # busy\n    pass\n' : undefined));
    const { store, ink, screen, frame } = mount(slow, 80, 24, src, '/slow.py');
    const started = store.start();
    await frame();
    const latest = () => stripAnsi((screen as unknown as { latest: string }).latest);
    expect(latest()).toContain('while True:  # busy');
    expect(latest()).toContain('starting');
    expect(latest()).not.toContain('▶'); // no line is current before the engine says so
    go();
    await started;
    await frame();
    expect(latest()).toMatch(/3 ▶ while True/);
    ink.unmount();
  });

  it('shows a clear message instead of a broken layout when too small, and recovers', async () => {
    const { store, ink, screen, frame } = mount(new FakeEngine() as never, 50, 12);
    await store.start();
    await frame();
    const latest = () => stripAnsi((screen as unknown as { latest: string }).latest);
    expect(latest()).toContain('Terminal too small: 50x12');
    screen.resize(80, 24);
    store.setSize(80, 24);
    await new Promise((r) => setImmediate(r));
    expect(latest()).toContain('─ Variables');
    ink.unmount();
  });

  it('steps through a 20,000-line file as fast as a small one, rewriting only changed rows, never clearing', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `    total = total + ${i}  # step ${i}`).join('\n');
    const big = lines(20000);
    const small = lines(19100);
    const src = new SourceCache((f) => (f === '/big.py' ? big : f === '/small.py' ? small.split('\n').slice(18900).join('\n') : undefined));
    // Same screen contents except the file length: a 200-line file stopped near its end.
    const bigRun = mount(new BigEngine('/big.py'), 120, 40, src);
    const smallEngine = new BigEngine('/small.py');
    smallEngine.line = 100;
    const smallRun = mount(smallEngine, 120, 40, src);
    await bigRun.store.start();
    await smallRun.store.start();
    await bigRun.frame();
    await smallRun.frame();
    const startBytes = bigRun.bytes.join('').length;
    const steps = 30;
    const time = { big: 0, small: 0 };
    // Interleaved, so a busy machine slows both alike.
    for (let i = 0; i < steps; i++) {
      for (const [k, run] of [
        ['big', bigRun],
        ['small', smallRun],
      ] as const) {
        const t0 = performance.now();
        run.store.submit('n');
        await run.store.whenIdle();
        await run.frame();
        time[k] += performance.now() - t0;
      }
    }
    const perBig = time.big / steps;
    const perSmall = time.small / steps;
    const stepBytes = bigRun.bytes.join('').length - startBytes;
    console.log(
      `per step at 120x40: ${perBig.toFixed(1)} ms on a 20,000-line file, ${perSmall.toFixed(1)} ms on a 200-line file ` +
        `(store + Ink render + row diff); ${Math.round(stepBytes / steps)} bytes written per step`,
    );
    expect(perBig).toBeLessThan(perSmall * 2 + 20);
    expect(perBig).toBeLessThan(1000);
    const after = bigRun.bytes.slice(1).join('');
    expect(after).not.toContain('\x1b[2J');
    // A step changes a few rows (source window, variables, status, console), not all 40.
    const rowsPerStep = (after.match(/\x1b\[\d+;1H/g)?.length ?? 0) / (steps + 1);
    expect(rowsPerStep).toBeLessThan(40);
    expect(bigRun.store.frame()!.line).toBe(19000 + steps);
    bigRun.ink.unmount();
    smallRun.ink.unmount();
  });
});
