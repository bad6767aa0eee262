// `ndbg eval traces --programs DIR | --set NAME`: programs written by people are
// traced with the checkout's tracer into a held-out split, then measured.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../src/eval/index.js';
import { namedSets, traceProgramsDir } from '../../src/eval/programs.js';
import { readRecords } from '../../src/eval/traces.js';
import { ROOT } from '../parityHarness.js';

const PY = process.env.NDBG_TRAIN_PYTHON ?? '/usr/bin/python3';

describe('ndbg eval traces --programs', () => {
  it('names the evaluation sets and rejects an unknown one with the list', () => {
    expect(namedSets()).toEqual(expect.arrayContaining(['handwritten', 'long']));
    const a = parseEvalArgs(['traces', '--set', 'handwritten']);
    expect(a !== 'help' && a.programs).toBe(join(ROOT, 'evalsets', 'handwritten'));
    expect(() => parseEvalArgs(['traces', '--set', 'nope'])).toThrow(/no evaluation set 'nope' \(there are: classes, handwritten, handwritten-long, long\)/);
    expect(() => parseEvalArgs(['traces', '--set', 'long', '--data', 'x'])).toThrow(/instead of --data/);
  });

  it('traces a directory of programs into a test split the evaluation reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-progs-'));
    writeFileSync(join(dir, 'a.py'), 'def double(x):\n    return x * 2\n\nprint(double(21))\n');
    const { data, cleanup } = traceProgramsDir(dir, join(ROOT, 'models', readDefault(), 'tokenizer.json'), PY);
    try {
      const records = [...readRecords(data, 'test')];
      expect(records).toHaveLength(1);
      expect(JSON.stringify(records[0])).toContain('double');
    } finally {
      cleanup();
    }
  });

  it('makes a derived set when it is needed and checks its digest', () => {
    const a = parseEvalArgs(['traces', '--set', 'handwritten-long']);
    const dir = a !== 'help' ? (a.programs ?? '') : '';
    expect(dir).toBe(join(ROOT, 'data', 'evalsets', 'handwritten-long'));
    rmSync(dir, { recursive: true, force: true });
    const { data, cleanup } = traceProgramsDir(dir, join(ROOT, 'models', readDefault(), 'tokenizer.json'), PY);
    try {
      const short = readdirSync(join(ROOT, 'evalsets', 'handwritten')).filter((f) => f.endsWith('.py'));
      expect(readdirSync(dir).filter((f) => f.endsWith('.py'))).toEqual(short);
      expect([...readRecords(data, 'test')]).toHaveLength(short.length);
    } finally {
      cleanup();
    }
  }, 300_000);

  it('says what failed when the directory is missing', () => {
    expect(() => traceProgramsDir('/nonexistent/dir', 'tok.json', PY)).toThrow(/no such directory/);
  });
});

function readDefault(): string {
  return readFileSync(join(ROOT, 'models', 'default'), 'utf8').trim();
}
