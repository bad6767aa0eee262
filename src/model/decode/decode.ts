// Greedy decoding with a key/value cache. The cache holds the tokens the model has
// already read; a new prompt only runs the tokens after its longest common prefix with
// them (the code context and the history are read once per session, then each frame
// costs its own tokens). With a grammar, every step takes the most likely token the
// grammar allows (disallowed logits count as -inf), and when the token budget is about
// to run out the grammar's shortest completion is written instead.

import { END, NUM_SPECIAL_SLOTS } from '../format/format.js';
import type { StateGrammar } from './grammar.js';
import type { OnnxModel, Past } from '../runtime/onnx.js';
import { GrammarError } from './textAuto.js';

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
  /** Forward passes after the prompt's (one per chosen token, drafts included). */
  stepped: number;
  /** Forward passes in all. */
  runs: number;
}

/** The tokens the model has read, and their keys and values. */
export class KvCache {
  ids: number[] = [];
  past: Past | null = null;
  readonly stats: CacheStats = { prefilled: 0, reused: 0, stepped: 0, runs: 0 };

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
      this.stats.runs++;
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
    this.stats.runs++;
    this.past = out.present;
    this.ids.push(id);
    this.stats.stepped++;
    return out.logits;
  }

  /** Run several tokens in one pass; the logits after each. */
  async stepMany(ids: readonly number[]): Promise<Float32Array[]> {
    const out = await this.model.forward(ids, this.past);
    this.stats.runs++;
    this.past = out.present;
    this.ids.push(...ids);
    this.stats.stepped++;
    const v = this.model.files.vocabSize;
    return ids.map((_, k) => out.logits.subarray(k * v, (k + 1) * v));
  }

  /** Forget the last `n` tokens. */
  drop(n: number): void {
    if (n <= 0) return;
    const keep = this.ids.length - n;
    this.past = this.past ? this.model.truncate(this.past, keep) : null;
    this.ids = this.ids.slice(0, keep);
  }
}

/**
 * Draft tokens by prompt lookup: what followed the latest earlier occurrence of the
 * last `n` tokens (n = 2, else 1). Traces repeat themselves (a frame's locals, the
 * caller's state before a call), so drafts are often right.
 */
export function lookupDraft(seq: readonly number[], k: number): number[] {
  for (let n = 2; n >= 1; n--) {
    if (seq.length <= n) continue;
    const end = seq.length - n;
    for (let i = end - 1; i >= 0; i--) {
      let ok = true;
      for (let j = 0; j < n; j++) {
        if (seq[i + j] !== seq[end + j]) {
          ok = false;
          break;
        }
      }
      if (ok) return seq.slice(i + n, Math.min(i + n + k, end + n));
    }
  }
  return [];
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
  /**
   * Prompt-lookup speculation: up to this many drafted tokens are checked in the same
   * forward pass as the chosen one (0: off). Greedy choices are unchanged: a draft is
   * kept only where it equals what the model picks at that position.
   */
  speculate?: number;
}

export interface Generated {
  ids: number[];
  /** The model's probability of each chosen token (softmax over its whole vocabulary; 0 when forced). */
  probs: number[];
  /** The model's probability mass on special tokens at each step (NaN when forced). */
  specialMass: number[];
  /** Tokens written by the grammar's completion, not by the model. */
  forced: number;
  /**
   * end: the model wrote <|end|>; max: the budget ran out; repeat: the output fell into
   * a loop (see `loop`); stuck: the grammar had no way on (see `failure`).
   */
  stop: 'end' | 'max' | 'repeat' | 'stuck';
  /** For stop 'stuck': what the grammar said. */
  failure?: string;
  /** For stop 'repeat': the repeated pattern's length in tokens and how many tokens repeat it. */
  loop?: { period: number; span: number };
  /**
   * The steps where the model was unsure (chosen token's probability below
   * BRANCH_BELOW) and another token was allowed: where a runner-up value would
   * branch off (src/model/decode/alternatives.ts). Not recorded under teacher forcing.
   */
  branches: Branch[];
}

/** A step the model was unsure of: the runner-up token, and the grammar as it was before the step. */
export interface Branch {
  /** Index into `ids` of the step. */
  at: number;
  /** The best allowed token other than the chosen one, and its probability. */
  id: number;
  p: number;
  grammar: StateGrammar | null;
}

/** A step whose chosen token is less likely than this records its runner-up. */
export const BRANCH_BELOW = 0.9;

/** The most likely allowed id other than `chosen` (-1 if none among the 16 most likely). */
function runnerUp(logits: Float32Array, limit: number, chosen: number, ok: ((id: number) => boolean) | null): number {
  const top: number[] = []; // the 16 most likely ids but `chosen`, most likely first
  for (let i = 0; i < limit; i++) {
    if (i === chosen) continue;
    const x = logits[i]!;
    if (top.length === 16 && x <= logits[top[15]!]!) continue;
    let k = top.length === 16 ? 15 : top.length;
    while (k > 0 && logits[top[k - 1]!]! < x) {
      top[k] = top[k - 1]!;
      k--;
    }
    top[k] = i;
  }
  for (const id of top) if (!ok || ok(id)) return id;
  return -1;
}

