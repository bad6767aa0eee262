// Several answers to one question, for generate-and-check (inverse execution: the
// arguments that make a function return a value). The model's greedy state comes
// first; then, best first, the states decoded again from the runner-up token at a
// step where it was unsure (decode.ts records those steps as branches), the branch
// whose prefix is most likely taken next: a deterministic beam over whole states,
// with no sampling and so no seed. Each branch decodes greedily from there, under the
// same grammar, so every candidate is a well-formed state. Lazily: the caller stops
// asking once one checks, and pays only for the candidates it looked at.

import type { Branch, Generated, GenerateOptions, KvCache } from './decode.js';
import { fromBranch } from './rerank.js';

/** Candidates looked at per question by default (the greedy one included). */
export const DEFAULT_CANDIDATES = 8;

/** Branches decoded in all, at most, per candidate asked for: dead ends and repeats are not candidates. */
const TRIES_PER_CANDIDATE = 3;

const logOf = (ps: readonly number[], n = ps.length) => {
  let s = 0;
  for (let k = 0; k < n; k++) s += Math.log(ps[k]!);
  return s;
};

/**
 * The greedy state `greedy`, then up to `n - 1` more distinct states, most likely
 * branch first. `o` are the options the greedy state was decoded with; the caller
 * holds the cache (each `decode` call runs under its lock).
 */
export async function* candidateStates(
  cache: KvCache,
  prompt: readonly number[],
  greedy: Generated,
  o: GenerateOptions,
  n: number,
  decode: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
): AsyncGenerator<Generated> {
  const seen = new Set<string>([greedy.ids.join(',')]);
  yield greedy;
  if (greedy.stop !== 'end' || greedy.forced) return;
  // branch points still open, each with the log-probability of its prefix and runner-up
  const open: Array<{ from: Generated; b: Branch; score: number }> = [];
  const add = (g: Generated, after: number) => {
    for (const b of g.branches) if (b.at >= after && b.p > 0) open.push({ from: g, b, score: logOf(g.probs, b.at) + Math.log(b.p) });
  };
  add(greedy, 0);
  let yielded = 1;
  for (let tries = 0; yielded < n && open.length && tries < n * TRIES_PER_CANDIDATE; tries++) {
    let best = 0;
    for (let k = 1; k < open.length; k++) if (open[k]!.score > open[best]!.score) best = k;
    const { from, b } = open.splice(best, 1)[0]!;
    const alt = await decode(() => fromBranch(cache, prompt, from, b, o));
    if (!alt) continue;
    const key = alt.ids.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    // its own branches after the one it took (those before are its parent's, already open)
    add(alt, b.at + 1);
    yielded++;
    yield alt;
  }
}
