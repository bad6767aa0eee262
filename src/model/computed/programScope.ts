// The scope a computed step evaluates the program's own statement in: the
// state's frame (scope.ts scopeOf) with what the program's code sees there and a
// debugger's `p` does not: in a function frame its comprehensions and lambdas
// close over the locals, and module constants read in full (constants.ts).

import type { Value } from '../../pyval/index.js';
import type { Program } from '../format/cfg.js';
import type { ModelState } from '../types.js';
import { constantsFor } from './constants.js';
import { frameScope, scopeOf } from './scope.js';

/** scopeOf for the program's own statement in the state's frame: in a function, its comprehensions and lambdas close over the locals. */
export function programScope(
  state: ModelState,
  program: Program | null | undefined,
  extra: Record<string, string> = {},
): { locals: Record<string, string>; globals?: Record<string, string>; closures?: boolean; known?: ReadonlyMap<string, Value> } {
  const s: ReturnType<typeof programScope> = scopeOf(state, extra);
  if (!program || program.error) return s;
  if (frameScope(program, state)?.kind === 'function') s.closures = true;
  // module constants the state shows cut, or a function reads as globals (constants.ts)
  const c = constantsFor(program, state);
  if (c) {
    s.known = c.known;
    if (s.globals) s.globals = { ...s.globals, ...c.globals };
  }
  return s;
}
