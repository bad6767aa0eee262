// Where an exception goes in its own frame, as sys.settrace shows it (the same on
// CPython 3.9 to 3.13): from the exception event to the first `except` line of the
// innermost `try` whose body holds the line; from an `except` line into its body
// when the clause matches the exception's type (the `as` name bound to the
// exception), else to the next clause; leaving a handler's body unbinds the `as`
// name. Not caught in the frame: the frame's return event, `None`, on the same line.
// A `try` with `finally`, a `with` around the line, or a clause whose type is not a
// plain name of a class ndbg knows: the model says.

import { strRepr } from '../../pyval/index.js';
import { EXCEPTIONS } from '../../pyval/objects.js';
import type { Expr } from '../../pyval/parser.js';
import { readProgram, type Node } from '../../pyval/program.js';
import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import { classNode } from './programCalls.js';
import { knowsObjects, recall, rememberAt, shownAt } from './objects.js';
import type { ComputedStep } from './types.js';

type Try = Extract<Node, { k: 'try' }>;
type Handler = Try['handlers'][number];

/** A run of sibling statements and the last line they may cover. */
interface Block {
  nodes: Node[];
  end: number;
}

/** The statements of `nodes` with the last line each covers (up to the next sibling, or `end`). */
function spans(block: Block): Array<{ node: Node; end: number }> {
  return block.nodes.map((node, i) => ({ node, end: i + 1 < block.nodes.length ? block.nodes[i + 1]!.line - 1 : block.end }));
}

/** The body of the function or class whose code holds `line`, innermost; the module's otherwise. */
function frameBlock(lines: readonly string[], line: number): { name: string; block: Block } {
  let frame = { name: '<module>', block: { nodes: readProgram(lines), end: lines.length } };
  for (;;) {
    const inner = defHolding(frame.block, line);
    if (!inner) return frame;
    frame = inner;
  }
}

function defHolding(block: Block, line: number): { name: string; block: Block } | null {
  for (const { node, end } of spans(block)) {
    if (line < node.line || line > end) continue;
    if (node.k === 'def') return line > node.line ? { name: node.def.name, block: { nodes: node.def.body, end } } : null;
    if (node.k === 'class') return line > node.line ? { name: node.name, block: { nodes: node.body, end } } : null;
    for (const b of children(node, end)) {
      const d = defHolding(b, line);
      if (d) return d;
    }
    return null;
  }
  return null;
}

/** The blocks a compound statement holds (a `try`'s by clause). */
function children(node: Node, end: number): Block[] {
  switch (node.k) {
    case 'if':
      return node.branches.map((b) => ({ nodes: b.body, end }));
    case 'while':
    case 'for':
      return [
        { nodes: node.body, end },
        { nodes: node.orelse, end },
      ];
    case 'with':
      return [{ nodes: node.body, end }];
    case 'try':
      return clauses(node, end).map((c) => c.block);
    default:
      return [];
  }
}

/** A `try`'s clauses in order, each with its first line and the lines it covers. */
function clauses(t: Try, end: number): Array<{ kind: 'body' | 'handler' | 'else' | 'finally'; line: number; block: Block; handler?: Handler }> {
  const heads: Array<{ kind: 'body' | 'handler' | 'else' | 'finally'; line: number; nodes: Node[]; handler?: Handler }> = [
    { kind: 'body', line: t.line, nodes: t.body },
    ...t.handlers.map((h) => ({ kind: 'handler' as const, line: h.line, nodes: h.body, handler: h })),
  ];
  if (t.elseLine !== undefined) heads.push({ kind: 'else', line: t.elseLine, nodes: t.orelse });
  if (t.finalLine !== undefined) heads.push({ kind: 'finally', line: t.finalLine, nodes: t.final });
  return heads.map((h, i) => ({ ...h, block: { nodes: h.nodes, end: i + 1 < heads.length ? heads[i + 1]!.line - 1 : end } }));
}

/**
 * The innermost `try` of the frame whose body holds `line` (it catches what that
 * line raises); null where none does; 'model' where what runs next is not this
 * file's to say (a `with`, a `finally`).
 */
