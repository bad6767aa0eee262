// The runtime with a real ONNX model (random weights, built once and cached by
// helpers.ts): cache reuse gives the tokens a full recomputation gives, constrained
// outputs always parse, errors keep the session alive, bad model dirs say what to fix.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KvCache, generate } from '../../src/model/decode/decode.js';
import type { ActionName, State } from '../../src/model/format/format.js';
import { StateGrammar } from '../../src/model/decode/grammar.js';
import { allowedTargets } from '../../src/model/decode/constraints.js';
import { AbortError, loadPredictor, toModelState, type NeuralPredictor } from '../../src/model/predictor.js';
import type { HistoryEntry, ModelAction } from '../../src/model/types.js';
import { testModel, testPython } from './helpers.js';

const built = testModel(['--scale', '3']);
const skip = 'skip' in built ? built.skip : null;
const GOLDEN = join(import.meta.dirname, '..', 'golden', 'format');

interface G {
  source: string;
  segments: Array<{ initial: { state: State }; steps: Array<{ action: ActionName; arg: number | null; state: State }> }>;
}
const golden = (name: string) => JSON.parse(readFileSync(join(GOLDEN, name), 'utf8')) as G;
const toAction = (a: ActionName, arg: number | null): ModelAction => (a === 'breakpoint' ? { kind: 'breakpoint', line: arg! } : { kind: a });
/** A golden segment as a predictor history. */
function history(g: G, seg = 0): HistoryEntry[] {
  const s = g.segments[seg]!;
  return [{ action: null, state: toModelState(s.initial.state) }, ...s.steps.map((x) => ({ action: toAction(x.action, x.arg), state: toModelState(x.state) }))];
}

