// Command arguments read as pdb reads them (Python's int(), shlex.split).

/** Python's int() of a command argument, or null. */
export function parseIntArg(s: string): number | null {
  const t = s.trim().replace(/_/g, '');
  return /^[-+]?\d+$/.test(t) ? Number(t) : null;
}

/** shlex.split (enough for `restart` arguments): null on an unclosed quote. */
export function shlexSplit(s: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let q: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (q) {
      if (ch === q) q = null;
      else if (ch === '\\' && q === '"' && i + 1 < s.length) cur += s[++i];
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      q = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else if (ch === '\\' && i + 1 < s.length) cur += s[++i];
    else cur += ch;
  }
  if (q) return null;
  if (has || cur) out.push(cur);
  return out;
}
