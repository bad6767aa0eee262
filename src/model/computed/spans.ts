// A statement written over several lines (`d = {` ... `}`): CPython reports a line
// event on several of its lines before it finishes, in an order cfg.py reads from the
// compiled statement (paths.py; `Program.pathOf`), and only the last of them runs the
// statement to its end. From one of the others the step changes nothing a state
// shows and leads to the next line of the order, where what the statement evaluates
// in between prints nothing and calls nothing of the program. Which of a repeated
// line's events a state is (`t = (x,` / `x + 1)` reports 10, 11, 10) the history says.

import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import type { ComputedStep } from './types.js';
import { argumentsAt, definedNames, modelledImports, OWN_FRAMES, runsProgramCode, statementAt } from './scope.js';

/** The statement's line events so far, this one last: the frame's line events since it began, from the history. */
function eventsSoFar(before: ModelState, history: readonly HistoryEntry[] | undefined, lines: ReadonlySet<number>): number[] {
  const run = [before.line!];
  const same = (s: ModelState) => s.func === before.func && s.stack.length === before.stack.length && s.stack.every((l, i) => l === before.stack[i]);
  for (let i = (history?.length ?? 0) - 2; i >= 0; i--) {
    const s = history![i]!.state;
    if (s.stack.length > before.stack.length) continue; // a call the statement made
    if (!same(s) || s.event !== 'line' || s.line === null || !lines.has(s.line)) break;
    run.unshift(s.line);
  }
  return run;
}

/**
 * Whether every call of the program's code (and every `print`) in a statement over
 * several lines starts on its first line and takes the rest of the statement as
 * its arguments (`print(table(headers,` / `rows))`): such calls run only when
 * the statement's last line event, back on its first line, has come, so the line
 * events before it evaluate nothing but the arguments. A name of the program used
 * otherwise (passed as a value, called on a later line) could run at any time.
 */
export function callsRunLast(stmt: string, lines: readonly string[]): boolean {
  const defined = definedNames(lines);
  const modelled = modelledImports(lines);
  const lastLine = stmt.lastIndexOf('\n');
  for (const m of stmt.matchAll(/(?<![\w.])[A-Za-z_]\w*/g)) {
    const name = m[0];
    if (name !== 'print' && (!defined.has(name) || modelled.has(name))) continue;
    const open = /^\s*\(/.exec(stmt.slice(m.index! + name.length));
    if (!open || stmt.slice(0, m.index!).includes('\n')) return false;
    const args = argumentsAt(stmt, m.index! + name.length + open[0].length - 1);
    if (!args || args.close < lastLine) return false;
  }
  return true;
}

/**
 * The step from a line event inside a statement over several lines: undefined where
 * the line is no such statement's; `{ finishes }` where the statement runs to its end
 * from here (the ordinary rules run it; `next`: the line after it, where one); a step
 * that changes nothing, to the next line of the order; null where it cannot be told.
 */
export function withinStatement(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
): ComputedStep | { finishes: true; next?: number } | null | undefined {
  if (!program || program.error || before.line === null) return undefined;
  const at = program.pathOf.get(before.line);
  if (!at) return undefined;
  const { first, path } = at;
  // (other lines of the frame come between two runs of the statement, even in a loop)
  const run = eventsSoFar(before, history, new Set(path));
  const k = run.length - 1;
  if (k >= path.length || run.some((l, i) => l !== path[i])) return null;
  if (k === path.length - 1) {
    // the ordinary rules read the statement from its first line, as if all of it ran from here
    if (before.line !== first) return null;
    const whole = statementAt(lines, first);
    if (whole === null || ((runsProgramCode(whole, lines) || /\b(?:print|input)\s*\(/.test(whole)) && !callsRunLast(whole, lines))) return null;
    const after = [...new Set(program.scopesOf(before.func, before.line)[0]?.succ.get(before.line) ?? [])].filter((l) => !path.includes(l));
    return after.length === 1 ? { finishes: true, next: after[0]! } : { finishes: true };
  }
  const stmt = statementAt(lines, first);
  if (stmt === null || /\binput\s*\(/.test(stmt)) return null;
  if ((runsProgramCode(stmt, lines) || /\bprint\s*\(/.test(stmt)) && !(path[path.length - 1] === first && callsRunLast(stmt, lines))) return null;
  if (action.kind === 'step_into' && OWN_FRAMES.test(stmt)) return null;
  return { changes: {}, deleted: [], stdout: '', next: path[k + 1]! };
}
