// Computed steps over the program's own objects: a statement that builds an
// instance (`cart = Cart()`), calls a method (`cart.add("apple", 3, 0.5)`,
// `t = cart.total()`) or any function of the program, run by pyval's interpreter
// (src/pyval/interp.ts) as `n` runs it: every call followed to its return inside
// pyval, within its budget. Nothing of the program runs anywhere else.
//
// A repr such as `<__main__.Cart object>` does not carry the object, so the
// session keeps what its computed steps built: each state a computed step leads to
// is recorded with the objects its locals hold (a copy per step, so computing a
// step twice changes nothing); a later step from that same state (same frame,
// line and locals) finds them again. With trace format v2 a state also shows an
// instance's attributes as dotted entries (`cart.items={...}`), from which pyval
// builds the instance when the session does not know it, and which a computed
// step keeps up to date.

import { execute, evaluate, evaluateTruth, showValue, type Value } from '../../pyval/index.js';
import type { ProgramContext } from '../../pyval/evaluate.js';
import { cloneGraph, holdsObjects, isExceptionClass } from '../../pyval/objects.js';
import { readProgram } from '../../pyval/program.js';
import type { Program } from '../format/cfg.js';
import { CUT_MARKER, withoutAddresses } from '../format/format.js';
import type { ModelAction, ModelState } from '../types.js';
import type { ComputedStep } from './types.js';
import { cut, endsFrame, guessedOrder, localsAfter, onlyNext, type scopeOf, moduleShows } from './scope.js';
import { programScope } from './programScope.js';
import { raised } from './statement.js';
import { branchLines } from './flow.js';

export interface Snapshot {
  /** The program's classes and functions, by module name. */
  objects: Map<string, Value>;
  /** Locals holding objects of the program. */
  bound: Map<string, Value>;
  /**
   * The callers' locals holding objects, outermost first, while a computed call runs:
   * one object graph with the callee's, so what the callee changes, its callers see
   * when it returns (returns.ts).
   */
  outer: Map<string, Value>[];
  /** At an exception event the program's own code raised: the exception instance (exceptions.ts binds it to `as` names). */
  exception?: Value;
}

/** What the session's computed steps built, by the state they lead to (per source, so per session's program). */
const sessions = new WeakMap<readonly string[], Map<string, Snapshot>>();
const MAX_STATES = 5000;

type Keyed = Pick<ModelState, 'event' | 'func' | 'stack' | 'line' | 'locals'>;

/** The key of a state: its event, frame, line and locals (what identifies it to the next step). */
export function stateKey(s: Keyed): string {
  const names = Object.keys(s.locals).sort();
  return `${s.event}|${s.func}|${s.stack.join(',')}|${s.line}|${JSON.stringify(names.map((n) => [n, s.locals[n]]))}`;
}

/** Record the objects of a state a computed step leads to (a call's frame: methods.ts). */
export function rememberAt(lines: readonly string[], state: Keyed, snap: Snapshot): void {
  remember(lines, stateKey(state), snap);
}

function remember(lines: readonly string[], key: string, snap: Snapshot): void {
  let m = sessions.get(lines);
  if (!m) sessions.set(lines, (m = new Map()));
  if (m.size >= MAX_STATES) m.delete(m.keys().next().value!);
  m.set(key, snap);
}

/** The objects known at a state: a fresh copy of what the session recorded for it, or none yet. */
export function recall(lines: readonly string[], before: ModelState): Snapshot {
  const snap = sessions.get(lines)?.get(stateKey(before));
  if (!snap) return { objects: new Map(), bound: new Map(), outer: [] };
  const roots = new Map<string, Value>();
  for (const [k, v] of snap.objects) roots.set(`o:${k}`, v);
  for (const [k, v] of snap.bound) roots.set(`b:${k}`, v);
  snap.outer.forEach((m, i) => {
    for (const [k, v] of m) roots.set(`${i}:${k}`, v);
  });
  if (snap.exception) roots.set('x:', snap.exception);
  const copy = cloneGraph(roots);
  const out: Snapshot = { objects: new Map(), bound: new Map(), outer: snap.outer.map(() => new Map()) };
  for (const [key, v] of copy) {
    const at = key.indexOf(':');
    const tag = key.slice(0, at);
    const name = key.slice(at + 1);
    if (tag === 'x') out.exception = v;
    else if (tag === 'o') out.objects.set(name, v);
    else if (tag === 'b') out.bound.set(name, v);
    else out.outer[Number(tag)]!.set(name, v);
  }
  return out;
}

