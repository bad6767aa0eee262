// Ink's Output with ndbg's fast path (src/repl/tui/inkOutput.ts) shows the same
// cells, each with the same styles, as Ink's own Output: on seeded random frames
// (styled and unstyled text, wide and combining characters, emoji, controls,
// unclosed styles, overlapping writes, clips, transformers) and on every frame of
// a TUI session, where it must also take the fast path. The bundle must put it
// where Ink's renderer takes its Output.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { prng } from '../../src/repl/play.js';
import type { Engine } from '../../src/engine/engine.js';
import { CodePointWidths, composeRows, fasterOutput, type InkOutputBase, lineWidth } from '../../src/repl/tui/inkOutput.js';
import { ROOT } from '../parityHarness.js';
import { FakeEngine } from './fake-engine.mjs';
import { mountApp } from './mountApp.js';

// Ink's own Output, and the string-width and tokenizer it uses, as Ink resolves them.
const inkOutputPath = join(dirname(createRequire(import.meta.url).resolve('ink')), 'output.js');
const fromInk = createRequire(inkOutputPath);
type OutputClass = new (o: {
  width: number;
  height: number;
}) => InkOutputBase & {
  write(x: number, y: number, text: string, o: { transformers: ((s: string, i: number) => string)[] }): void;
  clip(c: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
};
const InkOutput = (await import(pathToFileURL(inkOutputPath).href)).default as OutputClass;
const stringWidth = (await import(pathToFileURL(fromInk.resolve('string-width')).href)).default as (s: string) => number;
// (its "exports" has only an import condition: found where Node would look for it)
const tokenizerDir = [join(dirname(dirname(inkOutputPath)), 'node_modules'), join(ROOT, 'node_modules')]
  .map((d) => join(d, '@alcalzone', 'ansi-tokenize'))
  .find((d) => existsSync(d))!;
const tokenizer = await import(pathToFileURL(join(tokenizerDir, 'build', 'index.js')).href);
const Faster = fasterOutput(InkOutput, stringWidth);

/** Each row as the terminal shows it: cells of [text, sorted style codes], trailing blanks dropped. */
function cells(frame: string): string[][] {
  return frame.split('\n').map((row) => {
    const chars = tokenizer.styledCharsFromTokens(tokenizer.tokenize(row)) as { value: string; styles: { code: string }[] }[];
    const out = chars.map(
      (ch) =>
        `${JSON.stringify(ch.value)}${ch.styles
          .map((s) => s.code)
          .sort()
          .join('')}`,
    );
    while (out.length && out[out.length - 1] === '" "') out.pop();
    return out;
  });
}

const chalk = new Chalk({ level: 3 });
const STYLES = [
  chalk.red,
  chalk.bold,
  chalk.dim,
  chalk.inverse,
  chalk.bgBlackBright,
  chalk.bold.yellow,
  chalk.italic.underline,
  chalk.hex('#ff8800'),
  chalk.bgAnsi256(200),
  chalk.strikethrough.blue,
];
const EXTRA = ['─', '│', '▶', '·', '…', 'é', 'ß', 'Ω', '→', '中', '文', '😀', 'Ａ'];
// each a grapheme of more than one code point, or no grapheme, or a control
const HOSTILE = ['e\u0301', '\t', '👍🏽', '🇫🇷', '\u200b', '\x7f', '\u00ad', '\u1100\u1161', '☕\ufe0f'];
const OPEN = ['\x1b[31m', '\x1b[1m', '\x1b[7m', '\x1b]8;;https://x.org\x07', '\x1b[2K'];

function randomText(rand: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const plain = () => {
    let s = '';
    const n = Math.floor(rand() * 12);
    for (let i = 0; i < n; i++) {
      const r = rand();
      s += r < 0.85 ? String.fromCharCode(32 + Math.floor(rand() * 95)) : r < 0.99 ? pick(EXTRA) : pick(HOSTILE);
    }
    return s;
  };
  const lines: string[] = [];
  const nLines = 1 + Math.floor(rand() * 3);
  for (let l = 0; l < nLines; l++) {
    let line = '';
    const parts = 1 + Math.floor(rand() * 4);
    for (let p = 0; p < parts; p++) {
      const r = rand();
      if (r < 0.45) line += plain();
      else if (r < 0.97) line += pick(STYLES)(plain());
      else line += pick(OPEN) + plain(); // left open, or not a colour
    }
    lines.push(line);
  }
  return lines.join('\n');
}

/** Draws the same random operations into Ink's Output and the faster one. */
function randomFrame(seed: number): { ink: string; ours: string; fast: boolean } {
  const rand = prng(seed);
  const width = 10 + Math.floor(rand() * 110);
  const height = 1 + Math.floor(rand() * 12);
  const a = new InkOutput({ width, height });
  const b = new Faster({ width, height });
  const ops: InkOutputBase['operations'] = [];
  const spaced = rand() < 0.5; // one write per row, side by side: the panes' way
  const n = 1 + Math.floor(rand() * 10);
  let clips = 0;
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.05) {
      const clip = { x1: Math.floor(rand() * width), x2: Math.floor(rand() * width), y1: 0, y2: Math.floor(rand() * height) };
      for (const o of [a, b]) o.clip(clip);
      clips++;
      continue;
    }
    if (r < 0.08 && clips > 0) {
      for (const o of [a, b]) o.unclip();
      clips--;
      continue;
    }
    const x = spaced ? i * 30 : Math.floor(rand() * width) - (rand() < 0.05 ? 3 : 0);
    const y = spaced ? Math.floor(rand() * height) : Math.floor(rand() * (height + 2)) - (rand() < 0.05 ? 2 : 0);
    const text = spaced ? randomText(rand).split('\n')[0]! : randomText(rand);
    const transformers = rand() < 0.15 ? [(s: string, idx: number) => (idx % 2 ? chalk.green(s) : s)] : [];
    for (const o of [a, b]) o.write(x, y, text, { transformers });
  }
  ops.push(...b.operations);
  const fast = composeRows(ops, width, height, new CodePointWidths(stringWidth)) !== undefined;
  return { ink: a.get().output, ours: b.get().output, fast };
}

