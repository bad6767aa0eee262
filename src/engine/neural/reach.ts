// Whether control flow can still reach a line from a state: the check that keeps
// `c` from "stopping" at a breakpoint the program cannot get to. Only what the
// control-flow analysis (src/model/format/cfg.ts, python/ndbg/analysis/cfg.py) makes
// certain is ruled out: module-level code runs once, so a line of the module is
// reached only if it follows, in the module frame's own control flow, the line
// that frame stands at. Lines of functions, class bodies and lambdas may be
// reached through calls the analysis does not see (dunder methods, callbacks
// from the library): they always count as reachable.

import type { Program } from '../../model/format/cfg.js';
import type { ModelState } from '../../model/types.js';

/** False only when `line` can certainly not be reached (as a line event) after state `s`. */
export function mayReach(program: Program | null | undefined, s: ModelState, line: number): boolean {
  if (!program || program.error || s.event === 'exit' || s.line === null) return true;
  const mod = program.module;
  const scopes = program.scopesAt(line);
  // a line some other code (a function, class body, lambda, comprehension) also runs on
  if (!scopes.length || scopes.some((sc) => sc.kind !== 'module')) return true;
  // where the module's frame stands: the state itself, or its outermost caller line
  const atModule = s.stack.length === 0;
  const here = atModule ? s.line : s.stack[0]!;
  if (!mod.lines.has(here)) return true;
  // the stop at `here` is before (a line event) or within (a caller, an exception) that line: what may follow it
  const start: number[] = [...(mod.succ.get(here) ?? [])];
  const seen = new Set<number>();
  while (start.length) {
    const l = start.pop()!;
    if (seen.has(l)) continue;
    seen.add(l);
    if (l === line) return true;
    for (const n of mod.succ.get(l) ?? []) start.push(n);
  }
  return false;
}

/**
 * Whether `line` runs only in the module's own frame (no function, class body,
 * lambda or comprehension runs it). Such a line is never hit inside code that a
 * step calls: `n` and `r` stop in the frame they start from or a caller first, so a
 * breakpoint there cannot come before their target.
 */
export function moduleOnly(program: Program | null | undefined, line: number): boolean {
  if (!program || program.error) return false;
  const scopes = program.scopesAt(line);
  return scopes.length > 0 && scopes.every((sc) => sc.kind === 'module');
}
