// A statement that raises over the state's values is computed too: the exception
// event on its line, as CPython reports it (src/model/computed/statement.ts). Only
// errors the values themselves raise count; one that may come from what pyval does
// not know (a name the state lacks, an object it only half knows) stays the model's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { computeStep } from '../../src/model/computed/index.js';
import { testPython } from './helpers.js';
import { lineState } from './states.js';

const AVERAGE = readFileSync(join(import.meta.dirname, '..', 'neural', 'fixtures', 'average.py'), 'utf8');
const lines = AVERAGE.split('\n');

const at = lineState;

describe('a step that raises, computed', () => {
  it('`return total / len(xs)` with xs == []: ZeroDivisionError on that line, the locals as they were', async () => {
    const program = await Program.analyze(AVERAGE, { python: testPython(), target: '3.11' });
    const before = at(5, { xs: '[]', total: '0' }, 'average', [9]);
    for (const kind of ['step_over', 'step_into'] as const) {
      const s = computeStep(lines, before, { kind }, program)!;
      expect(s.state).toEqual({ ...before, event: 'exception', exception: 'ZeroDivisionError: division by zero' });
    }
    // with a list that has elements it returns, as before
    expect(computeStep(lines, at(5, { xs: '[1, 2]', total: '3' }, 'average', [8]), { kind: 'step_over' }, program)!.retval).toBe('1.5');
  });

  it('an index or a key the value does not have', () => {
    const one = (stmt: string, locals: Record<string, string>) => computeStep([stmt], at(1, locals), { kind: 'step_over' });
    expect(one('y = xs[5]', { xs: '[1]' })!.state).toMatchObject({ event: 'exception', line: 1, exception: 'IndexError: list index out of range' });
    expect(one("v = d['b']", { d: "{'a': 1}" })!.state).toMatchObject({ event: 'exception', exception: "KeyError: 'b'" });
    // what it printed first comes with it
    expect(one('print(1, 2 // x)', { x: '0' })!.state).toMatchObject({
      event: 'exception',
      exception: 'ZeroDivisionError: integer division or modulo by zero',
    });
  });

  it("not an error that may be pyval's: a missing name, a type it may not know", () => {
    const one = (stmt: string, locals: Record<string, string>) => computeStep([stmt], at(1, locals), { kind: 'step_over' });
    expect(one('y = z + 1', {})).toBeNull(); // NameError: z may be a global the state does not show
    expect(one('y = xs.index(5)', { xs: '[1]' })).toBeNull(); // ValueError
    expect(one("y = 1 + 'a'", {})).toBeNull(); // TypeError
  });

  it('`c` from the module: the program ends with the exception a called function raised, after what it printed', async () => {
    const program = await Program.analyze(AVERAGE, { python: testPython(), target: '3.11' });
    const start = at(1, {});
    const end = computeStep(lines, start, { kind: 'continue' }, program, [{ action: null, state: start }])!;
    expect(end.state).toMatchObject({ event: 'exit', exit: 'error', exception: 'ZeroDivisionError: division by zero', stdout: '2.0\n' });
    // `n` over the call that raises: the exception event on the module's line
    const over = computeStep(lines, at(9, {}), { kind: 'step_over' }, program)!;
    expect(over.state).toMatchObject({ event: 'exception', line: 9, func: '<module>', exception: 'ZeroDivisionError: division by zero' });
  });

  it('a `try` elsewhere: the exception followed out of each frame, uncaught, to the same end', async () => {
    const src = `${AVERAGE}try:\n    pass\nexcept Exception:\n    pass\n`;
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const start = at(1, {});
    const end = computeStep(src.split('\n'), start, { kind: 'continue' }, program, [{ action: null, state: start }])!;
    expect(end.state).toMatchObject({ event: 'exit', exit: 'error', exception: 'ZeroDivisionError: division by zero', stdout: '2.0\n' });
    expect(end.traceback?.map((f) => f.func)).toEqual(['<module>', 'average']);
  });

  it("the traceback names the line that raised: a `while` test is its header's line", async () => {
    const src = 'def f(xs):\n    i = 0\n    while xs[i] > 0:\n        i += 1\n    return i\n\n\nprint(f([3, 2, 1]))\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const start = at(1, {});
    const end = computeStep(src.split('\n'), start, { kind: 'continue' }, program, [{ action: null, state: start }])!;
    expect(end.state).toMatchObject({ exit: 'error', exception: 'IndexError: list index out of range' });
    expect(end.traceback).toEqual([
      { func: '<module>', line: 8, locals: {} },
      { func: 'f', line: 3, locals: { xs: '[3, 2, 1]', i: '3' } },
    ]);
  });
});
