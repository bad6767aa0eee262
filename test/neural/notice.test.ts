// The neural engine's notice on every front end: the frames are predicted, and
// how often the shipped model is right on programs people wrote, read from the
// model's measured.json (written by scripts/runtime-card.py measured), never a
// figure measured on generated programs. Line mode shows it only on a terminal:
// piped, its output stays pdb's.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, describe, expect, it } from 'vitest';
import { engineEvent } from '../../src/commands/session.js';
import { predictionNotice, readAccuracy } from '../../src/engine/neural/accuracy.js';
import { startClient } from '../dap/harness.js';
import { connect, textOf } from '../mcp/client.js';
import { NDBG, PYTHON, ROOT, runProcess } from '../parityHarness.js';
import { hasTmux, killServer, term } from '../tui/tmux.js';

const SHIPPED = join(ROOT, 'models', readFileSync(join(ROOT, 'models', 'default'), 'utf8').trim());
const measured = JSON.parse(readFileSync(join(SHIPPED, 'measured.json'), 'utf8')) as { states: number; exact: number; programs: number; date: string };
/** What the notice must say of the shipped model: its measured figure, from its data. */
const FIGURE = `It predicts ${Math.round((100 * measured.exact) / measured.states)}% of next states exactly on ${measured.programs} programs people wrote`;
const fixture = join(ROOT, 'fixtures', 'loops.py');

describe('the figure comes with the model', () => {
  it('scripts/runtime-card.py measured writes measured.json from the runtime summaries; the engine reads it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ndbg-measured-')), 'vX');
    mkdirSync(join(dir, 'runtime'), { recursive: true });
    const summary = (examples: number, exact: number) => ({
      model: 'vX',
      split: 'test',
      perRecord: 4,
      constrained: { examples, exact, byAction: { step_into: { n: examples / 2, exact: exact / 2 }, step_over: { n: examples / 2, exact: exact / 2 } } },
    });
    writeFileSync(join(dir, 'runtime', 'vX-hand.summary.json'), JSON.stringify(summary(200, 100)));
    writeFileSync(join(dir, 'runtime', 'vX-long.summary.json'), JSON.stringify(summary(100, 20)));
    writeFileSync(join(dir, 'runtime', 'vX-classes.summary.json'), JSON.stringify(summary(100, 40)));
    const r = spawnSync('/usr/bin/python3', [join(ROOT, 'scripts', 'runtime-card.py'), 'measured', dir], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(readFileSync(join(dir, 'measured.json'), 'utf8'));
    expect(j).toMatchObject({
      model: 'vX',
      states: 400,
      exact: 160,
      sets: [
        { set: 'evalsets/handwritten', states: 200 },
        { set: 'evalsets/long', states: 100 },
        { set: 'evalsets/classes', states: 100 },
      ],
    });
    const acc = readAccuracy(dir)!;
    expect(acc).toMatchObject({ exact: 0.4, n: 400, programs: j.programs, perAction: { step_into: 0.4 } });
    expect(acc.sets).toEqual([
      { set: 'evalsets/handwritten', programs: j.sets[0].programs, states: 200, exact: 0.5 },
      { set: 'evalsets/long', programs: j.sets[1].programs, states: 100, exact: 0.2 },
      { set: 'evalsets/classes', programs: j.sets[2].programs, states: 100, exact: 0.4 },
    ]);
    expect(predictionNotice({ name: 'neural', model: 'vX', accuracy: acc })).toContain(
      `It predicts 40% of next states exactly on ${j.programs} programs people wrote (s 40%, n 40%; 400 states, measured:`,
    );
  });

  it('the shipped model has its figure; a model without measured.json has none, not the generated one', () => {
    const acc = readAccuracy(SHIPPED)!;
    expect(acc.exact).toBeCloseTo(measured.exact / measured.states, 4);
    const notice = predictionNotice({ name: 'neural', model: 'v7', accuracy: acc });
    const s = Math.round(100 * acc.perAction!.step_into!);
    const n = Math.round(100 * acc.perAction!.step_over!);
    expect(notice).toContain(`${FIGURE} (s ${s}%, n ${n}%; ${measured.states} states, measured ${measured.date}: models/`);
    expect(notice).toMatch(/PREDICTED.*does not run.*measured\.json\).*--engine python.*--verify/);
    // eval.json (generated programs) is no figure for users
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-acc-'));
    writeFileSync(join(dir, 'eval.json'), JSON.stringify({ n: 800, scores: { model: { all: { exact: 78, n: 800 } } } }));
    expect(readAccuracy(dir)).toBeUndefined();
    const none = engineEvent({ name: 'neural', model: 'vY' }) as { notice: string };
    expect(none.notice).toContain('Its accuracy on programs people wrote has not been measured.');
    expect(none.notice).not.toMatch(/\d%/);
  });
});

