// The string-width the bundle gives Ink (src/repl/tui/stringWidth.ts) measures
// what string-width measures: every NARROW code point one column and a grapheme
// of its own, and seeded random strings (SGR and other escapes, controls, wide,
// combining and emoji characters) the same width, whichever way it takes.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prng } from '../../src/repl/play.js';
import { NARROW, plainWidth, rememberedWidth } from '../../src/repl/tui/stringWidth.js';
import { ROOT } from '../parityHarness.js';

// string-width as Ink's Output resolves it
const inkOutputPath = join(dirname(createRequire(import.meta.url).resolve('ink')), 'output.js');
const stringWidth = (await import(pathToFileURL(createRequire(inkOutputPath).resolve('string-width')).href)).default as (s: string) => number;

describe('the bundled string-width', () => {
  it('has every NARROW code point one column wide and a grapheme of its own', () => {
    const segmenter = new Intl.Segmenter();
    let n = 0;
    for (const [lo, hi] of NARROW) {
      expect(lo).toBeLessThanOrEqual(hi);
      for (let cp = lo; cp <= hi; cp++) {
        const ch = String.fromCodePoint(cp);
        expect(stringWidth(ch), `U+${cp.toString(16)}`).toBe(1);
        expect([...segmenter.segment(`a${ch}${ch}─b`)].length, `U+${cp.toString(16)}`).toBe(5);
        n++;
      }
    }
    expect(n).toBeGreaterThan(1000);
    // in order and apart, as narrow() walks them
    for (let i = 1; i < NARROW.length; i++) expect(NARROW[i]![0]).toBeGreaterThan(NARROW[i - 1]![1] + 1);
  });

  it('measures 20,000 random strings as string-width does', () => {
    const rand = prng(7);
    const pool = [
      '─',
      '│',
      '▶',
      '·',
      '…',
      'é',
      'Ω',
      'ж',
      '→',
      '≤',
      '█',
      '中',
      '😀',
      'e\u0301',
      '\t',
      '\u00ad',
      '\u200b',
      '🇫🇷',
      '\x1b[2K',
      '\x1b]8;;u\x07',
      '\u2028',
      'ｱ',
      '⌚',
      '☕\ufe0f',
    ];
    const sgr = ['\x1b[31m', '\x1b[39m', '\x1b[1;4m', '\x1b[0m', '\x1b[m', '\x1b[38;5;200m', '\x1b[38;2;1;2;3m'];
    const measured = rememberedWidth(stringWidth);
    let plain = 0;
    for (let k = 0; k < 20000; k++) {
      let s = '';
      const n = Math.floor(rand() * 16);
      for (let i = 0; i < n; i++) {
        const r = rand();
        if (r < 0.6) s += String.fromCharCode(32 + Math.floor(rand() * 95));
        else if (r < 0.75) s += sgr[Math.floor(rand() * sgr.length)];
        else if (r < 0.97) s += pool[Math.floor(rand() * 10)];
        else s += pool[Math.floor(rand() * pool.length)];
      }
      if (plainWidth(s) !== undefined) plain++;
      expect(measured(s), JSON.stringify(s)).toBe(stringWidth(s));
      expect(measured(s), JSON.stringify(s)).toBe(stringWidth(s)); // remembered
    }
    expect(plain).toBeGreaterThan(5000);
    expect(plain).toBeLessThan(19000);
  });

  it('is what the bundle gives Ink', () => {
    const bundle = join(ROOT, 'dist', 'bundle');
    if (!existsSync(bundle)) return; // no build: nothing bundled to check
    const chunks = readdirSync(bundle).filter((f) => f.endsWith('.js'));
    expect(chunks.some((f) => /=\s*rememberedWidth\(\w+\)/.test(readFileSync(join(bundle, f), 'utf8')))).toBe(true);
  });
});
