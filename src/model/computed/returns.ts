// `s` / `n` from a frame's return event, back in its caller: the caller's statement
// finishes with the returned value in the call's place (an `__init__`'s caller gets
// the instance, a class body's the class), worked out by pyval over the caller's
// locals as the history shows them at the call. Only where nothing else of the
// program can run before the next stop: one call of the program's code in a
// one-line statement, no value of the caller's the callee could have changed
// unseen (a mutable value cfg.py says it may reach), no `global` anywhere.

import { evaluateTruth, parseRepr, type Value } from '../../pyval/index.js';
import { holdsObjects } from '../../pyval/objects.js';
import { callReaches } from './reach.js';
import { knowsObjects, objectStep, recall, rememberAt, shownAt, type Snapshot } from './objects.js';
import { unchangeable } from '../decode/constraints.js';
import type { Program, Scope } from '../format/cfg.js';
import { CUT_MARKER } from '../format/format.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import { callState, type ComputedStep, type StepFn } from './types.js';
import { classNode, classOfRepr, programCall } from './programCalls.js';
import {
  argumentsAt,
  COMPREHENSION_FRAME_NAMES,
  definedNames,
  endsFrame,
  frameScope,
  HIDDEN_REPR,
  localsAfter,
  modelledImports,
  onlyNext,
  statementAt,
} from './scope.js';
import { programScope } from './programScope.js';
import { runStatement } from './statement.js';
import { branchLines } from './flow.js';
import { afterDecoratedBody } from './decorators.js';

const SLOT = '__ndbg_returned';
/** A caller's statement that only binds the returned value (`a = Vector(1, 2)`, `cart.add(x)`). */
const BINDS_ONLY = new RegExp(`^(?:[A-Za-z_]\\w*(?:\\s*,\\s*[A-Za-z_]\\w*)*\\s*=\\s*)?${SLOT}$`);

/** The caller's state at the call: the last state of the caller's frame, every state after it deeper. */
function callerAt(before: ModelState, history: readonly HistoryEntry[]): ModelState | null {
  const depth = before.stack.length;
  for (let i = history.length - 2; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.event === 'exit') return null;
    if (s.stack.length >= depth) continue;
    const site = before.stack[depth - 1];
    if (s.stack.length !== depth - 1 || s.event !== 'line' || s.line !== site || !s.stack.every((l, k) => l === before.stack[k])) return null;
    return s;
  }
  return null;
}

/** The last state of `before`'s frame before it, past the deeper frames (its comprehensions') it ran. */
function ownLast(before: ModelState, history: readonly HistoryEntry[]): ModelState | null {
  const depth = before.stack.length;
  for (let i = history.length - 2; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.stack.length > depth && COMPREHENSION_FRAME_NAMES.has(s.func ?? '')) continue;
    return s.stack.length === depth && s.func === before.func ? s : null;
  }
  return null;
}

/**
 * Whether the return event's value is the one its frame's last line returns, computed
 * from the state before it (a `return` statement's value, or `None` where the code
 * ends): a value the model guessed for the return is not carried into the caller.
 */
function returnedHere(lines: readonly string[], before: ModelState, prev: ModelState, program: Program, pythonMinor: number | undefined): boolean {
  if (prev.event !== 'line' || prev.func !== before.func || prev.line !== before.line || prev.stack.length !== before.stack.length) return false;
  const stmt = statementAt(lines, prev.line!);
  if (stmt === null) return false;
  if (!/^return\b/.test(stmt)) return before.retval === 'None' && endsFrame(program, prev);
  const r = runStatement(stmt, prev, program, {}, '', pythonMinor);
  return r?.retval !== undefined && r.retval === before.retval;
}

/** returnedHere for a `return` over the program's objects: its value computed with the objects the frame holds. */
function returnedOver(lines: readonly string[], before: ModelState, prev: ModelState, program: Program, pythonMinor: number | undefined): boolean {
  if (prev.event !== 'line' || prev.func !== before.func || prev.line !== before.line || prev.stack.length !== before.stack.length) return false;
  const stmt = statementAt(lines, prev.line!);
  if (stmt === null || !/^return\b/.test(stmt)) return false;
  const r = objectStep(stmt, lines, prev, { kind: 'step_over' }, program, pythonMinor);
  return r?.retval !== undefined && r.retval === before.retval;
}

/**
 * The state after `action` from `before`, a return event of a function or class
 * body, where its caller's statement can be finished by computation; null otherwise.
 */
