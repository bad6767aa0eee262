// Ink's Output (ink/build/output.js: the grid each frame is drawn into) with a
// fast path for the lines ndbg's panes write. Ink's own get() cuts every line of
// every frame into grapheme objects (Intl.Segmenter, one object per cell, each
// with its styles) and joins them back: 40-60 ms of the TUI's first frame and
// 8-28 ms of each later one on a 2-core machine, for lines the panes have already
// cut to their width.
//
// The fast path composes each row from the lines written on it as they are, with
// spaces between, when every line on every row
//   - is written outside any clip region, at x >= 0,
//   - holds no escapes but SGR ones (colours, bold, ...) that this knows; a line
//     that leaves a style open gets a reset at its end, as Ink ends each line's
//     styles with the line,
//   - has only characters that are their own grapheme (no combining marks, joiners,
//     variation selectors, flags, emoji modifiers, Hangul jamo, controls) and that
//     string-width measures at 1 or 2 columns, which is how Ink advances over them,
//   - and overlaps no other line on its row (Ink's later write would cover an
//     earlier one) and ends within the frame's width.
// Otherwise the frame is Ink's own get(). The screen shows the same cells either
// way; the bytes may differ only in how styles are spelled (Ink re-spells them).
// test/tui/inkOutput.test.ts checks that cell by cell against Ink's Output on
// seeded random frames. scripts/bundle.mjs puts this class where Ink's renderer
// imports its Output.

import { sgrAt } from './ansi.js';

type Transformer = (line: string, index: number) => string;
type Operation = { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] } | { type: 'clip'; clip: unknown } | { type: 'unclip' };

export interface InkOutputBase {
  width: number;
  height: number;
  operations: Operation[];
  get(): { output: string; height: number };
}
// biome-ignore lint/suspicious/noExplicitAny: a mixin's base constructor, as TypeScript requires it
type OutputClass = new (...args: any[]) => InkOutputBase;

/** Ink's Output class, with get() taking the fast path where it applies. */
export function fasterOutput<C extends OutputClass>(Base: C, stringWidth: (text: string) => number): C {
  const widths = new CodePointWidths(stringWidth);
  return class FasterOutput extends Base {
    override get(): { output: string; height: number } {
      return composeRows(this.operations, this.width, this.height, widths) ?? super.get();
    }
  };
}

interface Piece {
  x: number;
  end: number;
  text: string;
}

/** The frame from `operations` by the fast path, or undefined where it does not apply. */
export function composeRows(operations: Operation[], width: number, height: number, widths: CodePointWidths): { output: string; height: number } | undefined {
  const rows: Piece[][] = Array.from({ length: height }, () => []);
  let clips = 0;
  for (const op of operations) {
    if (op.type === 'clip') clips++;
    else if (op.type === 'unclip') clips = Math.max(0, clips - 1);
    else {
      if (!op.text) continue;
      if (clips > 0 || op.x < 0) return undefined;
      const lines = op.text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const row = rows[op.y + i];
        // Ink skips the rows outside the frame (and every line when y < 0)
        if (row === undefined) {
          if (op.y < 0) break;
          continue;
        }
        let line = lines[i]!;
        for (const t of op.transformers) line = t(line, i);
        const w = lineWidth(line, widths);
        if (w === undefined) return undefined;
        if (w.open) line += '\x1b[0m';
        if (w.columns > 0) row.push({ x: op.x, end: op.x + w.columns, text: line });
      }
    }
  }
  const out: string[] = new Array(height);
  for (let y = 0; y < height; y++) {
    const pieces = rows[y]!;
    if (pieces.length > 1) pieces.sort((a, b) => a.x - b.x);
    let s = '';
    let at = 0;
    for (const p of pieces) {
      // overlaps the one before, or runs past the grid (where Ink closes up the gaps)
      if (p.x < at || p.end > width) return undefined;
      if (p.x > at) s += ' '.repeat(p.x - at);
      s += p.text;
      at = p.end;
    }
    out[y] = s.trimEnd();
  }
  return { output: out.join('\n'), height };
}

