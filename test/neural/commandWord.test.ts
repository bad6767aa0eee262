// The neural engine's command loop reads a command's name as the pdb it
// emulates does: before 3.13 `s.real` is `step` (its argument ignored), from
// 3.13 on it is Python and prints the value, as pdb does there. Checked
// against the local pdb for its own version, and for the other version
// against the same session written with `p`.
import { describe, expect, it } from 'vitest';
import { pdbFacts } from '../../src/engine/neural/probe.js';
import { OracleModel, PY, drive, fixturePath, neuralDebugger, realPdb } from './helpers.js';

const SCRIPT = 'neural_basic.py';

async function neural(python: string, commands: string[]): Promise<string> {
  const facts = { ...(await pdbFacts(PY)), python };
  const dbg = await neuralDebugger(SCRIPT, new OracleModel(fixturePath(SCRIPT)), { facts });
  return (await drive(dbg, commands)).stdout;
}

describe('the command word, per Python version', () => {
  const local = async () => (await pdbFacts(PY)).python;

  it("older pdb: s.real is step, c['x'] continue, as the local pdb reads them", async () => {
    const python = await local();
    if (/^3\.(9|1[0-2])\./.test(python)) {
      const commands = ['b 16', 'c', 's.real', 'w', "c['x']", 'q'];
      const [mine, pdb] = await Promise.all([neural(python, commands), realPdb(SCRIPT, commands)]);
      expect(mine).toBe(pdb.stdout);
    }
    // whatever the local Python: an older version steps on `s.real`
    const out = await neural('3.12.0', ['b 16', 'c', 's.real', 'w', 'q']);
    expect(out).toMatch(/-> doubled = scale\(nums\)\n\(Pdb\) /);
  });

  it('3.13: s.real and s.bit_length() print their values and the program stays', async () => {
    const mine = await neural('3.13.0', ['b 16', 'c', 's.real', 's.bit_length()', 'w', 'q']);
    const asP = await realPdb(SCRIPT, ['b 16', 'c', 'p s.real', 'p s.bit_length()', 'w', 'q']);
    expect(mine).toContain('(Pdb) 3\n(Pdb) 2\n');
    expect(mine).toBe(asP.stdout);
  });
});