export function fromReturn(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
  step?: StepFn,
): ComputedStep | null {
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !program || program.error || !history || history.length < 2) return null;
  if (before.event !== 'return' || typeof before.retval !== 'string' || before.stack.length === 0) return null;
  const prev = history[history.length - 2]!.state;
  // a return right after an exception event of the frame: the exception goes on up
  if (prev.event === 'exception' && prev.func === before.func && prev.stack.length === before.stack.length)
    return raisedInCaller(lines, before, prev, program, history);
  const sc = frameScope(program, before);
  if (!sc || sc.generator) return null;
  // the frame's own last state: a generator expression's frame may have run in between
  const own = ownLast(before, history) ?? prev;
  const caller = callerAt(before, history);
  if (!caller || Object.keys(caller.locals).some((k) => k.includes('.')) || Object.keys(before.locals).some((k) => k.includes('.'))) return null;
  const stmt = statementAt(lines, caller.line!);
  if (stmt === null || stmt.includes('\n')) return null;
  if (program.rebindsElsewhere) return null;
  if (step) {
    const several = fromOneOfSeveral(lines, caller, stmt, program, history, pythonMinor, step);
    if (several !== undefined) return several;
  }

  const snap = recall(lines, before);
  if (snap.outer.length && sc.kind !== 'class') {
    const known = withObjects(lines, before, own, caller, stmt, sc, snap, program, pythonMinor);
    if (known !== undefined) return known;
  }
  let done: ComputedStep | null;
  if (sc.kind === 'class') {
    // the class statement binds the class, which module locals never show
    const node = classNode(lines, before.func!);
    if (!node || caller.func !== '<module>') return null;
    // a decorated class: back to its decorators, applied innermost first (decorators.ts)
    const next = node.decorators.length ? afterDecoratedBody(lines, node) : onlyNext(program, caller);
    if (next === undefined || next === null) return null;
    done = { changes: {}, deleted: [], stdout: '', next };
  } else {
    const site = programCall(stmt, lines);
    if (!site) return null;
    let value: string;
    if (before.func === '__init__' && site.obj === undefined && classNode(lines, site.name)) {
      const self = before.locals[sc.params[0] ?? 'self'];
      if (self === undefined || classOfRepr(self, lines) !== site.name) return null;
      value = self;
    } else if (site.name === before.func && returnedHere(lines, before, own, program, pythonMinor)) value = before.retval;
    else return null;
    if (value.endsWith(CUT_MARKER) || HIDDEN_REPR.test(value)) return null;
    // what the caller shows must be what it holds now: the callee may have changed a
    // mutable value it could reach (an argument, a global: cfg.py's may_mutate_args;
    // what the statement itself binds and changes, it does after the call, computed)
    for (const k of program.effects(caller.line!).may)
      if (k in caller.locals && !unchangeable(caller.locals[k]!, program.plainClasses) && callReaches(lines, stmt.slice(site.start, site.end), k)) return null;
    return withCallerObjects(
      lines,
      caller,
      finishWith(stmt.slice(0, site.start) + SLOT + stmt.slice(site.end), caller, program, { [SLOT]: value }, pythonMinor),
    );
  }
  return withCallerObjects(lines, caller, finishCaller(done, caller));
}

/**
 * A return into a one-line statement that makes several calls of the program's
 * functions or classes side by side (`parts = [Frac(1, 2), Frac(1, 3)]`, `f(a) + g(b)`),
 * none inside another's arguments: `s` and `n` (whose frame is gone: bdb stops at the
 * next event) enter the next call, its place found as the first call of the statement
 * with the calls already made struck out; after the last call the statement finishes,
 * worked out as `n` over it from the caller's line (all its calls run again in the
 * evaluator, which must print nothing).
 * undefined where the statement is not of this shape.
 */
