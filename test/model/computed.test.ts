// A step's own statement, computed where pyval can (src/model/computed/): the
// values it binds, what it prints, what it returns; and left to the model
// wherever the program's own code, objects or errors are involved.
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { computeStep, statementAt, withComputed } from '../../src/model/computed/index.js';
import type { ModelState } from '../../src/model/types.js';
import { testPython } from './helpers.js';
import { lineState } from './states.js';

const at = lineState;
const step = { kind: 'step_over' } as const;

describe('a step computed from its statement', () => {
  it('a sum the model once guessed wrong: `y = sum(x)` is 6 and `print(y)` prints it, whatever the model guessed', () => {
    const lines = ['import os', 'x = [1, 2, 3]', 'y = sum(x)', 'print(y)'];
    const s3 = computeStep(lines, at(3, { x: '[1, 2, 3]' }), step)!;
    expect(s3).toEqual({ changes: { y: '6' }, deleted: [], stdout: '' });
    const guessed = at(4, { x: '[1, 2, 3]', y: '1' });
    expect(withComputed(guessed, at(3, { x: '[1, 2, 3]' }), s3)).toEqual(at(4, { x: '[1, 2, 3]', y: '6' }));
    const s4 = computeStep(lines, at(4, { x: '[1, 2, 3]', y: '6' }), step)!;
    expect(s4.stdout).toBe('6\n');
  });

  it('a statement that runs to its end is followed by the one line control flow allows, if there is one', async () => {
    const src = 'import os\nx = [1, 2, 3]\ny = sum(x)\nprint(y)\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const lines = src.split('\n').slice(0, -1);
    const before = at(3, { x: '[1, 2, 3]' });
    const s = computeStep(lines, before, step, program)!;
    expect(s.next).toBe(4);
    const raised: ModelState = { ...before, event: 'exception', exception: 'TypeError: nope' };
    expect(withComputed(raised, before, s)).toEqual(at(4, { x: '[1, 2, 3]', y: '6' }));
  });

  it('assignments, augmented ones, unpacking, del and calls that change a value in place', () => {
    const lines = ['a, b = b, a + b', 'n += 1', 'xs.append(n)', 'del a', 'd["k"] = xs[-1] * 2'];
    const before = { a: '1', b: '2', n: '41', xs: '[0]', d: '{}' };
    expect(computeStep(lines, at(1, before), step)!.changes).toEqual({ a: '2', b: '3' });
    expect(computeStep(lines, at(2, before), step)!.changes).toEqual({ n: '42' });
    expect(computeStep(lines, at(3, before), step)!.changes).toEqual({ xs: '[0, 41]' });
    expect(computeStep(lines, at(4, before), step)!.deleted).toEqual(['a']);
    expect(computeStep(lines, at(5, before), step)!.changes).toEqual({ d: "{'k': 0}" });
  });

  it("a comment after the statement is no part of it, whatever its words (CPython's datetime.py)", () => {
    const lines = ['_DAYS_BEFORE_MONTH = [-1]  # -1 is a placeholder for indexing purposes.', 'x = [1,  # one', '     2]  # for each'];
    expect(statementAt(lines, 1)).toBe('_DAYS_BEFORE_MONTH = [-1]');
    expect(computeStep(lines, at(1), step)!.changes).toEqual({ _DAYS_BEFORE_MONTH: '[-1]' });
    expect(computeStep(lines, at(2), step)!.changes).toEqual({ x: '[1, 2]' });
  });

  it('a def inside a function binds its function, a generator function too (textwrap.indent)', async () => {
    const src =
      'def indent(text):\n    def keep(line):\n        return line.strip()\n    def lines():\n        yield text\n    return list(lines())\n\n\nindent("a")\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const lines = src.split('\n').slice(0, -1);
    const first = computeStep(lines, at(2, { text: "'a'" }, 'indent', [9]), step, program)!;
    expect(first.changes).toEqual({ keep: '<function indent.<locals>.keep>' });
    expect(first.next).toBe(4);
    const gen = computeStep(lines, at(4, { text: "'a'", keep: '<function indent.<locals>.keep>' }, 'indent', [9]), step, program)!;
    expect(gen.changes).toEqual({ lines: '<function indent.<locals>.lines>' });
    expect(gen.next).toBe(6);
  });

  it("a return: the value returned, on the frame's return event", () => {
    const lines = ['def f(x):', '    return x * 3 + 1'];
    const before = at(2, { x: '4' }, 'f', [9]);
    const s = computeStep(lines, before, step)!;
    expect(s.retval).toBe('13');
    const guessed: ModelState = { ...before, event: 'return', retval: '7' };
    expect(withComputed(guessed, before, s)).toEqual({ ...guessed, retval: '13' });
    // a prediction that leaves the frame another way stands as the model said
    expect(withComputed({ ...before, event: 'line', line: 3 }, before, s)).toBeNull();
  });

  it('the branch an if, elif or while condition takes, from the control-flow analysis', async () => {
    const src = 'n = 3\nwhile n > 0:\n    if n % 2:\n        n -= 1\n    elif n > 5:\n        n = 0\n    else:\n        n -= 2\nprint(n)\n';
    const lines = src.split('\n').slice(0, -1);
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const line = (l: number, n: string) => computeStep(lines, at(l, { n }), step, program)?.line;
    expect([line(2, '3'), line(2, '0')]).toEqual([3, 9]);
    expect([line(3, '3'), line(3, '2')]).toEqual([4, 5]);
    expect([line(5, '8'), line(5, '2')]).toEqual([6, 8]);
    // the model's line is replaced, its locals kept as they were before the condition
    const s = computeStep(lines, at(3, { n: '2' }), step, program)!;
    expect(withComputed(at(4, { n: '7' }), at(3, { n: '2' }), s)).toEqual(at(5, { n: '2' }));
    // without the analysis, or with a name the state lacks, the model says
    expect(computeStep(lines, at(3, { n: '2' }), step)).toBeNull();
    expect(computeStep(lines, at(3, {}), step, program)).toBeNull();
  });

  it('s into a call of the program: the call event binds the parameters to the computed arguments', async () => {
    const src =
      'def scale(xs, k=2, *, z=0):\n    return xs\n\ndef add(a, b=10):\n    return a + b\n\nv = [1, 2]\ns = add(len(v) * 3)\nt = add(b=v[0], a=4) + 1\nu = add(add(1))\nw = scale(v)\nx = add(2) + add(3)\ny = v and add(2)\n';
    const lines = src.split('\n').slice(0, -1);
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const into = { kind: 'step_into' } as const;
    const stateAt = (l: number) => at(l, { v: '[1, 2]' });
    const s8 = computeStep(lines, stateAt(8), into, program)!;
    expect(s8.call).toMatchObject({ func: 'add', line: 4, locals: { a: '6', b: '10' } });
    expect(computeStep(lines, stateAt(9), into, program)!.call!.locals).toEqual({ a: '4', b: '1' });
    // two calls: `s` stops in the one Python makes first, the argument's
    expect(computeStep(lines, stateAt(10), into, program)!.call).toMatchObject({ func: 'add', line: 4, locals: { a: '1', b: '10' } });
    // `n` over two calls is the model's (or pyval's run of both)
    expect(computeStep(lines, stateAt(10), step, program)?.call).toBeUndefined();
    expect(computeStep(lines, stateAt(12), into, program)!.call).toMatchObject({ func: 'add', locals: { a: '2', b: '10' } }); // left to right
    expect(computeStep(lines, stateAt(13), into, program)).toBeNull(); // `and` may skip the call
    expect(computeStep(lines, stateAt(11), into, program)).toBeNull(); // a keyword-only parameter
    const guessed: ModelState = { ...at(4, { a: '3' }, 'add', [8]), event: 'call' };
    expect(withComputed(guessed, stateAt(8), s8)).toEqual({ ...guessed, locals: { a: '6', b: '10' } });
    // the next event is certain, whatever the model said
    expect(withComputed({ ...guessed, func: 'scale', line: 1 }, stateAt(8), s8)).toEqual({ ...guessed, locals: { a: '6', b: '10' } });
    // `n` over it: the function's steps computed to its return, the value put in the call's place
    expect(computeStep(lines, stateAt(8), step, program)).toEqual({ changes: { s: '16' }, deleted: [], stdout: '', next: 9, called: 'add' });
    expect(computeStep(lines, stateAt(9), step, program)!.changes).toEqual({ t: '6' });
  });

  it('a for header binds the next element: the first when entered, the one after the present value from the body', async () => {
    const src = 'total = 0\nfor x in [4, 5]:\n    total += x\nfor i, c in enumerate("ab"):\n    pass\nprint(total)\n';
    const lines = src.split('\n').slice(0, -1);
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const hist = (...states: ModelState[]) => states.map((state, k) => ({ action: k ? ({ kind: 'step_over' } as const) : null, state }));
    const enter = hist(at(1, {}), at(2, { total: '0' }));
    expect(computeStep(lines, at(2, { total: '0' }), step, program, enter)).toEqual({ changes: { x: '4' }, deleted: [], stdout: '', line: 3 });
    const again = hist(at(3, { total: '0', x: '4' }), at(2, { total: '4', x: '4' }));
    expect(computeStep(lines, at(2, { total: '4', x: '4' }), step, program, again)!.changes).toEqual({ x: '5' });
    const done = hist(at(3, { total: '4', x: '5' }), at(2, { total: '9', x: '5' }));
    expect(computeStep(lines, at(2, { total: '9', x: '5' }), step, program, done)).toEqual({ changes: {}, deleted: [], stdout: '', line: 4 });
    const pairs = hist(at(2, { total: '9', x: '5' }), at(4, { total: '9', x: '5' }));
    expect(computeStep(lines, at(4, { total: '9', x: '5' }), step, program, pairs)!.changes).toEqual({ i: '0', c: "'a'" });
    // the model's next state takes the element and the line
    const s = computeStep(lines, at(2, { total: '4', x: '4' }), step, program, again)!;
    expect(withComputed(at(6, { total: '4', x: '9' }), at(2, { total: '4', x: '4' }), s)).toEqual(at(3, { total: '4', x: '5' }));
    // an element that is there twice: which one comes next is the model's
    const twice = 'for v in [1, 1, 2]:\n    pass\n';
    const p2 = await Program.analyze(twice, { python: testPython(), target: '3.11' });
    const h2 = hist(at(2, { v: '1' }), at(1, { v: '1' }));
    expect(computeStep(twice.split('\n').slice(0, -1), at(1, { v: '1' }), step, p2, h2)).toBeNull();
    // ... unless the history counts the header's visits since the loop began
    const counted = 'x = 0\nfor v in [1, 1, 2]:\n    pass\n';
    const p3 = await Program.analyze(counted, { python: testPython(), target: '3.11' });
    const l3 = counted.split('\n').slice(0, -1);
    const x = { x: '0' };
    const second = hist(at(1, {}), at(2, x), at(3, { ...x, v: '1' }), at(2, { ...x, v: '1' }));
    expect(computeStep(l3, at(2, { ...x, v: '1' }), step, p3, second)!.changes).toEqual({ v: '1' });
    const third = [...second, ...hist(at(3, { ...x, v: '1' }), at(2, { ...x, v: '1' })).slice(0)];
    expect(computeStep(l3, at(2, { ...x, v: '1' }), step, p3, third)!.changes).toEqual({ v: '2' });
    // a `c` in between: the count is not known
    const jumped = [...second.slice(0, 2), { action: { kind: 'continue' } as const, state: at(3, { ...x, v: '1' }) }, ...second.slice(3)];
    expect(computeStep(l3, at(2, { ...x, v: '1' }), step, p3, jumped)).toBeNull();
  });

  it('r: every step of the frame computed up to its return, the output on the way', async () => {
    const src =
      'def total(xs):\n    acc = 0\n    for x in xs:\n        acc += x\n        print(acc)\n    return acc * 10\n\ndef noisy(n):\n    n += 1\n\ntotal([1, 2])\nnoisy(1)\n';
    const lines = src.split('\n').slice(0, -1);
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const ret = { kind: 'step_return' } as const;
    const inTotal = at(2, { xs: '[1, 2]' }, 'total', [11]);
    const entered = [
      { action: null, state: { ...inTotal, event: 'call' as const, line: 1 } },
      { action: { kind: 'step_into' } as const, state: inTotal },
    ];
    const s = computeStep(lines, inTotal, ret, program, entered)!;
    expect(s.state).toEqual({ ...at(6, { xs: '[1, 2]', acc: '3', x: '2' }, 'total', [11]), event: 'return', retval: '30', stdout: '1\n3\n' });
    // a function that ends without return returns None on its last line
    const inNoisy = at(9, { n: '1' }, 'noisy', [12]);
    const s2 = computeStep(lines, inNoisy, ret, program, [{ action: null, state: inNoisy }])!;
    expect(s2.state).toMatchObject({ event: 'return', line: 9, retval: 'None', locals: { n: '2' } });
  });

  it('c: to a breakpoint line of the same frame, or to the exit, every step on the way computed', async () => {
    const src = 'def sq(v):\n    return v * v\n\ntotal = 0\nfor i in range(3):\n    total += sq(i)\n    print(total)\nprint("done")\n';
    const lines = src.split('\n').slice(0, -1);
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const start = at(4, {});
    const hist = [{ action: null, state: start }];
    const toBp = computeStep(lines, start, { kind: 'breakpoint', line: 7 }, program, hist)!;
    expect(toBp.state).toEqual({ ...at(7, { total: '0', i: '0' }), stdout: '' });
    const toEnd = computeStep(lines, start, { kind: 'continue' }, program, hist)!;
    expect(toEnd.state).toMatchObject({ event: 'exit', exit: 'normal', stdout: '0\n1\n5\ndone\n' });
    // a line of another function: the steps followed into the call (anywhere.ts), to its first line event there
    expect(computeStep(lines, start, { kind: 'breakpoint', line: 2 }, program, hist)!.state).toEqual({
      ...at(2, { v: '0' }, 'sq', [6]),
      stdout: '',
    });
    // a line that is never reached: the exit
    const src2 = 'x = 1\nif x > 5:\n    y = 2\nz = 3\n';
    const p2 = await Program.analyze(src2, { python: testPython(), target: '3.11' });
    const s2 = computeStep(src2.split('\n').slice(0, -1), at(1, {}), { kind: 'breakpoint', line: 3 }, p2, [{ action: null, state: at(1, {}) }])!;
    expect(s2.state).toMatchObject({ event: 'exit', exit: 'normal' });
  });

  it('a module-level def or quiet import binds nothing a state shows: the next line follows', async () => {
    const src =
      'import math, os.path as p\ndef f(a, b=2):\n    return a\n\n@staticmethod\ndef g():\n    pass\nimport numpy\ndef h(x=print(1)):\n    pass\nz = 1\n';
    const lines = src.split('\n').slice(0, -1);
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    expect(computeStep(lines, at(1, {}), step, program)).toEqual({ changes: {}, deleted: [], stdout: '', next: 2 });
    expect(computeStep(lines, at(2, {}), step, program)!.next).toBe(5);
    expect(computeStep(lines, at(6, {}), step, program)).toBeNull(); // decorated: the decorator runs
    expect(computeStep(lines, at(8, {}), step, program)).toBeNull(); // not a module known to be quiet
    expect(computeStep(lines, at(9, {}), step, program)).toBeNull(); // its default calls print
  });

  it("a lambda's line: its frame returns the body's value next, when the line holds one lambda", () => {
    const lines = ['def rank(d):', '    return sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))', 'pairs = map(lambda a: a * 2, lambda b: b)'];
    const before: ModelState = at(2, { kv: "('over', 1)" }, '<lambda>', [9, 2]);
    for (const kind of ['step_over', 'step_into'] as const) {
      const s = computeStep(lines, before, { kind })!;
      expect(s.state).toEqual({ ...before, event: 'return', retval: "(-1, 'over')" });
    }
    // the model's guess is replaced by the computed state
    expect(withComputed({ ...before, event: 'return', retval: "(-1, 'jumps')" }, before, computeStep(lines, before, step)!)).toEqual({
      ...before,
      event: 'return',
      retval: "(-1, 'over')",
    });
    expect(computeStep(lines, at(3, { a: '1' }, '<lambda>', [3]), step)).toBeNull(); // two lambdas: which frame is this?
    expect(computeStep(['f = lambda w: counts[w]'], at(1, { w: "'a'" }, '<lambda>', [1]), step)).toBeNull(); // a name it lacks
  });

  it("a __repr__'s return: the text the state shows for self", () => {
    const lines = ['class Account:', '    def __repr__(self):', "        return f'<Account {self.name}: {self.balance}>'"];
    const before = at(3, { self: '<Account alice: 120>' }, '__repr__', [9]);
    expect(computeStep(lines, before, step)!.state).toEqual({ ...before, event: 'return', retval: "'<Account alice: 120>'" });
    expect(computeStep(lines, at(3, { self: '<__main__.Account object at 0x7f01>' }, '__repr__', [9]), step)).toBeNull();
    expect(computeStep(lines, at(3, { self: '<Account alice: 120>' }, '__str__', [9]), step)).toBeNull();
  });

  it('values longer than the format holds are cut as the tracer cuts them', () => {
    const s = computeStep(['r = list(range(100))'], at(1, {}), step)!;
    expect(s.changes.r).toHaveLength(103);
    expect(s.changes.r!.endsWith('...')).toBe(true);
  });

  it('left to the model: calls of the program, its objects, errors, names it lacks, compound lines', () => {
    const none = (lines: string[], locals: Record<string, string>, line = 1, action: 'step_over' | 'step_into' = 'step_over') =>
      computeStep(lines, at(line, locals), { kind: action });
    expect(none(['y = helper(x)'], { x: '1' })).toBeNull(); // a function of the program (hidden from the module's locals)
    expect(none(['y = p.x + 1'], { p: 'Point(x=1)' })).toBeNull();
    expect(none(['y = xs.index(5)'], { xs: '[1]' })).toBeNull(); // ValueError: pyval's may not be the program's (test/model/raised.test.ts)
    expect(none(['y = z + 1'], {})).toBeNull();
    expect(none(['if x > 1:', '    y = 2'], { x: '3' })).toBeNull();
    expect(none(['x = 1; y = 2'], {})).toBeNull();
    // the program's expression statement: its value is not echoed as at a prompt
    expect(none(['xs.pop()'], { xs: '[1]' })).toMatchObject({ changes: { xs: '[]' }, stdout: '' });
    expect(none(['ys = [v * 2 for v in xs]'], { xs: '[1]' }, 1, 'step_into')).toBeNull(); // enters the comprehension's frame
    expect(none(['ys = [v * 2 for v in xs]'], { xs: '[1]' })).not.toBeNull();
    expect(none(['f = len'], {})).toBeNull(); // a builtin: the module's locals never show it
    expect(computeStep(['y = 1'], at(1, {}), { kind: 'step_return' })).toBeNull();
    // a set of str: CPython orders it by hashes that depend on PYTHONHASHSEED, so its repr would be a guess
    expect(none(['s = {"pear", "fig"}'], {})).toBeNull();
    expect(none(['print(set(w))'], { w: "['a', 'b']" })).toBeNull();
    expect(none(['s = {3, 1, 2}'], {})!.changes).toEqual({ s: '{1, 2, 3}' }); // int hashes are known: CPython's order
    expect(none(['print(sorted(set(w)), sep="")'], { w: "['b', 'a']" })!.stdout).toBe("['a', 'b']\n");
    // a name the program defines may not be the builtin it shadows
    expect(none(['def sum(xs):', '    return 0', 'y = sum(x)'], { x: '[1, 2]' }, 3)).toBeNull();
    expect(none(['from math import floor as sum', 'y = sum(x)'], { x: '2.5' }, 2)).toBeNull();
  });

  it('reads the statement a line starts, over continuation lines and past comments and strings', () => {
    expect(statementAt(['total = (1 +', '         2)  # two', 'x = 3'], 1)).toBe('total = (1 +\n         2)');
    expect(statementAt(['s = "a # not a comment"'], 1)).toBe('s = "a # not a comment"');
    expect(statementAt(['x = [1,', '     2]'], 2)).toBeNull(); // a continuation line
    expect(statementAt(['y = 1 + \\', '    2'], 1)).toBe('y = 1 + \n    2');
  });
});
