// string-width (the package Ink and its helpers measure every line of every frame
// with), as the bundle gives it to them: remembered per string, and without its
// grapheme segmenter and Unicode-property regular expressions for the text the
// TUI is made of. Its first call on a non-ASCII string compiles those expressions,
// 25-30 ms, and each new line through them costs 0.1-0.2 ms: 30-45 ms of the TUI's
// first frame here, for borders, arrows and dots.
//
// `plainWidth` answers for strings of SGR escapes, printable ASCII and the code
// points in NARROW, each one column wide and a grapheme of its own beside any of
// them (test/tui/stringWidth.test.ts checks every one against string-width); any
// other string goes to string-width itself. scripts/bundle.mjs wraps every copy
// of string-width in the bundle with `rememberedWidth`.

import { sgrAt } from './ansi.js';

/** Code point ranges (inclusive) that string-width measures at 1 and never joins to a neighbour from this set. */
export const NARROW: readonly (readonly [number, number])[] = [
  [0xa1, 0xac], // Latin-1 punctuation and letters (not the soft hyphen)
  [0xae, 0x2ff], // Latin-1, Latin Extended, IPA, spacing modifiers
  [0x370, 0x377], // Greek and Coptic, assigned
  [0x37a, 0x37f],
  [0x384, 0x38a],
  [0x38c, 0x38c],
  [0x38e, 0x3a1],
  [0x3a3, 0x482], // ... and Cyrillic, up to its combining marks
  [0x2010, 0x2027], // dashes, quotes, bullets, the ellipsis
  [0x202f, 0x205e],
  [0x2190, 0x22ff], // arrows, mathematical operators
  [0x2500, 0x25fc], // box drawing, blocks, geometric shapes (the pane borders, the arrows)
  [0x25ff, 0x25ff],
];

function narrow(cp: number): boolean {
  for (const [lo, hi] of NARROW) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
}

/** Width of `text` when it holds only SGR escapes, printable ASCII and NARROW code points; else undefined. */
export function plainWidth(text: string): number | undefined {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) w++;
    else if (c === 0x1b) {
      const sgr = sgrAt(text, i);
      if (sgr === undefined) return undefined; // an escape other than SGR
      i += sgr.length - 1;
    } else if (narrow(c)) w++;
    else return undefined; // (NARROW is all in the BMP: a surrogate ends here too)
  }
  return w;
}

type Measure = (text: string, options?: unknown) => number;

/** `measure` (string-width) remembering what it measured, and measuring plain text itself. */
export function rememberedWidth(measure: Measure): Measure {
  const known = new Map<string, number>();
  return function stringWidth(text: string, options?: unknown): number {
    if (options !== undefined || typeof text !== 'string') return measure(text, options);
    let width = known.get(text);
    if (width === undefined) {
      width = plainWidth(text) ?? measure(text);
      if (known.size >= 20000) known.clear();
      known.set(text, width);
    }
    return width;
  };
}
