// Breakpoints kept across sessions of the same script (PuDB keeps them too).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TuiStore } from '../../src/repl/tui/store.js';
import { defaultBreakpointsPath } from '../../src/repl/tui/breakpointFile.js';
import { FakeEngine, DEMO } from './fake-engine.mjs';

async function session(breakpointsPath: string | null) {
  const engine = new FakeEngine();
  const store = new TuiStore(engine as never, { title: 't', cols: 100, rows: 30, historyPath: null, cwd: '/nowhere', breakpointsPath });
  await store.start();
  await store.whenIdle();
  const run = async (...lines: string[]) => {
    for (const l of lines) {
      store.submit(l);
      await store.whenIdle();
    }
  };
  return { engine, store, run };
}

describe('saved breakpoints', () => {
  it('are set again in the next session of the script, with their conditions', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ndbg-bps-')), 'breakpoints.json');
    const a = await session(path);
    await a.run('b 4, x > 1', 'b 5', 'tbreak 11', 'b 13', 'disable 4');
    // Enabled, lasting ones only.
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      [DEMO]: [
        { file: DEMO, line: 4, condition: 'x > 1' },
        { file: DEMO, line: 5 },
      ],
    });
    const b = await session(path);
    expect(b.engine.commands).toEqual([`b ${DEMO}:4, x > 1`, `b ${DEMO}:5`]);
    expect(b.store.state.breakpoints).toMatchObject([{ line: 4, condition: 'x > 1' }, { line: 5 }]);
    expect(b.store.state.console.map((l) => l.text)).toContain('Setting the 2 breakpoints kept from the last session (cl clears them).');
    await b.run('cl', 'y');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({});
    const c = await session(path);
    expect(c.engine.commands).toEqual([]);
  });

  it('the file is NDBG_BREAKPOINTS, else under XDG_STATE_HOME', () => {
    expect(defaultBreakpointsPath({ NDBG_BREAKPOINTS: '/b.json' })).toBe('/b.json');
    expect(defaultBreakpointsPath({ XDG_STATE_HOME: '/s' })).toBe('/s/ndbg/breakpoints.json');
    expect(defaultBreakpointsPath({ HOME: '/h' })).toBe('/h/.local/state/ndbg/breakpoints.json');
  });
});
