// A decoding that fell into a loop (decode.ts repeatingTail: the same few tokens
// over and over until the budget), taken again from the runner-up token at the
// point where it went wrong. A small model that starts repeating `0\n` after
// `<|exit|>normal<|out|>` was often unsure a few tokens earlier (`normal` against
// `error`); the second-best token there, decoded on greedily under the same
// grammar, is a state the model also found likely and one that ends. Without this
// the step has no state at all. The branch is decoded as re-ranking decodes one
// (rerank.ts fromBranch).
//
// A decoding the grammar stopped (decode.ts stop 'stuck': no token allowed, or no
// way to finish within the budget) is taken again the same way, from the nearest
// unsure step before where it stopped.

import type { Generated, GenerateOptions, KvCache } from './decode.js';
import { fromBranch } from './rerank.js';

/** Branches tried before giving up. */
export const ESCAPE_TRIES = 3;

/**
 * For a decoding that stopped in a loop (or stuck): the state decoded from the
 * runner-up of the nearest unsure step at or before the loop's start (where it stuck),
 * then the one before that, up to `tries`, and where it branched; null when none
 * ends. Runs on the prediction's cache (the caller holds its lock).
 */
export async function escapeLoop(
  cache: KvCache,
  prompt: readonly number[],
  gen: Generated,
  o: GenerateOptions,
  tries = ESCAPE_TRIES,
): Promise<{ gen: Generated; at: number } | null> {
  if (o.teacher || !((gen.stop === 'repeat' && gen.loop) || gen.stop === 'stuck')) return null;
  const start = gen.ids.length - (gen.loop?.span ?? 0);
  const branches = gen.branches
    .filter((b) => b.at <= start && b.p > 0)
    .sort((a, b) => b.at - a.at)
    .slice(0, tries);
  for (const b of branches) {
    const alt = await fromBranch(cache, prompt, gen, b, o);
    if (alt) return { gen: alt, at: b.at };
  }
  return null;
}