describe("Ink's Output with the fast path", () => {
  it('shows the same cells as Ink on 2,000 random frames, and takes the fast path on many', () => {
    let fast = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const { ink, ours, fast: f } = randomFrame(seed);
      if (f) fast++;
      expect(cells(ours), `seed ${seed}`).toEqual(cells(ink));
    }
    expect(fast).toBeGreaterThan(200);
    expect(fast).toBeLessThan(1900);
  });

  it('leaves to Ink what it cannot place: overlaps, clips, other escapes, combining marks, controls; closes open styles', () => {
    const widths = new CodePointWidths(stringWidth);
    const w = (x: number, y: number, text: string) => ({ type: 'write' as const, x, y, text, transformers: [] });
    expect(composeRows([w(0, 0, 'ab'), w(5, 0, chalk.red('cd'))], 20, 2, widths)?.output).toBe(`ab   ${chalk.red('cd')}\n`);
    expect(composeRows([w(0, 0, 'abc'), w(2, 0, 'x')], 20, 1, widths)).toBeUndefined();
    expect(composeRows([{ type: 'clip', clip: {} }, w(0, 0, 'a')], 20, 1, widths)).toBeUndefined();
    expect(composeRows([w(0, 0, '\x1b[31mred'), w(4, 0, 'x')], 20, 1, widths)?.output).toBe('\x1b[31mred\x1b[0m x');
    expect(composeRows([w(0, 0, '\x1b]8;;https://x.org\x07link')], 20, 1, widths)).toBeUndefined();
    expect(composeRows([w(0, 0, '\x1b[2Kx')], 20, 1, widths)).toBeUndefined();
    expect(composeRows([w(0, 0, 'e\u0301')], 20, 1, widths)).toBeUndefined();
    expect(composeRows([w(0, 0, 'a\tb')], 20, 1, widths)).toBeUndefined();
    expect(composeRows([w(0, 0, '中文 │ ▶')], 20, 1, widths)?.output).toBe('中文 │ ▶');
  });

  it('takes the fast path on every frame of a TUI session, with the same cells as Ink', async () => {
    // Every Output Ink makes while the session runs: its operations, replayed below.
    const seen: InkOutputBase['operations'][] = [];
    const proto = InkOutput.prototype as { get: () => { output: string; height: number } };
    const original = proto.get;
    const sizes: [number, number][] = [];
    proto.get = function (this: InkOutputBase) {
      seen.push([...this.operations]);
      sizes.push([this.width, this.height]);
      return original.call(this);
    };
    try {
      // (at 64 columns the source pane cuts the demo's longer lines, styles and all)
      for (const [cols, rows] of [
        [120, 40],
        [64, 24],
      ] as const) {
        const { store, ink } = mountApp(new FakeEngine() as unknown as Engine, cols, rows);
        await store.start();
        for (const cmd of ['s', 'n', 'n', 'b 12', 's', 'p items', 'w', 'c']) {
          store.submit(cmd);
          await store.whenIdle();
          await new Promise((r) => setImmediate(r));
        }
        ink.unmount();
      }
    } finally {
      proto.get = original;
    }
    expect(seen.length).toBeGreaterThan(16);
    const widths = new CodePointWidths(stringWidth);
    // some lines were cut with a style open, and closed by the fast path
    const open = seen.flat().filter((op) => op.type === 'write' && op.text.split('\n').some((l) => lineWidth(l, widths)?.open));
    expect(open.length).toBeGreaterThan(0);
    for (const [i, ops] of seen.entries()) {
      const [width, height] = sizes[i]!;
      const ours = composeRows(ops, width, height, widths);
      expect(ours, `frame ${i} left to Ink`).toBeDefined();
      const reference = new InkOutput({ width, height });
      (reference as unknown as { operations: unknown[] }).operations = ops;
      expect(cells(ours!.output), `frame ${i}`).toEqual(cells(reference.get().output));
    }
  });

  it('is what the bundle gives Ink', () => {
    const bundle = join(ROOT, 'dist', 'bundle');
    if (!existsSync(bundle)) return; // no build: nothing bundled to check
    const chunks = readdirSync(bundle).filter((f) => f.endsWith('.js'));
    // the call in the module that stands for ink/build/output.js (not the definition)
    expect(chunks.some((f) => /=\s*fasterOutput\(\w+,\s*\w+\)/.test(readFileSync(join(bundle, f), 'utf8')))).toBe(true);
  });
});
