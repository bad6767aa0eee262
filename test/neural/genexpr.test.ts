// Generator expressions on the neural engine: `s` through `<genexpr>` frames (their
// yields, resumes and the close where `any` stops early) is computed step by step,
// so the transcript is pdb's byte for byte, pdb's `->value` after a yield included
// (a generator's frame keeps the `__return__` pdb put there).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NDBG, runProcess } from '../parityHarness.js';

const SCRIPT = join(import.meta.dirname, 'fixtures', 'genexpr.py');

describe('generator expressions', () => {
  it('genexpr.py: `s` through sum(...) and any(...) generators: the same transcript as pdb', async () => {
    const input = `${'s\n'.repeat(36)}q\n`;
    const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, SCRIPT], input), runProcess('python3', ['-m', 'pdb', SCRIPT], input)]);
    expect(pdb.stdout).toContain('<genexpr>()->12');
    expect(pdb.stdout).toContain('GeneratorExit');
    expect(ours.stdout).toBe(pdb.stdout);
  });
});
