// Predictions that say they are predictions, and are never nonsense.
// Each way it can go wrong, with a scripted model that reproduces it.

import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { engineEvent } from '../../src/commands/session.js';
import type { Engine, EngineEvent, StopEvent } from '../../src/engine/engine.js';
import { readAccuracy } from '../../src/engine/neural/accuracy.js';
import { NeuralDebugger } from '../../src/engine/neural/debugger.js';
import { pdbFacts } from '../../src/engine/neural/probe.js';
import { ScriptSource } from '../../src/engine/neural/source.js';
import { OUTPUT_LIMIT, reprProblem } from '../../src/engine/neural/validate.js';
import { Program } from '../../src/model/format/cfg.js';
import { runLineRepl } from '../../src/repl/line.js';
import { ROOT } from '../parityHarness.js';
import { OracleModel, PY, ScriptedModel, drive, fixturePath, line, neuralDebugger, prediction } from './helpers.js';

const F = fixturePath('neural_basic.py');

/** A debugger over a script written for the test, with the control-flow analysis as the engine has it. */
async function scriptDebugger(text: string, model: ScriptedModel): Promise<NeuralDebugger> {
  const file = join(realpathSync(mkdtempSync(join(tmpdir(), 'ndbg-honest-'))), 'script.py');
  writeFileSync(file, text);
  return new NeuralDebugger({
    file,
    source: new ScriptSource(file, text),
    model,
    facts: await pdbFacts(PY),
    info: { name: 'neural', model: 'test' },
    program: await Program.analyze(text, { python: PY }),
  });
}

describe('labelled', () => {
  it('every neural stop says it is predicted', async () => {
    const dbg = await neuralDebugger('neural_basic.py', new OracleModel(F));
    const { events } = await drive(dbg, ['n', 's', 'u', '!a = 5', 'q'], true);
    const stops = events.filter((e): e is StopEvent => e.type === 'stop');
    expect(stops.length).toBeGreaterThan(3);
    expect(stops.every((s) => s.predicted === true)).toBe(true);
  });

  it("the first event names the engine, the model and its measured accuracy (the model dir's measured.json)", () => {
    // the reader, on a measured.json as scripts/runtime-card.py measured writes it
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-acc-'));
    const set = (name: string, states: number, exact: number) => ({ set: name, programs: 5, states, exact, byAction: { step_into: { n: states, exact } } });
    writeFileSync(
      join(dir, 'measured.json'),
      JSON.stringify({ programs: 10, states: 200, exact: 53, date: '2026-12-01', sets: [set('evalsets/handwritten', 100, 31), set('evalsets/long', 100, 22)] }),
    );
    const acc = readAccuracy(dir);
    expect(acc).toMatchObject({ exact: 0.265, n: 200, programs: 10, date: '2026-12-01', perAction: { step_into: 0.265 } });
    // the shipped default model has one
    const shipped = readAccuracy(join(ROOT, 'models', readFileSync(join(ROOT, 'models', 'default'), 'utf8').trim()));
    expect(shipped!.exact).toBeGreaterThan(0);
    expect(shipped!.exact).toBeLessThan(1);
    const e = engineEvent({ name: 'neural', model: 'v1', device: 'cpu', accuracy: acc });
    expect(e).toMatchObject({ type: 'engine', name: 'neural', model: 'v1', predicted: true, accuracy: { exact: 0.265 } });
    expect((e as { notice: string }).notice).toMatch(
      /PREDICTED by the model v1; the program does not run\. It predicts 27% of next states exactly on 10 programs people wrote \(s 27%; 200 states, measured 2026-12-01: .*measured\.json\)\..*--engine python.*--verify/,
    );
    expect(engineEvent({ name: 'python' })).toEqual({ type: 'engine', name: 'python', predicted: false });
    expect(readAccuracy(join(ROOT, 'fixtures'))).toBeUndefined();
  });

  it("line mode prints the notice once on stderr, only when stderr is a terminal; stdout stays pdb's", async () => {
    const fake = (): Engine => {
      let l: (e: EngineEvent) => void = () => {};
      return {
        info: { name: 'neural' },
        on: (x) => (l = x),
        start: async () => {
          l(engineEvent({ name: 'neural', model: 'v1' }));
          l({ type: 'text', stream: 'ndbg', data: 'ndbg: a note\n' });
          l({ type: 'exit', code: 0 });
        },
        command: async () => {},
        input: async () => {},
        action: async () => {},
        interrupt: () => {},
        close: async () => {},
      };
    };
    for (const tty of [true, false]) {
      let out = '';
      let err = '';
      await runLineRepl(fake(), { input: Readable.from(['']), stderrIsTTY: tty, write: (d, s) => (s === 'stderr' ? (err += d) : (out += d)) });
      expect(out).toBe('');
      expect(err.match(/PREDICTED/g)?.length ?? 0).toBe(tty ? 1 : 0);
      expect(err).toContain('ndbg: a note\n');
    }
  });
});

