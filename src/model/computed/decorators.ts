// A decorated `def` or `class` in the module or a class body, as CPython 3.11 (the
// version the engine models) traces it: a line event on each decorator line as it
// is evaluated, then the `def` / `class` line (a class's body runs in its own frame,
// whose first line event is on the first decorator's line), then, applying the
// decorators innermost first, a line event on each decorator line again, and the
// `def` / `class` line once more as the name is bound; then the next statement.
// Only decorators that run none of the program's code: the standard library's, whose
// result the frame hides (a function or a class) or shows as CPython 3.11 writes it
// in a class body (`<property object>`, `<staticmethod(<function C.f>)>`).

import { readProgram, type Node } from '../../pyval/program.js';
import type { Expr } from '../../pyval/parser.js';
import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import { quietBody } from './objects.js';
import { definedNames, frameScope, modelledImports } from './scope.js';
import type { ComputedStep } from './types.js';

/** Decorators whose result a module or class body hides (functions and classes). */
const HIDDEN_RESULT = new Set(['dataclass', 'total_ordering', 'contextmanager', 'abstractmethod', 'unique', 'wraps']);
/** In a class body, what the bound name shows (CPython 3.11 reprs, addresses removed). */
const SHOWN_IN_CLASS: Record<string, (cls: string, name: string) => string> = {
  property: () => '<property object>',
  setter: () => '<property object>',
  getter: () => '<property object>',
  deleter: () => '<property object>',
  staticmethod: (cls, name) => `<staticmethod(<function ${cls}.${name}>)>`,
  classmethod: (cls, name) => `<classmethod(<function ${cls}.${name}>)>`,
};

interface Decorated {
  node: Extract<Node, { k: 'def' | 'class' }>;
  name: string;
  /** The decorator lines, outermost first. */
  at: number[];
  /** The line the name is bound on. */
  line: number;
  /** The line of the statement after it in the same body, or null at the body's end. */
  after: number | null;
  decorators: Expr[];
}

/** The decorator a name stands for (`dataclass`, `functools.wraps(f)`, `x.setter` -> `setter`), null where it is not one this file knows. */
function decoratorName(d: Expr, lines: readonly string[]): string | null {
  const callee = d.k === 'call' ? d.func : d;
  const name = callee.k === 'name' ? callee.id : callee.k === 'attr' ? callee.attr : null;
  if (name === null || (!HIDDEN_RESULT.has(name) && !(name in SHOWN_IN_CLASS))) return null;
  // a name the program defines itself runs its own code; one imported from the standard library does not
  if (callee.k === 'name' && definedNames(lines).has(name) && !modelledImports(lines).has(name) && !importedFromStdlib(lines, name)) return null;
  if (d.k === 'call' && d.args.some((a) => a.k !== 'const')) return null;
  if (d.k === 'call' && d.keywords.some((k) => k.value.k !== 'const')) return null;
  return name;
}

/** A statement's first line event: its first decorator's line where it has decorators. */
function firstLine(lines: readonly string[], n: Node): number {
  const decorated = (n.k === 'def' && n.def.decorators.length) || (n.k === 'class' && n.decorators.length);
  if (!decorated) return n.line;
  let first = n.line;
  for (let l = n.line - 1; l >= 1; l--) {
    const text = lines[l - 1]!.trim();
    if (text.startsWith('@')) first = l;
    else if (text !== '' && !text.startsWith('#')) break;
  }
  return first;
}

/** Whether the program binds `name` only by importing it from a standard module whose decorators this file knows. */
function importedFromStdlib(lines: readonly string[], name: string): boolean {
  const from = new RegExp(`^from\\s+(?:dataclasses|functools|contextlib|abc|enum)\\s+import\\s+[^#]*\\b${name}\\b`);
  const own = new RegExp(`^\\s*(?:def|class)\\s+${name}\\b|^\\s*${name}\\s*=(?!=)`);
  return lines.some((l) => from.test(l)) && !lines.some((l) => own.test(l));
}

/**
 * Where the module goes when a decorated class's body returns: the innermost
 * decorator's line, to apply it (CPython 3.11); null where a decorator is not one
 * this file knows.
 */
export function afterDecoratedBody(lines: readonly string[], node: Extract<Node, { k: 'class' }>): number | null {
  const d = decoratedAt(lines, readProgram(lines), node.line);
  if (!d || d.node !== node || d.decorators.some((x) => decoratorName(x, lines) === null || !HIDDEN_RESULT.has(decoratorName(x, lines)!))) return null;
  return d.at[d.at.length - 1]!;
}

