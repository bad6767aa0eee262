// The neural engine behind the same requests: it predicts the program's
// frames instead of running it, and every value it shows the editor says so
// (in the value's text and type, and as presentation hints), with the model's
// confidence. What the model predicts is not asserted: how it is shown is.

import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, locals, startClient, stopAfter, topFrame } from './harness.js';

const small = fixture('small.py');

function expectPredicted(v: { value?: string; result?: string; type?: string; presentationHint?: DebugProtocol.VariablePresentationHint }): void {
  expect(v.value ?? v.result).toMatch(/· predicted( \d+%)?$/);
  expect(v.type).toMatch(/\(predicted( \d+%)?\)$/);
  expect(v.presentationHint?.attributes).toContain('predicted');
}

describe('ndbg dap: neural engine', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('steps, edits and evaluates predicted state, every value marked as predicted', async () => {
    dc = await startClient();
    const outputs: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body.output));
    const [entry] = await Promise.all([
      dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
      dc.configurationSequence(),
      dc.launch({ program: small, engine: 'neural', stopOnEntry: true }),
    ]);
    expect(entry.body).toMatchObject({ reason: 'entry', description: 'Paused on entry (predicted)' });
    // the session says up front that nothing runs
    expect(outputs.join('')).toMatch(/PREDICTED/);
    expect((await dc.threadsRequest()).body.threads[0]!.name).toBe('MainThread (predicted)');

    const step = await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect(step.body).toMatchObject({ reason: 'step', description: 'Paused (predicted)' });
    const frame = await topFrame(dc);
    expect(frame.name).toBe('<module> (predicted)');
    const scopes = await dc.scopesRequest({ frameId: frame.id });
    expect(scopes.body.scopes[0]!.name).toBe('Locals (predicted)');

    // an edit of the predicted state, read back: the model did not predict it, but it is still no computed value
    const set = (await dc.customRequest('setExpression', { expression: 'a', value: '5', frameId: frame.id })) as DebugProtocol.SetExpressionResponse;
    expect(set.body.value).toMatch(/^5 /);
    expectPredicted(set.body);
    const vars = await locals(dc);
    expect(vars.get('a')?.value).toMatch(/^5 /);
    for (const v of vars.values()) expectPredicted(v);
    const ev = await dc.evaluateRequest({ expression: 'a * 2', frameId: frame.id, context: 'watch' });
    expect(ev.body.result).toMatch(/^10 /);
    expectPredicted(ev.body);

    // going back on predicted frames
    const back = await stopAfter(dc, dc.stepBackRequest({ threadId: 1 }));
    expect(back.body.description).toMatch(/\(predicted\)$/);
    expect((await topFrame(dc)).name).toMatch(/\(predicted\)$/);
  });
});
