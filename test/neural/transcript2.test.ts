// More transcripts equal to pdb's for true frames: until, recursion with frames
// selected by u/d (n and r act on the selected frame), return values through
// reprlib, the exception leaving the module through pdb's own frames, and
// post-mortem (traceback origin found by stepping, or by the inverse model).
import { describe, expect, it } from 'vitest';
import { OracleModel, drive, fixturePath, neuralDebugger, realPdb } from './helpers.js';

async function same(script: string, commands: string[], jump: 'step' | 'rollout' = 'step') {
  const model = new OracleModel(fixturePath(script));
  const dbg = await neuralDebugger(script, model, { jump });
  const [mine, pdb] = await Promise.all([drive(dbg, commands), realPdb(script, commands)]);
  expect(mine.stdout).toBe(pdb.stdout);
  return model;
}

const LOOPS = [
  'n',
  'n',
  'n',
  'n',
  'unt',
  'n',
  's',
  's',
  's',
  's',
  's',
  's',
  'w',
  'u',
  'u',
  'p n',
  'a',
  'd',
  'r',
  'r',
  'retval',
  'r',
  'n',
  'n',
  'n',
  'p words',
  'pp words',
  'r',
  'display total',
  'b 9',
  'c',
  'p a, b',
  's',
  's',
  'w',
  'c',
  'w',
  'p a',
  'u',
  'l',
  'c',
  'q',
];

describe.concurrent('transcripts equal pdb (loops, recursion, exceptions)', () => {
  it('until, u/d then n/r, reprlib return values, post-mortem', () => same('neural_loops.py', LOOPS));
  it('the same with --jump rollout', () => same('neural_loops.py', LOOPS, 'rollout'));
  it('an exception leaving the module: <string>, bdb.run, then post-mortem found by inverse steps', async () => {
    const model = await same('neural_loops.py', ['b 18', 'c', 'r', 'n', 's', 'w', 's', 's', 'l', 'c', 'w', 'p a', 'a', 'q']);
    expect(model.calls.some((c) => c.action.kind === 'inv_step_into')).toBe(true);
  });
  it('continue to the end: finished, restarted, breakpoints kept', () =>
    same('neural_basic.py', ['b add', 'b', 'c', 'a', 'c', 'b', 'disable 1', 'c', 'enable 1', 'ignore 1 1', 'c', 'q']));
});
