// Program output as bytes. The bridge sends what the program wrote as the bytes
// its real stream would have written, read as UTF-8 with Python's
// surrogateescape: a byte that is not UTF-8 arrives as a lone surrogate
// U+DC80..U+DCFF (python/ndbg/bridge/channel.py). Writing such text to a
// terminal or a pipe must give those bytes back, exactly as `python3 -m pdb`
// writes them (Node would write U+FFFD instead).

const ESCAPED = /[\uDC80-\uDCFF]/;

/** The text as bytes: UTF-8, with surrogate-escaped bytes restored; the string itself when it has none. */
export function wireBytes(text: string): string | Buffer {
  if (!ESCAPED.test(text)) return text;
  const parts: Buffer[] = [];
  let run = '';
  for (const ch of text) {
    // for..of yields a valid surrogate pair as one string of length 2, a lone one alone
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xdc80 && c <= 0xdcff) {
      if (run) parts.push(Buffer.from(run, 'utf8'));
      run = '';
      parts.push(Buffer.of(c - 0xdc00));
    } else run += ch;
  }
  if (run) parts.push(Buffer.from(run, 'utf8'));
  return Buffer.concat(parts);
}
