// Going back in the editor: stepBack and reverseContinue on the python
// engine reach a live state, where setVariable and evaluate work and the
// program goes on from the edited value.

import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, locals, PYTHON, startClient, stopAfter, topFrame } from './harness.js';

const demo = fixture('demo.py');
const launch = { program: demo, engine: 'python', python: PYTHON };

describe('ndbg dap: python engine, going back', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('declares step back', async () => {
    dc = await startClient();
    const init = await dc.initializeRequest();
    expect(init.body?.supportsStepBack).toBe(true);
  });

  it('steps back and reverse-continues to a live state: setVariable and evaluate work there', async () => {
    dc = await startClient();
    await dc.hitBreakpoint(launch, { path: demo, line: 9 });
    // on to the third pass: i == 2, acc == 0 + 1
    await stopAfter(dc, dc.continueRequest({ threadId: 1 }));
    await stopAfter(dc, dc.continueRequest({ threadId: 1 }));
    expect((await locals(dc)).get('i')?.value).toBe('2');

    // step back: the previous line of this frame (the loop header)
    const back = await stopAfter(dc, dc.stepBackRequest({ threadId: 1 }));
    expect(back.body.reason).toBe('step');
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 8 });
    expect((await locals(dc)).get('i')?.value).toBe('1');

    // reverse continue: back to the previous pass over the breakpoint
    const rc = await stopAfter(dc, dc.reverseContinueRequest({ threadId: 1 }));
    expect(rc.body).toMatchObject({ reason: 'breakpoint', hitBreakpointIds: [1] });
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 9 });
    let vars = await locals(dc);
    expect(vars.get('i')?.value).toBe('1');
    expect(vars.get('acc')?.value).toBe('0');

    // a live state: evaluate runs in the program, setVariable changes it
    const frame = await topFrame(dc);
    const ev = await dc.evaluateRequest({ expression: 'acc + 100 * i', frameId: frame.id, context: 'watch' });
    expect(ev.body).toMatchObject({ result: '100', type: 'int' });
    const scopes = await dc.scopesRequest({ frameId: frame.id });
    const set = await dc.setVariableRequest({ variablesReference: scopes.body.scopes[0]!.variablesReference, name: 'acc', value: '1000' });
    expect(set.body.value).toBe('1000');
    vars = await locals(dc);
    expect(vars.get('acc')?.value).toBe('1000');

    // the program goes on from there: acc == 1000 + 1 after this line
    await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect((await locals(dc)).get('acc')?.value).toBe('1001');
    const sum = await dc.evaluateRequest({ expression: 'acc', frameId: (await topFrame(dc)).id, context: 'hover' });
    expect(sum.body.result).toBe('1001');
  });

  it('reverse-continues to the start when no breakpoint is behind', async () => {
    dc = await startClient();
    await dc.hitBreakpoint(launch, { path: demo, line: 14 });
    await dc.setBreakpointsRequest({ source: { path: demo }, breakpoints: [] });
    const rc = await stopAfter(dc, dc.reverseContinueRequest({ threadId: 1 }));
    expect(rc.body.reason).toBe('entry');
    expect(await topFrame(dc)).toMatchObject({ name: '<module>', line: 1 });
  });
});
