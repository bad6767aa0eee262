// Python str semantics over JS strings: Python counts code points where JS
// counts UTF-16 units, and has its own notion of whitespace.

const ASTRAL = /[\uD800-\uDFFF]/;

/** The string as an array of code points (one string each), or the string itself when all are BMP. */
export function chars(s: string): string[] {
  return ASTRAL.test(s) ? Array.from(s) : s.split('');
}

export function cpLen(s: string): number {
  if (!ASTRAL.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Python's str.isspace for one character. */
export const PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
export const isSpace = (ch: string): boolean => PY_SPACE.test(ch) && ch.length === 1;

/** Compare by code point (JS compares UTF-16 units, which differs above U+FFFF). */
export function cmpStr(a: string, b: string): number {
  if (!ASTRAL.test(a) && !ASTRAL.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}

/** Python's str.find on code points: index or -1, within [start, end). */
export function cpFind(s: string, sub: string, start: number, end: number, last = false): number {
  const cs = chars(s);
  const subs = chars(sub);
  const n = cs.length;
  const m = subs.length;
  if (start < 0) start = Math.max(0, start + n);
  if (end < 0) end = Math.max(0, end + n);
  end = Math.min(end, n);
  if (start > n || end - start < m) return -1;
  if (!ASTRAL.test(s) && !ASTRAL.test(sub)) {
    const hay = s.slice(0, end);
    if (last) {
      const i = hay.lastIndexOf(sub);
      return i >= start ? i : -1;
    }
    const i = hay.indexOf(sub, start);
    return i;
  }
  if (last) {
    for (let i = end - m; i >= start; i--) if (cs.slice(i, i + m).join('') === sub) return i;
  } else {
    for (let i = start; i + m <= end; i++) if (cs.slice(i, i + m).join('') === sub) return i;
  }
  return -1;
}

/** Non-overlapping occurrences of sub in s[start:end], as str.count. */
export function cpCount(s: string, sub: string, start: number, end: number): number {
  const cs = chars(s);
  const n = cs.length;
  if (start < 0) start = Math.max(0, start + n);
  if (end < 0) end = Math.max(0, end + n);
  end = Math.min(end, n);
  if (start > end) return 0;
  const hay = cs.slice(start, end);
  if (sub === '') return hay.length + 1;
  const subs = chars(sub);
  let count = 0;
  for (let i = 0; i + subs.length <= hay.length; ) {
    if (hay.slice(i, i + subs.length).join('') === sub) {
      count++;
      i += subs.length;
    } else i++;
  }
  return count;
}

/** str.split() with no separator: runs of whitespace, at most maxsplit splits. */
export function splitWhitespace(s: string, maxsplit: number, fromRight = false): string[] {
  const cs = chars(s);
  const out: string[] = [];
  if (!fromRight) {
    let i = 0;
    while (i < cs.length) {
      while (i < cs.length && isSpace(cs[i]!)) i++;
      if (i >= cs.length) break;
      if (maxsplit >= 0 && out.length === maxsplit) {
        out.push(cs.slice(i).join('')); // the rest keeps its trailing whitespace
        break;
      }
      let j = i;
      while (j < cs.length && !isSpace(cs[j]!)) j++;
      out.push(cs.slice(i, j).join(''));
      i = j;
    }
    return out;
  }
  let i = cs.length;
  while (i > 0) {
    while (i > 0 && isSpace(cs[i - 1]!)) i--;
    if (i <= 0) break;
    if (maxsplit >= 0 && out.length === maxsplit) {
      out.push(cs.slice(0, i).join('')); // the rest keeps its leading whitespace
      break;
    }
    let j = i;
    while (j > 0 && !isSpace(cs[j - 1]!)) j--;
    out.push(cs.slice(j, i).join(''));
    i = j;
  }
  return out.reverse();
}

/** str.splitlines: the line boundaries Python recognises. */
export function splitLines(s: string, keepends: boolean): string[] {
  const out: string[] = [];
  const re = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;
  let last = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    out.push(s.slice(last, keepends ? m.index + m[0].length : m.index));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}

/** strip / lstrip / rstrip with Python's whitespace or a set of characters. */
export function stripChars(s: string, set: string | null, left: boolean, right: boolean): string {
  const cs = chars(s);
  const strip = set === null ? isSpace : (c: string): boolean => chars(set).includes(c);
  let i = 0;
  let j = cs.length;
  if (left) while (i < j && strip(cs[i]!)) i++;
  if (right) while (j > i && strip(cs[j - 1]!)) j--;
  return cs.slice(i, j).join('');
}