/** A value's repr as a state shows it: no address, cut. */
export const shown = (r: string) => cut(withoutAddresses(r));
const cutAll = (locals: Record<string, string>) => Object.fromEntries(Object.entries(locals).map(([k, v]) => [k, shown(v)]));

/** The program context in which pyval runs a step from `state` over the objects `snap` holds. */
export function contextOf(lines: readonly string[], state: ModelState, snap: Pick<Snapshot, 'objects' | 'bound'>): ProgramContext {
  return { nodes: readProgram(lines), before: state.func === '<module>' ? state.line : null, objects: snap.objects, bound: snap.bound };
}

/**
 * How a state shows `v`, one of the objects `snap` holds at `at` (its class's own
 * `__repr__` run by pyval's interpreter): null where that cannot be computed.
 */
export function shownAt(lines: readonly string[], at: ModelState, snap: Snapshot, v: Value, pythonMinor: number | undefined): string | null {
  const text = showValue(v, { pythonMinor, program: contextOf(lines, at, snap) });
  return text === null ? null : shown(text);
}

/** Whether the state shows instances' attributes as dotted entries (trace format v2). */
const dotted = (s: ModelState) => Object.keys(s.locals).some((k) => k.includes('.'));

/**
 * A step from a statement that names the program's classes or functions, or uses
 * objects the session knows: computed by pyval's interpreter. null: the model says.
 */
export function objectStep(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  pythonMinor: number | undefined,
  given?: Snapshot,
): ComputedStep | null {
  if (!program || program.error || (action.kind !== 'step_over' && action.kind !== 'step_into')) return null;
  if (/\b(?:yield|await)\b|:=/.test(stmt)) return null;
  // `s` stops in the first call of the program's code, so a step into one runs none
  const into = action.kind === 'step_into';
  const module = before.func === '<module>';
  const snap = given ?? recall(lines, before);
  const ctx = contextOf(lines, before, snap);
  const opts = { pythonMinor, program: ctx };
  const scope = programScope(before, program);
  const header = /^(?:if|elif|while)\b(.*):$/s.exec(stmt);
  if (header) {
    const to = branchLines(program, before);
    if (!to) return null;
    const r = evaluateTruth(header[1]!, scope, opts);
    if (!r.ok || r.truth === undefined || (into && r.ranProgram)) return null;
    const line = r.truth ? to.body : to.other;
    keep(lines, before, 'line', line, {}, [], snap, new Map());
    return { changes: {}, deleted: [], stdout: r.output, line };
  }
  const ret = /^return\b\s*(.*)$/s.exec(stmt);
  if (ret) {
    const r = evaluate(ret[1]!.trim() === '' ? 'None' : ret[1]!, scope, opts);
    if (!r.ok || guessedOrder(r.value) || (into && r.ranProgram)) return null;
    // the return event stays on this line with these locals (returns.ts reads its objects)
    keep(lines, before, 'return', before.line!, {}, [], snap, new Map());
    return { changes: {}, deleted: [], stdout: r.output, retval: shown(r.repr) };
  }
  const rz = /^raise\s+(.+)$/s.exec(stmt);
  if (rz) return raiseStep(rz[1]!, lines, before, into, snap, scope, opts);
  if (/^(?:for|with|try|except|finally|else|def|class|import|from|raise|assert|global|nonlocal|match|case|async|@)\b/.test(stmt) || /:\s*$/.test(stmt))
    return null;
  const r = execute(stmt, scope, { ...opts, echo: false });
  if (into && r.ranProgram) return null;
  // an exception the values raise, in this statement or in the program's code it called
  if (!r.ok) {
    const c = raised(r, before, '');
    if (!c) return null;
    // the exception event shows the locals as they were: an object the call changed
    // before raising must still read the same
    for (const [name, v] of r.values ?? []) {
      if (!(name in before.locals) || !holdsObjects(v) || name.startsWith('__ndbg')) continue;
      if (dotted(before) || shown(showValue(v, opts) ?? '') !== before.locals[name]) return null;
    }
    keep(lines, before, 'exception', before.line!, {}, [], snap, r.values ?? new Map(), r.raised);
    if (r.traceback?.length) {
      // the frames it passed through: this one at its line, then the program's calls (innermost last)
      const inner = [...r.traceback].reverse().map((f) => ({ func: f.func, line: f.line, locals: cutAll(f.locals) }));
      c.traceback = [{ func: before.func!, line: before.line!, locals: { ...before.locals } }, ...inner];
    }
    return c;
  }
  if (Object.keys(r.globalChanges).length) return null;
  if (r.output !== '' && !/^print\s*\(/.test(stmt)) return null;
  const changes: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.changes)) {
    if (module) {
      const shows = moduleShows(k, v, pythonMinor);
      if (shows === null) return null;
      if (!shows) continue;
    }
    changes[k] = shown(v);
  }
  for (const v of r.values?.values() ?? []) if (guessedOrder(v)) return null;
  const deleted = [...r.deleted];
  // a local holding the program's objects that the statement used keeps its identity
  // here, so its value after the step is computed too where its repr stays the same
  // (`cart.add(...)` changes `cart` in place): the model's guess must not replace it
  const unchanged: string[] = [];
  for (const [name, v] of r.values ?? []) {
    if (name in changes || !(name in before.locals) || deleted.includes(name) || !holdsObjects(v) || name.startsWith('__ndbg')) continue;
    const text = showValue(v, opts);
    if (text === null) return null;
    if (shown(text) === before.locals[name]) unchanged.push(name);
    else changes[name] = shown(text);
  }
  // trace format v2: each instance local's attributes as `name.attr` entries
  if (dotted(before) && r.values) {
    for (const [name, v] of r.values) {
      if (v.kind !== 'instance') continue;
      const prefix = `${name}.`;
      const seen = new Set<string>();
      for (const [attr, x] of v.dict) {
        const key = prefix + attr;
        seen.add(key);
        const text = showValue(x, opts);
        if (text === null) return null;
        if (before.locals[key] !== shown(text)) changes[key] = shown(text);
      }
      for (const k of Object.keys(before.locals)) if (k.startsWith(prefix) && !seen.has(k) && !(k in changes)) deleted.push(k);
    }
  }
  const out: ComputedStep = { changes, deleted, stdout: r.output };
  if (unchanged.length) out.unchanged = unchanged;
  if (endsFrame(program, before)) out.ends = true;
  const next = onlyNext(program, before);
  if (next !== undefined) {
    out.next = next;
    keep(lines, before, 'line', next, changes, deleted, snap, r.values ?? new Map());
  } else if (out.ends) keep(lines, before, 'return', before.line!, changes, deleted, snap, r.values ?? new Map());
  return out;
}

