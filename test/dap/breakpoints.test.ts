// Breakpoints as an editor sets them: conditions, hit counts, log points,
// function breakpoints, and lines where none can go; and the debug console,
// which takes pdb's commands as well as expressions.

import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, locals, PYTHON, startClient, stopAfter, topFrame } from './harness.js';

const demo = fixture('demo.py');
const launch = { program: demo, engine: 'python', python: PYTHON };

/** Launch, set `bps` in demo.py, configurationDone; resolves with the breakpoints and the first stop. */
async function launchWith(dc: DebugClient, bps: DebugProtocol.SourceBreakpoint[], fns: DebugProtocol.FunctionBreakpoint[] = []) {
  let set: DebugProtocol.Breakpoint[] = [];
  const [, , stopped] = await Promise.all([
    dc.waitForEvent('initialized').then(async () => {
      set = (await dc.setBreakpointsRequest({ source: { path: demo }, breakpoints: bps })).body.breakpoints;
      if (fns.length) set.push(...(await dc.setFunctionBreakpointsRequest({ breakpoints: fns })).body.breakpoints);
      await dc.configurationDoneRequest();
    }),
    dc.launch(launch),
    dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
  ]);
  return { set, stopped };
}

describe('ndbg dap: breakpoints', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('a conditional breakpoint stops where its condition holds; a hit count from the Nth time on', async () => {
    dc = await startClient();
    const { set, stopped } = await launchWith(dc, [
      { line: 9, condition: 'i == 2' },
      { line: 2, hitCondition: '3' },
    ]);
    expect(set.map((b) => [b.verified, b.line])).toEqual([
      [true, 9],
      [true, 2],
    ]);
    // line 9 when i == 2, before square's third call
    expect(stopped.body).toMatchObject({ reason: 'breakpoint', hitBreakpointIds: [set[0]!.id] });
    expect((await topFrame(dc)).name).toBe('total');
    expect((await locals(dc)).get('i')?.value).toBe('2');
    const third = await stopAfter(dc, dc.continueRequest({ threadId: 1 }));
    expect(third.body.hitBreakpointIds).toEqual([set[1]!.id]);
    expect(await topFrame(dc)).toMatchObject({ name: 'square', line: 2 });
    expect((await locals(dc)).get('v')?.value).toBe('2');
  });

  it('a log point prints its message with values and does not stop', async () => {
    dc = await startClient();
    const logs: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => {
      if (e.body.category === 'console' && e.body.output.startsWith('acc=')) logs.push(e.body.output);
    });
    const { set, stopped } = await launchWith(dc, [{ line: 9, logMessage: 'acc={acc} i={i} {{literal}}' }, { line: 15 }]);
    expect(set.every((b) => b.verified)).toBe(true);
    expect(stopped.body).toMatchObject({ reason: 'breakpoint', hitBreakpointIds: [set[1]!.id] });
    expect(await topFrame(dc)).toMatchObject({ line: 15 });
    expect(logs).toEqual(['acc=0 i=0 {literal}\n', 'acc=0 i=1 {literal}\n', 'acc=1 i=2 {literal}\n', 'acc=5 i=3 {literal}\n']);
  });

  it('a step over a call that crosses a log point prints it and ends where the step ends', async () => {
    dc = await startClient();
    const logs: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => {
      if (e.body.category === 'console' && e.body.output.startsWith('v=')) logs.push(e.body.output);
    });
    const { set } = await launchWith(dc, [{ line: 2, logMessage: 'v={v}' }, { line: 9 }]);
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 9 });
    const step = await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect(step.body.reason).toBe('step');
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 8 });
    expect(logs).toEqual(['v=0\n']);
    // a continue goes by it to the next breakpoint
    const next = await stopAfter(dc, dc.continueRequest({ threadId: 1 }));
    expect(next.body.hitBreakpointIds).toEqual([set[1]!.id]);
    expect((await locals(dc)).get('i')?.value).toBe('1');
    expect(logs).toEqual(['v=0\n']);
  });

  it('a function breakpoint stops at the function; a line with no code is not verified', async () => {
    dc = await startClient();
    const { set, stopped } = await launchWith(dc, [{ line: 4 }], [{ name: 'square' }]);
    expect(set[0]).toMatchObject({ verified: false });
    expect(set[0]!.message).toMatch(/Blank or comment/);
    expect(set[1]).toMatchObject({ verified: true });
    expect(stopped.body.reason).toBe('function breakpoint');
    expect(await topFrame(dc)).toMatchObject({ name: 'square', line: 2 });
  });

  it('a hit condition pdb cannot count says so', async () => {
    dc = await startClient();
    await dc.initializeRequest();
    const launched = dc.launchRequest(launch);
    await dc.waitForEvent('initialized');
    const r = await dc.setBreakpointsRequest({ source: { path: demo }, breakpoints: [{ line: 9, hitCondition: '%2' }] });
    expect(r.body.breakpoints[0]).toMatchObject({ verified: false });
    expect(r.body.breakpoints[0]!.message).toMatch(/not supported: give N or >= N/);
    await launched;
  });

  it('the debug console runs pdb commands and evaluates expressions; setExpression edits', async () => {
    dc = await startClient();
    await launchWith(dc, [{ line: 9 }]);
    const frameId = (await topFrame(dc)).id;
    const where = await dc.evaluateRequest({ expression: 'w', context: 'repl', frameId });
    expect(where.body.result).toContain('total()');
    const expr = await dc.evaluateRequest({ expression: 'data["a"]', context: 'repl', frameId });
    expect(expr.body).toMatchObject({ result: "[1, 2, {'b': 3}]", type: 'list' });
    expect(expr.body.variablesReference).toBeGreaterThan(0);
    await expect(dc.evaluateRequest({ expression: 'nosuch', context: 'repl', frameId })).rejects.toThrow(/NameError/);
    // DebugClient has no helper for setExpression
    const set = (await dc.customRequest('setExpression', { expression: 'n', value: '2', frameId })) as DebugProtocol.SetExpressionResponse;
    expect(set.body.value).toBe('2');
    // a command that moves the program from the console: the editor hears where it got to
    const [stopped] = await Promise.all([dc.waitForEvent('stopped'), dc.evaluateRequest({ expression: 'n', context: 'repl', frameId })]);
    expect(stopped.body.reason).toBe('step');
    expect((await topFrame(dc)).line).toBe(8);
  });
});
