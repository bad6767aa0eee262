// Source files as the source pane needs them: split into lines once, highlighted
// one line at a time, only when a line is first shown. Highlighting a whole
// 20,000-line file with highlight.js takes seconds; a visible window of 40 lines
// takes milliseconds. Lines inside a triple-quoted string are found by a cheap
// scan so that highlighting line by line still colours docstrings right.
import { readFileSync } from 'node:fs';
import { sanitizeLine } from './ansi.js';
import { highlightPython } from './highlight.js';
import { syntaxTheme, c } from './theme.js';

export type SourceReader = (file: string) => string | undefined;

export const readSource: SourceReader = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

type Quote = '"""' | "'''" | null;

export class SourceFile {
  readonly lines: string[];
  /** Triple-quote state at the start of each line, filled as far as needed. */
  private starts: Quote[] = [null];
  private cache = new Map<number, string>();

  constructor(
    readonly path: string,
    text: string,
  ) {
    const lines = text.split(/\r?\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    this.lines = lines.map((l) => sanitizeLine(l, 4));
  }

  get length(): number {
    return this.lines.length;
  }

  /** Plain text of 1-based line `n` ('' when out of range). */
  text(n: number): string {
    return this.lines[n - 1] ?? '';
  }

  /** Highlighted text of 1-based line `n`, cached. */
  highlighted(n: number): string {
    const hit = this.cache.get(n);
    if (hit !== undefined) return hit;
    const line = this.text(n);
    const open = this.quoteAt(n);
    let out: string;
    if (open) {
      const end = closeOf(line, 0, open);
      out = end < 0 ? c.red(line) : c.red(line.slice(0, end)) + hl(line.slice(end));
    } else {
      out = hl(line);
    }
    this.cache.set(n, out);
    return out;
  }

  private quoteAt(n: number): Quote {
    while (this.starts.length < n) {
      const i = this.starts.length; // state at start of line i+1 from line i
      this.starts.push(scanLine(this.lines[i - 1] ?? '', this.starts[i - 1]!));
    }
    return this.starts[n - 1]!;
  }
}

function hl(code: string): string {
  if (code.trim() === '') return code;
  try {
    return highlightPython(code, syntaxTheme);
  } catch {
    return code;
  }
}

/** Index just past the closing `q` at or after `from`, or -1. */
function closeOf(line: string, from: number, q: string): number {
  for (let i = from; i < line.length; i++) {
    if (line[i] === '\\') {
      i++;
      continue;
    }
    if (line.startsWith(q, i)) return i + q.length;
  }
  return -1;
}

/** Triple-quote state at the end of `line`, given the state at its start. */
function scanLine(line: string, open: Quote): Quote {
  let i = 0;
  if (open) {
    const end = closeOf(line, 0, open);
    if (end < 0) return open;
    i = end;
  }
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === '#') return null;
    if (ch === '"' || ch === "'") {
      const triple = ch.repeat(3);
      if (line.startsWith(triple, i)) {
        const end = closeOf(line, i + 3, triple);
        if (end < 0) return triple as Quote;
        i = end;
        continue;
      }
      const end = closeOf(line, i + 1, ch);
      if (end < 0) return null;
      i = end;
      continue;
    }
    i++;
  }
  return null;
}

export class SourceCache {
  private files = new Map<string, SourceFile | null>();
  constructor(private read: SourceReader = readSource) {}

  clear(): void {
    this.files.clear();
  }

  get(path: string): SourceFile | undefined {
    let f = this.files.get(path);
    if (f === undefined) {
      const text = this.read(path);
      f = text === undefined ? null : new SourceFile(path, text);
      this.files.set(path, f);
    }
    return f ?? undefined;
  }
}
