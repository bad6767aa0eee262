// Watch expressions: re-evaluated (Engine.evaluate) after every command that ends
// at a prompt, shown with their value at the previous stop, kept across sessions
// of the same script in a JSON file, marked when predicted.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { TuiStore } from '../../src/repl/tui/store.js';
import { KeyParser, keySequence } from '../../src/repl/tui/keys.js';
import { stripAnsi } from '../../src/repl/tui/ansi.js';
import { VariablesPane } from '../../src/repl/tui/components/VariablesPane.js';
import { paneItems } from '../../src/repl/tui/paneItems.js';
import { parseWatchCommand } from '../../src/repl/tui/watches.js';
import { defaultWatchesPath } from '../../src/repl/tui/watchFile.js';
import { FakeEngine, DEMO } from './fake-engine.mjs';

async function setup(opts: { watchesPath?: string | null; engine?: FakeEngine } = {}) {
  const engine = opts.engine ?? new FakeEngine();
  const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere', watchesPath: opts.watchesPath ?? null });
  await store.start();
  await store.whenIdle();
  const parser = new KeyParser();
  const type = async (text: string) => {
    for (const k of parser.feed(text)) store.key(k);
    await store.whenIdle();
  };
  const press = async (...names: string[]) => {
    for (const n of names) for (const k of parser.feed(keySequence(n))) store.key(k);
    await store.whenIdle();
  };
  const watch = (expr: string) => store.state.watches.find((w) => w.expr === expr);
  return { engine, store, type, press, watch };
}
const INTO_TOTAL = 's\rs\rs\rn\rn\rn\rs\rs\r'; // total(): items, acc = 0 next

