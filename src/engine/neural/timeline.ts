// The neural session's memory: the states it has predicted (or been given),
// in execution order, with the action that leads from each to the next. The
// debugger's position can move back through it (reverse execution) and forward
// again (a forward action equal to the recorded one replays it); a different
// action, or an edit, cuts the recorded future. The model is conditioned on the
// path from the first state to the current one (`history()`), so an edit made at
// the prompt is part of what later predictions see.

import type { HistoryEntry, ModelAction, ModelState, TracebackFrame, ValueOrigin } from '../../model/types.js';
import type { Hit } from './breakpoints.js';
import type { CallCheck } from './checked.js';
import type { ScriptSource } from './source.js';

/** A program frame of a node's stack: its code name, line, and an identity across states. */
export interface ProgramFrame {
  func: string;
  line: number;
  id: number;
}

export interface Node {
  state: ModelState;
  /** The forward action from the previous node to this one; null: a new segment (start, edit, jump, unknown). */
  via: ModelAction | null;
  /** Program frames, outermost first; the last is the state's own frame (empty for an exit). */
  frames: ProgramFrame[];
  /** Confidence per local (carried over in the same frame for unchanged values). */
  confidence: Record<string, number>;
  /**
   * Where each value comes from (a local's name, `<retval>`, `<exception>`, `<stdout>`;
   * absent: `predicted`), carried over in the same frame for unchanged values.
   */
  valueOrigin?: Record<string, ValueOrigin>;
  /** Runner-up values where the model was unsure (a local's name, `<retval>`), from its prediction. */
  alternatives?: Record<string, Array<{ value: string; p: number }>>;
  /** A call reached by inverse execution from a return: whether the evaluator confirmed it (checked.ts). */
  check?: CallCheck;
  /** An exception computed with its traceback: the frames it passed through, outermost first (Prediction.traceback). */
  traceback?: TracebackFrame[];
  /** Model time that produced this node. */
  latencyMs?: number;
  /** How the node came to be. */
  origin: 'start' | 'predicted' | 'edit' | 'jump' | 'real';
  /** The debugger stopped here (pdb then keeps a return value in the frame's locals). */
  shown?: boolean;
  /** Reached as a breakpoint hit during n / r / until. */
  bpHit?: Hit;
}

let nextFrameId = 1;
export const newFrameId = (): number => nextFrameId++;

export const sameAction = (a: ModelAction | null, b: ModelAction | null): boolean =>
  a !== null && b !== null && a.kind === b.kind && (a.kind !== 'breakpoint' || (b.kind === 'breakpoint' && a.line === b.line));

/** The forward action whose target is the state an inverse action came from, when the format makes it exact. */
export function forwardOf(inv: ModelAction, before: ModelState, after: ModelState): ModelAction | null {
  if (inv.kind === 'inv_step_into') return { kind: 'step_into' };
  if (inv.kind === 'inv_step_call') return { kind: 'step_return' };
  if (inv.kind === 'inv_step_over') {
    const same = before.func === after.func && before.stack.length === after.stack.length && before.stack.every((l, i) => l === after.stack[i]);
    return same ? { kind: 'step_over' } : null;
  }
  return null;
}

/**
 * The frames of `to`, related to the frames of a neighbouring node `from`:
 * callers whose lines agree keep their identity and names; the rest are named
 * from the source (the def or class that holds the line).
 */