describe('streams mean what they say', () => {
  it("pdb's 'The program finished and will be restarted' is debugger text, not the program's stdout", async () => {
    const dbg = await neuralDebugger('neural_basic.py', new OracleModel(F));
    const { events } = await drive(dbg, ['c', 'q'], true);
    const texts = events.filter((e) => e.type === 'text');
    expect(texts).toContainEqual({ type: 'text', stream: 'debugger', data: 'The program finished and will be restarted\n' });
    expect(
      texts
        .filter((t) => t.stream === 'stdout')
        .map((t) => t.data)
        .join(''),
    ).not.toContain('restarted');
  });

  it('a prediction that used up its token budget fails: an ndbg error, the session stays; nothing on stderr', async () => {
    const model = new ScriptedModel(line(2), [
      prediction(line(9, { x: '1' }), { error: 'the model used up its 822-token budget; the last 5 tokens were completed by the grammar, not predicted' }),
    ]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout, stderr, events } = await drive(dbg, ['n', 'q'], true);
    void stdout;
    expect(stderr).toBe('');
    const texts = events.filter((e) => e.type === 'text');
    expect(texts).toContainEqual({
      type: 'text',
      stream: 'debugger',
      kind: 'error',
      data: expect.stringMatching(/^\*\*\* ndbg: the model used up its 822-token budget.*staying here\n$/),
    });
    expect(events).toContainEqual({
      type: 'command',
      command: 'n',
      ok: false,
      resumed: false,
      error: expect.stringMatching(/^ndbg: the model used up its 822-token budget/),
    });
    expect(texts.some((t) => t.stream === 'stdout' || t.stream === 'stderr')).toBe(false);
    expect(events.filter((e) => e.type === 'stop')).toHaveLength(1); // still at the first stop
  });
});

