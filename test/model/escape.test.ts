// A decoding that falls into a loop is taken again from the runner-up token where
// the model was last unsure before the loop (src/model/decode/escape.ts), with a stand-in
// model whose next token depends only on the last one: `a` (p 0.6) starts `acac...`
// for good, its runner-up `b` (p 0.4) ends the state at once.
import { describe, expect, it } from 'vitest';
import { KvCache, generate, type GenerateOptions } from '../../src/model/decode/decode.js';
import { escapeLoop } from '../../src/model/decode/escape.js';
import { BOS, END, NUM_SPECIAL_SLOTS } from '../../src/model/format/format.js';
import type { StateGrammar } from '../../src/model/decode/grammar.js';
import type { OnnxModel } from '../../src/model/runtime/onnx.js';
import { GrammarError } from '../../src/model/decode/textAuto.js';

const A = NUM_SPECIAL_SLOTS;
const B = A + 1;
const C = A + 2;
const V = A + 3;
const bytesOf = Array.from({ length: V }, (_, i) => (i < A ? new Uint8Array(0) : Uint8Array.of(0x61 + i - A)));

/** Logits after `last`: a table of the next token's log-probabilities. */
function next(last: number): Float32Array {
  const l = new Float32Array(V).fill(-20);
  if (last === BOS) {
    l[A] = Math.log(0.6);
    l[B] = Math.log(0.4);
  } else if (last === A) l[C] = 0;
  else if (last === C) l[A] = 0;
  else if (last === B) l[END] = 0;
  return l;
}

const model = {
  files: { vocabSize: V },
  async forward(ids: number[], past: number[] | null) {
    const logits = new Float32Array(ids.length * V);
    ids.forEach((id, k) => logits.set(next(id), k * V));
    return { logits, present: [...(past ?? []), ...ids] };
  },
  truncate: (past: number[], keep: number) => past.slice(0, keep),
} as unknown as OnnxModel;

const opts: GenerateOptions = { maxTokens: 400, vocabLimit: V, bytesOf, speculate: 0 };

describe('escaping a decoding loop', () => {
  it('the greedy decoding loops; the runner-up before the loop ends', async () => {
    const cache = new KvCache(model);
    const greedy = await generate(cache, [BOS], opts);
    expect(greedy.stop).toBe('repeat');
    expect(greedy.ids.slice(0, 4)).toEqual([A, C, A, C]);
    const out = await escapeLoop(cache, [BOS], greedy, opts);
    expect(out).not.toBeNull();
    expect(out!.at).toBe(0);
    expect(out!.gen.ids).toEqual([B, END]);
    expect(out!.gen.stop).toBe('end');
    expect(out!.gen.probs[0]).toBeCloseTo(0.4, 5);
  });

  it('nothing to escape from a state that ended, or a loop without an unsure step before it', async () => {
    const cache = new KvCache(model);
    const ended = await generate(cache, [BOS, B], opts);
    expect(ended.stop).toBe('end');
    expect(await escapeLoop(cache, [BOS, B], ended, opts)).toBeNull();
    const sure = await generate(cache, [BOS, A], opts); // `c a c a ...`, never unsure
    expect(sure.stop).toBe('repeat');
    expect(await escapeLoop(cache, [BOS, A], sure, opts)).toBeNull();
  });
});

/**
 * A stand-in grammar: after `a` no token is allowed (a dead end), and, with
 * `finishFails`, its way to finish is one it refuses.
 */
function deadEndGrammar(finishFails = false, last = -1): StateGrammar {
  const g = {
    allows: (id: number) => last !== A && id !== C,
    feed: (id: number) => {
      last = id;
    },
    clone: () => deadEndGrammar(finishFails, last),
    finishTokens: () => {
      if (finishFails) throw new GrammarError('grammar: text not allowed here');
      return [END];
    },
  };
  return g as unknown as StateGrammar;
}

describe('a decoding the grammar stops', () => {
  it('is a stop, not a crash, and is taken again from the runner-up before it', async () => {
    const cache = new KvCache(model);
    const o = { ...opts, grammar: deadEndGrammar() };
    const stuck = await generate(cache, [BOS], o);
    expect(stuck.stop).toBe('stuck');
    expect(stuck.failure).toBe('no token is allowed');
    expect(stuck.ids).toEqual([A]);
    const out = await escapeLoop(cache, [BOS], stuck, { ...opts, grammar: deadEndGrammar() });
    expect(out?.at).toBe(0);
    expect(out?.gen.ids).toEqual([B, END]);
  });

  it('a finish the grammar refuses stops the decoding too', async () => {
    const cache = new KvCache(model);
    const short = await generate(cache, [BOS], { ...opts, maxTokens: 20, grammar: deadEndGrammar(true) });
    expect(short.stop).toBe('stuck');
    expect(short.failure).toBe('grammar: text not allowed here');
  });
});
