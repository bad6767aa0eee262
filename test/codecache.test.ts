// bin/ndbg.js compiles the bundle's chunks with V8's code cache: written at the
// first run's exit, used by the next, never a reason for a run to fail or to
// print anything else (a missing, corrupt or unwritable cache only costs time).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NDBG, PYTHON, ROOT } from './parityHarness.js';

const dir = mkdtempSync(join(tmpdir(), 'ndbg-codecache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ndbg(cache: string, engine = 'python') {
  const r = spawnSync(process.execPath, [NDBG, '--engine', engine, '--python', PYTHON, 'fixtures/loops.py'], {
    cwd: ROOT,
    input: 'n\np i\nq\n',
    encoding: 'utf8',
    env: { ...process.env, NDBG_CODE_CACHE: cache },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const bins = (d: string) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.bin'))
    .sort();

describe('code cache', () => {
  const plain = ndbg('off');

  it('is written on the first run and read, unchanged, on the next', () => {
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('(Pdb) ');
    const cache = join(dir, 'fresh');
    const first = ndbg(cache);
    expect(first).toEqual(plain);
    const files = bins(cache);
    expect(files.some((f) => /^cli\.[0-9a-f]{20}\.bin$/.test(f))).toBe(true);
    const before = Object.fromEntries(files.map((f) => [f, statSync(join(cache, f)).mtimeMs]));
    expect(ndbg(cache)).toEqual(plain);
    // accepted, so not written again
    expect(Object.fromEntries(bins(cache).map((f) => [f, statSync(join(cache, f)).mtimeMs]))).toEqual(before);
  });

  it('a corrupt cache file is ignored and replaced', () => {
    const cache = join(dir, 'corrupt');
    ndbg(cache);
    const cli = bins(cache).find((f) => f.startsWith('cli.')) as string;
    writeFileSync(join(cache, cli), Buffer.alloc(4096, 7));
    expect(ndbg(cache)).toEqual(plain);
    expect(readFileSync(join(cache, cli)).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('a folder that cannot be made costs only the cache', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(ndbg(join(file, 'v8'))).toEqual(plain);
    expect(ndbg(join(file, 'v8'), 'neural').code).toBe(0);
  });

  it('the neural engine prints the same with and without it', () => {
    const cache = join(dir, 'neural');
    const off = ndbg('off', 'neural');
    expect(off.code).toBe(0);
    expect(ndbg(cache, 'neural')).toEqual(off);
    expect(ndbg(cache, 'neural')).toEqual(off);
    expect(bins(cache).some((f) => f.startsWith('neural-'))).toBe(true);
  });
});