/** A repeated tail at least this long (tokens) is a decoding failure, not output. */
export const LOOP_SPAN = 128;
/** Patterns up to this many tokens long are looked for. */
export const LOOP_MAX_PERIOD = 32;

/**
 * The shortest period p <= maxPeriod such that the last `minSpan` or more tokens of
 * `ids` repeat with period p (ids[i] === ids[i - p]), and how long that run is; null
 * when there is none. A small model that loses its way writes the same few tokens
 * until the budget runs out (`{'b': 1, 'b': 1, ...`, `:':':'...`, `<|var|>n=81` over
 * and over): such a tail is a failed prediction. A real state's text rarely repeats
 * itself for 128 tokens (a value is at most 100 characters; one step's output would
 * have to print the same short text dozens of times).
 */
export function repeatingTail(ids: readonly number[], minSpan = LOOP_SPAN, maxPeriod = LOOP_MAX_PERIOD): { period: number; span: number } | null {
  const n = ids.length;
  if (n < minSpan + 1) return null;
  for (let p = 1; p <= maxPeriod && p * 2 <= minSpan; p++) {
    let span = 0;
    for (let i = n - 1; i - p >= 0 && ids[i] === ids[i - p]; i--) span++;
    // `span` tokens equal the token p before them: the run covers span + p tokens
    if (span + p >= minSpan) return { period: p, span: span + p };
  }
  return null;
}

/**
 * Softmax over the vocabulary at one step: the probability of `id`, the mass on
 * special tokens, and the probability of any other id.
 */
export function softmaxAt(logits: Float32Array, limit: number, id: number): { p: number; special: number; of: (other: number) => number } {
  let max = -Infinity;
  for (let i = 0; i < limit; i++) if (logits[i]! > max) max = logits[i]!;
  let sum = 0;
  let special = 0;
  for (let i = 0; i < limit; i++) {
    const e = Math.exp(logits[i]! - max);
    sum += e;
    if (i < NUM_SPECIAL_SLOTS) special += e;
  }
  const of = (other: number) => Math.exp(logits[other]! - max) / sum;
  return { p: of(id), special: special / sum, of };
}

/** The most likely id the grammar allows (or -1). */
export function pick(logits: Float32Array, limit: number, ok: ((id: number) => boolean) | null): number {
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
  const out: Generated = { ids: [], probs: [], specialMass: [], forced: 0, stop: 'max', branches: [] };
  const allowed = g ? (id: number) => g.allows(id, o.bytesOf[id]!) : null;
  const k = o.speculate ?? 6;
  const seq = [...prompt];
  let logits: Float32Array = await cache.prefill(prompt, o.signal);
  let forced: number[] | null = null;
  // drafted tokens already in the cache, and the logits after each
  let draft: number[] = [];
  let rows: Float32Array[] = [];
  while (out.ids.length < o.maxTokens) {
    checkAbort(o.signal);
    let id: number;
    if (g && forced === null) {
      const left = o.maxTokens - out.ids.length;
      if (left <= 160 + maxTokenBytes) {
        let finish: number[];
        try {
          finish = g.finishTokens(NUM_SPECIAL_SLOTS);
        } catch (e) {
          if (!(e instanceof GrammarError)) throw e;
          out.stop = 'stuck';
          out.failure = e.message;
          break;
        }
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
      id = teacher ? (teacher[out.ids.length] ?? END) : pick(logits, limit, allowed);
      if (id < 0) {
        out.stop = 'stuck';
        out.failure = 'no token is allowed';
        break;
      }
      const { p, special, of } = softmaxAt(logits, limit, id);
      if (!teacher && p < BRANCH_BELOW) {
        const alt = runnerUp(logits, limit, id, allowed);
        if (alt >= 0) out.branches.push({ at: out.ids.length, id: alt, p: of(alt), grammar: g ? g.clone() : null });
      }
      out.ids.push(id);
      out.probs.push(p);
      out.specialMass.push(special);
    }
    g?.feed(id, o.bytesOf[id]!);
    seq.push(id);
    if (id === END) {
      out.stop = 'end';
      break;
    }
    if (forced === null && !teacher) {
      const loop = repeatingTail(out.ids);
      if (loop) {
        out.stop = 'repeat';
        out.loop = loop;
        break;
      }
    }
    if (forced !== null || out.ids.length >= o.maxTokens) continue;
    if (draft.length && draft[0] === id) {
      // the model chose what was drafted: the cache already holds it
      draft.shift();
      logits = rows.shift()!;
      continue;
    }
    cache.drop(draft.length); // drafts after a miss are not the output
    draft = k > 0 ? lookupDraft(seq, k) : [];
    if (g && draft.length) {
      // keep the drafts the grammar allows (a disallowed one could never be chosen)
      const gg = g.clone();
      let n = 0;
      for (const d of draft) {
        if (!gg.allows(d, o.bytesOf[d]!)) break;
        gg.feed(d, o.bytesOf[d]!);
        n++;
        if (d === END) break;
      }
      draft = draft.slice(0, n);
    }
    if (!draft.length) {
      logits = await cache.step(id);
    } else {
      const all = await cache.stepMany([id, ...draft]);
      logits = all[0]!;
      rows = all.slice(1);
    }
  }
  cache.drop(draft.length);
  return out;
}
