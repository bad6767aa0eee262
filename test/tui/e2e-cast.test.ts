// A cast recorded in a real terminal (tmux) that is resized twice: the cast has
// an "r" event per resize, after the header's first size, and replaying it (a
// player that resizes on "r", and asciinema itself) gives the screens that were
// live at each size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseCast, type CastEvent } from '../../src/repl/cast.js';
import { LEAVE } from '../../src/repl/tui/screen.js';
import { ensureBuilt, hasTmux, killServer, term, tmux, type Term } from './tmux.js';

const hasAsciinema = spawnSync('asciinema', ['--version']).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'ndbg-e2e-cast-'));
const open: Term[] = [];
const start = (cmd: string, cols: number, rows: number, quiet = false) => {
  const t = term(cmd, cols, rows, quiet);
  open.push(t);
  return t;
};
/** The screen is laid out for `cols` x `rows`: the pane headers span the width, the prompt is on the last row. */
const laidOut = (s: string, cols: number, rows: number) => {
  const lines = s.split('\n');
  return [...(lines[1] ?? '')].length === cols && /─$/.test(lines[1] ?? '') && /^\(Pdb\)/.test(lines[rows - 1] ?? '');
};
const raw = (events: CastEvent[]) =>
  events
    .filter((e) => e.type === 'o')
    .map((e) => e.data)
    .join('');

describe.skipIf(!hasTmux)('casts record resizes', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(() => {
    for (const t of open) t.kill();
    killServer();
  });

  it('writes an "r" event per resize and replays to the same screens', async () => {
    const castPath = join(tmp, 'resized.cast');
    const t = start(`XDG_STATE_HOME=${tmp}/state node test/tui/harness.mjs --record ${castPath}`, 80, 24);
    const sizes: Array<[number, number]> = [
      [80, 24],
      [100, 30],
      [70, 20],
    ];
    const live: string[] = [];
    await t.waitFor((s) => laidOut(s, 80, 24) && s.includes('tui_demo.py'), 'the first screen');
    t.keys('F7');
    await t.waitFor((s) => s.includes('(Pdb) s') && /8 ▶ def main/.test(s), 'a step');
    live.push(t.screen(true));
    // A step at each size: to line 16, then into main().
    const stepped = [(x: string) => /16 ▶ main\(\)/.test(x), (x: string) => x.includes('─ Stack (2)')];
    for (const [i, [cols, rows]] of sizes.slice(1).entries()) {
      tmux('resize-window', '-t', t.name, '-x', String(cols), '-y', String(rows));
      await t.waitFor((s) => laidOut(s, cols, rows), `the layout at ${cols}x${rows}`);
      t.keys('F7');
      await t.waitFor((s) => stepped[i]!(s) && laidOut(s, cols, rows), `the step at ${cols}x${rows}`);
      if (i < sizes.length - 2) live.push(t.screen(true));
    }
    // The last screen is the one before Enter quits (the replay runs up to the quit).
    t.type('q');
    await t.waitFor((s) => /^\(Pdb\) q/m.test(s), 'q typed');
    live.push(t.screen(true));
    writeFileSync(join(tmp, 'live-last.txt'), live.at(-1)!);
    t.keys('Enter');
    await t.waitFor((s) => s.includes('EXITED 0'), 'exit');

    const cast = parseCast(readFileSync(castPath, 'utf8'));
    expect(cast.header).toMatchObject({ version: 2, width: 80, height: 24 });
    const resizes = cast.events.filter((e) => e.type === 'r');
    expect(resizes.map((e) => e.data)).toEqual(['100x30', '70x20']);
    expect(cast.events.every((e) => e.type === 'o' || e.type === 'r')).toBe(true);
    expect(cast.events.at(-1)!.data).toContain(LEAVE);

    // Replay as a resizing player does: each part in a terminal of the size then in effect.
    const quit = cast.events.findIndex((e) => e.type === 'o' && (e.data.includes('exited with code') || e.data.includes(LEAVE)));
    const cuts = cast.events.map((e, i) => (e.type === 'r' ? i : -1)).filter((i) => i >= 0);
    const bounds = [0, ...cuts, quit];
    const parts = bounds.slice(0, -1).map((_b, i) => join(tmp, `part${i}.raw`));
    parts.forEach((p, i) => writeFileSync(p, raw(cast.events.slice(bounds[i], bounds[i + 1]))));
    const go = (i: number) => join(tmp, `go${i}`);
    const script = parts.map((p, i) => (i === 0 ? `cat ${p}` : `while [ ! -e ${go(i)} ]; do sleep 0.05; done; cat ${p}`)).join('; ');
    const r = start(script, 80, 24, true);
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) {
        const [cols, rows] = sizes[i]!;
        tmux('resize-window', '-t', r.name, '-x', String(cols), '-y', String(rows));
        await r.waitFor(
          () => tmux('display-message', '-p', '-t', r.name, '#{window_width}x#{window_height}').trim() === `${cols}x${rows}`,
          'the replay resized',
        );
        writeFileSync(go(i), '');
      }
      await r.waitFor(() => r.screen(true) === live[i], `the replayed screen at ${sizes[i]!.join('x')}`, 5000).catch(() => undefined);
      expect(r.screen(true)).toBe(live[i]);
    }
    expect(existsSync(go(parts.length - 1)) || parts.length === 1).toBe(true);
  });

  it.skipIf(!hasAsciinema)('asciinema cat of the cast gives the last screen at the last size', async () => {
    const castPath = join(tmp, 'resized.cast');
    const cast = parseCast(readFileSync(castPath, 'utf8'));
    const quit = cast.events.findIndex((e) => e.type === 'o' && (e.data.includes('exited with code') || e.data.includes(LEAVE)));
    const upTo = join(tmp, 'upto-quit.cast');
    writeFileSync(upTo, [JSON.stringify(cast.header), ...cast.events.slice(0, quit).map((e) => JSON.stringify([e.time, e.type, e.data]))].join('\n') + '\n');
    const live = readFileSync(join(tmp, 'live-last.txt'), 'utf8');
    const r = start(`asciinema cat ${upTo}`, 70, 20, true);
    await r.waitFor(() => r.screen(true) === live, 'the last screen', 8000).catch(() => undefined);
    expect(r.screen(true)).toBe(live);
  });
});
