import type { Program } from '../format/cfg.js';
import { CUT_MARKER } from '../format/format.js';
import type { HistoryEntry, ModelState } from '../types.js';
import type { ComputedStep, StepFn } from './types.js';
import { toReturn } from './rollout.js';
import { bindArguments } from './programCalls.js';
import { argumentsAt, definedNames, scopeOf, statementAt } from './scope.js';
import { runStatement } from './statement.js';

/**
 * `n` over a statement whose one call of the program's code is a plain function
 * (callOf): the function's steps computed from its first line to its return
 * (toReturn), then the statement with the returned value in the call's place.
 */
export function overCall(
  stmt: string,
  call: ComputedStep,
  lines: readonly string[],
  before: ModelState,
  program: Program,
  pythonMinor: number | undefined,
  step: StepFn,
): ComputedStep | null {
  const c = call.call!;
  const fn = program.scopes.find((sc) => sc.coName === c.func && sc.callLine === c.line);
  if (fn?.entryLines.length !== 1 || !c.span) return null;
  const callState: ModelState = {
    event: 'call',
    line: c.line,
    func: c.func,
    stack: [...before.stack, before.line!],
    locals: c.locals,
    retval: null,
    exception: null,
    stdout: '',
    exit: null,
  };
  const first: ModelState = { ...callState, event: 'line', line: fn.entryLines[0]! };
  const hist: HistoryEntry[] = [
    { action: null, state: callState },
    { action: { kind: 'step_into' }, state: first },
  ];
  const ret = toReturn(lines, first, program, hist, pythonMinor, step);
  if (!ret?.state || typeof ret.state.retval !== 'string' || ret.state.retval.endsWith(CUT_MARKER)) return null;
  const slot = '__ndbg_returned';
  const rest = stmt.slice(0, c.span[0]) + slot + stmt.slice(c.span[1]);
  const done = runStatement(rest, before, program, { [slot]: ret.state.retval }, ret.stdout, pythonMinor);
  return done ? { ...done, called: c.func } : null;
}

/**
 * `step_into` a statement whose one call of the program's code is a function
 * defined by a plain `def` (positional or keyword arguments, literal defaults, no
 * `*`): the call event's locals are the parameters bound to the arguments, each
 * computed. undefined: the statement calls no function of the program (the other
 * rules apply); null: it does, and the model says.
 */
export function callOf(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  program: Program,
  pythonMinor: number | undefined,
  into = false,
): ComputedStep | null | undefined {
  const defined = definedNames(lines);
  const calls = [...stmt.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\(/g)].filter((m) => defined.has(m[1]!));
  const named = [...stmt.matchAll(/(?<![\w.])[A-Za-z_]\w*/g)].filter((m) => defined.has(m[0]));
  if (!calls.length) return named.length ? null : undefined;
  if (named.length !== calls.length || /\b(?:lambda|yield|await)\b|:=/.test(stmt)) return null;
  // several calls: `s` stops in the first one Python makes (left to right, a call's arguments before it)
  // a call `and`, `or` or a conditional may skip is not certain to be made
  if (into && /\b(?:and|or|if|for)\b/.test(stmt)) return null;
  if (calls.length !== 1 && !into) return null;
  let first = calls[0]!;
  for (;;) {
    const args = argumentsAt(stmt, first.index! + first[0].length - 1);
    if (!args) return null;
    const inner = calls.find((c) => c.index! > first.index! && c.index! < args.close);
    if (!inner) break;
    first = inner;
  }
  calls.splice(0, calls.length, first);
  const name = calls[0]![1]!;
  const fns = program.scopes.filter((sc) => sc.coName === name);
  if (fns.length !== 1 || fns[0]!.kind !== 'function' || fns[0]!.generator) return null;
  const fn = fns[0]!;
  if (fn.callLine !== fn.defLine) return null; // decorated: the call may be the decorator's
  const sig = statementAt(lines, fn.defLine);
  const m = sig === null ? null : new RegExp(`^def\\s+${name}\\s*\\(`).exec(sig.trim());
  if (!m) return null; // decorated, async, a method: not this simple case
  const argList = argumentsAt(stmt, calls[0]!.index! + calls[0]![0].length - 1);
  if (!argList) return null;
  const out = bindArguments(sig!.trim(), argList.parts, scopeOf(before), pythonMinor);
  if (!out) return null;
  return { changes: {}, deleted: [], stdout: '', call: { func: fn.coName, line: fn.callLine, locals: out, span: [calls[0]!.index!, argList!.close + 1] } };
}