// SGR attributes by the code that closes them; a line is closed when none is open.
const FG = 1;
const BG = 2;
const BOLD = 4;
const DIM = 8;
const ITALIC = 16;
const UNDERLINE = 32;
const BLINK = 64;
const INVERSE = 128;
const HIDDEN = 256;
const STRIKE = 512;
const OVERLINE = 1024;

/** The attributes open after the SGR parameters `params` (`1;31`), or -1 for one this does not know. */
function applySgr(open: number, params: string): number {
  if (params === '') return 0;
  const codes = params.split(';');
  for (let i = 0; i < codes.length; i++) {
    const c = Number(codes[i]);
    if (!Number.isInteger(c) || codes[i] === '') return -1;
    if (c === 0) open = 0;
    else if (c === 1) open |= BOLD;
    else if (c === 2) open |= DIM;
    else if (c === 22) open &= ~(BOLD | DIM);
    else if (c === 3) open |= ITALIC;
    else if (c === 23) open &= ~ITALIC;
    else if (c === 4) open |= UNDERLINE;
    else if (c === 24) open &= ~UNDERLINE;
    else if (c === 5) open |= BLINK;
    else if (c === 25) open &= ~BLINK;
    else if (c === 7) open |= INVERSE;
    else if (c === 27) open &= ~INVERSE;
    else if (c === 8) open |= HIDDEN;
    else if (c === 28) open &= ~HIDDEN;
    else if (c === 9) open |= STRIKE;
    else if (c === 29) open &= ~STRIKE;
    else if (c === 53) open |= OVERLINE;
    else if (c === 55) open &= ~OVERLINE;
    else if ((c >= 30 && c <= 37) || (c >= 90 && c <= 97)) open |= FG;
    else if (c === 39) open &= ~FG;
    else if ((c >= 40 && c <= 47) || (c >= 100 && c <= 107)) open |= BG;
    else if (c === 49) open &= ~BG;
    else if (c === 38 || c === 48) {
      // 256 colours (38;5;n) and true colours (38;2;r;g;b)
      const kind = codes[i + 1];
      const skip = kind === '5' ? 2 : kind === '2' ? 4 : 0;
      if (skip === 0 || i + skip >= codes.length) return -1;
      for (let k = 2; k <= skip; k++) if (!/^\d+$/.test(codes[i + k]!)) return -1;
      open |= c === 38 ? FG : BG;
      i += skip;
    } else return -1; // the rest: Ink's way
  }
  return open;
}

/**
 * Columns `line` takes in Ink's grid and whether it leaves a style open, or
 * undefined when the fast path does not apply to it.
 */
export function lineWidth(line: string, widths: CodePointWidths): { columns: number; open: boolean } | undefined {
  let open = 0;
  let w = 0;
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) {
      w++;
      i++;
    } else if (c === 0x1b) {
      const sgr = sgrAt(line, i);
      if (sgr === undefined) return undefined; // an escape other than SGR
      open = applySgr(open, sgr.slice(2, -1));
      if (open < 0) return undefined;
      i += sgr.length;
    } else {
      const cp = line.codePointAt(i)!;
      const cw = widths.of(cp);
      if (cw === 0) return undefined;
      w += cw;
      i += cp > 0xffff ? 2 : 1;
    }
  }
  return { columns: w, open: open !== 0 };
}

// Code points that are not a grapheme of their own, or that join others into one.
const JOINING = /^[\p{M}\p{C}\p{Emoji_Modifier}\p{Regional_Indicator}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u200c\u200d]$/u;

/** string-width of one code point, 0 for one the fast path leaves to Ink; memoised. */
export class CodePointWidths {
  private known = new Map<number, number>();
  constructor(private stringWidth: (text: string) => number) {}
  of(cp: number): number {
    let w = this.known.get(cp);
    if (w === undefined) {
      const ch = String.fromCodePoint(cp);
      w = JOINING.test(ch) ? 0 : this.stringWidth(ch);
      if (w !== 1 && w !== 2) w = 0;
      this.known.set(cp, w);
    }
    return w;
  }
}
