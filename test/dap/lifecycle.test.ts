// A session's life in the editor: an uncaught exception (post mortem, with
// exceptionInfo), restart, pause, terminate (the program's process ends), and
// launch configurations that cannot work, each with a message that says why.

import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, locals, PYTHON, startClient, stopAfter, topFrame } from './harness.js';

const crash = fixture('crash.py');
const spin = fixture('spin.py');
const demo = fixture('demo.py');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('ndbg dap: lifecycle', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('an uncaught exception stops post mortem where it was raised; exceptionInfo describes it; continue ends the program', async () => {
    dc = await startClient();
    const [stopped] = await Promise.all([
      dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
      dc.configurationSequence(),
      dc.launch({ program: crash, engine: 'python', python: PYTHON }),
    ]);
    expect(stopped.body).toMatchObject({ reason: 'exception', text: "ValueError: invalid literal for int() with base 10: 'x3'" });
    const info = await dc.exceptionInfoRequest({ threadId: 1 });
    expect(info.body).toMatchObject({
      exceptionId: 'ValueError',
      breakMode: 'unhandled',
      details: { message: "invalid literal for int() with base 10: 'x3'" },
    });
    expect(await topFrame(dc)).toMatchObject({ name: 'parse', line: 2 });
    // post mortem, the frames are live: their locals, and evaluate
    expect((await locals(dc)).get('text')?.value).toBe("'x3'");
    const st = await dc.stackTraceRequest({ threadId: 1 });
    const ev = await dc.evaluateRequest({ expression: 'total', frameId: st.body.stackFrames[1]!.id, context: 'watch' });
    expect(ev.body.result).toBe('3');
    await Promise.all([dc.waitForEvent('terminated'), dc.continueRequest({ threadId: 1 })]);
  });

  it('with Uncaught Exceptions off, the exception ends the program', async () => {
    dc = await startClient();
    const init = await dc.initializeRequest();
    expect(init.body?.exceptionBreakpointFilters?.map((f) => [f.filter, f.default])).toEqual([['uncaught', true]]);
    const launched = dc.launchRequest({ program: crash, engine: 'python', python: PYTHON } as DebugProtocol.LaunchRequestArguments);
    await dc.waitForEvent('initialized');
    await dc.setExceptionBreakpointsRequest({ filters: [] });
    await launched;
    await Promise.all([dc.waitForEvent('terminated'), dc.configurationDoneRequest()]);
  });

  it('jump to cursor moves the executing line (pdb j)', async () => {
    dc = await startClient();
    await dc.hitBreakpoint({ program: demo, engine: 'python', python: PYTHON }, { path: demo, line: 14 });
    const targets = await dc.gotoTargetsRequest({ source: { path: demo }, line: 15 });
    expect(targets.body.targets).toHaveLength(1);
    const moved = await stopAfter(dc, dc.gotoRequest({ threadId: 1, targetId: targets.body.targets[0]!.id }));
    expect(moved.body.reason).toBe('goto');
    expect(await topFrame(dc)).toMatchObject({ line: 15 });
    // x was never assigned: line 14 was jumped over
    await expect(dc.evaluateRequest({ expression: 'x', frameId: (await topFrame(dc)).id, context: 'watch' })).rejects.toThrow(/NameError/);
  });

  it('restart runs the program again from the start, to its first breakpoint', async () => {
    dc = await startClient();
    await dc.hitBreakpoint({ program: demo, engine: 'python', python: PYTHON }, { path: demo, line: 9 });
    await stopAfter(dc, dc.continueRequest({ threadId: 1 }));
    expect((await locals(dc)).get('i')?.value).toBe('1');
    const again = await stopAfter(dc, dc.restartRequest({}));
    expect(again.body.reason).toBe('breakpoint');
    expect((await locals(dc)).get('i')?.value).toBe('0');
  });

  it('pause stops a running program; terminate ends its process', async () => {
    dc = await startClient();
    const started = dc.assertOutput('stdout', 'started');
    await Promise.all([dc.configurationSequence(), dc.launch({ program: spin, engine: 'python', python: PYTHON })]);
    await started;
    // pdb answers at its prompt only: no waiting on a program that may never stop
    await expect(dc.evaluateRequest({ expression: 'count', context: 'watch' })).rejects.toThrow(/the program is running: pause it first/);
    const paused = await stopAfter(dc, dc.pauseRequest({ threadId: 1 }));
    expect(paused.body.reason).toBe('pause');
    const frame = await topFrame(dc);
    const pid = Number((await dc.evaluateRequest({ expression: '__import__("os").getpid()', frameId: frame.id, context: 'watch' })).body.result);
    expect(alive(pid)).toBe(true);
    await Promise.all([dc.waitForEvent('terminated'), dc.terminateRequest()]);
    expect(alive(pid)).toBe(false);
  });

  it('a breakpoint set while the program runs stops it there', async () => {
    dc = await startClient();
    const started = dc.assertOutput('stdout', 'started');
    await Promise.all([dc.configurationSequence(), dc.launch({ program: spin, engine: 'python', python: PYTHON })]);
    await started;
    const [stopped, set] = await Promise.all([
      dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
      dc.setBreakpointsRequest({ source: { path: spin }, breakpoints: [{ line: 6 }] }),
    ]);
    expect(set.body.breakpoints[0]).toMatchObject({ verified: true, line: 6 });
    expect(stopped.body).toMatchObject({ reason: 'breakpoint', hitBreakpointIds: [set.body.breakpoints[0]!.id] });
    expect(await topFrame(dc)).toMatchObject({ line: 6 });
  });

  it('stopOnEntry stops at the first line', async () => {
    dc = await startClient();
    const [stopped] = await Promise.all([
      dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
      dc.configurationSequence(),
      dc.launch({ program: demo, engine: 'python', python: PYTHON, stopOnEntry: true }),
    ]);
    expect(stopped.body.reason).toBe('entry');
    expect(await topFrame(dc)).toMatchObject({ name: '<module>', line: 1 });
  });

  it.each([
    [{ program: fixture('nosuch.py'), engine: 'python' }, /"program" '.*nosuch\.py' does not exist/],
    [{ program: demo, engine: 'ruby' }, /unknown engine 'ruby'/],
    [{ engine: 'python' }, /needs "program"/],
    [{ program: demo, engine: 'python', python: '/nonexistent/python3' }, /cannot run the Python interpreter/],
    [{ program: demo, engine: 'python', stdin: '/nonexistent/in.txt' }, /cannot read "stdin" file/],
  ])('launch %j fails with a message', async (args, message) => {
    dc = await startClient();
    await dc.initializeRequest();
    await expect(dc.launchRequest(args as DebugProtocol.LaunchRequestArguments)).rejects.toThrow(message);
  });
});
