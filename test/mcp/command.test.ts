// debugger_command says what it did with the line: `ran` is 'command' for
// pdb's commands (`n`, `b 3`, `w`) and 'expression' for Python over the
// frame's names (`n + 41` with a local n, `s.upper()`, `c * 2`), which leaves
// the program where it is. Both engines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, scripts, type Ndbg } from './client.js';

const SHOUT = `def shout(n, s, c):
    b = s * c
    return b.upper() + str(n)


print(shout(1, "ab", 2))
print("done")
`;

describe('ndbg mcp: debugger_command, command or expression', () => {
  let n: Ndbg;
  const files = scripts({ 'shout.py': SHOUT });
  beforeAll(async () => {
    n = await connect();
  });
  afterAll(async () => {
    await n.close();
    files.remove();
  });

  const run = (session: string, command: string) => n.ok('debugger_command', { session, command });

  it.each(['python', 'neural'])('%s engine', async (engine) => {
    const id = (await n.ok('start_session', { script: files.path('shout.py'), engine })).session as string;
    await n.ok('set_breakpoint', { session: id, line: 3 });
    const hit = await n.ok('step', { session: id, action: 'continue' });
    expect(hit.location).toMatchObject({ line: 3, function: 'shout' });

    for (const [line, value] of [
      ['n + 41', '42'],
      ['s.upper()', "'AB'"],
      ['c * 2', '4'],
    ] as const) {
      const r = await run(id, line);
      expect(r.ran).toBe('expression');
      expect(r.debuggerText).toBe(`${value}\n`);
      expect(r.location).toMatchObject({ line: 3, function: 'shout' });
    }

    const bp = await run(id, 'b 6');
    expect(bp).toMatchObject({ ran: 'command', debuggerText: expect.stringMatching(/^Breakpoint 2 at .*shout\.py:6\n$/) });
    const w = await run(id, 'w');
    expect(w.ran).toBe('command');
    expect(w.debuggerText).toMatch(/shout\(\)\n-> return b\.upper\(\) \+ str\(n\)/);
    const next = await run(id, 'n');
    expect(next.ran).toBe('command');
    expect(next.location).toMatchObject({ function: 'shout', event: 'return' });
    await n.ok('end_session', { session: id });
  });
});
