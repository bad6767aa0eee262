// Pieces of decoding that need no model: confidence from token probabilities, and
// prompt-lookup drafts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KvCache, generate, lookupDraft, repeatingTail, type Generated } from '../../src/model/decode/decode.js';
import type { OnnxModel } from '../../src/model/runtime/onnx.js';
import { SPECIAL_ID as S } from '../../src/model/format/format.js';
import { confidenceOf } from '../../src/model/predictor.js';
import { Tokenizer } from '../../src/model/format/tokenizer.js';

const tok = Tokenizer.load(join(import.meta.dirname, '..', 'golden', 'tokenizer.json'));

describe('confidenceOf', () => {
  it('multiplies a field’s token probabilities and the chance it ends there', () => {
    // <|line|> 7 <|var|> x = 1 2 <|retval|> None <|end|>
    const ids = [S.line, ...tok.encode('7'), S.var, ...tok.encode('x=12'), S.end];
    const probs = ids.map((_, i) => [0.9, 0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.6][i] ?? 1);
    const specialMass = ids.map((id) => (id < 32 ? 0.95 : 0.1));
    const gen: Generated = { ids, probs, specialMass, forced: 0, stop: 'end', branches: [] };
    const c = confidenceOf(gen, tok.bytesOf);
    // line: event 0.9 x digit 0.8 x mass at <|var|> 0.95
    expect(c.line).toBeCloseTo(0.9 * 0.8 * 0.95);
    // x=12 is 'x', '=', '1', '2': the value's tokens are '1' and '2', then <|end|>
    expect(tok.encode('x=12')).toHaveLength(4);
    expect(c.values.x).toBeCloseTo(0.5 * 0.5 * 0.95);
  });
  it('gives forced tokens no confidence', () => {
    const ids = [S.return, ...tok.encode('3'), S.retval, ...tok.encode('None'), S.end];
    const gen: Generated = {
      ids,
      probs: ids.map((_, i) => (i < 3 ? 0.9 : 0)),
      specialMass: ids.map((_, i) => (i < 3 ? 0.9 : NaN)),
      forced: ids.length - 3,
      stop: 'end',
      branches: [],
    };
    const c = confidenceOf(gen, tok.bytesOf);
    expect(c.values['<retval>']).toBe(0);
    expect(c.line).toBeGreaterThan(0);
  });
});

describe('lookupDraft', () => {
  it('drafts what followed the latest earlier occurrence of the last two tokens', () => {
    expect(lookupDraft([1, 2, 3, 4, 9, 1, 2, 3, 5, 2, 3], 3)).toEqual([5, 2, 3]);
    expect(lookupDraft([7, 8, 9, 8], 2)).toEqual([9, 8]);
    expect(lookupDraft([1, 2, 3], 4)).toEqual([]);
  });
});

describe('repeatingTail', () => {
  it('finds the shortest period of a long repeated tail', () => {
    const loop = [5, 6, 7];
    const ids = [1, 2, 3, ...Array.from({ length: 60 }, (_, i) => loop[i % 3]!)];
    expect(repeatingTail(ids, 48)).toEqual({ period: 3, span: 60 });
    expect(repeatingTail(ids, 61)).toBeNull();
  });
  it('ignores repetition shorter than the span and text that does not repeat', () => {
    expect(
      repeatingTail(
        Array.from({ length: 200 }, (_, i) => i),
        48,
      ),
    ).toBeNull();
    expect(repeatingTail([...Array.from({ length: 40 }, () => 9), 1], 32)).toBeNull();
  });
});

/** A stand-in model whose next token is `next(lastToken)`: enough to drive `generate`. */
function scriptedModel(vocab: number, next: (last: number) => number) {
  return {
    files: { vocabSize: vocab },
    truncate: (past: unknown) => past,
    async forward(ids: readonly number[]) {
      const logits = new Float32Array(ids.length * vocab);
      ids.forEach((id, k) => (logits[k * vocab + next(id)] = 10));
      return { logits, present: null };
    },
  } as unknown as OnnxModel;
}

describe('generate', () => {
  const bytesOf = Array.from({ length: 64 }, (_, i) => (i < 32 ? new Uint8Array(0) : Uint8Array.of(i)));
  it('stops a model that loops instead of spending the whole budget', async () => {
    // 40 -> 41 -> 42 -> 40 ...: never <|end|>
    const model = scriptedModel(64, (last) => (last >= 40 && last < 42 ? last + 1 : 40));
    const gen = await generate(new KvCache(model), [S.bos], { maxTokens: 900, vocabLimit: 64, bytesOf, speculate: 0 });
    expect(gen.stop).toBe('repeat');
    expect(gen.loop?.period).toBe(3);
    expect(gen.ids.length).toBeLessThan(140);
  });
  it('lets a model that ends stop at <|end|>', async () => {
    const model = scriptedModel(64, (last) => (last === S.bos ? 40 : S.end));
    const gen = await generate(new KvCache(model), [S.bos], { maxTokens: 900, vocabLimit: 64, bytesOf, speculate: 0 });
    expect(gen.stop).toBe('end');
    expect(gen.ids).toEqual([40, S.end]);
  });
});
