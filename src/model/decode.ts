// Greedy decoding with a key/value cache. The cache holds the tokens the model has
// already read; a new prompt only runs the tokens after its longest common prefix with
// them (the code context and the history are read once per session, then each frame
// costs its own tokens). With a grammar, every step takes the most likely token the
// grammar allows (disallowed logits count as -inf), and when the token budget is about
// to run out the grammar's shortest completion is written instead.

import type * as ort from 'onnxruntime-node';
import { END, NUM_SPECIAL_SLOTS } from './format.js';
import type { StateGrammar } from './grammar.js';
import type { OnnxModel } from './onnx.js';

/** Prompt tokens run per forward pass when prefilling (bounds attention memory). */
const PREFILL_CHUNK = 512;

export class AbortError extends Error {
  override name = 'AbortError';
  constructor() {
    super('prediction aborted');
  }
}

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortError();
}

export interface CacheStats {
  /** Prompt tokens run through the model. */
  prefilled: number;
  /** Prompt tokens found in the cache. */
  reused: number;
  /** Generated tokens run (one per forward pass). */
  stepped: number;
}

/** The tokens the model has read, and their keys and values. */
export class KvCache {
  ids: number[] = [];
  past: ort.Tensor | null = null;
  readonly stats: CacheStats = { prefilled: 0, reused: 0, stepped: 0 };

  constructor(
    readonly model: OnnxModel,
    /** false: forget everything before each prompt (for tests and measurements). */
    readonly reuse = true,
  ) {}

  reset(): void {
    this.ids = [];
    this.past = null;
  }

  /** Bring the cache to `prompt` and return the logits after its last token. */
  async prefill(prompt: readonly number[], signal?: AbortSignal): Promise<Float32Array> {
    if (!prompt.length) throw new Error('empty prompt');
    let keep = 0;
    if (this.reuse) {
      const n = Math.min(this.ids.length, prompt.length - 1); // the last token is always run: its logits are needed
      while (keep < n && this.ids[keep] === prompt[keep]) keep++;
    }
    if (keep < this.ids.length) {
      this.past = this.past ? this.model.truncate(this.past, keep) : null;
      this.ids = this.ids.slice(0, keep);
    }
    this.stats.reused += keep;
    let logits: Float32Array | null = null;
    let rows = 0;
    for (let at = keep; at < prompt.length; at += PREFILL_CHUNK) {
      checkAbort(signal);
      const chunk = prompt.slice(at, at + PREFILL_CHUNK);
      const out = await this.model.forward(chunk, this.past);
      this.past = out.present;
      this.ids.push(...chunk);
      this.stats.prefilled += chunk.length;
      logits = out.logits;
      rows = chunk.length;
    }
    const v = this.model.files.vocabSize;
    return logits!.subarray((rows - 1) * v, rows * v);
  }

  /** Run one more token; the logits after it. */
  async step(id: number): Promise<Float32Array> {
    const out = await this.model.forward([id], this.past);
    this.past = out.present;
    this.ids.push(id);
    this.stats.stepped++;
    return out.logits;
  }
}

export interface GenerateOptions {
  /** At most this many tokens (the state through <|end|>). */
  maxTokens: number;
  /** Ids at or above this are never chosen (the tokenizer's vocabulary). */
  vocabLimit: number;
  /** The bytes of each id (empty for specials). */
  bytesOf: readonly Uint8Array[];
  grammar?: StateGrammar | null;
  signal?: AbortSignal;
  /**
   * Teacher forcing: write these ids instead of the model's choices (still running the
   * model on each, so costs and probabilities are those of generating them). For
   * scoring a known answer and for measuring latency with a stand-in model.
   */
  teacher?: readonly number[];
}

export interface Generated {
  ids: number[];
  /** The model's probability of each chosen token (softmax over its whole vocabulary; 0 when forced). */
  probs: number[];
  /** The model's probability mass on special tokens at each step (NaN when forced). */
  specialMass: number[];
  /** Tokens written by the grammar's completion, not by the model. */
  forced: number;
  stop: 'end' | 'max';
}

/** The most likely id the grammar allows (or -1). */
function pick(logits: Float32Array, limit: number, ok: ((id: number) => boolean) | null): number {
  let best = -1;
  let bestV = -Infinity;
  for (let i = 0; i < limit; i++) {
    const x = logits[i]!;
    if (x > bestV) {
      bestV = x;
      best = i;
    }
  }
  if (!ok || best < 0 || ok(best)) return best;
  const order = Array.from({ length: limit }, (_, i) => i).sort((a, b) => logits[b]! - logits[a]!);
  for (const id of order) if (ok(id)) return id;
  return -1;
}

export async function generate(cache: KvCache, prompt: readonly number[], o: GenerateOptions): Promise<Generated> {
  const teacher = o.teacher ?? null;
  const g = teacher ? null : (o.grammar ?? null);
  const limit = Math.min(o.vocabLimit, cache.model.files.vocabSize);
  const maxTokenBytes = Math.max(...o.bytesOf.slice(0, limit).map((b) => b.length));
  const out: Generated = { ids: [], probs: [], specialMass: [], forced: 0, stop: 'max' };
  const allowed = g ? (id: number) => g.allows(id, o.bytesOf[id]!) : null;
  let logits: Float32Array | null = await cache.prefill(prompt, o.signal);
  let forced: number[] | null = null;
  while (out.ids.length < o.maxTokens) {
    checkAbort(o.signal);
    let id: number;
    if (g && forced === null) {
      const left = o.maxTokens - out.ids.length;
      if (left <= 160 + maxTokenBytes) {
        const finish = g.finishTokens(NUM_SPECIAL_SLOTS);
        if (finish.length + maxTokenBytes + 2 >= left) forced = finish;
      }
    }
    if (forced !== null) {
      id = forced.shift()!;
      out.ids.push(id);
      out.probs.push(0);
      out.specialMass.push(NaN);
      out.forced++;
    } else {
      id = teacher ? (teacher[out.ids.length] ?? END) : pick(logits!, limit, allowed);
      if (id < 0) throw new Error('constrained decoding: no token is allowed');
      let max = -Infinity;
      for (let i = 0; i < limit; i++) if (logits![i]! > max) max = logits![i]!;
      let sum = 0;
      let special = 0;
      for (let i = 0; i < limit; i++) {
        const e = Math.exp(logits![i]! - max);
        sum += e;
        if (i < NUM_SPECIAL_SLOTS) special += e;
      }
      out.ids.push(id);
      out.probs.push(Math.exp(logits![id]! - max) / sum);
      out.specialMass.push(special / sum);
    }
    g?.feed(id, o.bytesOf[id]!);
    if (id === END) {
      out.stop = 'end';
      break;
    }
    if (forced === null && out.ids.length < o.maxTokens) logits = await cache.step(id);
  }
  return out;
}
