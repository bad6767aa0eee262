// When the neural engine's code or the model runtime cannot be loaded (a half-built
// dist/, a native library that fails), the user gets one line that says what failed
// and what to do, never "not available" or a stack trace.
import { describe, expect, it } from 'vitest';
import { loadNeural } from '../../src/commands/session.js';
import { createNeuralDebugger } from '../../src/engine/neural.js';
import { UserError } from '../../src/engine/errors.js';
import { testPython } from '../model/helpers.js';
import { drive } from './helpers.js';

const oneLine = async (p: Promise<unknown>): Promise<UserError> => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UserError);
  const u = e as UserError;
  expect(u.message).not.toContain('\n');
  return u;
};

describe('a neural engine that cannot be loaded', () => {
  it('its code: says why, how to repair, and the python engine', async () => {
    const missing = Object.assign(new Error("Cannot find module '/x/dist/engine/neural.js' imported from /x/dist/commands/session.js\nRequire stack: ..."), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const e = await oneLine(loadNeural(() => Promise.reject(missing)));
    expect(e.message).toBe(
      "ndbg: the neural engine could not be loaded: Cannot find module '/x/dist/engine/neural.js' imported from /x/dist/commands/session.js. Reinstall ndbg (in a checkout: npm ci && npm run build), or use '--engine python'.",
    );
    expect(e.exitCode).toBe(1);
  });

  it('loads when nothing fails', async () => {
    const mod = await loadNeural();
    expect(typeof mod.createNeuralEngine).toBe('function');
  });

  it('the model runtime: each command that needs it says why and what to do; the rest work', async () => {
    const dbg = await createNeuralDebugger(
      { engine: 'neural', target: 'fixtures/neural_basic.py', python: 'python3-that-does-not-exist' },
      { runtime: () => Promise.reject(new Error('libonnxruntime.so.1: cannot open shared object file: No such file or directory')) },
    );
    const { stdout, code } = await drive(dbg, ['n', 'p 1 + 1', 's', 'q']);
    const failed =
      "*** ndbg: the model failed: the model runtime could not be loaded: libonnxruntime.so.1: cannot open shared object file: No such file or directory. Reinstall ndbg's dependencies (in a checkout: npm ci), or use '--engine python'.\n";
    expect(stdout.split(failed).length).toBe(3); // `n` and `s`
    expect(stdout).toContain('(Pdb) 2\n');
    expect(code).toBe(0);
  });

  it('a model directory that is not plainly there: the runtime says why before the first stop', async () => {
    const e = await oneLine(createNeuralDebugger({ engine: 'neural', target: 'fixtures/neural_basic.py', model: '/nonexistent/model', python: testPython() }));
    expect(e.message).toMatch(/^ndbg: model directory not found: \/nonexistent\/model/);
    expect(e.exitCode).toBe(1);
  });
});