function catching(block: Block, line: number): { t: Try; end: number } | null | 'model' {
  for (const { node, end } of spans(block)) {
    if (line < node.line || line > end) continue;
    if (node.k === 'with') return 'model';
    if (node.k !== 'try') {
      for (const b of children(node, end)) {
        const c = catching(b, line);
        if (c) return c;
      }
      return null;
    }
    if (node.final.length) return 'model';
    for (const c of clauses(node, end)) {
      if (line < c.line || line > c.block.end) continue;
      const inner = catching(c.block, line);
      if (inner) return inner;
      if (c.kind === 'body' && line > node.line) return { t: node, end };
      return null;
    }
    return null;
  }
  return null;
}

/** The `try` clause whose `except` line is `line`, in the frame holding it. */
function handlerAt(block: Block, line: number): { t: Try; index: number } | null {
  for (const { node, end } of spans(block)) {
    if (line < node.line || line > end) continue;
    if (node.k === 'try') {
      const i = node.handlers.findIndex((h) => h.line === line);
      if (i >= 0) return { t: node, index: i };
    }
    if (node.k === 'def' || node.k === 'class') return null;
    for (const b of children(node, end)) {
      const h = handlerAt(b, line);
      if (h) return h;
    }
    return null;
  }
  return null;
}

/** Whether the class named `type` is `clause` or derives from it: undefined where ndbg cannot tell. */
function derives(type: string, clause: string, lines: readonly string[], depth = 0): boolean | undefined {
  if (type === clause) return true;
  if (depth > 20) return undefined;
  const node = classNode(lines, type);
  if (node) {
    if (node.keywords) return undefined;
    let unknown = false;
    for (const b of node.bases) {
      if (b.k !== 'name') return undefined;
      const d = derives(b.id, clause, lines, depth + 1);
      if (d) return true;
      if (d === undefined) unknown = true;
    }
    return unknown ? undefined : false;
  }
  if (classNode(lines, clause)) return EXCEPTIONS.has(type) ? false : undefined;
  const cls = EXCEPTIONS.get(type);
  const of = EXCEPTIONS.get(clause);
  if (!cls || !of) return undefined;
  return cls.mro.includes(of);
}

/** Whether an `except` clause's type matches the exception type named `type`. */
function matches(clause: Expr | null, type: string, lines: readonly string[]): boolean | undefined {
  if (clause === null) return true;
  if (clause.k === 'name') return derives(type, clause.id, lines);
  if (clause.k === 'tuple') {
    let unknown = false;
    for (const e of clause.elts) {
      const m = matches(e, type, lines);
      if (m) return true;
      if (m === undefined) unknown = true;
    }
    return unknown ? undefined : false;
  }
  return undefined;
}

const sameFrame = (a: ModelState, b: ModelState) => a.func === b.func && a.stack.length === b.stack.length && a.stack.every((l, i) => l === b.stack[i]);

/**
 * `s` / `n` from an exception event: to the catching `try`'s first `except` line,
 * or, not caught here, to the frame's return event. null: the model says.
 */
export function fromException(lines: readonly string[], before: ModelState, action: ModelAction, program: Program | null | undefined): ComputedStep | null {
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !program || program.error) return null;
  if (before.event !== 'exception' || before.line === null || !before.exception) return null;
  const frame = frameBlock(lines, before.line);
  if (frame.name !== before.func) return null;
  const c = catching(frame.block, before.line);
  if (c === 'model') return null;
  const locals = { ...before.locals };
  const at = (event: 'line' | 'return', line: number, retval: string | null): ComputedStep => {
    const state: ModelState = { event, line, func: before.func, stack: [...before.stack], locals, retval, exception: null, stdout: '', exit: null };
    // the objects (and the exception) go on with the frame
    if (knowsObjects(lines, before) || recall(lines, before).exception) rememberAt(lines, state, recall(lines, before));
    return { changes: {}, deleted: [], stdout: '', state };
  };
  if (c === null) return at('return', before.line, 'None');
  return at('line', c.t.handlers[0]!.line, null);
}

/** The exception a frame is handling at an `except` line: the exception event that led there, and its state. */
function handled(before: ModelState, history: readonly HistoryEntry[], t: Try, index: number): ModelState | null {
  let want = index - 1;
  for (let i = history.length - 2; i >= 0; i--) {
    const s = history[i]!.state;
    if (s.stack.length > before.stack.length) continue;
    if (!sameFrame(s, before)) return null;
    if (s.event === 'exception') return want === -1 ? s : null;
    if (s.event !== 'line' || want < 0 || s.line !== t.handlers[want]!.line) return null;
    want--;
  }
  return null;
}

