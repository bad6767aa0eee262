// Re-ranking (src/model/decode/rerank.ts) with a stand-in model whose distribution is
// known: greedy decoding takes the likelier first token of a value whose most
// likely whole text starts with the other one; re-ranking finds that text.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KvCache, generate, type GenerateOptions } from '../../src/model/decode/decode.js';
import { SPECIAL_ID as S } from '../../src/model/format/format.js';
import type { OnnxModel } from '../../src/model/runtime/onnx.js';
import { rerank } from '../../src/model/decode/rerank.js';
import { Tokenizer } from '../../src/model/format/tokenizer.js';

const tok = Tokenizer.load(join(import.meta.dirname, '..', 'golden', 'tokenizer.json'));
const one = (t: string) => {
  const ids = tok.encode(t);
  expect(ids).toHaveLength(1);
  return ids[0]!;
};

/** A model whose logits after each token are given (every other token: -30). */
function model(vocab: number, after: (last: number) => Record<number, number>) {
  return {
    files: { vocabSize: vocab },
    truncate: (past: unknown) => past,
    async forward(ids: readonly number[]) {
      const logits = new Float32Array(ids.length * vocab).fill(-30);
      ids.forEach((id, k) => {
        for (const [t, l] of Object.entries(after(id))) logits[k * vocab + Number(t)] = l;
      });
      return { logits, present: null };
    },
  } as unknown as OnnxModel;
}

describe('rerank', () => {
  const [x, eq, d1, d2, d3, d4, d7] = ['x', '=', '1', '2', '3', '4', '7'].map(one) as number[] as [number, number, number, number, number, number, number];
  // <|line|> 7 <|var|> x = ...: x=1 then 3 (0.6) or 4 (0.4); x=2 then the end for sure.
  // Greedy writes x=13 (0.55 * 0.6 = 0.33); the likeliest state is x=2 (0.45).
  const next = (last: number): Record<number, number> => {
    if (last === S.bos) return { [S.line]: 10 };
    if (last === S.line) return { [d7]: 10 };
    if (last === d7) return { [S.var]: 10 };
    if (last === S.var) return { [x]: 10 };
    if (last === x) return { [eq]: 10 };
    if (last === eq) return { [d1]: Math.log(0.55), [d2]: Math.log(0.45) };
    if (last === d1) return { [d3]: Math.log(0.6), [d4]: Math.log(0.4) };
    return { [S.end]: 10 };
  };
  const opts = (): GenerateOptions => ({ maxTokens: 50, vocabLimit: tok.vocabSize, bytesOf: tok.bytesOf, speculate: 0 });

  it('keeps the likeliest whole state, not the likeliest first token', async () => {
    const cache = new KvCache(model(tok.vocabSize, next));
    const greedy = await generate(cache, [S.bos], opts());
    expect(tok.decode(greedy.ids)).toContain('x=13');
    const best = await rerank(cache, [S.bos], greedy, opts(), 1);
    expect(tok.decode(best.ids)).toContain('x=2');
    expect(best.ids.at(-1)).toBe(S.end);
    expect(best.stop).toBe('end');
    // its probabilities are those of its own tokens: x=2 ends with probability ~1
    const p = best.probs.reduce((a, b) => a * b, 1);
    expect(p).toBeCloseTo(0.45, 2);
    expect(best.probs).toHaveLength(best.ids.length);
    expect(best.specialMass).toHaveLength(best.ids.length);
  });

  it('changes nothing at width 0, or where greedy is already the likeliest', async () => {
    const cache = new KvCache(model(tok.vocabSize, next));
    const greedy = await generate(cache, [S.bos], opts());
    expect(await rerank(cache, [S.bos], greedy, opts(), 0)).toBe(greedy);
    const sure = (last: number) => (last === d1 ? { [d3]: 10 } : next(last));
    const c2 = new KvCache(model(tok.vocabSize, sure));
    const g2 = await generate(c2, [S.bos], opts());
    const kept = await rerank(c2, [S.bos], g2, opts(), 2);
    expect(tok.decode(kept.ids)).toContain('x=13');
  });
});