describe('watches', () => {
  it('are evaluated at every stop and show what they were at the stop before', async () => {
    const { store, type, watch } = await setup();
    await type('watch acc\rwatch acc + 100\r');
    expect(watch('acc')).toMatchObject({ error: "NameError: name 'acc' is not defined" });
    await type(INTO_TOTAL);
    expect(store.frame()!.func).toBe('total');
    await type('n\r'); // acc = 0
    expect(watch('acc')).toMatchObject({ value: '0' });
    await type('n\rn\r'); // x = 3; acc = acc + x
    expect(watch('acc')).toMatchObject({ value: '3', prev: '0' });
    expect(watch('acc + 100')).toMatchObject({ value: '103', prev: '100' });
    const items = paneItems(store.state);
    expect(items.slice(0, 2)).toMatchObject([
      { kind: 'watch', name: 'acc', value: '3', was: '0' },
      { kind: 'watch', name: 'acc + 100', value: '103', was: '100' },
    ]);
    await type('u\r'); // another frame of the same stop: no acc there, the change mark stays the stop's
    expect(watch('acc')).toMatchObject({ error: expect.stringContaining('NameError') });
    await type('d\r');
    expect(watch('acc')).toMatchObject({ value: '3', prev: '0' });
    await type('n\r'); // back to the for line: acc unchanged
    expect(paneItems(store.state)[0]).not.toHaveProperty('was');
  });

  it('watch lists them; unwatch removes by number or expression; x in the pane too', async () => {
    const { store, type, press } = await setup();
    await type('watch 1 + 1\rwatch 2 * 3\rwatch 7\r');
    await type('watch\r');
    expect(store.state.console.map((l) => l.text)).toEqual(expect.arrayContaining(['1: 1 + 1 = 2', '2: 2 * 3 = 6', '3: 7 = 7']));
    await type('unwatch 2\r');
    expect(store.state.watches.map((w) => w.expr)).toEqual(['1 + 1', '7']);
    await type('unwatch 1 + 1\r');
    expect(store.state.watches.map((w) => w.expr)).toEqual(['7']);
    await press('tab', 'tab'); // variables pane, the watch selected
    expect(store.state.focus).toBe('variables');
    await press('x');
    expect(store.state.watches).toEqual([]);
    await type('unwatch 9\r');
    expect(store.state.console.at(-1)).toMatchObject({ kind: 'error', text: '*** no watch 9 (watch lists them)' });
  });

  it('+ in the variables pane starts a watch of the selected variable; Enter edits a watch', async () => {
    const { store, type, press } = await setup();
    await type(INTO_TOTAL);
    await press('tab', 'tab'); // variables: items
    await press('+');
    expect(store.state).toMatchObject({ focus: 'command', input: 'watch items' });
    await type('[0]\r'); // watch items[0]
    expect(store.state.watches).toMatchObject([{ expr: 'items[0]', value: '3' }]);
    await press('tab', 'tab', 'up');
    expect(paneItems(store.state)[store.state.varSel]).toMatchObject({ kind: 'watch' });
    await press('enter');
    expect(store.state.varEdit).toMatchObject({ text: 'items[0]' });
    await press('backspace', 'backspace', '2', ']', 'enter');
    expect(store.state.watches).toMatchObject([{ expr: 'items[2]', value: '4' }]);
  });

  it('are kept across sessions of the same script, in the file given', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ndbg-watch-')), 'state', 'watches.json');
    const a = await setup({ watchesPath: path });
    await a.type('watch len(items)\rwatch acc\r');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ [DEMO]: ['len(items)', 'acc'] });
    const b = await setup({ watchesPath: path });
    expect(b.store.state.watches.map((w) => w.expr)).toEqual(['len(items)', 'acc']);
    await b.type(INTO_TOTAL);
    expect(b.watch('len(items)')).toMatchObject({ value: '3' });
    await b.type('unwatch acc\r');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ [DEMO]: ['len(items)'] });
    expect(defaultWatchesPath({ XDG_STATE_HOME: '/s' })).toBe('/s/ndbg/watches.json');
    expect(defaultWatchesPath({ NDBG_WATCHES: '/w.json', XDG_STATE_HOME: '/s' })).toBe('/w.json');
    expect(defaultWatchesPath({ HOME: '/h' })).toBe('/h/.local/state/ndbg/watches.json');
  });

  it('marks predicted values (neural engine) with ≈', async () => {
    class Predicting extends FakeEngine {
      async evaluate(expr: string, o?: { frame?: number }) {
        const r = await super.evaluate(expr, o);
        return r.ok ? { ok: true, result: { ...r.result, predicted: true } } : r;
      }
    }
    const { store, type } = await setup({ engine: new Predicting() });
    await type('watch 6 * 7\r');
    expect(store.state.watches[0]).toMatchObject({ value: '42', predicted: true });
    const base = { changed: new Set<string>(), edited: {}, expanded: new Set<string>(), focused: false, width: 30, height: 4, sel: 0 };
    const rows = stripAnsi(render(<VariablesPane {...base} vars={paneItems(store.state)} />).lastFrame()!).split('\n');
    expect(rows[1]!.trimEnd()).toBe('6 * 7 ≈ 42');
  });

  it('draws a change as the new value and what it was', () => {
    const base = { changed: new Set<string>(), edited: {}, expanded: new Set<string>(), focused: false, width: 30, height: 4, sel: 0 };
    const vars = [
      { kind: 'watch' as const, name: 'acc', key: 'watch acc', value: '3', was: '0' },
      { name: 'x', value: '3' },
    ];
    const f = render(<VariablesPane {...base} vars={vars} />).lastFrame()!;
    expect(stripAnsi(f).split('\n')[1]!.trimEnd()).toBe('acc = 3 (was 0)');
    expect(f).toContain('\x1b[1m\x1b[33m3'); // bold yellow, like a changed local
  });

  it('watch = 5 is Python, not the watch command', () => {
    expect(parseWatchCommand('watch = 5')).toBeUndefined();
    expect(parseWatchCommand('watch.x')).toBeUndefined();
    expect(parseWatchCommand('watch x == 5')).toEqual({ kind: 'add', expr: 'x == 5' });
    expect(parseWatchCommand('watch')).toEqual({ kind: 'list' });
  });
});
