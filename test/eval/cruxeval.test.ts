// CruxEval scoring on toy rows written for these tests (not CruxEval's data): the
// histories the model is given, pass/fail exactly as CruxEval's check decides it,
// the pre-check, the sandbox's timeout, and the CLI's summary and results file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindArguments, callFromLocals } from '../../src/engine/neural/call.js';
import { driverSource, evalSample, type CruxRow } from '../../src/eval/cruxeval.js';
import { runEval } from '../../src/eval/index.js';
import { checkCorrectness, cruxProgram } from '../../src/eval/sandbox.js';
import { parseSignature } from '../../src/engine/neural/source.js';
import type { HistoryEntry, ModelAction, ModelState, Prediction, Predictor } from '../../src/model/types.js';

const ROWS: CruxRow[] = [
  { id: 'toy_0', code: 'def f(xs):\n    return [x * 2 for x in xs]', input: '[1, 2, 3]', output: '[2, 4, 6]' },
  { id: 'toy_1', code: 'def f(s, n=2):\n    out = s * n\n    return out', input: "'ab'", output: "'abab'" },
  { id: 'toy_2', code: 'def f(a, b):\n    total = a + b\n    return total', input: '3, 4', output: '7' },
];

const st = (s: Partial<ModelState> & Pick<ModelState, 'event'>): ModelState => ({
  line: 1,
  func: 'f',
  stack: [],
  locals: {},
  retval: null,
  exception: null,
  stdout: '',
  exit: null,
  ...s,
});
const pred = (state: ModelState | null): Prediction => ({ state, confidence: { line: 1, values: {} }, text: '', latencyMs: 2, tokens: 3 });

/** A fake model with fixed answers per row; it records every question. */
function fakePredictor(answer: (source: string, h: HistoryEntry[], a: ModelAction) => ModelState | null) {
  const asked: Array<{ source: string; history: HistoryEntry[]; action: ModelAction; constrain?: boolean }> = [];
  const predictor: Predictor = {
    info: { name: 'fake', device: 'cpu' },
    open: async (source, o) => ({
      initialState: () => st({ event: 'line' }),
      predict: async (history, action) => {
        asked.push({ source, history, action, constrain: o?.constrain });
        return pred(answer(source, history, action));
      },
      close: () => {},
    }),
    close: async () => {},
  };
  return { predictor, asked };
}

const OUTPUTS: Record<string, string> = { toy_0: '[2, 4, 6]', toy_1: "'ababab'", toy_2: '7' }; // toy_1 wrong
const rowOf = (source: string) => ROWS.find((r) => source.startsWith(r.code))!;

