// The adapter against the real python engine: a breakpoint, stepping in, over
// and out as editors step, the stack, variables opened lazily, the program's
// output and its stdin.

import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, locals, PYTHON, startClient, stopAfter, topFrame } from './harness.js';

const demo = fixture('demo.py');
const launch = { program: demo, engine: 'python', python: PYTHON };

describe('ndbg dap: python engine, stepping', () => {
  let dc: DebugClient;
  afterEach(() => dc?.stop());

  it('runs to a breakpoint; steps in, over and out as an editor steps', async () => {
    dc = await startClient();
    await dc.hitBreakpoint(launch, { path: demo, line: 9 });
    const st = await dc.stackTraceRequest({ threadId: 1 });
    expect(st.body.stackFrames.map((f) => `${f.name}:${f.line}`)).toEqual(['total:9', '<module>:14']);
    expect((await locals(dc)).get('i')?.value).toBe('0');

    // step in: the function's first line, not its `def` (pdb's call event)
    await stopAfter(dc, dc.stepInRequest({ threadId: 1 }));
    expect(await topFrame(dc)).toMatchObject({ name: 'square', line: 2 });
    expect((await locals(dc)).get('v')).toMatchObject({ value: '0', type: 'int' });

    await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect(await topFrame(dc)).toMatchObject({ name: 'square', line: 3 });
    expect((await locals(dc)).get('result')?.value).toBe('0');

    // step out: back in the caller (its next line: the loop), with the value returned
    const out = await stopAfter(dc, dc.stepOutRequest({ threadId: 1 }));
    expect(out.body.reason).toBe('step');
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 8 });
    const vars = await locals(dc);
    expect(vars.get('(return) square')?.value).toBe('0');

    // step over the call: stays in total
    await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 9 });
    expect((await locals(dc)).get('i')?.value).toBe('1');
    await stopAfter(dc, dc.nextRequest({ threadId: 1 }));
    expect(await topFrame(dc)).toMatchObject({ name: 'total', line: 8 });
    expect((await locals(dc)).get('acc')?.value).toBe('1');
  });

  it('opens containers lazily, in the frame the editor names, with Globals for function frames', async () => {
    dc = await startClient();
    await dc.hitBreakpoint(launch, { path: demo, line: 2 });
    const st = await dc.stackTraceRequest({ threadId: 1 });
    const module = st.body.stackFrames.find((f) => f.name === '<module>')!;
    const scopes = await dc.scopesRequest({ frameId: module.id });
    expect(scopes.body.scopes.map((s) => s.name)).toEqual(['Locals']);
    const vars = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0]!.variablesReference });
    const data = vars.body.variables.find((v) => v.name === 'data')!;
    expect(data).toMatchObject({ type: 'dict', value: "{'a': [1, 2, {'b': 3}], 't': (4, 5)}" });
    expect(data.variablesReference).toBeGreaterThan(0);
    const items = await dc.variablesRequest({ variablesReference: data.variablesReference });
    const a = items.body.variables.find((v) => v.name === "['a']")!;
    expect(a).toMatchObject({ type: 'list', evaluateName: "data['a']" });
    const inner = await dc.variablesRequest({ variablesReference: a.variablesReference });
    expect(inner.body.variables.map((v) => v.value)).toEqual(['1', '2', "{'b': 3}"]);

    // a function frame: Locals and Globals
    const fscopes = await dc.scopesRequest({ frameId: st.body.stackFrames[0]!.id });
    expect(fscopes.body.scopes.map((s) => s.name)).toEqual(['Locals', 'Globals']);
    const globals = await dc.variablesRequest({ variablesReference: fscopes.body.scopes[1]!.variablesReference });
    expect(globals.body.variables.map((v) => v.name)).toEqual(expect.arrayContaining(['square', 'total', 'data']));
  });

  it('pages big containers (indexedVariables) and opens objects by attribute; edits a child in place', async () => {
    const prog = fixture('containers.py');
    dc = await startClient();
    await dc.hitBreakpoint({ ...launch, program: prog }, { path: prog, line: 9 });
    const vars = await locals(dc);
    const big = vars.get('big')!;
    expect(big).toMatchObject({ type: 'list', indexedVariables: 150 });
    const page = await dc.variablesRequest({ variablesReference: big.variablesReference, filter: 'indexed', start: 100, count: 50 });
    expect(page.body.variables.map((v) => v.name)).toEqual(Array.from({ length: 50 }, (_, i) => `[${100 + i}]`));
    expect(page.body.variables[0]).toMatchObject({ value: '100', evaluateName: 'big[100]' });
    const named = await dc.variablesRequest({ variablesReference: big.variablesReference, filter: 'named' });
    expect(named.body.variables).toEqual([]);

    const p = vars.get('p')!;
    expect(p.type).toBe('Point');
    const attrs = await dc.variablesRequest({ variablesReference: p.variablesReference });
    expect(attrs.body.variables.map((v) => [v.name, v.value])).toEqual([
      ['x', '1'],
      ['y', '[2, 3]'],
    ]);
    const set = await dc.setVariableRequest({ variablesReference: p.variablesReference, name: 'x', value: '41 + 1' });
    expect(set.body.value).toBe('42');
    const frame = await topFrame(dc);
    expect((await dc.evaluateRequest({ expression: 'p.x', frameId: frame.id, context: 'watch' })).body.result).toBe('42');
  });

  it("sends the program's stdout and stderr as output events; input() reads the stdin file, then EOF", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndbg-dap-'));
    const stdin = join(dir, 'in.txt');
    writeFileSync(stdin, 'Ada\n');
    try {
      dc = await startClient();
      const outputs: DebugProtocol.OutputEvent[] = [];
      dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e));
      const done = dc.waitForEvent('terminated');
      await Promise.all([dc.configurationSequence(), dc.launch({ ...launch, stdin })]);
      await done;
      const stdout = outputs
        .filter((e) => e.body.category === 'stdout')
        .map((e) => e.body.output)
        .join('');
      expect(stdout).toBe("x = 14\nname? name = 'Ada'\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without a stdin file the program reads EOF: its EOFError stops it post mortem, its traceback on stderr', async () => {
    dc = await startClient();
    const outputs: DebugProtocol.OutputEvent[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e));
    const [stopped] = await Promise.all([dc.waitForEvent('stopped'), dc.configurationSequence(), dc.launch(launch)]);
    expect(stopped.body.reason).toBe('exception');
    const info = await dc.exceptionInfoRequest({ threadId: 1 });
    expect(info.body).toMatchObject({ exceptionId: 'EOFError', breakMode: 'unhandled' });
    const stderr = outputs
      .filter((e) => e.body.category === 'stderr')
      .map((e) => e.body.output)
      .join('');
    expect(stderr).toContain('EOFError');
  });
});
