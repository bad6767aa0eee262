// Files other than the script that pdb's texts show: bdb.py and pdb.py in `w`
// and `l` of pdb's own frames, modules named in `b file:line`. They are read
// (cached, as linecache does), never run.

import { existsSync, readFileSync, statSync } from 'node:fs';

const cache = new Map<string, string[]>();

/** The file's lines, each with its newline (none for a file that cannot be read). */
export function otherFileLines(file: string): string[] {
  let lines = cache.get(file);
  if (!lines) {
    try {
      const parts = readFileSync(file, 'utf8').split('\n');
      if (parts[parts.length - 1] === '') parts.pop();
      lines = parts.map((l) => `${l}\n`);
    } catch {
      lines = [];
    }
    cache.set(file, lines);
  }
  return lines;
}

/** linecache.getline: line `n` with its newline, or ''. */
export function otherFileLine(file: string, n: number): string {
  const lines = otherFileLines(file);
  return n >= 1 && n <= lines.length ? lines[n - 1]! : '';
}

export function fileExists(p: string): boolean {
  try {
    return existsSync(p) && statSync(p).isFile();
  } catch {
    return false;
  }
}
