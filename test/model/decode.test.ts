// Pieces of decoding that need no model: confidence from token probabilities, and
// prompt-lookup drafts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookupDraft, type Generated } from '../../src/model/decode.js';
import { SPECIAL_ID as S } from '../../src/model/format.js';
import { confidenceOf } from '../../src/model/predictor.js';
import { Tokenizer } from '../../src/model/tokenizer.js';

const tok = Tokenizer.load(join(import.meta.dirname, '..', 'golden', 'tokenizer.json'));

describe('confidenceOf', () => {
  it('multiplies a field’s token probabilities and the chance it ends there', () => {
    // <|line|> 7 <|var|> x = 1 2 <|retval|> None <|end|>
    const ids = [S.line, ...tok.encode('7'), S.var, ...tok.encode('x=12'), S.end];
    const probs = ids.map((_, i) => [0.9, 0.8, 0.7, 0.5, 0.5, 0.5, 0.5, 0.6][i] ?? 1);
    const specialMass = ids.map((id) => (id < 32 ? 0.95 : 0.1));
    const gen: Generated = { ids, probs, specialMass, forced: 0, stop: 'end' };
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
