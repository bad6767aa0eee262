// For true frames (an oracle replays the real trace), the neural engine prints
// byte for byte what `python3 -m pdb` prints for the same script and commands.
import { describe, expect, it } from 'vitest';
import { runProcess } from '../parityHarness.js';
import { OracleModel, PY, drive, fixturePath, neuralDebugger, realPdb } from './helpers.js';

async function compare(script: string, commands: string[], jump: 'step' | 'rollout' = 'step') {
  const model = new OracleModel(fixturePath(script));
  const dbg = await neuralDebugger(script, model, { jump });
  const [mine, pdb] = await Promise.all([drive(dbg, commands), realPdb(script, commands)]);
  return { mine, pdb, model };
}

const TOUR = [
  's',
  'n',
  'n',
  'n',
  's',
  'w',
  'a',
  's',
  'p a + b',
  's',
  's',
  'retval',
  'u',
  'p nums',
  'd',
  'd',
  's',
  'p s',
  'foo',
  'display s',
  'n',
  'n',
  'b 10',
  'b',
  'c',
  'p x, out',
  'condition 1 x == 3',
  'c',
  'p x',
  'l',
  'll',
  'cl 1',
  'tbreak 19',
  'c',
  'pp info',
  'whatis info',
  'l',
  'l',
  'n',
  'n',
  'n',
  'w',
  'n',
  'q',
];

describe('neural engine transcripts equal pdb for true frames', () => {
  it('steps, frames, values, breakpoints, listings, the end of the program (jump)', async () => {
    const { mine, pdb } = await compare('neural_basic.py', TOUR);
    expect(mine.stdout).toBe(pdb.stdout);
  });

  it('the same with --jump rollout', async () => {
    const { mine, pdb, model } = await compare('neural_basic.py', TOUR, 'rollout');
    expect(mine.stdout).toBe(pdb.stdout);
    expect(model.calls.every((c) => c.action.kind !== 'breakpoint')).toBe(true);
  });

  it('help, whatis and source of functions, aliases, ;;, jump, empty-line repeat', async () => {
    const { mine, pdb } = await compare('neural_basic.py', [
      'h',
      'h p',
      'h nosuch',
      'whatis add',
      'source add',
      'alias pn p nums',
      'n',
      'n',
      '',
      'n;;p nums',
      'pn',
      'alias',
      'whatis add',
      'source scale',
      'j 14',
      'p nums',
      'j 99',
      'u',
      'j 3',
      'd',
      'l 1,3',
      'l',
      '',
      'tbreak',
      'b 5',
      'b 9, x > 1',
      'b',
      'cl 1',
      'cl 9 9',
      'disable 2',
      'enable',
      'ignore 2',
      'condition 2',
      'restart',
      'n',
      'run x "y z"',
      'b',
      'q',
    ]);
    expect(mine.stdout).toBe(pdb.stdout);
  });

  it('-c commands run at the first stop; after one that resumes, the rest at the next', async () => {
    const model = new OracleModel(fixturePath('neural_basic.py'));
    const dbg = await neuralDebugger('neural_basic.py', model, { commands: ['b 10', 'c', 'p x'] });
    const [mine, pdb] = await Promise.all([
      drive(dbg, ['p out', 'c', 'q']),
      runProcess(PY, ['-m', 'pdb', '-c', 'b 10', '-c', 'c', '-c', 'p x', 'fixtures/neural_basic.py'], 'p out\nc\nq\n'),
    ]);
    expect(mine.stdout).toBe(pdb.stdout);
  });
});