function fromOneOfSeveral(
  lines: readonly string[],
  caller: ModelState,
  stmt: string,
  program: Program,
  history: readonly HistoryEntry[],
  pythonMinor: number | undefined,
  step: StepFn,
): ComputedStep | null | undefined {
  if (/\b(?:and|or|if|for|lambda|yield|await)\b|:=/.test(stmt)) return undefined;
  const defined = definedNames(lines);
  const modelled = modelledImports(lines);
  const calls = [...stmt.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\(/g)].filter((m) => defined.has(m[1]!) && !modelled.has(m[1]!));
  if (calls.length < 2) return undefined;
  const spans: Array<[number, number]> = [];
  for (const c of calls) {
    const args = argumentsAt(stmt, c.index! + c[0].length - 1);
    if (!args) return null;
    spans.push([c.index!, args.close + 1]);
  }
  if (spans.some(([s0, e0], i) => spans.some(([s1], j) => j !== i && s1 > s0 && s1 < e0))) return null; // a call inside another's arguments
  // the calls made so far: the returns into this line since the caller stood there
  const at = history.findIndex((h) => h.state === caller);
  if (at < 0) return null;
  const depth = caller.stack.length + 1;
  let made = 0;
  for (let i = at + 1; i < history.length; i++) {
    const s = history[i]!.state;
    if (s.stack.length < depth) return null;
    if (s.event === 'return' && s.stack.length === depth) made++;
  }
  if (made < 1 || made > calls.length) return null;
  const upTo = history.slice(0, at + 1);
  // `n` from a return event stops at the next event anywhere, as `s` does (bdb: the frame it was to step over is gone)
  if (made < calls.length) {
    let rest = stmt;
    for (const [s0, e0] of spans.slice(0, made).reverse()) rest = rest.slice(0, s0) + 'None' + rest.slice(e0);
    const L = caller.line!;
    const indent = /^\s*/.exec(lines[L - 1]!)![0];
    const struck = lines.map((l, i) => (i === L - 1 ? indent + rest : l));
    const next = step(struck, caller, { kind: 'step_into' }, program, upTo, pythonMinor);
    if (!next?.call) return null;
    return { changes: {}, deleted: [], stdout: '', state: callState(caller, next.call) };
  }
  const done = step(lines, caller, { kind: 'step_over' }, program, upTo, pythonMinor);
  if (done?.stdout !== '' || done.call || done.state || done.traceback) return null;
  return finishCaller(done, caller);
}

/**
 * The objects the caller's frame held at the call, kept for the state its statement
 * reached (a call that touched none of them, so they are as they were), unless the
 * statement rebound a name that held one.
 */
export function withCallerObjects(lines: readonly string[], caller: ModelState, done: ComputedStep | null): ComputedStep | null {
  if (!done?.state || !knowsObjects(lines, caller)) return done;
  const snap = recall(lines, caller);
  if ([...Object.keys(done.changes), ...done.deleted].some((k) => snap.bound.has(k))) return done;
  rememberAt(lines, done.state, snap);
  return done;
}

/**
 * The caller's state once its statement `rest` finished, with the value of a frame
 * that returned to it (or of a call it made, run there) in the names of `values`: an
 * `if` / `elif` / `while` header to the branch it takes, another statement run by pyval.
 */
export function finishWith(
  rest: string,
  caller: ModelState,
  program: Program,
  values: Record<string, string>,
  pythonMinor: number | undefined,
): ComputedStep | null {
  const header = /^(?:if|elif|while)\b(.*):$/s.exec(rest);
  if (header) {
    const to = branchLines(program, caller);
    if (!to) return null;
    const r = evaluateTruth(header[1]!, programScope(caller, program, values), { pythonMinor });
    if (!r.ok || r.truth === undefined || r.output !== '') return null;
    return finishCaller({ changes: {}, deleted: [], stdout: '', line: r.truth ? to.body : to.other }, caller);
  }
  if (/^(?:for|with|assert|raise|del)\b/.test(rest) || /:\s*$/.test(rest)) return null;
  const done = runStatement(rest, caller, program, values, '', pythonMinor);
  // the value's own names are ndbg's, never the frame's
  if (done) for (const k of Object.keys(values)) delete done.changes[k];
  return finishCaller(done, caller);
}

/**
 * The return of a frame an exception leaves: the caller's exception event on the
 * call's line, its locals as they were at the call (where the callee could not
 * have changed what they show), the same exception.
 */
function raisedInCaller(
  lines: readonly string[],
  before: ModelState,
  prev: ModelState,
  program: Program,
  history: readonly HistoryEntry[],
): ComputedStep | null {
  if (before.retval !== 'None' || !prev.exception || program.rebindsElsewhere) return null;
  const caller = callerAt(before, history);
  if (!caller) return null;
  const snap = recall(lines, before);
  const outer = snap.outer[snap.outer.length - 1];
  // the statement did not finish: only what the callee could reach may have changed
  for (const k of program.effects(caller.line!).may) {
    if (!(k in caller.locals)) continue;
    const v = outer?.get(k);
    if (v ? shownAt(lines, caller, snap, v, undefined) !== caller.locals[k] : !unchangeable(caller.locals[k]!, program.plainClasses)) return null;
  }
  const state: ModelState = {
    event: 'exception',
    line: caller.line,
    func: caller.func,
    stack: [...caller.stack],
    locals: { ...caller.locals },
    retval: null,
    exception: prev.exception,
    stdout: '',
    exit: null,
  };
  if (outer)
    rememberAt(lines, state, { objects: snap.objects, bound: outer, outer: snap.outer.slice(0, -1), ...(snap.exception ? { exception: snap.exception } : {}) });
  return { changes: {}, deleted: [], stdout: '', state };
}