/**
 * What an `as` name shows: the exception's repr, from the instance the computed
 * raise kept, or from its text for the exceptions pyval raises from values alone
 * (their one argument is the message, a KeyError's the key).
 */
function exceptionRepr(lines: readonly string[], at: ModelState, type: string, message: string | null): string | null {
  const snap = recall(lines, at);
  if (snap.exception) return shownAt(lines, at, snap, snap.exception, undefined);
  if (message === null) return null;
  if (type === 'KeyError') return `KeyError(${message})`;
  if (type === 'ZeroDivisionError' || type === 'IndexError') return `${type}(${strRepr(message)})`;
  return null;
}

/**
 * `s` / `n` from an `except` line the frame reached with an exception: into the
 * clause's body (its `as` name bound where the exception's repr is known), or to
 * the next clause. undefined: not an `except` line being tested; null: the model says.
 */
export function exceptClause(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
): ComputedStep | null | undefined {
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !program || program.error || !history) return undefined;
  if (before.event !== 'line' || before.line === null) return undefined;
  const frame = frameBlock(lines, before.line);
  if (frame.name !== before.func) return undefined;
  const h = handlerAt(frame.block, before.line);
  if (!h) return undefined;
  const exc = handled(before, history, h.t, h.index);
  if (!exc?.exception) return null;
  const colon = exc.exception.indexOf(': ');
  const type = colon < 0 ? exc.exception : exc.exception.slice(0, colon);
  const message = colon < 0 ? null : exc.exception.slice(colon + 2);
  const clause = h.t.handlers[h.index]!;
  const m = matches(clause.type, type, lines);
  if (m === undefined) return null;
  if (!m) {
    const next = h.t.handlers[h.index + 1];
    if (!next) return null;
    const snap = recall(lines, before);
    if (knowsObjects(lines, before)) rememberAt(lines, { ...before, line: next.line }, snap);
    return { changes: {}, deleted: [], stdout: '', line: next.line };
  }
  const first = clause.body[0];
  if (!first) return null;
  const step: ComputedStep = { changes: {}, deleted: [], stdout: '', line: first.line };
  const snap = recall(lines, before);
  const known = knowsObjects(lines, before);
  if (clause.name) {
    const shown = exceptionRepr(lines, exc, type, message);
    // a step states all of the frame's locals: without the name's value, the model says
    if (shown === null) return null;
    step.changes[clause.name] = shown;
    const value = recall(lines, exc).exception;
    if (value) snap.bound.set(clause.name, value);
  }
  if (known || snap.bound.size) {
    const locals = { ...before.locals, ...step.changes };
    rememberAt(lines, { ...before, line: first.line, locals }, { objects: snap.objects, bound: snap.bound, outer: snap.outer });
  }
  return step;
}

/**
 * The `as` name a step leaves unbound: from a line of an `except ... as NAME`
 * clause's body to a line outside it, in the same frame, CPython deletes NAME.
 */
export function leftHandler(lines: readonly string[], before: ModelState, to: number): string | null {
  if (before.line === null) return null;
  const frame = frameBlock(lines, before.line);
  if (frame.name !== before.func) return null;
  const inside = handlerHolding(frame.block, before.line);
  if (!inside || !(inside.name in before.locals)) return null;
  return to < inside.from || to > inside.to ? inside.name : null;
}

/** The innermost `except ... as NAME` clause whose body holds `line`, with the lines it covers. */
function handlerHolding(block: Block, line: number): { name: string; from: number; to: number } | null {
  for (const { node, end } of spans(block)) {
    if (line < node.line || line > end) continue;
    if (node.k === 'def' || node.k === 'class') return null;
    if (node.k === 'try') {
      for (const c of clauses(node, end)) {
        if (line < c.line || line > c.block.end) continue;
        const inner = handlerHolding(c.block, line);
        if (inner) return inner;
        if (c.kind === 'handler' && c.handler!.name && line > c.line) return { name: c.handler!.name, from: c.line, to: c.block.end };
        return null;
      }
      return null;
    }
    for (const b of children(node, end)) {
      const h = handlerHolding(b, line);
      if (h) return h;
    }
    return null;
  }
  return null;
}
