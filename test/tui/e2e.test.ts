// End to end in a real terminal (tmux): the real `ndbg` on a fixture with the
// python engine, and the fake-engine harness for what needs a scripted engine
// (crash, determinism).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseCast } from '../../src/repl/cast.js';
import { LEAVE } from '../../src/repl/tui/screen.js';
import { ensureBuilt, hasTmux, killServer, term, tmux, type Term } from './tmux.js';

const hasPython = spawnSync('python3', ['--version']).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'ndbg-e2e-'));
const ENV = `XDG_STATE_HOME=${tmp}/state NDBG_PLAY_FAST=1`;
const SGR = /\x1b\[[0-9;]*m/g;
/** The first row whose text (colours aside) matches; returned with its colours. */
const row = (screen: string, re: RegExp) => screen.split('\n').find((l) => re.test(l.replace(SGR, '')));
const open: Term[] = [];
const start = (cmd: string, cols?: number, rows?: number, quiet = false) => {
  const t = term(`${ENV} ${cmd}`, cols, rows, quiet);
  open.push(t);
  return t;
};

describe.skipIf(!hasTmux)('TUI in a terminal', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(() => {
    for (const t of open) t.kill();
    killServer();
  });

  it.skipIf(!hasPython)('runs the real program: highlighted line, stack, variable edit, clean quit', async () => {
    const t = start('node bin/ndbg.js --engine python fixtures/tui_demo.py');
    await t.waitFor((s) => s.includes('(Pdb)') && s.includes('▶ def total'), 'first stop');
    expect(t.alternate()).toBe(true);

    t.type('b 4');
    t.keys('Enter');
    await t.waitFor((s) => s.includes('Breakpoint 1 at fixtures/tui_demo.py:4'), 'breakpoint set');
    t.keys('F5');
    let s = await t.waitFor((x) => /4 ▶ +acc = acc \+ x/.test(x), 'stop at the breakpoint');
    expect(row(s, /^●\s+4 ▶/)).toBeTruthy(); // marker and current line together

    // The current line is highlighted across the pane; other lines are not.
    const colours = t.screen(true);
    expect(row(colours, /^.\s+4 ▶/)).toMatch(/\x1b\[(?:[0-9;]*;)?100m/);
    expect(row(colours, /^\s+2\s+acc = 0/)).not.toMatch(/100m/);

    // Stack: innermost first, selected marked.
    expect(s).toMatch(/▶ total\s+tui_demo\.py:4/);
    expect(s).toMatch(/ main\s+tui_demo\.py:11/);

    // Edit acc in the variables pane: the TUI sends it and shows the new value.
    await editAcc(t);

    // Quit from a pane: the terminal is back as it was.
    t.keys('q');
    s = await t.waitFor((x) => x.includes('EXITED 0'), 'exit');
    expect(t.alternate()).toBe(false);
    expect(s).not.toContain('Variables');
  });

  // Stepping after the edit runs on the fake engine: with the python engine the
  // value is lost today. The bridge reads frame.f_locals for its stop report,
  // which (Python <= 3.12) re-syncs the dict pdb wrote `acc` into before CPython
  // copies it back into the frame; plain pdb and line mode are not affected.
  it('edits a variable in place; the next step uses the new value', async () => {
    const t = start('node test/tui/harness.mjs');
    await t.waitFor((s) => s.includes('(Pdb)') && s.includes('tui_demo.py'), 'start');
    t.type('b 4');
    t.keys('Enter', 'F5');
    await t.waitFor((x) => x.includes('acc = 0') && /4 ▶/.test(x), 'stop in total');
    await editAcc(t);
    t.keys('F6');
    const s = await t.waitFor((x) => x.includes('acc = 103'), 'the next step to use the new value');
    expect(s).toMatch(/3 ▶ +for x in items/);
    t.keys('q');
    await t.waitFor((x) => x.includes('EXITED 0'), 'exit');
  });

  it('records a cast that replays to the same screen, the same every time', async () => {
    const script = join(tmp, 'tour.txt');
    writeFileSync(script, ['@key f7 f7 f7', 'n', 'b 4', 'c', '@key tab tab down', 'p x', '@key escape'].join('\n') + '\n');
    const run = async (cast: string) => {
      const t = start(`node test/tui/harness.mjs --play ${script} --record ${cast}`);
      // The script over, the TUI stays for the person at the keyboard.
      // The last step (Esc: focus to the source pane) is on screen: the script is over.
      const s = await t.waitFor((x) => /\(Pdb\) p x\n3/.test(x.replace(/ +│[^\n]*/g, '')) && x.includes('b break'), 'the script to finish');
      const live = t.screen(true);
      t.keys('q'); // a pane has the focus (the script ended with Esc): q quits
      await t.waitFor((x) => x.includes('EXITED 0'), 'exit');
      return { s, live };
    };
    const a = join(tmp, 'a.cast');
    const b = join(tmp, 'b.cast');
    const { live } = await run(a);
    await run(b);
    const textA = readFileSync(a, 'utf8');
    // Reproducible: the played part (everything up to the q typed by hand after
    // the script) is byte for byte the same, timestamps included.
    const quitAt = (events: { data: string }[]) => events.findIndex((e) => e.data.includes('exited with code') || e.data.includes(LEAVE));
    const played = (text: string) => {
      const lines = text.split('\n');
      return lines.slice(0, 1 + quitAt(lines.slice(1).map((l) => ({ data: JSON.parse(l || '[0,"",""]')[2] })))).join('\n');
    };
    expect(played(readFileSync(b, 'utf8'))).toBe(played(textA));

    const cast = parseCast(textA);
    expect(cast.header).toMatchObject({ version: 2, width: 80, height: 24, title: 'ndbg tui_demo.py' });
    expect(cast.events.every((e) => e.type === 'o')).toBe(true);
    // No clear-screen after the start: steps redraw rows, never the screen.
    expect(cast.events.slice(1).some((e) => e.data.includes('\x1b[2J'))).toBe(false);
    expect(cast.events.at(-1)!.data).toContain(LEAVE);

    // Replay what was recorded up to the quit into a fresh terminal.
    const quit = quitAt(cast.events);
    expect(quit).toBeGreaterThan(0);
    const raw = join(tmp, 'replay.raw');
    writeFileSync(
      raw,
      cast.events
        .slice(0, quit)
        .map((e) => e.data)
        .join(''),
    );
    const r = start(`cat ${raw}`, 80, 24, true);
    await r.waitFor((x) => x.includes('(Pdb) p x'), 'replay');
    expect(r.screen(true)).toBe(live);
  });

  it('asks for a bigger terminal, then lays out when resized', async () => {
    const t = start('node test/tui/harness.mjs', 50, 12);
    await t.waitFor((s) => s.includes('Terminal too small: 50x12'), 'the size message');
    expect(t.screen()).toContain('at least 60x16');
    t.keys('F7'); // keys still work, nothing breaks
    tmux('resize-window', '-t', t.name, '-x', '80', '-y', '24');
    await t.waitFor((s) => s.includes('─ Variables') && s.includes('(Pdb) s'), 'the layout');
    t.type('q');
    t.keys('Enter');
    await t.waitFor((s) => s.includes('EXITED 0'), 'exit');
  });

  it('survives Ctrl-C and unknown keys; a crash restores the terminal and says why', async () => {
    const t = start('node test/tui/harness.mjs');
    await t.waitFor((s) => s.includes('(Pdb)') && s.includes('tui_demo.py'), 'start');
    t.keys('C-c', 'F12', 'F3', 'Insert', 'C-g', 'M-z', 'C-Space');
    t.type('\x1b[99~');
    await new Promise((r) => setTimeout(r, 300));
    expect(t.alternate()).toBe(true);
    expect(t.screen()).toContain('─ Variables');
    t.type('crash!'); // the fake engine throws from a timer
    t.keys('Enter');
    const s = await t.waitFor((x) => x.includes('EXITED 1'), 'the crash');
    expect(s).toContain('ndbg: the TUI crashed: Error: boom from the test');
    expect(t.alternate()).toBe(false);
    expect(s).not.toContain('─ Variables');
  });
});

/** Focus the variables pane, edit `acc` (the second variable) to 100. */
async function editAcc(t: Term) {
  t.keys('Tab', 'Tab'); // command line -> source -> variables
  await t.waitFor((x) => /─ Variables: total ─/.test(x) && x.includes('Enter edit'), 'variables focused');
  t.keys('Down', 'Enter'); // items, acc
  await t.waitFor((x) => x.includes('Enter: set acc'), 'editor open');
  t.keys('BSpace');
  t.type('100');
  t.keys('Enter');
  const s = await t.waitFor((x) => x.includes('(Pdb) !acc = 100') && x.includes('acc = 100'), 'edit sent');
  expect(s).toMatch(/acc = 100/);
}