/** The caller's state once its statement finished as `done` says. */
export function finishCaller(done: ComputedStep | null, caller: ModelState): ComputedStep | null {
  if (!done) return null;
  if (done.state) return { ...done, state: { ...done.state, stack: [...caller.stack] } };
  const locals = localsAfter(caller.locals, done.changes, done.deleted);
  const at = (event: 'line' | 'return', line: number, retval: string | null): ComputedStep => ({
    ...done!,
    state: { event, line, func: caller.func, stack: [...caller.stack], locals, retval, exception: null, stdout: done!.stdout, exit: null },
  });
  if (done.retval !== undefined) return at('return', caller.line!, done.retval);
  if (done.line !== undefined) return at('line', done.line, null);
  if (done.next !== undefined) return at('line', done.next, null);
  if (done.ends) return at('return', caller.line!, 'None');
  return null;
}

/**
 * The return into a caller whose objects the session knows (the call was computed:
 * methods.ts kept the caller's objects with the callee's): the caller's statement
 * run by pyval's interpreter with the returned value (an `__init__`'s instance, or
 * a value the frame's `return` computed) in the call's place, so that objects the
 * callee changed show as they are now. undefined: not such a return (the rules
 * over reprs apply); null: one, but it cannot be computed.
 */
function withObjects(
  lines: readonly string[],
  before: ModelState,
  prev: ModelState,
  caller: ModelState,
  stmt: string,
  sc: Scope,
  snap: Snapshot,
  program: Program,
  pythonMinor: number | undefined,
): ComputedStep | null | undefined {
  const site = programCall(stmt, lines);
  if (!site) return undefined;
  let value: Value | undefined;
  if (before.func === '__init__' && site.obj === undefined && classNode(lines, site.name)) {
    const self = snap.bound.get(sc.params[0] ?? 'self');
    if (self?.kind !== 'instance' || self.cls.name !== site.name) return undefined;
    value = self;
  } else if (
    site.name === before.func &&
    (returnedHere(lines, before, prev, program, pythonMinor) || returnedOver(lines, before, prev, program, pythonMinor))
  ) {
    const v = parseRepr(before.retval!, {});
    if (v.kind === 'opaque' || holdsObjects(v)) return undefined;
    value = v;
  } else return undefined;
  const outer = snap.outer[snap.outer.length - 1]!;
  for (const k of program.effects(caller.line!).may)
    if (
      k in caller.locals &&
      !outer.has(k) &&
      !unchangeable(caller.locals[k]!, program.plainClasses) &&
      callReaches(lines, stmt.slice(site.start, site.end), k)
    )
      return null;
  const rest = stmt.slice(0, site.start) + SLOT + stmt.slice(site.end);
  // only a binding of the value itself: anything more could run the program's code
  // again (an operator's or `print`'s special method), where `s` or a breakpoint stops
  if (!BINDS_ONLY.test(rest)) return undefined;
  snap.objects.set(SLOT, value);
  try {
    const given: Snapshot = { objects: snap.objects, bound: outer, outer: snap.outer.slice(0, -1) };
    const done = objectStep(rest, lines, caller, { kind: 'step_over' }, program, pythonMinor, given);
    if (!done || done.state) return finishCaller(done, caller);
    // the caller's objects the callee changed (`self.notes.append(m)` in `w.put(m)`) show as they are now
    for (const [k, v] of outer) {
      if (!(k in caller.locals) || k in done.changes || done.deleted.includes(k)) continue;
      const text = shownAt(lines, caller, given, v, pythonMinor);
      if (text === null) return null;
      if (text !== caller.locals[k]) {
        done.changes[k] = text;
        done.unchanged = done.unchanged?.filter((n) => n !== k);
      }
    }
    return finishCaller(done, caller);
  } finally {
    snap.objects.delete(SLOT);
  }
}
