// Issue 15's python-engine bugs in a real terminal (tmux), with the real ndbg:
// bare `cl` asks on the command line (not as the program's stdin), and `run` in
// post-mortem restarts the program instead of ending the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureBuilt, hasTmux, killServer, term, type Term } from './tmux.js';

const hasPython = spawnSync('python3', ['--version']).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'ndbg-e2e-bugs-'));
const ENV = `XDG_STATE_HOME=${tmp}/state`;
const open: Term[] = [];
const start = (cmd: string, cols = 80, rows = 24) => {
  const t = term(`${ENV} ${cmd}`, cols, rows);
  open.push(t);
  return t;
};
const lastRow = (s: string) => s.replace(/\n+$/, '').split('\n').at(-1) ?? '';

describe.skipIf(!hasTmux || !hasPython)('python engine in a terminal: confirmations and post-mortem', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(() => {
    for (const t of open) t.kill();
    killServer();
  });

  it("cl asks 'Clear all breaks?' on the command line; y clears them", async () => {
    const t = start('node bin/ndbg.js --engine python fixtures/tui_demo.py');
    const first = await t.waitFor((s) => s.includes('(Pdb)') && s.includes('▶ def total'), 'first stop');
    // The Stack pane lists the program's frames only (bdb's run() and <string> hidden, and counted).
    expect(first).toMatch(/─ Stack \(1, 2 hidden\) ─/);
    expect(first).not.toMatch(/bdb\.py|<string>/);
    t.type('b 4');
    t.keys('Enter');
    t.type('b 5');
    t.keys('Enter');
    await t.waitFor((s) => s.includes('● 2 tui_demo.py:5'), 'two breakpoints');
    t.type('cl');
    t.keys('Enter');
    let s = await t.waitFor((x) => lastRow(x).startsWith('Clear all breaks?'), 'the question on the command line');
    expect(s).not.toContain('stdin>');
    expect(s).not.toMatch(/│Clear all breaks/); // not in the Output pane
    t.type('y');
    t.keys('Enter');
    s = await t.waitFor((x) => x.includes('(none: b LINE'), 'the breakpoints cleared');
    expect(s).toContain('Clear all breaks? y');
    expect(s).toContain('Deleted breakpoint 2');
    expect(lastRow(s)).toMatch(/^\(Pdb\)/);
    t.type('q');
    t.keys('Enter');
    await t.waitFor((x) => x.includes('EXITED 0'), 'exit');
  });

  it('run in post-mortem restarts the program, the session goes on', async () => {
    const t = start('node bin/ndbg.js --engine python fixtures/postmortem.py');
    await t.waitFor((s) => s.includes('(Pdb)') && /▶ def ratio/.test(s), 'first stop');
    t.type('c');
    t.keys('Enter');
    await t.waitFor((s) => s.includes('post-mortem') && s.includes('ZeroDivisionError'), 'post-mortem');
    t.type('run');
    t.keys('Enter');
    const s = await t.waitFor((x) => x.includes('program restarted') && /▶ def ratio/.test(x) && /│ stopped │/.test(x), 'the restart');
    expect(s).not.toContain('EXITED');
    t.type('q');
    t.keys('Enter');
    await t.waitFor((x) => x.includes('EXITED'), 'exit');
  });
});
