// Reverse execution in the stepping core: back through the session's timeline
// (rs, rn, rc, reverse-finish), then the model's inverse actions past its first
// state (from a return, the call is generated and checked: checked.ts); and the search post-mortem needs, for where an uncaught exception came
// from when the timeline jumped over it (inverse steps from the module's return).
// Functions of the core, apart from it because they go the other way.

import type { ModelAction, ValueOrigin } from '../../model/types.js';
import type { Breakpoints, Hit } from './breakpoints.js';
import { NO_HISTORY, STAY, type ExceptionOrigin, type Outcome, type Place, type ReverseAction } from './outcome.js';
import type { Predictions } from './predictions.js';
import { newFrameId, type Node, type ProgramFrame, type Timeline } from './timeline.js';

/** What reverse execution needs of the stepping core (core.ts passes itself). */
export interface SteppingCore {
  readonly file: string;
  readonly bps: Breakpoints;
  readonly timeline: Timeline;
  readonly place: Place;
  readonly model: Predictions;
  /** Most inverse steps one command may take. */
  readonly cap: number;
  /** The session began at --at-return's return (the inverse model can go back from its first state). */
  readonly startsAtReturn: boolean;
  /** Stop at `node` (the timeline's current one). */
  stopAt(node: Node, hit?: Hit, note?: string): Outcome;
}

/** rs / rn / rc / reverse-finish: back through the timeline, then the model's inverse actions past its start. */
export async function reverse(core: SteppingCore, kind: ReverseAction): Promise<Outcome> {
  const tl = core.timeline;
  // back into the program from pdb's own frames or post-mortem: its last known state
  if (core.place.kind !== 'node') return core.stopAt(tl.current);
  const cur = tl.current;
  const depth = cur.frames.length;
  const ownId = cur.frames[depth - 1]?.id;
  let target = -1;
  switch (kind) {
    case 'inv_step_into':
      target = tl.pos - 1;
      break;
    case 'inv_step_over':
      for (let k = tl.pos - 1; k >= 0; k--) {
        if (tl.nodes[k]!.frames.length <= depth) {
          target = k;
          break;
        }
      }
      break;
    case 'inv_step_call': {
      for (let k = tl.pos - 1; k >= 0; k--) {
        const n = tl.nodes[k]!;
        if (n.state.event === 'call' && n.frames[n.frames.length - 1]?.id === ownId) {
          target = k;
          break;
        }
      }
      if (target < 0 && depth <= 1) return { kind: 'stay', note: NO_HISTORY };
      if (target < 0) {
        // the earliest recorded state of this activation
        let k = tl.pos;
        while (k > 0 && tl.nodes[k - 1]!.frames[tl.nodes[k - 1]!.frames.length - 1]?.id === ownId) k--;
        if (k < tl.pos) target = k;
      }
      break;
    }
    case 'inv_continue': {
      const lines = new Set(core.bps.stopLines(core.file));
      for (let k = tl.pos - 1; k >= 0; k--) {
        const s = tl.nodes[k]!.state;
        if (s.event === 'line' && s.line !== null && lines.has(s.line)) {
          target = k;
          break;
        }
      }
      if (target < 0 && tl.pos > 0) target = 0;
      break;
    }
  }
  if (target >= 0) {
    tl.pos = target;
    return core.stopAt(tl.current);
  }
  return pastStart(core, kind);
}

/** Before the first recorded state: the model's inverse actions. */
async function pastStart(core: SteppingCore, kind: ReverseAction): Promise<Outcome> {
  const tl = core.timeline;
  const first = tl.nodes[0]!;
  if (first.origin === 'start' && !core.startsAtReturn && tl.back.length === 1) return { kind: 'stay', note: NO_HISTORY };
  if (kind === 'inv_continue') return { kind: 'stay', note: NO_HISTORY };
  let inv: ModelAction;
  if (kind === 'inv_step_call') {
    if (first.state.event === 'return') inv = { kind: 'inv_step_call' };
    else return reverseToCall(core);
  } else inv = { kind };
  if (inv.kind === 'inv_step_call') {
    // the call that returned this value: the model's candidates, checked by running them forward
    const r = await core.model.checkedCall(tl.inverseHistory(), inv, first.state.retval ?? 'None');
    if (!r) return STAY;
    if (r.prediction.state!.event === 'exit') return noEarlierState(core);
    const node = core.model.nodeFrom(r.prediction, inv, first, 'backward');
    node.check = r.check;
    tl.prepend(node, inv);
    return core.stopAt(node);
  }
  const p = await core.model.predict(tl.inverseHistory(), inv);
  if (!p) return STAY;
  if (p.state!.event === 'exit') return noEarlierState(core);
  const node = core.model.nodeFrom(p, inv, first, 'backward');
  tl.prepend(node, inv);
  return core.stopAt(node);
}