/**
 * `raise EXPR`: the exception event on this line, its text as the tracer writes it
 * (`Type: message`), the instance kept for the `except ... as` that catches it.
 * `raise ... from ...` and a bare `raise` are the model's.
 */
function raiseStep(
  expr: string,
  lines: readonly string[],
  before: ModelState,
  into: boolean,
  snap: Snapshot,
  scope: ReturnType<typeof scopeOf>,
  opts: { pythonMinor: number | undefined; program: ProgramContext },
): ComputedStep | null {
  if (/\bfrom\b/.test(expr)) return null;
  let r = evaluate(expr, scope, opts);
  if (r.ok && r.value.kind === 'class') r = evaluate(`(${expr})()`, scope, opts);
  if (!r.ok || (into && r.ranProgram) || r.output !== '') return null;
  const exc = r.value;
  if (exc.kind !== 'instance' || !isExceptionClass(exc.cls)) return null;
  const SLOT = '__ndbg_raised';
  snap.bound.set(SLOT, exc);
  try {
    // the name is read from the objects (`bound`) before its shown text
    const text = evaluate(`str(${SLOT})`, { ...scope, locals: { ...scope.locals, [SLOT]: 'None' } }, opts);
    if (!text.ok || text.value.kind !== 'str' || (into && text.ranProgram) || text.output !== '') return null;
    const message = text.value.v === '' ? exc.cls.name : `${exc.cls.name}: ${text.value.v}`;
    const c = raised({ exception: exc.cls.name, message: cut(message), explicit: true, output: '' }, before, '');
    if (c) keep(lines, before, 'exception', before.line!, {}, [], snap, new Map(), exc);
    return c;
  } finally {
    snap.bound.delete(SLOT);
  }
}

/**
 * The program's objects a state's locals hold, as the session's computed steps built
 * them (a copy: evaluating over it changes nothing of the session), for `p cart.items`
 * and the variables tree; null where the session knows none at that state.
 */
export function objectsAt(lines: readonly string[], state: ModelState): ProgramContext | null {
  if (!knowsObjects(lines, state)) return null;
  const snap = recall(lines, state);
  return contextOf(lines, state, snap);
}

