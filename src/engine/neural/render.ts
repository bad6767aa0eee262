// pdb's text for frames the neural engine predicted: the stack entry
// (Pdb.format_stack_entry), source listings (Pdb._print_lines), and
// reprlib.repr, which pdb applies to return values in `--Return--` entries.
// Byte for byte what CPython 3.11's pdb prints for the same frames.

import { parseRepr, repr as pyRepr, strRepr, type Value } from '../../pyval/index.js';
import { order, pySort } from '../../pyval/ops.js';

/** One frame as pdb's stack holds it (program frames and bdb's own). */
export interface PdbFrame {
  file: string;
  line: number;
  func: string;
  /** The frame's `__return__` (repr), when it stopped at its return event. */
  retval?: string;
  /** The program frame this is (index into the stop's program frames, 0 = module); absent for bdb's and pdb's own frames. */
  level?: number;
}

/** linecache.getline for a frame's file: the line with its newline, or ''. */
export type GetLine = (file: string, line: number) => string;

/** Pdb.format_stack_entry with print_stack_entry's prefix, plus a newline. */
export function stackEntry(f: PdbFrame, getLine: GetLine, current: boolean): string {
  let s = `${current ? '> ' : '  '}${f.file}(${f.line})${f.func || '<lambda>'}()`;
  if (f.retval !== undefined) s += `->${reprlibRepr(f.retval)}`;
  const line = getLine(f.file, f.line);
  // linecache's line keeps its newline: a blank line still prints '-> '
  if (line) s += `\n-> ${line.trim()}`;
  return `${s}\n`;
}

/** Pdb._print_lines: numbered lines, 'B' on breakpoints, '->' on the current line, '>>' on the exception line. */
export function printLines(lines: string[], start: number, breaks: ReadonlySet<number>, current = -1, excLine = -1): string {
  let out = '';
  lines.forEach((line, k) => {
    const n = start + k;
    let s = String(n).padStart(3);
    if (s.length < 4) s += ' ';
    s += breaks.has(n) ? 'B' : ' ';
    if (n === current) s += '->';
    else if (n === excLine) s += '>>';
    out += `${s}\t${line.replace(/\s+$/, '')}\n`;
  });
  return out;
}

// ------------------------------------------------------------------ reprlib
const MAX = { level: 6, tuple: 6, list: 6, dict: 4, set: 6, frozenset: 6, string: 30, long: 40, other: 30 };

function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const i = Math.max(0, Math.floor((max - 3) / 2));
  const j = Math.max(0, max - 3 - i);
  return s.slice(0, i) + '...' + s.slice(s.length - j);
}

function possiblySorted(items: Value[]): Value[] {
  try {
    return pySort(items.slice(), (a, b) => order('<', a, b));
  } catch {
    return items;
  }
}

function iterable(items: Value[], level: number, left: string, right: string, max: number, trail = ''): string {
  const n = items.length;
  let s: string;
  if (level <= 0 && n) s = '...';
  else {
    const pieces = items.slice(0, max).map((x) => repr1(x, level - 1));
    if (n > max) pieces.push('...');
    s = pieces.join(', ');
  }
  if (n === 1 && trail) right = trail + right;
  return `${left}${s}${right}`;
}

function codePoints(s: string): string[] {
  return Array.from(s);
}

function repr1(v: Value, level: number): string {
  switch (v.kind) {
    case 'tuple':
      return iterable([...v.items], level, '(', ')', MAX.tuple, ',');
    case 'list':
      return iterable(v.items, level, '[', ']', MAX.list);
    case 'set':
      if (v.store.size === 0) return 'set()';
      return iterable(possiblySorted(v.store.values()), level, '{', '}', MAX.set);
    case 'frozenset':
      if (v.store.size === 0) return 'frozenset()';
      return iterable(possiblySorted(v.store.values()), level, 'frozenset({', '})', MAX.frozenset);
    case 'dict': {
      const n = v.store.size;
      if (n === 0) return '{}';
      if (level <= 0) return '{...}';
      const keys = possiblySorted(v.store.keys()).slice(0, MAX.dict);
      const pieces = keys.map((k) => `${repr1(k, level - 1)}: ${repr1(v.store.get(k)!, level - 1)}`);
      if (n > MAX.dict) pieces.push('...');
      return `{${pieces.join(', ')}}`;
    }
    case 'str': {
      const cps = codePoints(v.v);
      let s = strRepr(cps.slice(0, MAX.string).join(''));
      if (s.length > MAX.string) {
        const i = Math.max(0, Math.floor((MAX.string - 3) / 2));
        const j = Math.max(0, MAX.string - 3 - i);
        s = strRepr(cps.slice(0, i).join('') + cps.slice(cps.length - j).join(''));
        s = s.slice(0, i) + '...' + s.slice(s.length - j);
      }
      return s;
    }
    case 'int':
      return cut(pyRepr(v), MAX.long);
    case 'opaque':
      return cut(v.text, MAX.other);
    default:
      return cut(pyRepr(v), MAX.other);
  }
}

/** reprlib.repr of a value known by its repr (an unreadable repr is cut as an object's). */
export function reprlibRepr(text: string): string {
  let v: Value;
  try {
    v = parseRepr(text);
  } catch {
    return cut(text, MAX.other);
  }
  try {
    return repr1(v, MAX.level);
  } catch {
    return cut(text, MAX.other);
  }
}
