// Statements over several lines on the neural engine: CPython reports a line event
// on several of their lines, in an order cfg.py reads from the compiled statement
// (python/ndbg/analysis/paths.py), and the engine computes each of those steps, so
// `n` through a script of multi-line literals is pdb's transcript byte for byte.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NDBG, runProcess } from '../parityHarness.js';

const SCRIPT = join(import.meta.dirname, 'fixtures', 'literals.py');

describe('statements over several lines', () => {
  it('literals.py: `n` through dict, list and tuple displays, then `p`: the same transcript as pdb', async () => {
    const input = `${'n\n'.repeat(11)}p PRICES, pair\nq\n`;
    const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, SCRIPT], input), runProcess('python3', ['-m', 'pdb', SCRIPT], input)]);
    expect(pdb.stdout).toContain('literals.py(5)<module>()');
    expect(ours.stdout).toBe(pdb.stdout);
  });
});
