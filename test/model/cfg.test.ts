// cfg.ts reads the JSON of python/ndbg/analysis/cfg.py, whose shape it mirrors
// by hand; both carry the format version, and cfg.ts refuses any other.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CFG_FORMAT, checkCfgFormat, runCfg, startCfg } from '../../src/model/format/cfg.js';
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

describe('startCfg (bin/ndbg.js starts the analysis while ndbg loads)', () => {
  it('hands its running analysis to the next runCfg with the same source and options, once', async () => {
    const log = join(dir, 'runs.log');
    writeFileSync(log, '');
    const python = join(dir, 'counting-python');
    writeFileSync(python, `#!/bin/sh\necho run >> '${log}'\nexec '${testPython()}' "$@"\n`);
    chmodSync(python, 0o755);
    const runs = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    startCfg('a = 1\nb = 2\n', { python, target: '3.11' });
    startCfg('a = 1\nb = 2\n', { python, target: '3.11' }); // already started: not again
    expect((await runCfg('a = 1\nb = 2\n', { python, target: '3.11' })).entry).toBe(1);
    expect(runs()).toBe(1);
    // Taken: the next one runs anew, and another source never gets the early result.
    startCfg('a = 1\n', { python, target: '3.11' });
    expect((await runCfg('\nb = 2\n', { python, target: '3.11' })).entry).toBe(2);
    expect((await runCfg('a = 1\n', { python, target: '3.11' })).entry).toBe(1);
    expect(runs()).toBe(3);
  });
});
