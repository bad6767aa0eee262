// What a step's own statement does, where it can be computed instead of guessed.
//
// From a line whose statement is an assignment (augmented, unpacking), a `del`, a
// call statement, a `return`, the condition of an `if` / `elif` / `while`, a `for`
// header, or at module level a plain `def` or a quiet `import`, over values the
// state before it holds and builtins only, pyval (src/pyval, the evaluator `p` and
// `!x = 5` use) works out the step exactly: the names it binds or changes, what it
// prints, the value it returns, the branch it takes, the element it binds. On top of
// single steps: `s` into a plain function (its arguments), `n` over one (its steps
// to its return), `r` to the frame's return and `c` within the frame or to the exit
// (the frame's steps, each computed). The predictor puts the result in place of the
// model's guess (predictor.ts). Nothing of the program runs. Whatever pyval cannot do
// exactly (a call that is no plain function, an object of the program, a name the
// state lacks, an error the statement would raise, a set ordered by str hashes) is
// left to the model. docs/runtime.md, "Computed steps".

import type { Program } from '../format/cfg.js';
import { CUT_MARKER } from '../format/format.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import { callOf, overCall } from './calls.js';
import { blockEnd, branch, enterFrame, iteration } from './flow.js';
import { resetBudget, toLineOrExit, toReturn } from './rollout.js';
import { toAnyLine, withPaths } from './anywhere.js';
import { definedNames, frameScope, localsAfter, NOT_SIMPLE, namesTheProgram, onlyNext, OWN_FRAMES, runsProgramCode, statementAt } from './scope.js';
import { classNode } from './programCalls.js';
import { hiddenBinding, lambdaReturn, reprReturn, runStatement } from './statement.js';
import { evaluate } from '../../pyval/index.js';

