// cfg.ts reads the JSON of python/ndbg/analysis/cfg.py, whose shape it mirrors
// by hand; both carry the format version, and cfg.ts refuses any other.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CFG_FORMAT, checkCfgFormat, runCfg } from '../../src/model/cfg.js';
import { testPython } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'ndbg-cfg-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("cfg.py's JSON format version", () => {
  it('is the one cfg.ts reads, for a program and for a syntax error', async () => {
    const ok = await runCfg('x = 1\nprint(x)\n', { python: testPython() });
    expect(ok.format).toBe(CFG_FORMAT);
    expect(ok.entry).toBe(1);
    const bad = await runCfg('def (:\n', { python: testPython() });
    expect(bad.format).toBe(CFG_FORMAT);
    expect(bad.error).toMatch(/^SyntaxError: /);
  });

  it('any other is refused with a message that says what is wrong', () => {
    expect(() => checkCfgFormat({ format: CFG_FORMAT + 1, entry: 1 })).toThrow(
      `ndbg.analysis.cfg wrote format ${CFG_FORMAT + 1}, but this ndbg reads format ${CFG_FORMAT}: python/ndbg/ and dist/ come from different versions of ndbg`,
    );
    expect(() => checkCfgFormat({ entry: 1, lines: {} })).toThrow(/wrote no format version, but this ndbg reads format/);
    expect(checkCfgFormat({ format: CFG_FORMAT, entry: 3 }).entry).toBe(3);
  });

  it('an analysis in another format fails the run, not a lookup later', async () => {
    // an "interpreter" whose analysis writes the next format
    const python = join(dir, 'python');
    writeFileSync(python, `#!/bin/sh\necho '{"format": ${CFG_FORMAT + 1}, "entry": 1, "lines": {}}'\n`);
    chmodSync(python, 0o755);
    await expect(runCfg('x = 1\n', { python })).rejects.toThrow(`wrote format ${CFG_FORMAT + 1}, but this ndbg reads format ${CFG_FORMAT}`);
  });
});
