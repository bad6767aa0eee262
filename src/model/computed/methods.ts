// `s` into the program's classes: a method called on an object the state shows
// (`cart.add("apple", 3, 0.5)`, `self.total()`), a class called to make an instance
// (`Cart("ana")`: its `__init__`), and a `class` statement (its body's frame). The
// call event's frame is certain before anything of the program runs: the code
// object, and its parameters bound to arguments computed from the state before it.
// Only where the object's class can be read from its repr (`<__main__.Cart object>`,
// the default repr of a class cfg.py finds plain) and the method is a plain `def`.

import { withoutAddresses } from '../format/format.js';
import type { Program } from '../format/cfg.js';
import type { ModelState } from '../types.js';
import type { ComputedStep } from './types.js';
import { bindArguments, classNode, classOfRepr, methodOf, programCall } from './programCalls.js';
import { cut, frameScope, HIDDEN_REPR, onlyNext, scopeOf, statementAt } from './scope.js';
import { contextOf, recall, rememberAt } from './objects.js';
import { freshInstance, type Value } from '../../pyval/index.js';

/**
 * `step_into` a statement whose one call of the program's code is a method of a shown
 * object or a class: the call event. undefined: no such call (the other rules apply);
 * null: one, but its frame cannot be told exactly (the model says).
 */
export function intoMethod(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  program: Program,
  pythonMinor: number | undefined,
): ComputedStep | null | undefined {
  const site = programCall(stmt, lines);
  if (!site) return undefined;
  const scope = scopeOf(before);
  // the objects the session's computed steps built, so that the callee's steps can be computed too
  const snap = recall(lines, before);
  let fn: ReturnType<typeof methodOf>;
  let self: string;
  let selfValue: Value | undefined;
  if (site.obj !== undefined) {
    const shown = before.locals[site.obj];
    const known = snap.bound.get(site.obj);
    const cls = shown === undefined ? null : known?.kind === 'instance' && classNode(lines, known.cls.name) ? known.cls.name : classOfRepr(shown, lines);
    if (cls === null) return shown !== undefined && classNode(lines, site.obj) === null ? undefined : null;
    fn = methodOf(program, lines, cls, site.name);
    self = shown!;
    selfValue = known;
  } else {
    const node = classNode(lines, site.name);
    if (!node) return undefined; // a plain function: calls.ts
    if (methodOf(program, lines, site.name, '__new__') !== undefined) return null;
    const ctx = contextOf(lines, before, snap);
    // the instance `__init__` receives: nothing set yet, shown as its own `__repr__` shows it then
    const fresh = freshInstance(site.name, { pythonMinor, program: ctx });
    if (fresh) {
      self = cut(withoutAddresses(fresh.shown));
      selfValue = fresh.value;
    } else if (program.plainClasses.has(site.name)) self = `<__main__.${site.name} object>`;
    else return null;
    fn = methodOf(program, lines, site.name, '__init__');
  }
  if (!fn) return null; // no such method (an AttributeError, or object.__init__: no frame): the model says
  const sig = statementAt(lines, fn.defLine)!.trim();
  const self0 = fn.params[0];
  if (self0 === undefined) return null;
  const locals = bindArguments(sig, site.args, scope, pythonMinor, [[self0, self]]);
  if (!locals) return null;
  // a method that names `super` or `__class__` has the defining class as a free variable, which its frame shows
  if (lines.slice(fn.defLine, fn.lastLine).some((l) => /\b(?:super|__class__)\b/.test(l))) {
    const owner = fn.key.slice(0, fn.key.lastIndexOf('.'));
    if (owner.includes('.')) return null;
    locals.__class__ = `<class '__main__.${owner}'>`;
  }
  const call = { func: fn.coName, line: fn.callLine, locals, span: [site.start, site.end] as [number, number] };
  if (selfValue && !HIDDEN_REPR.test(self)) {
    const callState = { event: 'call' as const, func: fn.coName, stack: [...before.stack, before.line!], line: fn.callLine, locals };
    rememberAt(lines, callState, { objects: snap.objects, bound: new Map([[self0, selfValue]]), outer: [...snap.outer, snap.bound] });
  }
  return { changes: {}, deleted: [], stdout: '', call };
}

/**
 * `step_into` a `class` statement of the module (no decorator, bases that are names):
 * the call event of its body, whose locals the trace format shows empty.
 */
export function intoClassBody(stmt: string, lines: readonly string[], before: ModelState, program: Program): ComputedStep | null | undefined {
  const m = /^class\s+([A-Za-z_]\w*)\s*(?:\(([\w\s.,]*)\))?\s*:$/.exec(stmt);
  if (!m) return /^class\b/.test(stmt) ? null : undefined;
  if (before.func !== '<module>') return null;
  const node = classNode(lines, m[1]!);
  const body = program.scopes.filter((s) => s.key === m[1] && s.kind === 'class');
  if (!node || node.decorators.length || node.line !== before.line || body.length !== 1) return null;
  return { changes: {}, deleted: [], stdout: '', call: { func: m[1]!, line: body[0]!.callLine, locals: {} } };
}

/** Scopes whose frames are a function's: a generator function's too (cfg.py's kinds). */
const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function', 'generator']);

/**
 * A `def` in a function: it binds a local function, which the frame shows by its
 * qualified name (`<function indent.<locals>.predicate>`); then the next line. Not for
 * a decorated one, nor defaults that could call anything.
 */
export function defInFunction(stmt: string, before: ModelState, program: Program): ComputedStep | null | undefined {
  const def = /^def\s+([A-Za-z_]\w*)\s*\((.*)\)\s*(?:->[^:]*)?:$/s.exec(stmt);
  if (!def) return undefined;
  const frame = frameScope(program, before);
  if (!frame || !FUNCTION_KINDS.has(frame.kind) || /[()]/.test(def[2]!)) return null;
  const fn = program.scopes.find((sc) => sc.defLine === before.line && FUNCTION_KINDS.has(sc.kind) && sc.key === `${frame.key}.<locals>.${def[1]}`);
  if (!fn || fn.callLine !== fn.defLine) return null; // decorated
  const next = onlyNext(program, before);
  if (next === undefined) return null;
  return { changes: { [def[1]!]: `<function ${fn.key}>` }, deleted: [], stdout: '', next };
}

/** A `def` in a class body: it binds a function, which the trace format hides in class bodies; the next line, or the body's end. */
export function defInClassBody(stmt: string, before: ModelState, program: Program): ComputedStep | null | undefined {
  const def = /^def\s+[A-Za-z_]\w*\s*\((.*)\)\s*(?:->[^:]*)?:$/s.exec(stmt);
  if (!def) return undefined;
  const body = program.scopes.filter((s) => s.kind === 'class' && s.coName === before.func);
  if (body.length !== 1 || /[()]/.test(def[1]!)) return null;
  const fn = program.scopes.find((sc) => sc.defLine === before.line && sc.kind === 'function');
  if (!fn || fn.callLine !== fn.defLine) return null; // decorated
  const next = onlyNext(program, before);
  if (next !== undefined) return { changes: {}, deleted: [], stdout: '', next };
  const sc = body[0]!;
  return sc.returns.has(before.line!) && !(sc.succ.get(before.line!) ?? []).length ? { changes: {}, deleted: [], stdout: '', ends: true } : null;
}
