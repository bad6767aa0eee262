// Re-ranking whole states by the model's own likelihood, where spending more
// inference on a state is worth it: a beam of width 1 + `width` over the greedy state.
//
// Greedy decoding takes the most likely token at every step, which is not always the
// most likely state: at a step where the model was unsure (decode.ts records such
// steps as branches, with the best other token the grammar allowed and the grammar
// as it was), the runner-up can lead to a state that is more likely as a whole. For
// the `width` least certain branches, the state is decoded again from the runner-up
// on (greedily, under the same grammar, with the same drafting), and the state with
// the highest log-probability wins. Tokens before a branch are the greedy state's,
// so that compares what follows the branches; a state the grammar had to complete
// (forced tokens, probability 0) never wins.

import { AbortError, generate, type Branch, type Generated, type GenerateOptions, type KvCache } from './decode.js';

/**
 * Branches tried per prediction by default: none. Measured (docs/neural.md, "Decoding"):
 * one state in 200 more exact, for a third more time per frame.
 */
export const RERANK_WIDTH = 0;

/** Steps less certain than this are worth decoding again from their runner-up. */
export const RERANK_BELOW = 0.6;

function logLikelihood(probs: readonly number[]): number {
  let s = 0;
  for (const p of probs) s += Math.log(p);
  return s;
}

/** The state decoded from branch `b` of `gen` on (its tokens, probabilities and branches, whole), or null if it does not end. */
export async function fromBranch(cache: KvCache, prompt: readonly number[], gen: Generated, b: Branch, o: GenerateOptions): Promise<Generated | null> {
  const grammar = b.grammar ? b.grammar.clone() : null;
  if (grammar && !grammar.allows(b.id, o.bytesOf[b.id]!)) return null;
  grammar?.feed(b.id, o.bytesOf[b.id]!);
  const left = o.maxTokens - b.at - 1;
  if (left <= 0) return null;
  const head = gen.ids.slice(0, b.at);
  let rest: Generated;
  try {
    rest = await generate(cache, [...prompt, ...head, b.id], { ...o, grammar, maxTokens: left });
  } catch (e) {
    if (e instanceof AbortError) throw e;
    return null; // the grammar allows nothing after the runner-up: a dead end
  }
  if (rest.stop !== 'end' || rest.forced) return null; // no whole state to compare
  return {
    ids: [...head, b.id, ...rest.ids],
    probs: [...gen.probs.slice(0, b.at), b.p, ...rest.probs],
    specialMass: [...gen.specialMass.slice(0, b.at), gen.specialMass[b.at]!, ...rest.specialMass],
    forced: rest.forced,
    stop: rest.stop,
    ...(rest.loop ? { loop: rest.loop } : {}),
    branches: [...gen.branches.filter((x) => x.at < b.at), ...rest.branches.map((x) => ({ ...x, at: x.at + b.at + 1 }))],
  };
}

/**
 * The most likely of the greedy state and the states decoded from its `width` least
 * certain branches (those below RERANK_BELOW). Runs on the prediction's cache (the
 * caller holds its lock); `o` are the options the greedy state was decoded with.
 */
export async function rerank(cache: KvCache, prompt: readonly number[], gen: Generated, o: GenerateOptions, width: number): Promise<Generated> {
  if (width <= 0 || gen.stop !== 'end' || gen.forced || o.teacher) return gen;
  const branches = gen.branches
    .filter((b) => b.p > 0 && gen.probs[b.at]! < RERANK_BELOW)
    .sort((a, b) => gen.probs[a.at]! - gen.probs[b.at]!)
    .slice(0, width);
  // the tokens before a branch are the greedy state's, in every candidate: comparing
  // whole states compares what follows the branches
  let best = gen;
  let bestScore = logLikelihood(gen.probs);
  for (const b of branches) {
    const alt = await fromBranch(cache, prompt, gen, b, o);
    if (!alt) continue;
    const score = logLikelihood(alt.probs);
    if (score > bestScore) {
      best = alt;
      bestScore = score;
    }
  }
  return best;
}
