// Generate and check with the shipped model (models/default): small functions
// where the model's greedy call is wrong, but one of its candidates, run forward
// by the evaluator, returns the given value. The model is deterministic here (no
// sampling): the same candidates every run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorldModel } from '../../src/mcp/predict.js';
import { ROOT } from '../parityHarness.js';
import { testPython } from '../model/helpers.js';

const SHIPPED = join(ROOT, 'models', readFileSync(join(ROOT, 'models', 'default'), 'utf8').trim());

describe.skipIf(!existsSync(join(SHIPPED, 'model.onnx')))('generate and check, shipped model', () => {
  const world = new WorldModel({ model: SHIPPED, python: testPython() });
  afterAll(() => world.close());

  it.each([
    ['def f(n):\n    return -n\n', '-5', ['f(5)']],
    ['def f(n):\n    return n * n\n', '4', ['f(2)', 'f(-2)']],
  ])(
    '%j returning %s: a later candidate checks',
    async (code, returns, calls) => {
      const r = await world.predictArguments(code, 'f', returns);
      expect(r.check.origin).toBe('checked');
      // the model's best was not it: a later candidate is the answer
      expect(r.check.rank).toBeGreaterThan(1);
      expect(calls).toContain(r.call);
      expect(r.arguments.every((a) => a.origin === 'checked')).toBe(true);
      expect(r.check.note).toMatch(/^checked: the evaluator ran f forward on the model's candidate \d/);
    },
    60_000,
  );

  it("where nothing checks, the answer is the model's best, predicted, and says what it returns", async () => {
    const r = await world.predictArguments('def f(n):\n    return n * 2\n', 'f', '8');
    expect(r.check.origin).toBe('predicted');
    expect(r.check.candidates).toBe(8);
    expect(r.check.returns).toEqual(expect.any(String));
    expect(r.arguments.every((a) => a.origin === 'predicted')).toBe(true);
  }, 60_000);
});
