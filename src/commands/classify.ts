// Which typed lines are debugger commands and which are Python: one rule, here,
// for every front end and for the neural engine's command loop, so that `n`,
// `c` or `s` as variable names mean the same thing wherever they are typed.
//
// Two readings of a line:
// - pdb's (`pdbLine`): what CPython's pdb does at its prompt on a given Python.
//   cmd.Cmd reads the command as the longest run of "identchars" at the start of
//   the line; Python 3.13's pdb widened them with operator and bracket
//   characters, so `c.a`, `s.upper()` or `n+1` form a word that names no command
//   and run as Python, while `n + 1` (a space ends the word) is still `next`.
//   Line mode and the TUI use this reading, so they stay byte for byte pdb's.
// - the editor's debug console (`consoleLine`): pdb's 3.13 reading on every
//   Python, and further a line whose first word is a command but which as a
//   whole is a Python expression or statement over a name the frame has
//   (`n + 41` with a local `n`, `c * 2`, `n = 1`) is Python too, as debugpy's
//   console evaluates what it is given. A command word alone (`n`, `c`) stays
//   the command, as in pdb.

import type { StopEvent } from '../engine/engine.js';
import { parseExpression, parseStatements } from '../pyval/parser.js';
import { commandNames, commandWord, parseVersion, type Version } from '../engine/pdbCommands.js';
import { isReverseName } from './reverse.js';

export { parseVersion, pdbWord } from '../engine/pdbCommands.js';

/** The Python the console reads lines as (its rule does not depend on the debuggee's Python). */
const CONSOLE_PYTHON: Version = [3, 13];

/** What a line is: a command (its name and the rest of the line) or Python source. */
export type LineKind = { kind: 'command'; name: string; arg: string } | { kind: 'expression'; source: string };

/**
 * The line as pdb on `python` ('3.12.1'; absent: an older pdb) reads it: a
 * command with its argument (an empty line repeats the last command: name
 * ''), or Python (`!stmt`, or a first word that names no command). ndbg's
 * reverse commands are commands on every Python.
 */
export function pdbLine(line: string, python?: string): LineKind {
  return read(line, parseVersion(python));
}

function read(line: string, v: Version): LineKind {
  let t = line.trim();
  if (t === '') return { kind: 'command', name: '', arg: '' };
  if (t[0] === '!') return { kind: 'expression', source: t.slice(1).trim() };
  if (isReverseName(t)) return { kind: 'command', name: t, arg: '' };
  if (t[0] === '?') t = `help ${t.slice(1)}`;
  const name = commandWord(t, v);
  if (name === '' || !commandNames(v).has(name)) return { kind: 'expression', source: t };
  return { kind: 'command', name, arg: t.slice(name.length).trim() };
}

/**
 * The line as the editor's debug console reads it, in a frame that has
 * `names` (its locals and the module's globals): pdb's 3.13 reading, and a
 * command word that is one of `names` followed by the rest of a Python
 * expression or statement (`n + 41`, `c * 2`, `n = 1`) is Python too.
 */
export function consoleLine(line: string, names: Iterable<string>): LineKind {
  const r = read(line, CONSOLE_PYTHON);
  if (r.kind === 'expression' || r.arg === '' || r.name === 'EOF') return r;
  const source = line.trim();
  const binds = /^(?:[-+*/%&|^@]|\*\*|\/\/|<<|>>)?=(?!=)/.test(r.arg);
  if ((binds || new Set(names).has(r.name)) && isPython(source)) return { kind: 'expression', source };
  return r;
}

/** The command of a line as pdb reads it, or undefined when the line is Python. */
export function commandOf(line: string, python?: string): { name: string; arg: string } | undefined {
  const r = pdbLine(line, python);
  return r.kind === 'command' ? { name: r.name, arg: r.arg } : undefined;
}

/** True when `source` is a Python expression. */
export function isExpression(source: string): boolean {
  try {
    parseExpression(source);
    return true;
  } catch {
    return false;
  }
}

function isPython(source: string): boolean {
  if (isExpression(source)) return true;
  try {
    return parseStatements(source).length > 0;
  } catch {
    return false;
  }
}

/** The names a line typed in `frame` of `stop` (default: the selected one) can use: its locals and its module's globals. */
export function namesOf(stop: StopEvent | undefined, frame?: number): string[] {
  if (!stop) return [];
  const f = stop.frames[frame ?? stop.selected];
  if (!f) return [];
  const module = stop.frames.find((x) => x.func === '<module>' && x.file === f.file);
  return [...Object.keys(f.locals), ...Object.keys(module?.locals ?? {})];
}
