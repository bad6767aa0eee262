// Terminal-cell arithmetic on strings that may carry SGR colour codes. The panes
// pre-cut every line to its exact width, so Ink never wraps and the screen writer
// knows where each line ends.

// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/y;
// eslint-disable-next-line no-control-regex
const ANY_ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[@-Z\\-_])/g;

/** Columns a code point occupies: 0 (combining, control), 1, or 2 (wide). */
export function charWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (
    (cp >= 0x300 && cp <= 0x36f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  ) {
    return 0;
  }
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** The SGR sequence (`\x1b[1;31m`) that starts at `i` in `s`, if one does. */
export function sgrAt(s: string, i: number): string | undefined {
  if (s.charCodeAt(i) !== 0x1b) return undefined;
  SGR.lastIndex = i;
  return SGR.exec(s)?.[0];
}

/** Visible width in terminal cells, ignoring SGR sequences. */
export function visibleWidth(s: string): number {
  let width = 0;
  for (let i = 0; i < s.length; ) {
    const sgr = sgrAt(s, i);
    if (sgr) {
      i += sgr.length;
      continue;
    }
    const cp = s.codePointAt(i)!;
    width += charWidth(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return width;
}

/**
 * Cut `s` to at most `width` cells, keeping SGR codes. A style cut open stays
 * open (Ink closes every style at the end of a line; a caller that wraps the
 * result in a background colour wants that colour to reach the padding).
 */
export function truncate(s: string, width: number, ellipsis = ''): string {
  if (width <= 0) return '';
  if (visibleWidth(s) <= width) return s;
  const room = width - visibleWidth(ellipsis);
  let out = '';
  let used = 0;
  for (let i = 0; i < s.length; ) {
    const sgr = sgrAt(s, i);
    if (sgr) {
      out += sgr;
      i += sgr.length;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const w = charWidth(cp);
    if (used + w > room) break;
    out += String.fromCodePoint(cp);
    used += w;
    i += cp > 0xffff ? 2 : 1;
  }
  return out + ellipsis;
}

/** Pad (or cut) to exactly `width` cells. */
export function fit(s: string, width: number): string {
  const t = truncate(s, width);
  const w = visibleWidth(t);
  return w < width ? t + ' '.repeat(width - w) : t;
}

/** Right-align within `width` cells. */
export function padStart(s: string, width: number): string {
  const w = visibleWidth(s);
  return w < width ? ' '.repeat(width - w) + s : s;
}

export function stripAnsi(s: string): string {
  return s.replace(ANY_ESCAPE, '');
}

/**
 * Make text from the debuggee or the engine safe to put on screen: escape
 * sequences removed (a program printing `\x1b[2J` must not clear our screen),
 * tabs expanded, carriage returns resolved the way a terminal would (keep what
 * follows the last one), other control characters dropped.
 */
export function sanitizeLine(s: string, tabWidth = 8): string {
  let t = s.replace(ANY_ESCAPE, '');
  const cr = t.lastIndexOf('\r');
  if (cr >= 0) t = cr === t.length - 1 ? t.slice(0, cr) : t.slice(cr + 1);
  if (t.includes('\t')) {
    let out = '';
    let col = 0;
    for (const ch of t) {
      if (ch === '\t') {
        const n = tabWidth - (col % tabWidth);
        out += ' '.repeat(n);
        col += n;
      } else {
        out += ch;
        col += charWidth(ch.codePointAt(0)!);
      }
    }
    t = out;
  }
  // eslint-disable-next-line no-control-regex
  return t.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '');
}
