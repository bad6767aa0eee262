// Runner-up values: where the model is unsure of a value it predicted, the next
// most likely values and their probabilities (a tool that guesses should say what
// else it thought). A runner-up branches off the decoded state at the value's
// least certain token, takes the best other token the grammar allows there, and
// continues greedily to the end of the value. Its probability is the product of
// its tokens' probabilities times the probability that the value ends there, as
// for the chosen value (predictor.ts, confidenceOf), so the two compare.

import { pick, softmaxAt, type Branch, type Generated, type KvCache } from './decode.js';
import { LOW_CONFIDENCE } from './confidence.js';
import { NUM_SPECIAL_SLOTS, SPECIAL_ID } from '../format/format.js';

export interface Alternative {
  /** The runner-up value's repr. */
  value: string;
  /** Its probability under the model, comparable to the chosen value's confidence. */
  p: number;
}

export interface AlternativesOptions {
  /** Values whose confidence is below this get runner-ups. */
  below: number;
  /** At most this many values of a prediction (the least confident first). */
  maxValues: number;
  /** At most this many runner-ups per value. */
  perValue: number;
  /** A runner-up longer than this (tokens) is given up. */
  maxTokens: number;
  /** Runner-ups less likely than this are not worth showing. */
  minP: number;
  signal?: AbortSignal;
}

export const DEFAULT_ALTERNATIVES: AlternativesOptions = { below: LOW_CONFIDENCE, maxValues: 2, perValue: 2, maxTokens: 48, minP: 0.02 };

/** A value in the generated ids: the local's name (or `<retval>`), where its text starts and ends. */
interface ValueSpan {
  key: string;
  /** The field's first token after its special (`<|var|>`, `<|retval|>`). */
  head: number;
  /** The first token that is wholly value (after `name=`). */
  from: number;
  /** The special token that ends it. */
  to: number;
}

function valueSpans(ids: readonly number[], bytesOf: readonly Uint8Array[]): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (let i = 0; i < ids.length; i++) {
    const head = ids[i]!;
    if (head !== SPECIAL_ID.var && head !== SPECIAL_ID.retval) continue;
    let j = i + 1;
    while (j < ids.length && ids[j]! >= NUM_SPECIAL_SLOTS) j++;
    if (head === SPECIAL_ID.retval) {
      spans.push({ key: '<retval>', head: i + 1, from: i + 1, to: j });
      continue;
    }
    let pos = 0;
    let name = '';
    let from = -1;
    const text = Buffer.concat(ids.slice(i + 1, j).map((id) => bytesOf[id]!));
    const eq = text.indexOf(0x3d);
    if (eq < 0) continue;
    name = text.subarray(0, eq).toString('utf8');
    for (let k = i + 1; k < j; k++) {
      if (pos > eq) {
        from = k;
        break;
      }
      pos += bytesOf[ids[k]!]!.length;
    }
    if (from >= 0) spans.push({ key: name, head: i + 1, from, to: j });
  }
  return spans;
}

function textOf(ids: readonly number[], bytesOf: readonly Uint8Array[]): string {
  return Buffer.concat(ids.map((id) => bytesOf[id]!)).toString('utf8');
}

/** The value's text (after `name=` for a local). */
function valueText(span: ValueSpan, ids: readonly number[], bytesOf: readonly Uint8Array[]): string {
  const t = textOf(ids.slice(span.head), bytesOf);
  if (span.key === '<retval>') return t;
  return t.slice(t.indexOf('=') + 1);
}

/** One runner-up: from the branch's token on, greedily to the end of the value. */
async function decodeBranch(
  cache: KvCache,
  prompt: readonly number[],
  gen: Generated,
  span: ValueSpan,
  b: Branch,
  bytesOf: readonly Uint8Array[],
  o: AlternativesOptions,
): Promise<Alternative | null> {
  const limit = Math.min(bytesOf.length, cache.model.files.vocabSize);
  let p = b.p;
  for (let k = span.head; k < b.at; k++) p *= gen.probs[k] || 1;
  // the cache up to the branch, then the runner-up token
  await cache.prefill([...prompt, ...gen.ids.slice(0, b.at)], o.signal);
  const g = b.grammar ? b.grammar.clone() : null;
  const ids = gen.ids.slice(0, b.at);
  let id = b.id;
  for (let n = 0; n < o.maxTokens; n++) {
    g?.feed(id, bytesOf[id]!);
    ids.push(id);
    const logits = await cache.step(id);
    const ok = g ? (x: number) => g.allows(x, bytesOf[x]!) : null;
    id = pick(logits, limit, ok);
    if (id < 0) return null;
    const pr = softmaxAt(logits, limit, id);
    if (id < NUM_SPECIAL_SLOTS) {
      // the value ends here: times the probability that it ends (any special token)
      const value = valueText({ ...span, to: ids.length }, ids, bytesOf);
      return { value, p: p * pr.special };
    }
    p *= pr.p;
  }
  return null;
}

/**
 * Runner-ups for the least confident values of a prediction. Runs on the
 * prediction's cache (the caller holds its lock); leaves it holding a prefix of
 * the prompt, which the next prediction reuses.
 */
export async function alternativesOf(
  cache: KvCache,
  prompt: readonly number[],
  gen: Generated,
  confidence: Record<string, number>,
  bytesOf: readonly Uint8Array[],
  o: AlternativesOptions = DEFAULT_ALTERNATIVES,
): Promise<Record<string, Alternative[]>> {
  const out: Record<string, Alternative[]> = {};
  if (gen.stop !== 'end' || gen.forced) return out;
  const spans = valueSpans(gen.ids, bytesOf)
    .filter((s) => (confidence[s.key] ?? 1) < o.below)
    .sort((a, b) => confidence[a.key]! - confidence[b.key]!)
    .slice(0, o.maxValues);
  for (const span of spans) {
    const chosen = valueText(span, gen.ids.slice(0, span.to), bytesOf);
    // the value's least certain tokens first
    const branches = gen.branches
      .filter((b) => b.at >= span.from && b.at < span.to)
      .sort((a, b) => gen.probs[a.at]! - gen.probs[b.at]!)
      .slice(0, o.perValue);
    const alts: Alternative[] = [];
    for (const b of branches) {
      const alt = await decodeBranch(cache, prompt, gen, span, b, bytesOf, o);
      if (alt && alt.p >= o.minP && alt.value !== chosen && !alts.some((a) => a.value === alt.value)) alts.push(alt);
    }
    if (alts.length) out[span.key] = alts.sort((a, b) => b.p - a.p);
  }
  return out;
}
