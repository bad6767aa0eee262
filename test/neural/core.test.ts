// The stepping core on its own: an action in, an outcome out (a state to stop at,
// pdb's own frames, the exit, or stay), and what happened on the way reported in
// order. It has nothing to print with; the command loop prints.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Core, NO_HISTORY, type Report } from '../../src/engine/neural/core.js';
import { ScriptSource } from '../../src/engine/neural/source.js';
import { ScriptedModel, fixturePath, line, prediction } from './helpers.js';

const F = fixturePath('neural_basic.py');

function core(model: ScriptedModel, opts: { jump?: 'step' | 'rollout' } = {}) {
  const reports: Report[] = [];
  const c = new Core({ file: F, source: new ScriptSource(F, readFileSync(F, 'utf8')), model, report: (r) => reports.push(r), ...opts });
  return { c, reports };
}

const exit = (stdout = '', kind: 'normal' | 'error' | 'never' = 'normal', exception: string | null = null) => ({
  ...line(1),
  event: 'exit' as const,
  line: null,
  func: null,
  exit: kind,
  exception,
  stdout,
});

describe('the stepping core', () => {
  it('a step: the state it leads to, the program output reported on the way', async () => {
    const { c, reports } = core(new ScriptedModel(line(2), [line(7, {}, { stdout: 'hi\n' })]));
    expect(c.begin()).toMatchObject({ kind: 'node', node: { state: { line: 2 } } });
    const o = await c.step('step_over', 0);
    expect(o).toMatchObject({ kind: 'node', node: { state: { line: 7 }, shown: true } });
    expect(c.timeline.current.state.line).toBe(7);
    expect(reports).toEqual([{ kind: 'output', text: 'hi\n' }]);
  });

  it('continue without breakpoints: the exit; the debugger stands at the last real state', async () => {
    const { c, reports } = core(new ScriptedModel(line(2), [exit('done\n')]));
    c.begin();
    const o = await c.continue();
    expect(o).toMatchObject({ kind: 'exit', exit: { exit: 'normal' } });
    expect(c.timeline.current.state.line).toBe(2);
    expect(reports).toEqual([{ kind: 'output', text: 'done\n' }]);
  });

  it('an unreadable prediction: stay, the failure reported', async () => {
    const { c, reports } = core(new ScriptedModel(line(2), [prediction(null, { error: 'no <|end|>' })]));
    c.begin();
    expect(await c.step('step_into', 0)).toEqual({ kind: 'stay' });
    expect(reports).toEqual([{ kind: 'failed', text: "ndbg: the model's prediction could not be read: no <|end|>" }]);
  });

  it('a breakpoint hit: the stop says which, and bdb deletes a temporary one', async () => {
    const model = new ScriptedModel(line(2), [line(14), line(15, { nums: '[1]' })]);
    const { c } = core(model);
    c.begin();
    const b = c.bps.add(F, 14, true, null, null, null);
    const o = await c.continue();
    expect(o).toMatchObject({ kind: 'node', hit: { bp: b, deleted: true } });
    expect(c.bps.all()).toEqual([]);
    expect(model.calls[0]!.action).toEqual({ kind: 'breakpoint', line: 14, anywhere: [14] });
  });

  it("s past the module: pdb's own frames, then the exit", async () => {
    const ret = { ...line(16), event: 'return' as const, retval: 'None' };
    const { c } = core(new ScriptedModel(ret, [exit()]));
    c.begin();
    expect(await c.step('step_into', 0)).toEqual({ kind: 'end' });
    expect(c.place).toEqual({ kind: 'string', phase: 'return' });
    expect(await c.step('step_into', 0)).toEqual({ kind: 'end' });
    expect(c.place).toEqual({ kind: 'bdb', at: 'quit' });
    expect(await c.step('step_into', 0)).toMatchObject({ kind: 'exit', exit: { exit: 'normal' } });
  });

  it('reverse: back through the timeline without the model; at the first state, no more history', async () => {
    const model = new ScriptedModel(line(2), [line(7)]);
    const { c } = core(model);
    c.begin();
    await c.step('step_over', 0);
    expect(await c.reverse('inv_step_into')).toMatchObject({ kind: 'node', node: { state: { line: 2 } } });
    expect(await c.reverse('inv_step_into')).toEqual({ kind: 'stay', note: NO_HISTORY });
    expect(model.calls).toHaveLength(1);
  });
});
