// The neural engine shows the first stop before the model has loaded: the
// script's first line comes from its analysis, onnxruntime and the model's session
// come when a command first needs a prediction (or after a moment idle at the
// prompt). These tests drive it with a runtime whose predictor is scripted and
// records when it is loaded, and pin the two pieces that stand in for the model's
// own: the first state and the model directory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/engine/engine.js';
import { createNeuralDebugger, quickModelDir } from '../../src/engine/neural.js';
import { initialState } from '../../src/model/initialState.js';
import { Program } from '../../src/model/format/cfg.js';
import { resolveModelDir } from '../../src/model/runtime/onnx.js';
import { NeuralSession } from '../../src/model/predictor.js';
import type { Predictor } from '../../src/model/types.js';
import { testPython } from '../model/helpers.js';
import { ScriptedModel, drive, line } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'ndbg-lazy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A directory that looks like a model (the scripted runtime never reads it). */
function modelDir(name: string, parent = work): string {
  const d = join(parent, name);
  mkdirSync(d, { recursive: true });
  for (const f of ['config.json', 'tokenizer.json', 'model.onnx']) writeFileSync(join(d, f), f === 'config.json' ? '{"format_version": 2}' : '');
  return d;
}

/** A runtime module whose loadPredictor opens `model`, counting loads and opens. */
function scriptedRuntime(model: ScriptedModel, warnings: string[] = []) {
  const counts = { loads: 0, opens: 0 };
  const predictor: Predictor = {
    info: { name: 'scripted', device: 'cpu', warnings },
    open: async () => {
      counts.opens++;
      return { initialState: () => model.initialState(), predict: (h, a) => model.predict(h, a), close: () => {}, notes: ['a note of the session'] } as never;
    },
    close: async () => {},
  };
  class ModelError extends Error {}
  const runtime = async () => {
    counts.loads++;
    return { loadPredictor: async () => predictor, ModelError } as never;
  };
  return { counts, runtime };
}

const TARGET = 'fixtures/neural_basic.py';
const FIRST = '-> def add(a, b):\n(Pdb) ';

describe('the first stop before the model', () => {
  it('`q` at the first prompt loads no model', async () => {
    const { counts, runtime } = scriptedRuntime(new ScriptedModel(line(2), []));
    const dbg = await createNeuralDebugger({ engine: 'neural', target: TARGET, model: modelDir('m1'), python: testPython() }, { runtime });
    const { stdout, code } = await drive(dbg, ['l 1, 2', 'p 6 * 7', 'q']);
    expect(stdout).toContain(`(2)<module>()\n${FIRST}`);
    expect(stdout).toContain('(Pdb) 42\n');
    expect(code).toBe(0);
    expect(counts).toEqual({ loads: 0, opens: 0 });
    expect(dbg.info.model).toBe('m1');
  });

  it('a command that needs a prediction waits for the model; its warnings and notes come first, once', async () => {
    const model = new ScriptedModel(line(2), [line(7), line(14)]);
    const { counts, runtime } = scriptedRuntime(model, ['cuda was asked for but is not available: running on cpu']);
    const dbg = await createNeuralDebugger({ engine: 'neural', target: TARGET, model: modelDir('m2'), python: testPython() }, { runtime });
    const { stdout, stderr, events } = await drive(dbg, ['n', 'n', 'q']);
    expect(counts).toEqual({ loads: 1, opens: 1 });
    expect(model.calls.length).toBe(2);
    expect(stdout).toContain(`${FIRST}> `);
    expect(stdout).toContain('(7)<module>()\n-> def scale(xs, k=2):\n(Pdb) ');
    expect(stderr).toBe('ndbg: cuda was asked for but is not available: running on cpu\nndbg: a note of the session\n');
    // after the first prompt, before the stop the first `n` reached
    const kinds = events.map((e: EngineEvent) => (e.type === 'text' ? `text:${e.stream}` : e.type));
    const note = kinds.indexOf('text:ndbg');
    expect(kinds.indexOf('prompt')).toBeLessThan(note);
    expect(kinds.indexOf('stop', kinds.indexOf('prompt'))).toBeGreaterThan(note);
    expect(dbg.info.device).toBe('cpu');
  });

  it('idle at the prompt, the model loads in the background', async () => {
    const { counts, runtime } = scriptedRuntime(new ScriptedModel(line(2), []));
    const dbg = await createNeuralDebugger({ engine: 'neural', target: TARGET, model: modelDir('m3'), python: testPython() }, { runtime });
    dbg.on(() => {});
    await dbg.start();
    expect(counts.loads).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(counts).toEqual({ loads: 1, opens: 1 });
    await dbg.close();
  });

  it('the same transcript as with the model loaded first', async () => {
    const answers = () => [line(7), line(14), line(15, { nums: '[1, 2, 3]' })];
    const commands = ['n', 'n', 'n', 'p nums', 'w', 'q'];
    const { runtime } = scriptedRuntime(new ScriptedModel(line(2), answers()));
    const lazy = await drive(
      await createNeuralDebugger({ engine: 'neural', target: TARGET, model: modelDir('m4'), python: testPython() }, { runtime }),
      commands,
    );
    const scripted = new ScriptedModel(line(2), answers());
    const predictor: Predictor = {
      info: { name: 'scripted', device: 'cpu' },
      open: async () => ({ initialState: () => scripted.initialState(), predict: (h, a) => scripted.predict(h, a), close: () => {} }),
      close: async () => {},
    };
    const eager = await drive(await createNeuralDebugger({ engine: 'neural', target: TARGET, python: testPython() }, { predictor }), commands);
    expect(lazy.stdout).toBe(eager.stdout);
  });
});

