// The command line of the neural engine: options, and whole runs of bin/ndbg.js
// with a real (random-weight) ONNX model when torch can build one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, sessionOptions } from '../../src/cliArgs.js';
import { testModel, testPython } from '../model/helpers.js';
import { NDBG, runProcess } from '../parityHarness.js';
import { fixturePath } from './helpers.js';

describe('neural engine options', () => {
  it('select the neural engine and reach the session', () => {
    const o = parseArgs(['--verify', '--no-constrain', '--jump', 'rollout', '--at-return', 'add', '--value', '5', 'x.py', 'a']);
    expect(o).toMatchObject({ engine: 'neural', verify: true, constrain: false, jump: 'rollout', atReturn: 'add', value: '5', target: 'x.py', args: ['a'] });
    expect(sessionOptions(o, false)).toMatchObject({
      engine: 'neural',
      verify: true,
      constrain: false,
      jump: 'rollout',
      atReturn: { func: 'add', value: '5' },
    });
    expect(parseArgs(['x.py', '--verify']).verify).toBeUndefined(); // the script's own argument
  });

  it('the neural engine is the default; --engine python picks the real one', () => {
    expect(parseArgs(['x.py']).engine).toBe('neural');
    expect(parseArgs(['--engine', 'python', 'x.py']).engine).toBe('python');
  });

  it('a neural session never starts the pdb bridge early (nothing of the script runs)', async () => {
    const { prestart } = await import('../../src/prestart.js');
    expect(prestart(['fixtures/neural_danger.py'])).toBeUndefined();
  });

  it("the shipped model runs without --model, and its first stop is pdb's", async () => {
    const ours = await runProcess(process.execPath, [NDBG, 'fixtures/loops.py'], 'q\n');
    const pdb = await runProcess('python3', ['-m', 'pdb', 'fixtures/loops.py'], 'q\n');
    expect(ours.stdout).toBe(pdb.stdout);
  });

  it('are refused with the python engine, and checked', () => {
    expect(() => parseArgs(['--engine', 'python', '--verify', 'x.py'])).toThrow(/--verify is for the neural engine/);
    expect(() => parseArgs(['--at-return', 'f', 'x.py'])).toThrow(/--at-return FUNC and --value REPR go together/);
    expect(() => parseArgs(['--jump', 'far', 'x.py'])).toThrow(/--jump is 'step' or 'rollout'/);
  });
});

const built = testModel(['--scale', '3']);
const skip = 'skip' in built ? built.skip : null;
describe.skipIf(skip !== null)(`bin/ndbg.js with a random model${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const dir = (built as { dir: string }).dir;

  it('--at-return starts at the return of the function, its caller found in the source', async () => {
    const r = await runProcess(
      process.execPath,
      [NDBG, '--at-return', 'add', '--value', '5', '--model', dir, '--device', 'cpu', '--python', testPython(), 'fixtures/neural_basic.py'],
      'w\nretval\nq\n',
    );
    const F = fixturePath('neural_basic.py');
    expect(r.stdout.startsWith(`--Return--\n> ${F}(4)add()->5\n-> return total\n(Pdb) `)).toBe(true);
    expect(r.stdout).toContain(`  ${F}(15)<module>()\n-> s = add(nums[0], nums[1])\n> ${F}(4)add()->5\n`);
    expect(r.stdout).toContain('(Pdb) 5\n');
    expect(r.code).toBe(0);
  });

  it('ndbg eval cruxeval runs end to end', async () => {
    const d = mkdtempSync(join(tmpdir(), 'ndbg-cli-eval-'));
    writeFileSync(join(d, 'rows.jsonl'), `${JSON.stringify({ id: 'toy', code: 'def f(x):\n    return x + 1', input: '1', output: '2' })}\n`);
    const r = await runProcess(
      process.execPath,
      [
        NDBG,
        'eval',
        'cruxeval',
        '--data',
        join(d, 'rows.jsonl'),
        '--model',
        dir,
        '--device',
        'cpu',
        '--python',
        testPython(),
        '--constrain',
        'on',
        '--out',
        join(d, 'out.jsonl'),
      ],
      '',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^cruxeval output via step_return, constrained: pass@1 (0\.0|100\.0)% \([01]\/1\)/);
    expect(r.stderr).toContain('ndbg eval: model');
  });
});