/** Record the objects of the state a computed step leads to. */
function keep(
  lines: readonly string[],
  before: ModelState,
  event: ModelState['event'],
  line: number,
  changes: Record<string, string>,
  deleted: string[],
  snap: Snapshot,
  values: Map<string, Value>,
  exception?: Value,
): void {
  const locals = localsAfter(before.locals, changes, deleted);
  const bound = new Map<string, Value>();
  for (const [k, v] of snap.bound) if (k in locals) bound.set(k, v);
  for (const [k, v] of values) {
    if (!(k in locals)) continue;
    // objects, and values the state shows cut (`is_prime = [True] * 101`): the next steps read them in full
    if (holdsObjects(v) || locals[k]!.endsWith(CUT_MARKER)) bound.set(k, v);
    else bound.delete(k);
  }
  remember(lines, stateKey({ event, func: before.func, stack: before.stack, line, locals }), {
    objects: snap.objects,
    bound,
    outer: snap.outer,
    ...(exception ? { exception } : {}),
  });
}

/**
 * A step that also unbinds `name` (an `except ... as name` body left): the objects
 * kept for the state it leads to move to that state's key, without `name`.
 */
export function unbindKept(lines: readonly string[], before: ModelState, c: ComputedStep, name: string): void {
  const line = c.line ?? c.next;
  const m = sessions.get(lines);
  if (line === undefined || !m) return;
  const locals = localsAfter(before.locals, c.changes, c.deleted);
  const key = stateKey({ event: 'line', func: before.func, stack: before.stack, line, locals });
  const snap = m.get(key);
  if (!snap) return;
  delete locals[name];
  const bound = new Map(snap.bound);
  bound.delete(name);
  remember(lines, stateKey({ event: 'line', func: before.func, stack: before.stack, line, locals }), { ...snap, bound });
}

/** Whether the session knows objects at this state (its steps must carry them on). */
export function knowsObjects(lines: readonly string[], before: ModelState): boolean {
  const snap = sessions.get(lines)?.get(stateKey(before));
  return snap !== undefined && (snap.bound.size > 0 || snap.objects.size > 0);
}

/**
 * A step computed without the objects (it touches none of them): the state it leads
 * to holds the same objects, where the step says which line that is.
 */
export function carryObjects(lines: readonly string[], before: ModelState, c: ComputedStep | null): ComputedStep | null {
  if (!c || c.state || c.call || c.retval !== undefined) return c;
  const line = c.line ?? c.next;
  const snap = sessions.get(lines)?.get(stateKey(before));
  if (line === undefined || !snap) return c;
  keep(lines, before, 'line', line, c.changes, c.deleted, snap, new Map());
  return c;
}

/**
 * A step computed over a copy of the objects the session keeps at `before` (a `for`
 * over a list of the program's instances): the state it leads to keeps that copy, in
 * which the names the step binds (`values`) are the same objects as the list's.
 */
export function withKeptObjects(
  lines: readonly string[],
  before: ModelState,
  f: (objects: ProgramContext | undefined) => ComputedStep | null,
): ComputedStep | null {
  if (!knowsObjects(lines, before)) return carryObjects(lines, before, f(undefined));
  const snap = recall(lines, before);
  const c = f(contextOf(lines, before, snap));
  const line = c?.line ?? c?.next;
  if (!c || c.state || c.call || c.retval !== undefined || line === undefined) return c;
  keep(lines, before, 'line', line, c.changes, c.deleted, snap, c.values ?? new Map());
  return c;
}

/**
 * A module-level `class` statement: it binds a name the module's locals never show
 * (the trace hides classes) and prints nothing while its body only defines methods
 * and constants; the next line is the one after it.
 */
export function classStatement(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
): ComputedStep | null | undefined {
  const m = /^class\s+([A-Za-z_]\w*)\b[^:]*:$/s.exec(stmt);
  if (!m) return undefined;
  if (before.func !== '<module>' || !program || program.error) return null;
  const node = readProgram(lines).find((n) => n.line === before.line && n.k === 'class');
  if (node?.k !== 'class' || node.decorators.length || !quietBody(node.body)) return null;
  const next = onlyNext(program, before);
  if (next === undefined) return null;
  const c: ComputedStep = { changes: {}, deleted: [], stdout: '', next };
  return carryObjects(lines, before, c);
}

/** A class body of defs, docstrings, constants and annotations only (its own frame prints nothing and calls nothing). */
export function quietBody(body: import('../../pyval/program.js').Node[]): boolean {
  return body.every((n) => {
    if (n.k === 'def')
      return (
        n.def.decorators.every((d) => d.k === 'name' && ['property', 'staticmethod', 'classmethod'].includes(d.id)) ||
        n.def.decorators.every((d) => d.k === 'attr' && ['setter', 'getter'].includes(d.attr))
      );
    if (n.k === 'annassign') return n.value === null || n.value.k === 'const';
    if (n.k === 'simple')
      return n.stmt.k === 'pass' || (n.stmt.k === 'expr' && n.stmt.value.k === 'const') || (n.stmt.k === 'assign' && n.stmt.value.k === 'const');
    return false;
  });
}
