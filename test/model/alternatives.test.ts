// Runner-up values (src/model/decode/alternatives.ts) with a stand-in model whose
// distribution is known: where it is unsure of a value, the runner-up is the
// value it would have written with the next best token, with its probability.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alternativesOf, DEFAULT_ALTERNATIVES } from '../../src/model/decode/alternatives.js';
import { KvCache, generate } from '../../src/model/decode/decode.js';
import { SPECIAL_ID as S } from '../../src/model/format/format.js';
import type { OnnxModel } from '../../src/model/runtime/onnx.js';
import { confidenceOf } from '../../src/model/predictor.js';
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

describe('alternativesOf', () => {
  const [x, eq, d1, d2, d3, d7] = ['x', '=', '1', '2', '3', '7'].map(one) as [number, number, number, number, number, number];
  // <|line|> 7 <|var|> x = (1 | 2 3) <|end|>: unsure between x=1 (0.55 of the mass) and x=23 (0.45)
  const next = (last: number): Record<number, number> => {
    if (last === S.bos) return { [S.line]: 10 };
    if (last === S.line) return { [d7]: 10 };
    if (last === d7) return { [S.var]: 10 };
    if (last === S.var) return { [x]: 10 };
    if (last === x) return { [eq]: 10 };
    if (last === eq) return { [d1]: Math.log(0.55), [d2]: Math.log(0.45) };
    if (last === d2) return { [d3]: 10 };
    return { [S.end]: 10 };
  };

  it('branches at the uncertain token and decodes the runner-up to the end of the value', async () => {
    const cache = new KvCache(model(tok.vocabSize, next));
    const gen = await generate(cache, [S.bos], { maxTokens: 50, vocabLimit: tok.vocabSize, bytesOf: tok.bytesOf, speculate: 0 });
    expect(tok.decode(gen.ids)).toContain('x=1');
    const conf = confidenceOf(gen, tok.bytesOf).values;
    expect(conf.x).toBeCloseTo(0.55, 2);
    const alts = await alternativesOf(cache, [S.bos], gen, conf, tok.bytesOf);
    expect(Object.keys(alts)).toEqual(['x']);
    expect(alts.x).toHaveLength(1);
    expect(alts.x![0]!.value).toBe('23');
    expect(alts.x![0]!.p).toBeCloseTo(0.45, 2);
  });

  it('leaves confident values alone', async () => {
    const sure = (last: number) => (last === eq ? { [d1]: 10, [d2]: 0 } : next(last));
    const cache = new KvCache(model(tok.vocabSize, sure));
    const gen = await generate(cache, [S.bos], { maxTokens: 50, vocabLimit: tok.vocabSize, bytesOf: tok.bytesOf, speculate: 0 });
    const conf = confidenceOf(gen, tok.bytesOf).values;
    expect(conf.x).toBeGreaterThan(DEFAULT_ALTERNATIVES.below);
    expect(await alternativesOf(cache, [S.bos], gen, conf, tok.bytesOf)).toEqual({});
  });

  it('drops runner-ups too unlikely to be worth showing', async () => {
    const skewed = (last: number) => (last === eq ? { [d1]: Math.log(0.5), [d2]: Math.log(0.01), [d7]: Math.log(0.49) } : next(last));
    const cache = new KvCache(model(tok.vocabSize, skewed));
    const gen = await generate(cache, [S.bos], { maxTokens: 50, vocabLimit: tok.vocabSize, bytesOf: tok.bytesOf, speculate: 0 });
    const alts = await alternativesOf(cache, [S.bos], gen, confidenceOf(gen, tok.bytesOf).values, tok.bytesOf);
    // the runner-up token is 7 (0.49), then <|end|>: x=7; 2 (0.01) is never tried
    expect(alts.x?.map((a) => a.value)).toEqual(['7']);
  });
});