describe("what stands in for the model's own", () => {
  it("the first state is the model session's initialState, with and without an analysis", async () => {
    const sources = [
      'x = 1\n',
      '\n\n# a comment\n\nimport os\nprint(os.sep)\n',
      '"""doc"""\n\ndef f():\n    return 1\n\nf()\n',
      '@staticmethod\ndef g():\n    pass\n',
      'def broken(:\n    pass\n',
      '',
      '# only a comment\n',
      'if True:\n    y = 2\n',
    ];
    for (const source of sources) {
      const program = await Program.analyze(source, { python: testPython(), target: '3.11' }).catch(() => null);
      for (const p of [program, null]) {
        const theirs = NeuralSession.prototype.initialState.call({ program: p, source } as never);
        expect(initialState(p, source), JSON.stringify(source)).toEqual(theirs);
      }
    }
  });

  it('the model directory, when plainly there, is the one the runtime resolves', () => {
    const models = join(work, 'models');
    const v1 = modelDir('v1', models);
    modelDir('v2', models);
    mkdirSync(join(models, 'half'), { recursive: true });
    writeFileSync(join(models, 'half', 'config.json'), '{}');
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined], // no default file: the runtime picks the newest
      [v1, v1],
      ['v2', join(models, 'v2')],
      ['half', undefined], // no tokenizer.json, no model.onnx
      ['nothing', undefined],
      [join(work, 'nothing'), undefined],
      [join(models, 'default'), undefined],
    ];
    for (const [choice, want] of cases) expect(quickModelDir(choice, models), String(choice)).toBe(want);
    writeFileSync(join(models, 'default'), 'v2\n');
    expect(quickModelDir(undefined, models)).toBe(join(models, 'v2'));
    expect(quickModelDir('default', models)).toBeUndefined(); // the pointer: the runtime follows it
    for (const choice of [undefined, v1, 'v2']) expect(quickModelDir(choice, models)).toBe(resolveModelDir(choice, models));
    writeFileSync(join(models, 'default'), 'half\n');
    expect(quickModelDir(undefined, models)).toBeUndefined();
  });
});