/** The first function of the program a statement calls, by name. */
function calledName(stmt: string, lines: readonly string[]): string {
  const defined = definedNames(lines);
  return [...stmt.matchAll(/([A-Za-z_]\w*)\s*\(/g)].find((m) => defined.has(m[1]!))?.[1] ?? '<program>';
}

/** Whether a statement is one string constant. */
function parsesAsString(stmt: string): boolean {
  const r = evaluate(stmt, { locals: {} });
  return r.ok && r.value.kind === 'str';
}
import { carryObjects, classStatement, knowsObjects, objectStep, unbindKept, withKeptObjects } from './objects.js';
import { defInClassBody, defInFunction, intoClassBody, intoMethod } from './methods.js';
import { fromReturn } from './returns.js';
import { comprehensionStep, MODELLED_MINOR } from './comprehensions.js';
import { decoratedStep } from './decorators.js';
import { exceptClause, fromException, leftHandler } from './exceptions.js';
import { withinStatement } from './spans.js';

export { statementAt } from './scope.js';

import { callState, type ComputedStep } from './types.js';

export type { ComputedStep } from './types.js';

/**
 * What the step `action` from `before` does by its own statement, computed; null
 * where the model has to say (see the file's comment).
 */
export function computeStep(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program?: Program | null,
  history?: readonly HistoryEntry[],
  pythonMinor?: number,
): ComputedStep | null {
  resetBudget();
  try {
    return step(lines, before, action, program, withPaths(lines, history), pythonMinor);
  } catch (e) {
    // a step ndbg's own rules fail on is the model's to predict; tests see the failure
    if (process.env.VITEST) throw e;
    return null;
  }
}

export function step(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program?: Program | null,
  history?: readonly HistoryEntry[],
  pythonMinor?: number,
): ComputedStep | null {
  if (action.kind === 'step_return') return toReturn(lines, before, program, history, pythonMinor, step);
  // the first later line event on the line (on any of them), at any depth (docs/format.md)
  if (action.kind === 'breakpoint')
    return (
      toLineOrExit(lines, before, action.line, program, history, pythonMinor, step) ??
      toAnyLine(lines, before, action.anywhere ?? [action.line], program, history, pythonMinor, step)
    );
  if (action.kind === 'continue')
    return toLineOrExit(lines, before, null, program, history, pythonMinor, step) ?? toAnyLine(lines, before, [], program, history, pythonMinor, step);
  if (action.kind !== 'step_over' && action.kind !== 'step_into') return null;
  const comp = comprehensionStep(lines, before, action, program, history, pythonMinor ?? MODELLED_MINOR);
  if (comp !== undefined) return comp;
  if (before.event === 'return') return fromReturn(lines, before, action, program, history, pythonMinor, step);
  if (before.event === 'call') return carryObjects(lines, before, enterFrame(program, before, action));
  if (before.event === 'exception') return fromException(lines, before, action, program);
  if (before.event !== 'line' || before.line === null || before.func === null) return null;
  const within = withinStatement(lines, before, action, program, history);
  if (within === null || (within && !('finishes' in within))) return within;
  const done = classEnd(lines, before, program, unbindHandler(lines, before, lineStep(lines, before, action, program, history, pythonMinor)));
  // a statement over several lines finishing: the line after it, which its own line's successors leave open
  if (
    within &&
    within.next !== undefined &&
    done &&
    done.next === undefined &&
    done.line === undefined &&
    done.retval === undefined &&
    !done.state &&
    !done.call &&
    !done.ends
  )
    return { ...done, next: within.next };
  return done;
}

/**
 * The end of a class body: it returns the class's `__class__` cell where a function
 * in it names `super` or `__class__` (the compiler makes the cell for them), None
 * otherwise.
 */
function classEnd(lines: readonly string[], before: ModelState, program: Program | null | undefined, done: ComputedStep | null): ComputedStep | null {
  if (!done?.ends || !program || program.error || frameScope(program, before)?.kind !== 'class') return done;
  const node = classNode(lines, before.func!);
  if (!node) return null;
  const body = lines.slice(node.line, blockEnd(lines, node.line)).join('\n');
  if (/^\s*class\s/m.test(body)) return null;
  return /\b(?:super|__class__)\b/.test(body) ? { ...done, endValue: '<cell: empty>' } : done;
}

/** A step out of an `except ... as name` body: `name` is unbound, as CPython does. */
function unbindHandler(lines: readonly string[], before: ModelState, done: ComputedStep | null): ComputedStep | null {
  const to = done && !done.state && !done.call && done.retval === undefined ? (done.line ?? done.next) : undefined;
  if (to === undefined) return done;
  const gone = leftHandler(lines, before, to);
  if (gone === null || done!.deleted.includes(gone)) return done;
  unbindKept(lines, before, done!, gone);
  const changes = { ...done!.changes };
  delete changes[gone];
  return { ...done!, changes, deleted: [...done!.deleted, gone] };
}

/** A step from a line event, by the statement that starts on its line. */
function lineStep(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (before.line === null) return null;
  const stmt = statementAt(lines, before.line);
  if (stmt === null) return null;
  if (before.func === '<lambda>') return lambdaReturn(stmt, lines, before, program, pythonMinor);
  const own = reprReturn(stmt, before);
  if (own) return own;
  const clause = exceptClause(lines, before, action, program, history);
  if (clause !== undefined) return clause;
  const decorated = decoratedStep(lines, before, action, program, history);
  if (decorated !== undefined) return carryObjects(lines, before, decorated);
  if (/^raise\s/.test(stmt)) return objectStep(stmt, lines, before, action, program, pythonMinor);
  // `try:` starts its body
  if (stmt === 'try:') {
    const next = onlyNext(program, before);
    return next === undefined ? null : carryObjects(lines, before, { changes: {}, deleted: [], stdout: '', next });
  }
  const header = /^(?:if|elif|while)\b(.*):$/s.exec(stmt);
  if (header) {
    if (namesTheProgram(header[1]!, lines) || knowsObjects(lines, before)) {
      const o = objectStep(stmt, lines, before, action, program, pythonMinor);
      if (o) return runsProgramCode(header[1]!, lines) ? { ...o, called: calledName(header[1]!, lines) } : o;
    }
    return carryObjects(lines, before, branch(header[1]!, lines, before, action, program, pythonMinor));
  }
  const loop = /^for\s+\(?\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*,?\s*\)?\s+in\s+(.+):$/s.exec(stmt);
  if (loop)
    return withKeptObjects(lines, before, (objects) =>
      iteration(
        loop[1]!.split(',').map((t) => t.trim()),
        loop[2]!,
        lines,
        before,
        action,
        program,
        history,
        pythonMinor,
        objects,
      ),
    );
  const binding = hiddenBinding(stmt, before, program);
  if (binding !== undefined) return carryObjects(lines, before, binding);
  // a docstring (a string constant as a statement): does nothing, prints nothing
  if (/^[rRuU]?("""|'''|"|')/.test(stmt)) {
    const next = onlyNext(program, before);
    if (next !== undefined && parsesAsString(stmt)) return carryObjects(lines, before, { changes: {}, deleted: [], stdout: '', next });
  }
  // a class body's first line event is on its `class` line (binding `__module__` and `__qualname__`, hidden): then its first statement
  if (program && !program.error && /^class\b/.test(stmt) && frameScope(program, before)?.kind === 'class') {
    const node = classNode(lines, before.func!);
    const first = node?.line === before.line ? node.body[0] : undefined;
    if (!first || /^\s*[rRuUbBfF]*["']/.test(lines[first.line - 1] ?? '')) return null;
    return carryObjects(lines, before, { changes: {}, deleted: [], stdout: '', next: first.line });
  }
  if (program && !program.error) {
    const into = action.kind === 'step_into' ? intoClassBody(stmt, lines, before, program) : undefined;
    if (into !== undefined) return into;
    const kind = before.func !== '<module>' ? frameScope(program, before)?.kind : undefined;
    if (kind !== undefined && kind !== 'class') {
      const local = defInFunction(stmt, before, program);
      if (local !== undefined) return carryObjects(lines, before, local);
    } else {
      const def = before.func !== '<module>' ? defInClassBody(stmt, before, program) : undefined;
      if (def !== undefined) return def;
    }
  }
  const cls = classStatement(stmt, lines, before, program);
  if (cls !== undefined) return cls;
  // `s` into a method of a shown object or a class's `__init__` (methods.ts)
  if (action.kind === 'step_into' && program && !program.error) {
    const m = intoMethod(stmt, lines, before, program, pythonMinor);
    if (m !== undefined) return m;
  }
  // the program's objects: statements that use them run in pyval's interpreter (objects.ts)
  const names = namesTheProgram(stmt, lines);
  if (names || knowsObjects(lines, before)) {
    const o = objectStep(stmt, lines, before, action, program, pythonMinor);
    // `called`: the step ran the program's code (a deeper frame could reach a breakpoint first)
    if (o) return names && runsProgramCode(stmt, lines) ? { ...o, called: calledName(stmt, lines) } : o;
  }
  const done = ordinary(stmt, lines, before, action, program, pythonMinor);
  // a value the state will show cut: run by the interpreter instead, which keeps it whole for the next steps
  if (done && !done.call && Object.values(done.changes).some((v) => v.endsWith(CUT_MARKER))) {
    const kept = objectStep(stmt, lines, before, action, program, pythonMinor);
    if (kept && JSON.stringify(kept.changes) === JSON.stringify(done.changes)) return kept;
  }
  return carryObjects(lines, before, done);
}

/** A step of the statement with the rules that know no objects of the program. */
function ordinary(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (program && !program.error) {
    const call = callOf(stmt, lines, before, program, pythonMinor, action.kind === 'step_into');
    if (call !== undefined) return action.kind === 'step_into' || call === null ? call : overCall(stmt, call, lines, before, program, pythonMinor, step);
  }
  if (NOT_SIMPLE.test(stmt) || /:\s*$/.test(stmt)) return null;
  if (action.kind === 'step_into' && OWN_FRAMES.test(stmt)) return null;
  if (/\b(?:yield|await)\b/.test(stmt)) return null;
  if (namesTheProgram(stmt, lines)) return null;
  return runStatement(stmt, before, program, {}, '', pythonMinor);
}

/**
 * `predicted` with what `computed` knows put in place: only where the model
 * predicted the step to stay in the same frame (a line event, or for a `return`
 * the frame's return event); otherwise null, and the prediction stands.
 */
export function withComputed(predicted: ModelState, before: ModelState, computed: ComputedStep): ModelState | null {
  if (computed.state) return computed.state;
  // the next event is certain: the call of the function (nothing of the program runs before it)
  if (computed.call) return callState(before, computed.call);
  if (computed.ends && computed.retval === undefined && computed.line === undefined && computed.next === undefined) {
    // the statement ran to its end, and the frame's code ends with it: its return event
    const locals = localsAfter(before.locals, computed.changes, computed.deleted);
    return {
      event: 'return',
      line: before.line,
      func: before.func,
      stack: [...before.stack],
      locals,
      retval: computed.endValue ?? 'None',
      exception: null,
      stdout: computed.stdout,
      exit: null,
    };
  }
  const sameFrame = predicted.func === before.func && predicted.stack.length === before.stack.length && predicted.stack.every((l, i) => l === before.stack[i]);
  if (computed.retval === undefined && computed.line === undefined && computed.next !== undefined && !(sameFrame && predicted.event === 'line')) {
    // the statement runs to its end (pyval computed it), and one line can follow
    predicted = {
      event: 'line',
      line: computed.next,
      func: before.func,
      stack: [...before.stack],
      locals: {},
      retval: null,
      exception: null,
      stdout: '',
      exit: null,
    };
  } else if (!sameFrame) return null;
  // a line event of the frame after the statement ran to its end can only be on that line
  else if (computed.retval === undefined && computed.line === undefined && computed.next !== undefined && predicted.event === 'line')
    predicted = { ...predicted, line: computed.next };
  if (computed.retval !== undefined) {
    if (predicted.event !== 'return' || predicted.line !== before.line) return null;
    return { ...predicted, retval: computed.retval, stdout: computed.stdout };
  }
  if (predicted.event !== 'line') return null;
  if (computed.line !== undefined) return { ...predicted, line: computed.line, locals: { ...before.locals, ...computed.changes }, stdout: computed.stdout };
  // the statement binds, changes and deletes exactly what pyval says; a name it
  // does not touch keeps the model's value (it may share an object with one it changes)
  const locals: Record<string, string> = {};
  for (const [k, v] of Object.entries(before.locals))
    if (!computed.deleted.includes(k)) locals[k] = computed.unchanged?.includes(k) ? v : (predicted.locals[k] ?? v);
  Object.assign(locals, computed.changes);
  return { ...predicted, locals, stdout: computed.stdout };
}

/**
 * `step_return` from `before`, every step to the frame's return computed, with a
 * fresh budget (checked.ts runs a candidate call forward with it); null where one
 * step cannot be.
 */
export function computeReturn(
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  resetBudget();
  return toReturn(lines, before, program, history, pythonMinor, step);
}
