// The debug console: a line over the frame's names (`n + 41` with a local
// `n`, `s.upper()`, `c * 2`) answers its value and leaves the program where
// it is; a command word alone or with a command's arguments (`n`, `c`, `b 3`,
// `w`) is still pdb's command. Hovers and watches only ever evaluate. On the
// python engine, and on the neural engine's predicted frames.

import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, locals, PYTHON, startClient, stopAfter, topFrame } from './harness.js';

const fib = fixture('fib.py');
const names = fixture('names.py');

/** Evaluates `expression` in the console of the innermost frame. */
async function repl(dc: DebugClient, expression: string, context = 'repl'): Promise<DebugProtocol.EvaluateResponse> {
  return dc.evaluateRequest({ expression, frameId: (await topFrame(dc)).id, context });
}

/** Counts the events that say the program moved. */
function moves(dc: DebugClient): { count: number } {
  const seen = { count: 0 };
  dc.on('continued', () => seen.count++);
  dc.on('stopped', () => seen.count++);
  return seen;
}

describe('ndbg dap: the debug console, python engine', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('evaluates n + 41 after stepBack and setVariable, and the program stays where it was', async () => {
    dc = await startClient();
    await dc.hitBreakpoint({ program: fib, engine: 'python', python: PYTHON }, { path: fib, line: 3 });
    await stopAfter(dc, dc.stepBackRequest({ threadId: 1 }));
    const frame = await topFrame(dc);
    expect(frame).toMatchObject({ name: 'fib', line: 2 });
    const scopes = await dc.scopesRequest({ frameId: frame.id });
    const set = await dc.setVariableRequest({ variablesReference: scopes.body.scopes[0]!.variablesReference, name: 'n', value: '1' });
    expect(set.body.value).toBe('1');

    const moved = moves(dc);
    expect((await repl(dc, 'n + 41')).body).toMatchObject({ result: '42', type: 'int' });
    expect((await repl(dc, 'n * 2 + 1')).body.result).toBe('3');
    // hovers and watches never run a command, not even a command word alone
    expect((await repl(dc, 'n', 'hover')).body.result).toBe('1');
    expect((await repl(dc, 'n', 'watch')).body.result).toBe('1');
    expect(moved.count).toBe(0);
    expect(await topFrame(dc)).toMatchObject({ name: 'fib', line: 2 });

    // `n` alone is pdb's next
    const next = await stopAfter(dc, repl(dc, 'n'));
    expect(next.body.reason).toBe('step');
    expect(await topFrame(dc)).toMatchObject({ name: 'fib', line: 3 });
  });

  it('evaluates s.upper() and c * 2 over locals named s and c; b 3, w and c stay commands', async () => {
    dc = await startClient();
    await dc.hitBreakpoint({ program: fib, engine: 'python', python: PYTHON }, { path: fib, line: 9 });
    const vars = await locals(dc);
    expect(vars.get('s')?.value).toBe("'ab'");
    expect(vars.get('c')?.value).toBe('2');

    const moved = moves(dc);
    expect((await repl(dc, 's.upper()')).body).toMatchObject({ result: "'AB'", type: 'str' });
    expect((await repl(dc, 'c * 2')).body.result).toBe('4');
    // a statement over a command's name binds it, and runs no command
    expect((await repl(dc, 'c = 5')).body.result).toBe('');
    expect((await locals(dc)).get('c')?.value).toBe('5');
    expect((await repl(dc, 'b 3')).body.result).toMatch(/^Breakpoint 2 at .*fib\.py:3$/);
    expect((await repl(dc, 'w')).body.result).toMatch(/<module>\(\)[\s\S]*-> print\(shout\("ab", 2\)\)[\s\S]*shout\(\)\n-> return b\.upper\(\)/);
    expect(moved.count).toBe(0);
    expect(await topFrame(dc)).toMatchObject({ name: 'shout', line: 9 });

    // `c` alone continues: to the end of the program here
    const [ended] = await Promise.all([dc.waitForEvent('terminated'), repl(dc, 'c')]);
    expect(ended).toBeDefined();
  });
});

describe('ndbg dap: the debug console, neural engine', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('evaluates over predicted names without moving, and steps on n', async () => {
    dc = await startClient();
    await Promise.all([dc.waitForEvent('stopped'), dc.configurationSequence(), dc.launch({ program: names, engine: 'neural', stopOnEntry: true })]);
    for (let i = 0; i < 3; i++) await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect(await topFrame(dc)).toMatchObject({ line: 4 });

    const moved = moves(dc);
    // every value is a prediction and says so
    expect((await repl(dc, 'n + 41')).body.result).toMatch(/^42 +· predicted/);
    expect((await repl(dc, 's.upper()')).body.result).toMatch(/^'AB' +· predicted/);
    expect((await repl(dc, 'c * 2')).body.result).toMatch(/^6 +· predicted/);
    expect((await repl(dc, 'b 5')).body.result).toMatch(/^Breakpoint 1 at .*names\.py:5$/);
    expect((await repl(dc, 'w')).body.result).toMatch(/<module>\(\)\n-> total = n \+ c/);
    expect(moved.count).toBe(0);
    expect(await topFrame(dc)).toMatchObject({ line: 4 });

    const next = await stopAfter(dc, repl(dc, 'n'));
    expect(next.body.reason).toBe('step');
    expect(await topFrame(dc)).toMatchObject({ line: 5 });
  });
});
