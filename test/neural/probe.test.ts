// pdb's facts (src/engine/neural/probe.ts): asked of the interpreter by
// python/ndbg/analysis/pdbfacts.py, or taken from the process that analysed the
// script (cfg.py --pdb-facts, as bin/ndbg.js starts it), the same either way;
// kept between runs while the interpreter and its pdb are the same files.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCfg } from '../../src/model/format/cfg.js';
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

describe('pdb facts kept between runs', () => {
  const fresh = async () => {
    vi.resetModules();
    return import('../../src/engine/neural/probe.js');
  };
  const dir = mkdtempSync(join(tmpdir(), 'ndbg-facts-'));
  beforeEach(() => {
    process.env.NDBG_PDBFACTS_CACHE = dir;
  });
  afterEach(() => {
    delete process.env.NDBG_PDBFACTS_CACHE;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are asked once, then read back while the interpreter, bdb.py and pdb.py are the same files', async () => {
    for (const f of readdirSync(dir)) rmSync(join(dir, f));
    const first = await fresh();
    expect(first.factsWanted(PY)).toBe(true);
    const asked = await first.pdbFacts(PY);
    const files = readdirSync(dir);
    expect(files.length).toBe(1);
    const again = await fresh();
    expect(again.factsWanted(PY)).toBe(false);
    expect(await again.pdbFacts(PY)).toEqual(asked);
    // a pdb.py that changed since: asked again
    const path = join(dir, files[0]!);
    const kept = JSON.parse(readFileSync(path, 'utf8')) as { stamps: Array<[string, number, number]> };
    kept.stamps[2]![2] += 1;
    writeFileSync(path, JSON.stringify(kept));
    expect((await fresh()).factsWanted(PY)).toBe(true);
  });

  it('are not kept for a script that runs an interpreter (it may run another one elsewhere)', async () => {
    for (const f of readdirSync(dir)) rmSync(join(dir, f));
    const wrapper = join(dir, 'python-wrapper');
    writeFileSync(wrapper, `#!/bin/sh\nexec ${PY} "$@"\n`);
    chmodSync(wrapper, 0o755);
    const probe = await fresh();
    expect((await probe.pdbFacts(wrapper)).bdbFile).toMatch(/bdb\.py$/);
    expect(readdirSync(dir)).toEqual(['python-wrapper']);
  });

  it('off: nothing is kept', async () => {
    process.env.NDBG_PDBFACTS_CACHE = 'off';
    const probe = await fresh();
    expect(probe.factsCacheDir()).toBeNull();
    expect(probe.factsWanted(PY)).toBe(true);
  });
});