describe('never nonsense', () => {
  it("values that are not Python (`['0x2, '0x2, ...`) are a failed prediction, never shown", async () => {
    const model = new ScriptedModel(line(2), [line(9, { tokens: "['0x2, '0x2, '0x2, '0x2" })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['n', 'p tokens', 'q']);
    expect(stdout).toContain(
      "*** ndbg: the model predicted a state that cannot be (tokens = ['0x2, '0x2, '0x2, '0x2: not a well-formed Python value); staying here\n",
    );
    expect(stdout).toContain("*** NameError: name 'tokens' is not defined");
    expect(stdout).not.toContain('(9)');
  });

  it('reprs: builtin values must read whole; program objects, custom reprs and the 103-character cut are fine', () => {
    for (const ok of [
      '[1, 2]',
      "{'a': (1, 2.5)}",
      'Point(x=1, y=2)',
      '<__main__.P object>',
      'P at 3',
      '(1+2j)',
      'nan',
      `'${'x'.repeat(98)}'`,
      `'${'x'.repeat(99)}...`,
    ])
      expect(reprProblem(ok)).toBeNull();
    for (const bad of ["['0x2, '0x2", '[1, 2', "'abc", `'${'x'.repeat(150)}'`, '[1, 2, ...', 'Point(x=[1, y=2)']) expect(reprProblem(bad)).not.toBeNull();
  });

  it('a <module> frame called from a <module> frame is a failed prediction', async () => {
    // neural_basic.py: line 18 is module code; the model writes it as called from line 16
    const model = new ScriptedModel(line(2), [line(18, {}, { stack: [16] })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['s', 'w', 'q']);
    expect(stdout).toContain('*** ndbg: the model predicted a state that cannot be (<module> at line 18 called from line 16); staying here\n');
    expect(stdout).not.toMatch(/\(18\)<module>/);
  });

  it('a caller frame on a line only the module runs is a failed prediction', async () => {
    const model = new ScriptedModel(line(2), [line(3, { a: '1', b: '2' }, { func: 'add', stack: [16, 18] })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { stdout } = await drive(dbg, ['s', 'q']);
    expect(stdout).toContain('a caller at line 18, which only the module runs');
  });

  it(`predicted output is cut at ${OUTPUT_LIMIT} characters a step, and the user told (stream ndbg)`, async () => {
    const flood = "{'k': 1, 'b': 1, ".repeat(80);
    const model = new ScriptedModel(line(2), [line(9, {}, { stdout: flood })]);
    const dbg = await neuralDebugger('neural_basic.py', model);
    const { events } = await drive(dbg, ['n', 'q'], true);
    const out = events
      .filter((e) => e.type === 'text' && e.stream === 'stdout')
      .map((e) => (e as { data: string }).data)
      .join('');
    expect(out).toBe(flood.slice(0, OUTPUT_LIMIT));
    expect(events).toContainEqual({
      type: 'text',
      stream: 'ndbg',
      data: `ndbg: the model predicted ${flood.length} characters of output for one step; only the first ${OUTPUT_LIMIT} are shown\n`,
    });
  });

  it('`c` to a breakpoint control flow cannot reach from here is not predicted as a stop there', async () => {
    const text = 'import os\nx = [1, 2, 3]\ny = sum(x)\nprint(y)\n';
    // the model would answer the breakpoint action with line 3 again, a stop control flow cannot reach
    const model = new ScriptedModel(line(1), [
      line(2),
      line(3, { x: '[1, 2, 3]' }),
      line(4, { x: '[1, 2, 3]', y: '6' }),
      (_h, a) =>
        a.kind === 'breakpoint' ? line(3, { x: '[1, 2, 3]', y: '6' }) : { ...line(1), event: 'exit', line: null, func: null, exit: 'normal', stdout: '6\n' },
    ]);
    const dbg = await scriptDebugger(text, model);
    const { stdout } = await drive(dbg, ['n', 'b 3', 'c', 'n', 'c', 'q']);
    expect(model.calls.map((c) => c.action.kind)).toEqual(['step_over', 'breakpoint', 'step_over', 'continue']);
    expect(stdout.match(/\(3\)<module>/g)).toHaveLength(1); // the first `c`; the second runs to the end
    expect(stdout).toContain('6\nThe program finished and will be restarted\n');
  });

  it('`n` with a breakpoint on a module line asks the model only for the step (the breakpoint cannot come first)', async () => {
    const text = 'import os\nx = [1, 2, 3]\ny = sum(x)\nprint(y)\n';
    // an answer to a breakpoint probe would be nonsense here; none is asked for
    const model = new ScriptedModel(line(1), [line(2), line(3, { x: '[1, 2, 3]' })]);
    const dbg = await scriptDebugger(text, model);
    const { stdout } = await drive(dbg, ['b 3', 'n', 'c', 'q']);
    expect(model.calls.map((c) => c.action.kind)).toEqual(['step_over', 'breakpoint']);
    expect(stdout).toContain('> ' + dbg.file + '(2)<module>()');
    expect(stdout).toContain('> ' + dbg.file + '(3)<module>()');
  });
});
