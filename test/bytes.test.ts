// The program's output reaches the terminal as the very bytes `python3 -m pdb`
// writes: bytes that are not UTF-8 (sys.stdout.buffer), and text in the stream's
// own encoding (PYTHONIOENCODING), through the bridge's surrogate-escaped wire form.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireBytes } from '../src/repl/bytes.js';
import { NDBG, PYTHON, ROOT } from './parityHarness.js';

describe('wireBytes', () => {
  it('restores surrogate-escaped bytes and keeps everything else UTF-8', () => {
    expect(wireBytes('plain é')).toBe('plain é');
    expect(wireBytes('a\udcffb\udc80é😀')).toEqual(Buffer.concat([Buffer.from('a'), Buffer.of(0xff), Buffer.from('b'), Buffer.of(0x80), Buffer.from('é😀')]));
  });
});

describe('program bytes, byte for byte with pdb', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ndbg-bytes-'));
  const script = join(dir, 'enc.py');
  writeFileSync(
    script,
    [
      'import sys',
      'print("h\\u00e9llo \\u00fc")',
      'sys.stdout.buffer.write(b"raw\\xff\\xfe\\n")',
      'sys.stdout.flush()',
      'sys.stderr.write("err \\u00e9\\n")',
      'x = 1',
      '',
    ].join('\n'),
  );
  const cmds = 'c\np "\\u00e9"\nq\n';
  for (const encoding of ['utf-8', 'latin-1']) {
    it(`PYTHONIOENCODING=${encoding}`, () => {
      const env = { ...process.env, PYTHONIOENCODING: encoding };
      const pdb = spawnSync(PYTHON, ['-m', 'pdb', script], { input: cmds, env, cwd: ROOT });
      const ours = spawnSync('node', [NDBG, '--engine', 'python', '--python', PYTHON, script], { input: cmds, env, cwd: ROOT });
      expect(pdb.stdout.includes(Buffer.of(0xff, 0xfe))).toBe(true);
      expect(ours.stdout.equals(pdb.stdout)).toBe(true);
      expect(ours.stderr.equals(pdb.stderr)).toBe(true);
      expect(ours.status).toBe(pdb.status);
    });
  }
});