describe.skipIf(skip !== null)(`predictor on a random model${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let predictor: NeuralPredictor;
  beforeAll(async () => {
    predictor = await loadPredictor({ modelDir: (built as { dir: string }).dir, device: 'cpu', threads: 1, python: testPython() });
  });
  afterAll(async () => predictor?.close());

  it('reports what runs', () => {
    expect(predictor.info.device).toBe('cpu');
    expect(predictor.info.params).toBeGreaterThan(1000);
    expect(predictor.info.window).toBe(1024);
  });

  it('starts at the first line of the module, from the source alone', async () => {
    const s = await predictor.open('import os\n\n\ndef f():\n    pass\n\nx = 1\n');
    expect(s.initialState()).toMatchObject({ event: 'line', line: 1, func: '<module>', stack: [], locals: {} });
    const bad = await predictor.open('def f(:\n');
    expect(bad.initialState()).toMatchObject({ event: 'exit', exit: 'error' });
    expect(bad.initialState().exception).toMatch(/SyntaxError/);
  });

  it('the key/value cache gives the tokens a full recomputation gives', async () => {
    const g = golden('recursion.json');
    const s = await predictor.open(g.source, { maxTokens: 24 });
    const h = history(g);
    // a cache that forgets everything and re-reads the whole sequence for every token
    class Recompute extends KvCache {
      override async step(id: number): Promise<Float32Array> {
        const ids = [...this.ids, id];
        this.reset();
        return this.prefill(ids);
      }
    }
    const full = new Recompute(s.cache.model, false);
    const program = s.program!;
    for (let k = 1; k < Math.min(h.length, 7); k++) {
      const past = h.slice(0, k);
      const action = h[k]!.action!;
      const prompt = s.prompt(past, action).ids;
      const before = past[past.length - 1]!.state;
      const name = action.kind as ActionName;
      const arg = action.kind === 'breakpoint' ? action.line : null;
      const opts = (_cache: KvCache) => ({
        maxTokens: 24,
        vocabLimit: s.cache.model.files.tokenizer.vocabSize,
        bytesOf: s.cache.model.files.tokenizer.bytesOf,
        grammar: new StateGrammar(
          allowedTargets(
            program,
            name,
            { ...before, retval: before.retval ?? null, exception: before.exception ?? null, exit: before.exit ?? null } as State,
            arg,
          ),
        ),
      });
      const a = await generate(s.cache, prompt, opts(s.cache)); // cached, with speculation
      const plain = await generate(s.cache, prompt, { ...opts(s.cache), speculate: 0 });
      const b = await generate(full, prompt, { ...opts(full), speculate: 0 });
      expect(a.ids).toEqual(b.ids);
      expect(plain.ids).toEqual(b.ids);
      for (let i = 0; i < a.probs.length; i++) expect(a.probs[i]!).toBeCloseTo(b.probs[i]!, 4);
    }
    // the context was read once: later prompts only ran their new tokens
    expect(s.cache.stats.reused).toBeGreaterThan(s.cache.stats.prefilled);
  });

  it('predictions with and without cache reuse agree', async () => {
    const g = golden('closure.json');
    const h = history(g);
    const cached = await predictor.open(g.source, { maxTokens: 32 });
    const fresh = await predictor.open(g.source, { maxTokens: 32, cache: false });
    for (let k = 1; k < Math.min(h.length, 6); k++) {
      const [a, b] = [await cached.predict(h.slice(0, k), h[k]!.action!), await fresh.predict(h.slice(0, k), h[k]!.action!)];
      expect(a.text).toBe(b.text);
    }
    expect(cached.cache.stats.prefilled).toBeLessThan(fresh.cache.stats.prefilled);
  });

  it('constrained predictions always parse, for every action', async () => {
    let n = 0;
    for (const file of readdirSync(GOLDEN).slice(0, 4)) {
      const g = golden(file);
      const s = await predictor.open(g.source, { maxTokens: 48, compute: false });
      const h = history(g);
      const actions: ModelAction[] = [
        { kind: 'step_into' },
        { kind: 'step_over' },
        { kind: 'step_return' },
        { kind: 'breakpoint', line: 2 },
        { kind: 'continue' },
        { kind: 'inv_step_into' },
        { kind: 'inv_step_call' },
      ];
      for (let k = 1; k < h.length && k < 8; k++) {
        const action = actions[(k + n) % actions.length]!;
        const r = await s.predict(h.slice(0, k), action);
        expect(r.state, `${file} ${action.kind}: ${r.text} (${r.error})`).not.toBeNull();
        expect(r.text.endsWith('<|end|>')).toBe(true);
        expect(r.confidence.line).toBeGreaterThanOrEqual(0);
        expect(r.confidence.line).toBeLessThanOrEqual(1);
        for (const v of Object.values(r.confidence.values)) expect(v >= 0 && v <= 1).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(15);
  });

  it('unconstrained output that does not parse is an error, and the session lives on', async () => {
    const g = golden('loops.json');
    const s = await predictor.open(g.source, { constrain: false, maxTokens: 12 });
    const h = history(g);
    const r = await s.predict(h.slice(0, 2), { kind: 'step_into' });
    if (r.state === null) expect(r.error).toMatch(/no <\|end\|>|not a well-formed state/);
    const again = await s.predict(h.slice(0, 3), { kind: 'step_over' });
    expect(again.tokens).toBeGreaterThan(0);
    // the same model, constrained, always gives a state
    const c = await predictor.open(g.source, { maxTokens: 24 });
    expect((await c.predict(h.slice(0, 2), { kind: 'step_into' })).state).not.toBeNull();
  });

  it('an aborted prediction rejects, and the next one works', async () => {
    const g = golden('methods.json');
    const s = await predictor.open(g.source, { maxTokens: 32 });
    const h = history(g);
    const ac = new AbortController();
    ac.abort();
    await expect(s.predict(h.slice(0, 2), { kind: 'step_into' }, { signal: ac.signal })).rejects.toBeInstanceOf(AbortError);
    expect((await s.predict(h.slice(0, 2), { kind: 'step_into' })).state).not.toBeNull();
  });

  it('a script too long for the window is shown through a window of lines, and says so', async () => {
    const lines = Array.from({ length: 400 }, (_, k) => `v${k} = ${k} * 2  # some words to make the line longer`);
    const s = await predictor.open(lines.join('\n') + '\n', { maxTokens: 16 });
    const start = s.initialState();
    const h: HistoryEntry[] = [{ action: null, state: { ...start, line: 300 } }];
    const r = await s.predict(h, { kind: 'step_over' });
    expect(r.warning).toMatch(/the model sees lines \d+-\d+ of 400/);
    const p = s.prompt(h, { kind: 'step_over' });
    expect(p.ids.length).toBeLessThanOrEqual(1024 - 256);
    expect(s.cache.model.files.tokenizer.decode(p.ids)).toContain('300 v299 = 299');
    expect(r.state).not.toBeNull();
  });

  it('long histories are packed like training windows, reusing the cache', async () => {
    const g = golden('loops.json');
    const h = g.segments.flatMap((_seg, i) => {
      const part = history(g, i);
      return i === 0 ? part : part;
    });
    const s = await predictor.open(g.source, { maxTokens: 8, window: 300, room: 64 });
    let restarts = 0;
    let prev: number[] = [];
    for (let k = 1; k < h.length; k += 2) {
      const p = s.prompt(h.slice(0, k), h[k]!.action ?? { kind: 'step_into' }).ids;
      expect(p.length).toBeLessThanOrEqual(300 - 64);
      if (prev.length && p.slice(0, prev.length - 1).join() !== prev.slice(0, -1).join()) restarts++;
      prev = p;
    }
    expect(restarts).toBeGreaterThan(0);
    expect(restarts).toBeLessThan(h.length / 4);
  });
});
