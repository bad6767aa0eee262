// Parity: for every fixture, `ndbg --engine python` in line mode prints byte
// for byte what `python3 -m pdb` prints (stdout, stderr, exit status) for the
// same script and the same piped command stream.

import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureNames, runBoth } from './parityHarness.js';

const names = fixtureNames();

describe('parity with python3 -m pdb', () => {
  it('has at least 25 fixtures', () => {
    expect(names.length).toBeGreaterThanOrEqual(25);
  });

  it.concurrent.each(names)('%s', async (name) => {
    const { pdb, ndbg } = await runBoth(name);
    if (process.env.NDBG_PARITY_DUMP) {
      writeFileSync(`/tmp/${name}.pdb.out`, `${pdb.stdout}\n--stderr--\n${pdb.stderr}`);
      writeFileSync(`/tmp/${name}.ndbg.out`, `${ndbg.stdout}\n--stderr--\n${ndbg.stderr}`);
    }
    expect(ndbg.stdout).toBe(pdb.stdout);
    expect(ndbg.stderr).toBe(pdb.stderr);
    expect(ndbg.code).toBe(pdb.code);
  });
});