/** The decorated statement of `body` whose decorator or `def`/`class` line is `line`. */
function decoratedAt(lines: readonly string[], body: Node[], line: number): Decorated | null {
  for (let i = 0; i < body.length; i++) {
    const n = body[i]!;
    if (n.k !== 'def' && n.k !== 'class') continue;
    const decorators = n.k === 'def' ? n.def.decorators : n.decorators;
    if (!decorators.length) continue;
    const at: number[] = [];
    for (let l = n.line - 1; l >= 1 && at.length < decorators.length; l--) {
      const text = lines[l - 1]!.trim();
      if (text === '' || text.startsWith('#')) continue;
      if (!text.startsWith('@')) break;
      at.unshift(l);
    }
    if (at.length !== decorators.length) continue;
    if (line !== n.line && !at.includes(line)) continue;
    const next = body[i + 1];
    return { node: n, name: n.k === 'def' ? n.def.name : n.name, at, line: n.line, after: next ? firstLine(lines, next) : null, decorators };
  }
  return null;
}

/** The frame's previous line event (deeper frames skipped), null where the frame began here. */
function previousInFrame(before: ModelState, history: readonly HistoryEntry[]): ModelState | null {
  for (let i = history.length - 2; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.stack.length > before.stack.length) continue;
    if (s.func !== before.func || s.stack.length !== before.stack.length) return null;
    return s;
  }
  return null;
}

/**
 * `s` / `n` from a line of a decorated `def` / `class` (or a decorated class body's
 * first line event). undefined: no such line; null: one, but the model says.
 */
export function decoratedStep(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
): ComputedStep | null | undefined {
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !program || program.error || before.event !== 'line' || before.line === null)
    return undefined;
  const kind = before.func === '<module>' ? 'module' : frameScope(program, before)?.kind;
  const nodes = readProgram(lines);
  const cls = kind === 'class' ? nodes.find((n): n is Extract<Node, { k: 'class' }> => n.k === 'class' && n.name === before.func) : undefined;
  if (kind === 'class' && cls && cls.decorators.length) {
    // a decorated class body's first line event, on the first decorator's line: then its first statement
    const outer = decoratedAt(lines, nodes, cls.line);
    if (outer && outer.node === cls && before.line === outer.at[0]) {
      const first = cls.body[0];
      if (!first || /^\s*[rRuUbBfF]*["']/.test(lines[first.line - 1] ?? '')) return null;
      return { changes: {}, deleted: [], stdout: '', next: first.line };
    }
  }
  const body = kind === 'module' ? nodes : cls?.body;
  if (!body) return undefined;
  const d = decoratedAt(lines, body, before.line);
  if (!d) return undefined;
  const names = d.decorators.map((x) => decoratorName(x, lines));
  if (names.some((n) => n === null)) return null;
  if (kind === 'module' && names.some((n) => !HIDDEN_RESULT.has(n!))) return null;
  if (!history) return null;
  const prevLine = previousInFrame(before, history)?.line ?? null;
  const k = d.at.length;
  const step = (next: number, changes: Record<string, string> = {}): ComputedStep => ({ changes, deleted: [], stdout: '', next });
  const i = d.at.indexOf(before.line);
  if (i >= 0) {
    // evaluating the decorator (after the previous one, or coming from the statement before)
    if (!appliedBefore(history, before, d)) return step(i + 1 < k ? d.at[i + 1]! : d.line);
    // applying it, innermost first: next the one outside it, or the binding on the def line
    return step(i > 0 ? d.at[i - 1]! : d.line);
  }
  // the `def` / `class` line: first after the decorators are evaluated, then to bind the name
  const binding = prevLine === d.at[0] && appliedBefore(history, before, d);
  if (!binding) {
    if (d.node.k === 'class') {
      if (action.kind === 'step_into') return { changes: {}, deleted: [], stdout: '', call: { func: d.name, line: d.at[0]!, locals: {} } };
      // `n` runs the body: only one that prints nothing and calls nothing
      if (!quietBody(d.node.body)) return null;
    }
    return step(d.at[k - 1]!);
  }
  const changes: Record<string, string> = {};
  if (kind === 'class') {
    const shown = SHOWN_IN_CLASS[names[0]!];
    if (shown) changes[d.name] = shown(before.func!, d.name);
  }
  if (d.after === null) return { changes, deleted: [], stdout: '', ends: true };
  return step(d.after, changes);
}

/** Whether the decorators of `d` were evaluated in this frame before its `def` line came (so the frame is now applying them). */
function appliedBefore(history: readonly HistoryEntry[], before: ModelState, d: Decorated): boolean {
  for (let i = history.length - 2; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.stack.length > before.stack.length) continue;
    if (s.func !== before.func || s.stack.length !== before.stack.length) return false;
    if (s.line === d.line) return true;
    if (s.line !== null && !d.at.includes(s.line)) return false;
  }
  return false;
}