export function relateFrames(from: Node | null, to: ModelState, src: ScriptSource, direction: 'forward' | 'backward'): ProgramFrame[] {
  if (to.event === 'exit' || to.line === null) return [];
  const depth = to.stack.length;
  let prev = from?.frames ?? [];
  // a frame that returned does not run again (generators aside): later states are in other frames
  if (direction === 'forward' && from?.state.event === 'return') prev = prev.slice(0, -1);
  const out: ProgramFrame[] = [];
  let matching = true;
  for (let i = 0; i < depth; i++) {
    const line = to.stack[i]!;
    const p = prev[i];
    // a caller keeps its identity while every frame below it does; its line may be
    // where `from` itself stood (we returned into it, or stepped out of a call)
    if (matching && p && (p.line === line || i === prev.length - 1)) {
      out.push({ func: p.func, line, id: p.id });
    } else {
      matching = false;
      out.push({ func: i === 0 ? '<module>' : src.funcAt(line), line, id: newFrameId() });
    }
  }
  const own = prev[depth];
  const func = to.func ?? '<module>';
  // a generator expression resumed after its yield (its call event, or a later stop in it): the same frame again
  const resumed = direction === 'forward' && from?.state.event === 'return' && func === '<genexpr>' && from.frames.length === depth + 1;
  if (resumed && matching) {
    const was = from.frames[depth]!;
    if (was.func === func && was.line === to.line) {
      out.push({ func, line: to.line, id: was.id });
      return out;
    }
  }
  const freshCall = direction === 'forward' && to.event === 'call';
  const leftCall = direction === 'backward' && from?.state.event === 'call' && from.frames.length === depth + 1;
  if (matching && own && own.func === func && !freshCall && !leftCall) out.push({ func, line: to.line, id: own.id });
  else out.push({ func, line: to.line, id: newFrameId() });
  return out;
}

export class Timeline {
  nodes: Node[] = [];
  pos = 0;
  /**
   * The trajectory the inverse model has been asked along, from the first node
   * the session had: [{null, first}, {inv_*, earlier}, ...]. Its last state is
   * nodes[0]'s while the user walks back past the start.
   */
  back: HistoryEntry[] = [];

  constructor(first: Node) {
    this.nodes = [first];
    this.back = [{ action: null, state: first.state }];
  }

  get current(): Node {
    return this.nodes[this.pos]!;
  }

  /** The model's history for a forward prediction from the current node. */
  history(): HistoryEntry[] {
    const out: HistoryEntry[] = [];
    for (let k = 0; k <= this.pos; k++) {
      const n = this.nodes[k]!;
      out.push({ action: k === 0 ? null : n.via, state: n.state });
    }
    return out;
  }

  /** The model's history for an inverse prediction from nodes[0]. */
  inverseHistory(): HistoryEntry[] {
    const last = this.back[this.back.length - 1];
    if (last && last.state === this.nodes[0]!.state) return this.back.slice();
    return [{ action: null, state: this.nodes[0]!.state }];
  }

  /** The recorded next node when `action` repeats the recorded one. */
  recordedNext(action: ModelAction): Node | undefined {
    const next = this.nodes[this.pos + 1];
    return next && sameAction(next.via, action) ? next : undefined;
  }

  /** Append a node after the current one (the recorded future is cut) and move there. */
  push(node: Node): Node {
    this.nodes.length = this.pos + 1;
    this.nodes.push(node);
    this.pos = this.nodes.length - 1;
    return node;
  }

  /**
   * Put `node` in place of the current one, reached by the same action (the state
   * that action really led to), cutting the recorded future.
   */
  correct(node: Omit<Node, 'via'>): Node {
    this.nodes.length = this.pos + 1;
    const fixed = { ...node, via: this.current.via };
    this.nodes[this.pos] = fixed;
    if (this.pos === 0) this.back = [{ action: null, state: fixed.state }];
    return fixed;
  }

  /** Put a node before the first one (an inverse prediction) and move there. */
  prepend(node: Node, inv: ModelAction): Node {
    const old = this.nodes[0]!;
    old.via = forwardOf(inv, node.state, old.state);
    this.nodes.unshift(node);
    this.pos = 0;
    this.back.push({ action: inv, state: node.state });
    return node;
  }

  /** Forget everything: a new run from `first`. */
  reset(first: Node): void {
    this.nodes = [first];
    this.pos = 0;
    this.back = [{ action: null, state: first.state }];
  }
}
