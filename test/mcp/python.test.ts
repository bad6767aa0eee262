// `ndbg mcp` with the python engine: a whole debugging session through the
// SDK's client (break, step, inspect, reverse, edit, continue to the end), the
// program's stdin, and a program that never stops, interrupted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, scripts, textOf, type Ndbg } from './client.js';

const MEAN = `def mean(xs):
    total = 0
    for x in xs:
        total += x
    return total / (len(xs) - 1)


data = [2, 4, 6]
m = mean(data)
print("mean", m)
`;

const ASKS = `import sys
name = input("name? ")
more = sys.stdin.readline()
print("hello", name, repr(more), sys.argv[1:])
last = input("last? ")
`;

describe('ndbg mcp, python engine', () => {
  let n: Ndbg;
  const files = scripts({ 'mean.py': MEAN, 'asks.py': ASKS });
  beforeAll(async () => {
    n = await connect();
  });
  afterAll(async () => {
    await n.close();
    files.remove();
  });

  it('break, step, inspect, reverse, edit, continue to the end', async () => {
    const start = await n.ok('start_session', { script: files.path('mean.py'), engine: 'python' });
    const id = start.session as string;
    expect(start).toMatchObject({ engine: 'python', predicted: false, status: 'stopped', location: { line: 1, function: '<module>' } });

    const bp = await n.ok('set_breakpoint', { session: id, line: 5 });
    expect(bp.added).toMatchObject({ number: 1, line: 5, hits: 0, temporary: false });

    const hit = await n.ok('step', { session: id, action: 'continue' });
    expect(hit.location).toMatchObject({ line: 5, function: 'mean', event: 'line' });
    expect(hit.locals).toEqual(
      expect.arrayContaining([
        { name: 'xs', value: '[2, 4, 6]', origin: 'real' },
        { name: 'total', value: '12', origin: 'real' },
      ]),
    );
    expect(hit.stack.map((f: { function: string }) => f.function)).toEqual(['<module>', 'mean']);
    expect(hit.source.lines[hit.source.currentLine - hit.source.startLine]).toContain('return total /');
    expect(hit.breakpoints[0].hits).toBe(1);

    // back one line: the loop's last test, with the same total
    const back = await n.ok('step', { session: id, action: 'reverse_into' });
    expect(back.location).toMatchObject({ function: 'mean', line: 3 });
    const again = await n.ok('step', { session: id, action: 'over' });
    expect(again.location.line).toBe(5);

    const edit = await n.ok('set_variable', { session: id, name: 'total', value: '9' });
    expect(edit.edits).toEqual({ total: '9' });
    expect(edit.locals).toContainEqual({ name: 'total', value: '9', origin: 'real' });

    const ev = await n.ok('evaluate', { session: id, expression: 'total / len(xs)' });
    expect(ev).toMatchObject({ value: '3.0', predicted: false });
    const xs = await n.ok('evaluate', { session: id, expression: 'xs', expand: true });
    expect(xs).toMatchObject({ value: '[2, 4, 6]', type: 'list', size: 3 });
    expect(xs.children).toEqual([
      { name: '[0]', expr: 'xs[0]', value: '2', type: 'int' },
      { name: '[1]', expr: 'xs[1]', value: '4', type: 'int' },
      { name: '[2]', expr: 'xs[2]', value: '6', type: 'int' },
    ]);

    const out = await n.ok('step', { session: id, action: 'out' });
    expect(out.location).toMatchObject({ event: 'return', function: 'mean', returnValue: '4.5' });

    const end = await n.ok('step', { session: id, action: 'continue' });
    expect(end.output.stdout).toBe('mean 4.5\n');
    expect(end.restarted).toBe(true);
    expect(end.location.line).toBe(1);

    const cmd = await n.ok('debugger_command', { session: id, command: 'p 6 * 7' });
    expect(cmd.debuggerText).toBe('42\n');
    const gone = await n.ok('end_session', { session: id });
    expect(gone.ended).toBe(true);
  });

  it('breakpoints: conditional, temporary, on a function; list, clear; until and jump', async () => {
    const s = await n.ok('start_session', { script: files.path('mean.py'), engine: 'python' });
    const id = s.session as string;
    const cond = await n.ok('set_breakpoint', { session: id, line: 4, condition: 'x == 6' });
    expect(cond.added).toMatchObject({ line: 4, condition: 'x == 6' });
    const onFunc = await n.ok('set_breakpoint', { session: id, function: 'mean', temporary: true });
    expect(onFunc.added).toMatchObject({ function: 'mean', temporary: true });
    expect((await n.ok('list_breakpoints', { session: id })).breakpoints).toHaveLength(2);

    const first = await n.ok('step', { session: id, action: 'continue' });
    expect(first.location).toMatchObject({ function: 'mean', line: 2 });
    // the temporary one is gone after its stop
    expect(first.breakpoints.map((b: { number: number }) => b.number)).toEqual([1]);
    const hit = await n.ok('step', { session: id, action: 'continue' });
    expect(hit.location.line).toBe(4);
    expect(hit.locals).toContainEqual({ name: 'x', value: '6', origin: 'real' });
    expect(hit.locals).toContainEqual({ name: 'total', value: '6', origin: 'real' });

    const cleared = await n.ok('clear_breakpoint', { session: id, number: 1 });
    expect(cleared).toMatchObject({ cleared: [1], breakpoints: [] });
    const until = await n.ok('step', { session: id, action: 'until', line: 5 });
    expect(until.location.line).toBe(5);
    expect(until.locals).toContainEqual({ name: 'total', value: '12', origin: 'real' });
    const jumped = await n.ok('step', { session: id, action: 'jump', line: 2 });
    expect(jumped.location.line).toBe(2);
    const over = await n.ok('step', { session: id, action: 'over' });
    expect(over.locals).toContainEqual({ name: 'total', value: '0', origin: 'real' });
    await n.ok('end_session', { session: id });
  });

  it('stdin: the given text, then end-of-file; never a wait', async () => {
    const fed = await n.ok('start_session', { script: files.path('asks.py'), engine: 'python', stdin: 'Ada\n', args: ['-v', 'x'] });
    const done = await n.ok('step', { session: fed.session, action: 'continue' });
    // then end-of-file: readline() returns '', input() raises EOFError and pdb enters post-mortem
    expect(done.output.stdout).toBe("name? hello Ada '' ['-v', 'x']\nlast? ");
    expect(done.location).toMatchObject({ event: 'exception', postMortem: true, line: 5 });
    expect(done.location.exception).toContain('EOFError');
    await n.ok('end_session', { session: fed.session });
  });

  it('a program that never stops: the call returns running, then interrupt stops it', async () => {
    const s = await n.ok('start_session', { code: 'i = 0\nwhile True:\n    i += 1\n', engine: 'python' });
    const running = await n.ok('step', { session: s.session, action: 'continue', timeout: 1 });
    expect(running.status).toBe('running');
    expect(running.message).toContain("'interrupt'");

    const busy = await n.call('step', { session: s.session, action: 'over' });
    expect(busy.isError).toBe(true);
    expect(textOf(busy)).toContain('is running');

    const waited = await n.ok('wait', { session: s.session, timeout: 1 });
    expect(waited.status).toBe('running');

    const stopped = await n.ok('interrupt', { session: s.session });
    expect(stopped.status).toBe('stopped');
    expect([2, 3]).toContain(stopped.location.line);
    const i = await n.ok('evaluate', { session: s.session, expression: 'i > 0' });
    expect(i.value).toBe('True');
    await n.ok('end_session', { session: s.session });
  });
});
