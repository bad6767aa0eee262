// The neural engine never executes the debuggee. A script whose first line
// deletes a file is "debugged" (steps, p, !, c, reverse) and the file is still
// there; every process the engine starts is recorded, and none runs the script:
// only the control-flow analysis (python -m ndbg.analysis.cfg, which parses a copy with
// `ast`) and the pdb facts probe (python -I .../analysis/pdbfacts.py, which imports pdb) are allowed.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const spawned = vi.hoisted(() => {
  // pdb's facts asked every time (not read from an earlier run): the probe is one of the processes checked
  process.env.NDBG_PDBFACTS_CACHE = 'off';
  return [] as string[][];
});
vi.mock('node:child_process', async (importOriginal) => {
  const orig = await importOriginal<typeof import('node:child_process')>();
  const record =
    <F extends (...a: never[]) => unknown>(f: F) =>
    (...a: Parameters<F>) => {
      const [cmd, args] = a as unknown as [string, string[] | undefined];
      spawned.push([cmd, ...(Array.isArray(args) ? args : [])]);
      return f(...a);
    };
  return {
    ...orig,
    spawn: record(orig.spawn as never),
    spawnSync: record(orig.spawnSync as never),
    execFile: record(orig.execFile as never),
    execFileSync: record(orig.execFileSync as never),
    exec: record(orig.exec as never),
    execSync: record(orig.execSync as never),
    fork: record(orig.fork as never),
  };
});

const { createNeuralEngine } = await import('../../src/engine/neural.js');
const { ScriptedModel, drive, fixturePath, line } = await import('./helpers.js');
const { testModel, testPython } = await import('../model/helpers.js');

const CANARY = '/tmp/ndbg_neural_safety_canary';
const SCRIPT = fixturePath('neural_danger.py');
const COMMANDS = ['s', 'n', 's', 'p x', '!x = 5', 'p x', 'y = 2', 'w', 'rs', 'b 4', 'c', 'n', 'c', 's', 'q'];

function checkSpawns(): void {
  expect(spawned.length).toBeGreaterThan(0);
  for (const argv of spawned) {
    const text = argv.join(' ');
    expect(argv).not.toContain(SCRIPT);
    expect(text).not.toMatch(/ndbg\/bridge|-m pdb|neural_danger/);
    const cfg = argv.includes('ndbg.analysis.cfg');
    const probe = argv[1] === '-I' && argv[2] === '-S' && /\/python\/ndbg\/analysis\/pdbfacts\.py$/.test(argv[3] ?? '') && argv.length === 4;
    expect(cfg || probe, text.slice(0, 200)).toBe(true);
  }
}

describe('the neural engine never runs the debuggee', () => {
  beforeEach(() => {
    writeFileSync(CANARY, 'still here\n');
    spawned.length = 0;
  });
  afterEach(() => rmSync(CANARY, { force: true }));

  it('with a scripted model: the file stays, no process runs the script', async () => {
    const model = new ScriptedModel(line(1), [line(2), line(3, { x: '1' }), line(4, { x: '5' }, { stdout: 'the canary is gone\n' })]);
    const predictor = {
      info: { name: 'fake', device: 'cpu' },
      open: async () => ({ initialState: () => model.initialState(), predict: model.predict.bind(model), close: () => {} }),
      close: async () => {},
    };
    const engine = await createNeuralEngine({ engine: 'neural', target: SCRIPT, python: testPython() }, { predictor });
    const r = await drive(engine, COMMANDS);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("-> import os; os.remove('/tmp/ndbg_neural_safety_canary')");
    expect(existsSync(CANARY)).toBe(true);
    checkSpawns();
  });

  const built = testModel(['--scale', '3']);
  const skip = 'skip' in built ? built.skip : null;
  it.skipIf(skip !== null)(`with a real (random) ONNX model${skip ? ` (skipped: ${skip})` : ''}`, async () => {
    const engine = await createNeuralEngine({
      engine: 'neural',
      target: SCRIPT,
      model: (built as { dir: string }).dir,
      device: 'cpu',
      python: testPython(),
      rolloutCap: 20,
    });
    const r = await drive(engine, COMMANDS);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("-> import os; os.remove('/tmp/ndbg_neural_safety_canary')");
    expect(existsSync(CANARY)).toBe(true);
    checkSpawns();
    expect(spawned.some((a) => a.includes('ndbg.analysis.cfg'))).toBe(true);
  });
});
