// Several answers to one question, for generate-and-check (inverse execution: the
// arguments that make a function return a value). The model's greedy state comes
// first; then, best first, the states decoded again from another token at one of
// its steps (the few most likely the grammar allows there, at every step: a model
// that is confidently wrong about an argument still ranks the right digit second),
// the branch whose prefix is most likely taken next: a deterministic beam over
// whole states, with no sampling and so no seed. Each branch decodes greedily from there, under the
// same grammar, so every candidate is a well-formed state. Lazily: the caller stops
// asking once one checks, and pays only for the candidates it looked at.

import { softmaxAt, type Branch, type Generated, type GenerateOptions, type KvCache } from './decode.js';
import type { StateGrammar } from './grammar.js';
import { fromBranch } from './rerank.js';

/** Candidates looked at per question by default (the greedy one included). */
export const DEFAULT_CANDIDATES = 8;

/** Branches decoded in all, at most, per candidate asked for: dead ends and repeats are not candidates. */
const TRIES_PER_CANDIDATE = 3;

/** Other tokens tried at each step of the greedy state. */
const PER_STEP = 3;

/**
 * The `PER_STEP` most likely tokens other than the chosen one at every step of
 * `gen`, each a branch with the grammar as it was before the step (`grammar`: the
 * grammar `gen` was decoded with, in its first state). One forward pass over `gen`.
 */
async function everyBranch(cache: KvCache, prompt: readonly number[], gen: Generated, o: GenerateOptions, grammar: StateGrammar | null): Promise<Branch[]> {
  const ids = gen.ids;
  const first = (await cache.prefill(prompt, o.signal)).slice();
  const rows = [first, ...(ids.length > 1 ? await cache.stepMany(ids.slice(0, -1)) : [])];
  const limit = Math.min(o.vocabLimit, cache.model.files.vocabSize);
  const g = grammar ? grammar.clone() : null;
  const out: Branch[] = [];
  for (let at = 0; at < ids.length; at++) {
    const logits = rows[at]!;
    const chosen = ids[at]!;
    const before = g ? g.clone() : null;
    // the 16 most likely ids, then the first PER_STEP of them the grammar allows
    const top = Array.from({ length: limit }, (_, i) => i)
      .sort((a, b) => logits[b]! - logits[a]!)
      .slice(0, 16);
    const { of } = softmaxAt(logits, limit, chosen);
    let k = 0;
    for (const id of top) {
      if (k >= PER_STEP) break;
      if (id === chosen || (before && !before.allows(id, o.bytesOf[id]!))) continue;
      out.push({ at, id, p: of(id), grammar: before });
      k++;
    }
    g?.feed(chosen, o.bytesOf[chosen]!);
  }
  return out;
}

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
  /** The grammar in its first state (before the greedy state fed it): branches at every step; null: only the recorded ones. */
  grammar?: StateGrammar | null,
): AsyncGenerator<Generated> {
  const seen = new Set<string>([greedy.ids.join(',')]);
  yield greedy;
  if (greedy.stop !== 'end' || greedy.forced) return;
  // branch points still open, each with the log-probability of its prefix and runner-up
  const open: Array<{ from: Generated; b: Branch; score: number }> = [];
  const add = (g: Generated, after: number) => {
    for (const b of g.branches) if (b.at >= after && b.p > 0) open.push({ from: g, b, score: logOf(g.probs, b.at) + Math.log(b.p) });
  };
  if (grammar !== undefined) {
    for (const b of await decode(() => everyBranch(cache, prompt, greedy, o, grammar))) {
      if (b.p > 0) open.push({ from: greedy, b, score: logOf(greedy.probs, b.at) + Math.log(b.p) });
    }
  } else add(greedy, 0);
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