describe('every front end shows it', () => {
  afterAll(() => killServer());

  it('--json: the engine event has the notice and the accuracy', async () => {
    const t = await runProcess(process.execPath, [NDBG, '--json', '--python', PYTHON, fixture], 'q\n', 120_000);
    const first = JSON.parse(t.stdout.split('\n')[0]!);
    expect(first).toMatchObject({ type: 'engine', name: 'neural', predicted: true, accuracy: { n: measured.states } });
    expect(first.notice).toContain(FIGURE);
  }, 180_000);

  it('line mode piped: not a byte of the notice (the output stays pdb’s)', async () => {
    const t = await runProcess(process.execPath, [NDBG, '--python', PYTHON, fixture], 'q\n', 120_000);
    expect(t.stdout + t.stderr).not.toContain('PREDICTED');
  }, 180_000);

  it.skipIf(!hasTmux)(
    'line mode with stderr on a terminal, and the TUI: the notice on screen',
    async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'ndbg-notice-')), 'stdout');
      const line = term(`printf 'q\\n' | node bin/ndbg.js --python ${PYTHON} ${fixture} > ${out}`, 200, 20);
      const lineScreen = await line.waitFor((s) => s.includes('EXITED'), 'line mode to end', 120_000);
      expect(lineScreen.replace(/\n/g, '')).toContain(FIGURE);
      expect(readFileSync(out, 'utf8')).not.toContain('PREDICTED');
      line.kill();

      const tui = term(`XDG_STATE_HOME=${tmpdir()}/ndbg-notice-state node bin/ndbg.js --python ${PYTHON} ${fixture}`, 100, 30);
      const screen = await tui.waitFor((s) => s.includes('(Pdb)') && s.includes('PREDICTED'), 'the TUI with its notice', 120_000);
      expect(screen.split('\n')[0]).toContain(`${Math.round((1000 * measured.exact) / measured.states) / 10}% exact`);
      // the console wraps the notice; its characters are all there, in order
      const left = screen
        .split('\n')
        .map((l) => l.split('│')[0] ?? '')
        .join('');
      expect(left.replace(/\s+/g, '')).toContain(FIGURE.replace(/\s+/g, ''));
      tui.keys('q', 'Enter');
      tui.kill();
    },
    240_000,
  );

  it('DAP: an output event at launch', async () => {
    const dc = await startClient();
    try {
      const outputs: string[] = [];
      dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body.output));
      await Promise.all([
        dc.waitForEvent('stopped'),
        dc.configurationSequence(),
        dc.launch({ program: fixture, engine: 'neural', stopOnEntry: true, python: PYTHON }),
      ]);
      expect(outputs.join('')).toContain(FIGURE);
    } finally {
      await dc.stop();
    }
  }, 180_000);

  it('MCP: the session-start result', async () => {
    const n = await connect();
    try {
      const r = await n.call('start_session', { script: fixture });
      expect(r.isError).toBeFalsy();
      expect(textOf(r)).toContain(FIGURE);
      await n.call('end_session', { session: (r.structuredContent as { session: string }).session });
    } finally {
      await n.close();
    }
  }, 180_000);
});