describe('cruxeval', () => {
  it('output task via step_return: the call with its arguments, then the return value', async () => {
    const { predictor, asked } = fakePredictor((source, _h, a) =>
      a.kind === 'step_return' ? st({ event: 'return', line: 2, retval: OUTPUTS[rowOf(source).id]! }) : null,
    );
    const results = [];
    for (const row of ROWS) results.push(await evalSample(predictor, row, { task: 'output', via: 'step_return', constrain: true }));
    expect(results.map((r) => r.pass)).toEqual([true, false, true]);
    expect(results[1]!.result).toMatch(/^failed: /);
    const h = asked[1]!.history;
    expect(asked[1]!.source).toBe("def f(s, n=2):\n    out = s * n\n    return out\nresult = f('ab')\nprint(result)\n");
    expect(h.map((e) => [e.action?.kind ?? null, e.state.event, e.state.line, e.state.func, e.state.stack])).toEqual([
      [null, 'line', 4, '<module>', []],
      ['step_into', 'call', 1, 'f', [4]],
    ]);
    expect(h[1]!.state.locals).toEqual({ s: "'ab'", n: '2' });
    expect(asked[2]!.history[1]!.state.locals).toEqual({ a: '3', b: '4' });
    expect(asked.every((q) => q.constrain === true)).toBe(true);
  });

  it('output task via breakpoint and rollout', async () => {
    const { predictor, asked } = fakePredictor((source, h, a) => {
      const row = rowOf(source);
      if (a.kind === 'breakpoint') return st({ event: 'line', line: a.line, func: '<module>', locals: { result: row.output } });
      // rollout: a line, then the return
      return h.length < 3 ? st({ event: 'line', line: 2, stack: [3] }) : st({ event: 'return', line: 2, stack: [3], retval: row.output });
    });
    const bp = await evalSample(predictor, ROWS[0]!, { task: 'output', via: 'breakpoint', constrain: false });
    expect(bp.pass).toBe(true);
    expect(asked[0]!.action).toEqual({ kind: 'breakpoint', line: driverSource(ROWS[0]!.code, ROWS[0]!.input).afterLine });
    const ro = await evalSample(predictor, ROWS[2]!, { task: 'output', via: 'rollout', constrain: false });
    expect(ro.pass).toBe(true);
    expect(ro.frames).toBe(2);
  });

  it('input task: inv_step_call from the return with the output; the call is checked by running f', async () => {
    const { predictor, asked } = fakePredictor((source) => {
      const id = rowOf(source).id;
      if (id === 'toy_0') return st({ event: 'call', locals: { xs: '[1, 2, 3]' } });
      if (id === 'toy_1') return st({ event: 'call', locals: { s: "'abab'", n: '1' } }); // another right answer
      return st({ event: 'call', locals: { a: '1' } }); // b missing
    });
    const results = [];
    for (const row of ROWS) results.push(await evalSample(predictor, row, { task: 'input', via: 'step_return', constrain: true }));
    expect(results.map((r) => r.prediction)).toEqual(['f([1, 2, 3])', "f('abab', 1)", null]);
    expect(results.map((r) => r.pass)).toEqual([true, true, false]);
    expect(asked[0]!.action).toEqual({ kind: 'inv_step_call' });
    expect(asked[0]!.history).toHaveLength(1);
    expect(asked[0]!.history[0]!.state).toMatchObject({ event: 'return', line: 2, func: 'f', stack: [3], retval: '[2, 4, 6]' });
    // the model never sees the input it is asked for: the driver calls f()
    expect(asked[0]!.source).toBe('def f(xs):\n    return [x * 2 for x in xs]\nresult = f()\nprint(result)\n');
    for (const a of asked) expect(a.source).not.toContain(ROWS.find((r) => a.source.startsWith(r.code))!.input);
  });

  it("CruxEval's pre-check and the sandbox's timeout", async () => {
    expect(cruxProgram('output', 'def f(x): return x', '1', '1', 'f(1)')).toBeNull();
    expect(cruxProgram('input', 'def f(x): return x', '1', '1', '1')).toBeNull();
    expect(cruxProgram('output', 'def f(x): return x', '1', '1', '1')).toBe('def f(x): return x\nassert 1 == 1');
    const slow = await checkCorrectness('def f(n):\n    while True:\n        n += 1\nassert 2 == f(1)', { timeoutS: 1 });
    expect(slow).toEqual({ passed: false, result: 'timed out' });
    const rm = await checkCorrectness("import os\nos.remove('/etc/hostname')");
    expect(rm.passed).toBe(false);
  });

  it('binds arguments like a call, and writes calls back', () => {
    const sig = parseSignature("def f(a, b=[1, 'x,y'], *rest, k: int = 3, **kw):");
    expect(sig.map((p) => `${p.kind}:${p.name}:${p.default ?? ''}`)).toEqual(['pos:a:', "pos:b:[1, 'x,y']", 'star:rest:', 'kwonly:k:3', 'starstar:kw:']);
    expect(bindArguments(sig, '1, 2, 3, k=4, z=5')).toEqual({ a: '1', b: '2', k: '4', rest: '(3,)', kw: "{'z': 5}" });
    expect(bindArguments(sig, "'q'")).toEqual({ a: "'q'", b: "[1, 'x,y']", k: '3', rest: '()', kw: '{}' });
    expect(callFromLocals(sig, { a: '1', b: '2', rest: '(3,)', k: '4', kw: '{}' })).toBe('f(1, 2, *(3,), k=4, **{})');
  });

  it('ndbg eval cruxeval: summary for constrained and unconstrained, per-sample results file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-eval-'));
    writeFileSync(join(dir, 'rows.jsonl'), ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const { predictor } = fakePredictor((source, _h, a) =>
      a.kind === 'step_return' ? st({ event: 'return', line: 2, retval: OUTPUTS[rowOf(source).id]! }) : null,
    );
    let out = '';
    const code = await runEval(['cruxeval', '--data', join(dir, 'rows.jsonl'), '--out', join(dir, 'res.jsonl'), '--quiet', '--limit', '3'], {
      predictor,
      write: (s) => (out += s),
    });
    expect(code).toBe(0);
    expect(out).toMatch(/^cruxeval output via step_return, constrained: pass@1 66\.7% \(2\/3\); 3 frames, [\d.]+ frames\/s\n/);
    expect(out).toContain('unconstrained: pass@1 66.7% (2/3)');
    const res = readFileSync(join(dir, 'res.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(res).toHaveLength(6);
    expect(res[1]).toMatchObject({ id: 'toy_1', task: 'output', via: 'step_return', constrain: true, prediction: "'ababab'", expected: "'abab'", pass: false });
  });
});
