// A command whose own prediction fails still ends in a stop: the core takes a
// shorter way (single steps instead of `c`'s jump or the model's `continue`, `n`
// instead of `r`, `s` instead of `n`) and says so, in a notice and in the stop
// event's `fallback`. With a model that is right wherever it answers (the oracle)
// and fails just the long action, the transcript is real pdb's, post-mortem
// included.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, ModelAction, ModelState, Prediction } from '../../src/model/types.js';
import { OracleModel, drive, neuralDebugger, prediction, realPdb } from './helpers.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const LOOP = 'the model fell into a loop (a 2-token pattern repeated over 128 tokens) after 3 tokens: a decoding failure, no state predicted';

/** The oracle, except that the actions in `fails` fall into a loop (no state). */
class FailingModel {
  readonly asked: string[] = [];
  private readonly oracle: OracleModel;
  constructor(
    script: string,
    private readonly fails: Set<ModelAction['kind']>,
  ) {
    this.oracle = new OracleModel(script);
  }
  initialState(): ModelState {
    return this.oracle.initialState();
  }
  async predict(history: HistoryEntry[], action: ModelAction): Promise<Prediction> {
    this.asked.push(action.kind);
    if (this.fails.has(action.kind)) return prediction(null, { error: LOOP });
    return this.oracle.predict(history, action);
  }
}

const script = (name: string) => join(FIXTURES, name);
const pdbOf = (name: string) => `../test/neural/fixtures/${name}`;

describe('a failed prediction still ends the command in a stop', () => {
  it('`c` on a function that divides by zero: single steps to the exception, post-mortem as pdb', async () => {
    const model = new FailingModel(script('average.py'), new Set(['continue']));
    const dbg = await neuralDebugger(script('average.py'), model);
    const cmds = ['c', 'bt', 'p xs', 'c', 'q'];
    const [mine, pdb] = await Promise.all([drive(dbg, cmds), realPdb(pdbOf('average.py'), cmds)]);
    expect(mine.stdout).toBe(pdb.stdout);
    expect(mine.stdout).toContain('Uncaught exception. Entering post mortem debugging');
    expect(mine.stderr).toContain(`ndbg: the model's prediction could not be read: ${LOOP}; going on by single steps instead\n`);
    expect(mine.stderr).toContain('    return total / len(xs)\nZeroDivisionError: division by zero\n');
    expect(model.asked[0]).toBe('continue');
    // single steps to the module's return; its exit needs no model: the exception
    // event just before the return is the exception that left the module
    expect(model.asked.slice(1).every((k) => k === 'step_into')).toBe(true);
    expect(mine.stderr).not.toContain('the program ends with the exception that left the module');
  });

  it('`c` to a breakpoint whose jump fails: single steps, checked against the breakpoint; --json says how', async () => {
    const model = new FailingModel(script('shop.py'), new Set(['breakpoint']));
    const dbg = await neuralDebugger(script('shop.py'), model);
    const cmds = ['b 20', 'c', 'p count', 'q'];
    const [mine, pdb] = await Promise.all([drive(dbg, cmds, true), realPdb(pdbOf('shop.py'), cmds)]);
    const stops = mine.events.filter((e) => e.type === 'stop');
    const last = stops[stops.length - 1]!;
    expect(last).toMatchObject({ type: 'stop', event: 'line', fallback: expect.stringContaining('going on by single steps instead') });
    expect(last.type === 'stop' && last.frames[last.frames.length - 1]!.line).toBe(20);
    expect(stops[0]).not.toHaveProperty('fallback');
    const plain = await drive(await neuralDebugger(script('shop.py'), new FailingModel(script('shop.py'), new Set(['breakpoint']))), cmds);
    expect(plain.stdout).toBe(pdb.stdout);
  });

  it('`r` whose prediction fails: shorter steps to the return, said once', async () => {
    const model = new FailingModel(script('average.py'), new Set(['step_return']));
    const dbg = await neuralDebugger(script('average.py'), model);
    const cmds = ['b 2', 'c', 'r', 'p total', 'q'];
    const [mine, pdb] = await Promise.all([drive(dbg, cmds), realPdb(pdbOf('average.py'), cmds)]);
    expect(mine.stdout).toBe(pdb.stdout);
    expect(mine.stderr).toBe(`ndbg: the model's prediction could not be read: ${LOOP}; going on by single steps instead\n`);
    // without breakpoints to check on the way, `n` is the shorter step
    const plain = new FailingModel(script('average.py'), new Set(['step_return']));
    const second = await drive(await neuralDebugger(script('average.py'), plain), ['s', 's', 's', 'r', 'p total', 'q']);
    expect(second.stdout).toBe((await realPdb(pdbOf('average.py'), ['s', 's', 's', 'r', 'p total', 'q'])).stdout);
    expect(second.stderr).toBe(`ndbg: the model's prediction could not be read: ${LOOP}; took a step over (n) instead\n`);
  });

  it('where no way can be read, the failure is said once and the debugger stays', async () => {
    const model = new FailingModel(script('average.py'), new Set(['step_into', 'step_over']));
    const dbg = await neuralDebugger(script('average.py'), model);
    const { stdout } = await drive(dbg, ['s', 'q']);
    expect(stdout).toContain(`(Pdb) *** ndbg: the model's prediction could not be read: ${LOOP}\n(Pdb) `);
    expect(model.asked).toEqual(['step_into', 'step_over']);
  });
});