/** reverse-finish from a state that is not a return: inverse steps over, back to this frame's call. */
async function reverseToCall(core: SteppingCore): Promise<Outcome> {
  const tl = core.timeline;
  const depth = tl.nodes[0]!.frames.length;
  const cap = core.cap;
  for (let k = 0; k < cap; k++) {
    const first = tl.nodes[0]!;
    const inv: ModelAction = { kind: 'inv_step_over' };
    const p = await core.model.predict(tl.inverseHistory(), inv);
    if (!p) return STAY;
    if (p.state!.event === 'exit') return noEarlierState(core);
    const node = core.model.nodeFrom(p, inv, first, 'backward');
    tl.prepend(node, inv);
    if (node.state.event === 'call' || node.frames.length < depth) return core.stopAt(node);
  }
  return core.stopAt(tl.nodes[0]!, undefined, `*** ndbg: stopped predicting after ${cap} inverse steps without reaching the call`);
}

/**
 * The origin of a computed exception: the frame that raised it, and the frames it
 * passed through (each as a state of its own, so `up` and `p` find their locals),
 * all computed.
 */
function fromTraceback(n: Node, before: Node | undefined): ExceptionOrigin {
  const tb = n.traceback!;
  const outer = n.frames.length ? n.frames : (before?.frames ?? []);
  const frames: ProgramFrame[] = tb.map((f, i) => ({
    func: f.func,
    line: f.line,
    id: i < outer.length && outer[i]!.func === f.func ? outer[i]!.id : newFrameId(),
  }));
  const seen: Node[] = tb.map((f, i) => {
    const valueOrigin: Record<string, ValueOrigin> = {};
    for (const k of Object.keys(f.locals)) valueOrigin[k] = 'computed';
    return {
      state: {
        event: 'exception',
        line: f.line,
        func: f.func,
        stack: tb.slice(0, i).map((x) => x.line),
        locals: f.locals,
        retval: null,
        exception: n.state.exception,
        stdout: '',
        exit: null,
      },
      via: null,
      frames: frames.slice(0, i + 1),
      confidence: {},
      valueOrigin,
      origin: 'predicted',
    };
  });
  const last = tb[tb.length - 1]!;
  return { frames, line: last.line, locals: last.locals, seen: seen.reverse() };
}

function noEarlierState(core: SteppingCore): Outcome {
  core.model.fail('ndbg: the model predicted no earlier state');
  return STAY;
}

/**
 * Where an uncaught exception came from: the deepest exception event of the
 * timeline's last run of exception and return events; when the timeline jumped
 * over it (`r`, `c`), the model's inverse steps from the module's return walk
 * back through the unwinding to find it.
 */
export async function exceptionOrigin(core: SteppingCore): Promise<ExceptionOrigin> {
  const seen: Node[] = [];
  const nodes = core.timeline.nodes;
  let origin: Node | undefined;
  // the exit a computed step reached stands past the current node (Core.exited)
  const exit = nodes[core.timeline.pos + 1];
  if (exit?.state.event === 'exit' && exit.traceback?.length) return fromTraceback(exit, core.timeline.current);
  for (let k = core.timeline.pos; k >= 0; k--) {
    const n = nodes[k]!;
    // computed: the evaluator followed the exception through the program's frames
    if (n.traceback?.length && (n.state.event === 'exception' || n.state.event === 'exit')) return fromTraceback(n, nodes[k - 1]);
    if (n.state.event === 'exception') {
      if (!origin || n.frames.length >= origin.frames.length) origin = n;
      continue;
    }
    if (n.state.event === 'return' || n.state.event === 'exit') continue;
    break;
  }
  const cur = core.timeline.current;
  const history = core.timeline.history();
  let end: Node | undefined = cur.state.event === 'return' && cur.state.stack.length === 0 ? cur : undefined;
  if (!origin && !end) {
    // the exit came from a jump (`c`): first the way to the module's return, by step_return
    let from = cur;
    for (let k = 0; k < 40 && !end; k++) {
      const a: ModelAction = { kind: 'step_return' };
      const p = await core.model.predict(history, a);
      if (!p || p.state!.event === 'exit') break;
      const n = core.model.nodeFrom(p, a, from, 'forward');
      history.push({ action: a, state: n.state });
      if (n.state.event === 'return' && n.state.stack.length === 0) end = n;
      from = n;
    }
  }
  if (!origin && end) {
    let from = end;
    for (let k = 0; k < 40; k++) {
      const inv: ModelAction = { kind: 'inv_step_into' };
      const p = await core.model.predict(history, inv);
      if (!p || p.state!.event === 'exit') break;
      const n = core.model.nodeFrom(p, inv, from, 'backward');
      history.push({ action: inv, state: n.state });
      seen.push(n);
      if (n.state.event === 'exception') {
        if (!origin || n.frames.length >= origin.frames.length) origin = n;
      } else if (n.state.event !== 'return') break;
      from = n;
    }
  }
  const at = origin ?? cur;
  return { frames: at.frames.map((f) => ({ ...f })), line: at.state.line ?? 1, locals: at.state.locals, seen };
}
