// `ndbg mcp` with the neural engine: a short predicted session (every value
// marked predicted, with the model's confidence) and the world-model tools,
// which predict without running anything. The model is small and often wrong:
// these tests check what is reported, not that the predictions are right.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, scripts, textOf, type Ndbg } from './client.js';

const CODE = `def double(n):
    r = n * 2
    return r


x = 3
y = double(x)
print(y)
`;

describe('ndbg mcp, neural engine', () => {
  let n: Ndbg;
  const files = scripts({ 'double.py': CODE });
  beforeAll(async () => {
    n = await connect();
  });
  afterAll(async () => {
    await n.close();
    files.remove();
  });

  it('steps are predicted: predicted flags and confidences, reverse and edit', async () => {
    const start = await n.ok('start_session', { script: files.path('double.py') });
    expect(start).toMatchObject({ engine: 'neural', predicted: true, status: 'stopped', location: { function: '<module>' } });
    expect(start.message).toContain('PREDICTED');
    const id = start.session as string;

    // what the model predicts of this script varies between models: the checks hold for any prediction
    const s = await n.ok('step', { session: id, action: 'over' });
    const text = await n.call('get_state', { session: id });
    expect(textOf(text)).toContain('PREDICTED');

    const edit = await n.ok('set_variable', { session: id, name: 'z', value: '41' });
    expect(edit.edits).toEqual({ z: '41' });
    // an edit's value is pyval's, not the model's
    expect(edit.locals).toContainEqual({ name: 'z', value: '41', predicted: true, confidence: 1, origin: 'computed' });
    for (const l of edit.locals) {
      expect(l.predicted).toBe(true);
      expect(l.confidence).toBeGreaterThanOrEqual(0);
      expect(l.confidence).toBeLessThanOrEqual(1);
      expect(['computed', 'predicted', 'checked']).toContain(l.origin);
    }
    const ev = await n.ok('evaluate', { session: id, expression: 'z + 1' });
    expect(ev).toMatchObject({ value: '42', predicted: true });

    const line = s.location.line as number;
    // back over a predicted step: the state recorded before it, whatever was predicted
    const on = await n.ok('step', { session: id, action: 'over' });
    expect(on.status).toBe('stopped');
    const back = await n.ok('step', { session: id, action: 'reverse_over' });
    expect(back.location.line).toBe(line);
    await n.ok('end_session', { session: id });
  });

  it('verify: each predicted stop is compared with the real run', async () => {
    const start = await n.ok('start_session', { script: files.path('double.py'), verify: true });
    const s = await n.ok('step', { session: start.session, action: 'over' });
    expect(s.predicted).toBe(true);
    expect(s.verify.exact).toEqual(expect.any(Boolean));
    if (!s.verify.exact) expect(s.verify.differences.length).toBeGreaterThan(0);
    expect((await n.call('get_state', { session: start.session })).content[0]).toMatchObject({ text: expect.stringContaining('verify: ') });
    await n.ok('end_session', { session: start.session });
  });

  it('predict_return: the value a call returns, without running it', async () => {
    const r = await n.ok('predict_return', { code: CODE, function: 'double', arguments: '21' });
    expect(r).toMatchObject({ function: 'double', arguments: '21', predicted: true });
    expect(r.returns === null ? r.raises : r.returns).toEqual(expect.any(String));
    expect(r.confidence).toBeGreaterThanOrEqual(0);
    expect(r.confidence).toBeLessThanOrEqual(1);
    // runner-ups only where the model is unsure, each a different value with its probability
    expect(Array.isArray(r.alternatives)).toBe(true);
    if (r.confidence > 0.601) expect(r.alternatives).toEqual([]);
    for (const alt of r.alternatives) {
      expect(alt.value).not.toBe(r.returns);
      expect(alt.p).toBeGreaterThan(0);
    }
    const bad = await n.call('predict_return', { code: CODE, function: 'triple', arguments: '1' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("no top-level function 'triple'");
    const args = await n.call('predict_return', { code: CODE, function: 'double', arguments: 'open(1)' });
    expect(args.isError).toBe(true);
    expect(textOf(args)).toContain('Python literals');
  });

  it('predict_arguments: a call that returns the given value (inverse)', async () => {
    const r = await n.ok('predict_arguments', { script: files.path('double.py'), function: 'double', returns: '10' });
    expect(r).toMatchObject({ function: 'double', returns: '10', predicted: true });
    // one entry per parameter; the call when the model predicted all of them
    expect(r.arguments.map((a: { name: string }) => a.name)).toEqual(['n']);
    if (r.arguments[0].value !== null) {
      expect(r.call).toBe(`double(${r.arguments[0].value})`);
      expect(r.arguments[0].confidence).toBeGreaterThanOrEqual(0);
    } else expect(r.call).toBeNull();
    const simple = await n.ok('predict_arguments', { code: 'def f(n):\n    return n * 2\n', function: 'f', returns: '8' });
    expect(simple.call).toMatch(/^f\(.+\)$/);
    expect(simple.arguments[0].confidence).toBeGreaterThan(0);
    // generate and check: the evaluator runs f forward on the model's calls; checked or not, it says which
    expect(simple.check.computed).toBeGreaterThanOrEqual(1);
    expect(simple.arguments[0].origin).toBe(simple.check.origin);
    if (simple.check.origin === 'checked')
      expect(textOf(await n.call('predict_arguments', { code: 'def f(n):\n    return n * 2\n', function: 'f', returns: '8' }))).toMatch(/^CHECKED/);
    else expect(simple.check.note).toMatch(/^not checked/);
    const bad = await n.call('predict_arguments', { code: CODE, function: 'double', returns: 'not a literal(' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('not a Python literal');
  });
});
