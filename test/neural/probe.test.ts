// pdb's facts (src/engine/neural/probe.ts): asked of the interpreter by
// python/ndbg/analysis/pdbfacts.py, or taken from the process that analysed the
// script (cfg.py --pdb-facts, as bin/ndbg.js starts it), the same either way.
import { describe, expect, it } from 'vitest';
import { runCfg } from '../../src/model/cfg.js';
import { FALLBACK_FACTS, pdbFacts, seedPdbFacts } from '../../src/engine/neural/probe.js';
import { testPython } from '../model/helpers.js';

const PY = testPython();

describe('pdb facts', () => {
  it("are this interpreter's, and cfg.py --pdb-facts brings the same ones", async () => {
    const asked = await pdbFacts(PY);
    expect(asked).not.toEqual(FALLBACK_FACTS);
    expect(asked.bdbFile).toMatch(/bdb\.py$/);
    expect(asked.bdbRun[1]).toBe('exec(cmd, globals, locals)');
    expect(asked.bdbRun[0]).toBeGreaterThan(0);
    expect(asked.help.next).toMatch(/next/);
    const cfg = await runCfg('x = 1\n', { python: PY, pdbFacts: true });
    expect(cfg.pdb_facts).toEqual(asked);
    // a syntax error in the script still brings them
    const bad = await runCfg('x = (\n', { python: PY, pdbFacts: true });
    expect(bad.error).toMatch(/SyntaxError/);
    expect(bad.pdb_facts).toEqual(asked);
  });

  it('seeded from another process: taken as they come, or asked again when it brings none', async () => {
    const facts = { ...(await pdbFacts(PY)), python: 'seeded' };
    seedPdbFacts('python-seeded-ok', Promise.resolve(facts));
    expect(await pdbFacts('python-seeded-ok')).toEqual(facts);
    // nothing usable (the analysis failed): the interpreter is asked itself; this one does not exist
    seedPdbFacts('/no/such/python', Promise.reject(new Error('cfg failed')));
    expect(await pdbFacts('/no/such/python')).toEqual(FALLBACK_FACTS);
    seedPdbFacts(PY + ' ', Promise.resolve({ not: 'facts' }));
    expect(await pdbFacts(PY + ' ')).toEqual(FALLBACK_FACTS); // "python3 " is no interpreter either
  });
});
