// `ndbg mcp` as a server: its tools (each with an output schema and the safety
// text), several sessions at once, bad input answered as tool errors while the
// server keeps serving, and every session's process ended when the client goes.

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NDBG, runProcess } from '../parityHarness.js';
import { connect, scripts, textOf, type Ndbg } from './client.js';

const COUNT = `total = 0
for i in range(5):
    total += i
print("total", total)
`;

const WORDS = `words = ["a", "bb", "ccc"]
sizes = [len(w) for w in words]
print(sizes)
`;

/** The pids of `pid`'s descendants. */
function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [c, p] = line.trim().split(/\s+/).map(Number);
    children.set(p!, [...(children.get(p!) ?? []), c!]);
  }
  const all: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      all.push(c);
      walk(c);
    }
  };
  walk(pid);
  return all;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('ndbg mcp server', () => {
  let n: Ndbg;
  const files = scripts({ 'count.py': COUNT, 'words.py': WORDS });
  beforeAll(async () => {
    n = await connect();
  });
  afterAll(async () => {
    await n.close();
    files.remove();
  });

  it('every tool has an output schema and says what each engine runs', async () => {
    const { tools } = await n.client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      [
        'clear_breakpoint',
        'debugger_command',
        'end_session',
        'evaluate',
        'get_state',
        'interrupt',
        'list_breakpoints',
        'list_sessions',
        'predict_arguments',
        'predict_return',
        'set_breakpoint',
        'set_variable',
        'start_session',
        'step',
        'wait',
      ].sort(),
    );
    for (const t of tools) {
      expect(t.outputSchema, t.name).toBeDefined();
      expect(t.description, t.name).toMatch(/never execute/);
    }
  });

  it('two sessions at once, each its own program', async () => {
    const [a, b] = await Promise.all([
      n.ok('start_session', { script: files.path('count.py'), engine: 'python' }),
      n.ok('start_session', { script: files.path('words.py'), engine: 'python' }),
    ]);
    expect(a.session).not.toBe(b.session);
    await Promise.all([n.ok('set_breakpoint', { session: a.session, line: 4 }), n.ok('set_breakpoint', { session: b.session, line: 3 })]);
    const [ra, rb] = await Promise.all([n.ok('step', { session: a.session, action: 'continue' }), n.ok('step', { session: b.session, action: 'continue' })]);
    expect(ra.locals).toContainEqual({ name: 'total', value: '10', origin: 'real' });
    expect(rb.locals).toContainEqual({ name: 'sizes', value: '[1, 2, 3]', origin: 'real' });
    const list = await n.ok('list_sessions');
    expect(list.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ session: a.session, engine: 'python', status: 'stopped', line: 4 }),
        expect.objectContaining({ session: b.session, engine: 'python', status: 'stopped', line: 3 }),
      ]),
    );
    await Promise.all([n.ok('end_session', { session: a.session }), n.ok('end_session', { session: b.session })]);
  });

  it('bad input is a tool error that says what to do; the server keeps serving', async () => {
    const unknown = await n.call('get_state', { session: 's999' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("no session 's999'");
    expect(textOf(unknown)).toContain('list_sessions');

    const missing = await n.call('start_session', { script: 'no/such/script.py', engine: 'python' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("the script 'no/such/script.py' does not exist");
    const missingNeural = await n.call('start_session', { script: 'no/such/script.py' });
    expect(missingNeural.isError).toBe(true);

    for (const engine of ['python', 'neural']) {
      const syntax = await n.call('start_session', { code: 'def f(:\n    pass\n', engine });
      expect(syntax.isError, engine).toBe(true);
      expect(textOf(syntax)).toContain('SyntaxError');
      expect(textOf(syntax)).toContain('Fix the script');
    }
    expect((await n.ok('list_sessions')).sessions).toEqual([]);

    const both = await n.call('start_session', { script: files.path('count.py'), code: 'x = 1' });
    expect(textOf(both)).toContain("either 'script'");

    const badType = await n.call('step', { session: 's1', action: 'sideways' });
    expect(badType.isError).toBe(true);

    const s = await n.ok('start_session', { script: files.path('count.py'), engine: 'python' });
    const bad = await n.call('debugger_command', { session: s.session, command: 'frobnicate now' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("'frobnicate now' failed");
    expect(textOf(bad)).toContain("'help'");
    const blank = await n.call('set_breakpoint', { session: s.session, line: 99 });
    expect(blank.isError).toBe(true);
    const jump = await n.call('step', { session: s.session, action: 'jump' });
    expect(textOf(jump)).toContain("'jump' needs 'line'");
    const nosuch = await n.call('evaluate', { session: s.session, expression: 'nosuch + 1' });
    expect(nosuch.isError).toBe(true);
    expect(textOf(nosuch)).toContain('nosuch');

    // still serving, the session still usable
    const state = await n.ok('step', { session: s.session, action: 'over' });
    expect(state.location.line).toBe(2);
    await n.ok('end_session', { session: s.session });
    const gone = await n.call('get_state', { session: s.session });
    expect(gone.isError).toBe(true);
  });

  it('ndbg mcp --help, and a bad argument: a clear message', async () => {
    const help = await runProcess(process.execPath, [NDBG, 'mcp', '--help'], '');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('"mcpServers"');
    const bad = await runProcess(process.execPath, [NDBG, 'mcp', '--bogus'], '');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("ndbg mcp: unknown argument '--bogus'");
  });

  it('when the client goes away, every session process ends', async () => {
    const m = await connect();
    const serverPid = m.transport.pid!;
    await m.ok('start_session', { script: files.path('count.py'), engine: 'python' });
    const loop = await m.ok('start_session', { code: 'while True:\n    pass\n', engine: 'python' });
    expect((await m.ok('step', { session: loop.session, action: 'continue', timeout: 1 })).status).toBe('running');
    const kids = descendants(serverPid);
    expect(kids.length).toBeGreaterThanOrEqual(2);
    await m.close();
    for (;;) {
      if (!alive(serverPid) && kids.every((k) => !alive(k))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(kids.filter(alive)).toEqual([]);
  });
});
