// The help overlay (F1, `?`, `h`): over the panes, fitting the screen, scrolled
// with the keys, closed with Esc; the whole screen drawn as runTui draws it.
import { describe, expect, it } from 'vitest';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { stripAnsi, visibleWidth } from '../../src/repl/tui/ansi.js';
import { helpRows } from '../../src/repl/tui/help.js';
import { FakeEngine } from './fake-engine.mjs';
import { mountApp } from './mountApp.js';

async function mount(cols: number, rows: number) {
  const { screen, store, ink } = mountApp(new FakeEngine() as never, cols, rows);
  await store.start();
  const parser = new KeyParser();
  const lines = async () => {
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    return (screen as unknown as { latest: string }).latest.split('\n');
  };
  const press = async (...names: string[]) => {
    for (const n of names) for (const k of parser.feed(keySequence(n))) store.key(k);
    await store.whenIdle();
    return lines();
  };
  return { store, ink, press, lines };
}

describe('help overlay', () => {
  for (const [cols, rows] of [
    [80, 24],
    [60, 16],
  ] as const) {
    it(`fits ${cols}x${rows}, scrolls to its end, Esc closes`, async () => {
      const { store, ink, press } = await mount(cols, rows);
      let screen = await press('f1');
      expect(screen.length).toBe(rows);
      for (const l of screen) expect(visibleWidth(l)).toBeLessThanOrEqual(cols);
      let text = screen.map(stripAnsi);
      const total = helpRows(cols).length;
      const shown = rows - 3; // status bar, the overlay's header, the command line
      expect(text[1]).toContain(`─ Help (1-${shown} of ${total}) ↑↓ PgUp PgDn, Esc closes ─`);
      expect(text[1]).toContain('Esc closes');
      expect(text[2]).toMatch(/^Keys/);
      expect(text.join('\n')).not.toContain('─ Variables'); // over the panes
      expect(text[rows - 1]).toMatch(/^\(Pdb\)/); // the command line stays
      expect(text[rows - 1]).toContain('↑↓ PgUp PgDn scroll  Esc closes the help'); // with the help's keys
      // Every help row fits: descriptions wrap under themselves, nothing is cut.
      for (const r of helpRows(cols)) expect(visibleWidth(r)).toBeLessThanOrEqual(cols);

      screen = await press('pagedown');
      text = screen.map(stripAnsi);
      expect(text[1]).toContain(`Help (${shown}-`);
      screen = await press('end');
      text = screen.map(stripAnsi);
      expect(text[1]).toContain(`-${total} of ${total})`);
      expect(text[rows - 2]).toMatch(/Esc {2}q {2}F1\s+close/);
      screen = await press('s'); // keys other than the help's do nothing while it is open
      expect(store.frame()!.line).toBe(1);
      screen = await press('escape');
      text = screen.map(stripAnsi);
      expect(text.join('\n')).toContain('─ Variables');
      expect(store.state.helpTop).toBeUndefined();
      ink.unmount();
    });
  }

  it("the command h (and h keys) opens it; h CMD is still pdb's", async () => {
    const { store, ink } = await mount(80, 24);
    store.submit('h');
    await store.whenIdle();
    expect(store.state.helpTop).toBe(0);
    ink.unmount();
  });
});
