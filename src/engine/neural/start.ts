// The first state of a neural session: the script's first line as the model sees
// it, or (--at-return FUNC --value REPR) the return of FUNC with that value, its
// callers found in the source, so that reverse commands can ask the inverse model
// how the program got there.

import type { ModelState, PredictorSession } from '../../model/types.js';
import type { FunctionDef, ScriptSource } from './source.js';
import { relateFrames, type Node } from './timeline.js';

export function firstNode(model: Pick<PredictorSession, 'initialState'>, src: ScriptSource, atReturn?: { func: string; value: string }): Node {
  if (atReturn) return atReturnNode(src, atReturn.func, atReturn.value);
  const s = model.initialState();
  return { state: s, via: null, frames: relateFrames(null, s, src, 'forward'), confidence: {}, origin: 'start' };
}

function atReturnNode(src: ScriptSource, func: string, value: string): Node {
  const d = src.findDefs(func).find((x) => x.kind === 'def');
  if (!d) throw new Error(`--at-return: the script defines no function '${func}'`);
  const returns = src.returnLines(d);
  const line = returns.length ? returns[returns.length - 1]! : d.lastLine;
  const stack = callChain(src, d, new Set());
  const state: ModelState = { event: 'return', line, func: d.name, stack, locals: {}, retval: value, exception: null, stdout: '', exit: null };
  // the value is the user's, not the model's
  return { state, via: null, frames: relateFrames(null, state, src, 'forward'), confidence: {}, valueOrigin: { '<retval>': 'computed' }, origin: 'start' };
}

/** Lines of the frames below a call of `d`, outermost first, as far as the source shows them. */
function callChain(src: ScriptSource, d: FunctionDef, seen: Set<FunctionDef>): number[] {
  seen.add(d);
  const callers = src.callersOf(d.name).filter((c) => c.scope !== d);
  const top = callers.find((c) => !c.scope);
  if (top) return [top.line];
  for (const c of callers) {
    if (c.scope && c.scope.kind === 'def' && !seen.has(c.scope)) {
      const below = callChain(src, c.scope, seen);
      if (below.length) return [...below, c.line];
    }
  }
  return [];
}
