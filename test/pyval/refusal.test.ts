// Nothing the program contains is run: what would need the program (or touch
// the world) is refused with a clear `*** ndbg:` line, and never executed.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { displayValue, evaluate, evaluateCondition, execute, printExpression } from '../../src/pyval/index.js';

const dir = mkdtempSync(join(tmpdir(), 'ndbg-pyval-'));
const victim = join(dir, 'victim.txt');
writeFileSync(victim, 'precious');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCOPE = {
  locals: {
    obj: '<__main__.Foo object at 0x7f3a2c1b2d30>',
    foo: '<function foo at 0x7f3a2c1b2e50>',
    Cls: "<class '__main__.Cls'>",
    pt: 'Point(x=1, y=2)',
    objs: '[<__main__.Foo object at 0x7f3a2c1b2d30>, 2]',
    cut: "'a long string that the tracer cut…",
    xs: '[1, 2, 3]',
    path: JSON.stringify(victim).replace(/"/g, "'"),
    x: '5',
  },
  globals: { os: "<module 'os' from '/usr/lib/python3.11/os.py'>" },
};

const refused = (src: string, reason: string, subject = src): void => {
  const r = evaluate(src, SCOPE);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.refused).toBe(true);
  const quoted = subject.includes("'") && !subject.includes('"') ? `"${subject}"` : `'${subject}'`;
  expect(r.error).toBe(`*** ndbg: cannot evaluate ${quoted} without running the program (neural engine): ${reason}`);
};

describe('refusals', () => {
  test('calls that touch the world or run code', () => {
    refused("open(path, 'w')", 'calls of open are not allowed (it touches files)', 'open(...)');
    refused("__import__('os').remove(path)", 'calls of __import__ are not allowed (imports run code)', '__import__(...)');
    refused("exec('import os')", 'calls of exec are not allowed (it runs code)', 'exec(...)');
    refused("eval('1 + 1')", 'calls of eval are not allowed (it runs code)', 'eval(...)');
    refused('input()', 'calls of input are not allowed (it reads stdin)', 'input(...)');
    refused("setattr(obj, 'x', 1)", 'calls of setattr are not allowed (it changes objects)', 'setattr(...)');
    refused('id(x)', 'object identities (id) are not known without running the program', 'id(...)');
    refused('breakpoint()', 'calls of breakpoint are not allowed', 'breakpoint(...)');
    refused(
      'os.remove(path)',
      "its attribute remove is not known: <module 'os' from '/usr/lib/python3.11/os.py'> is a module, known only by its repr",
      'os.remove',
    );
  });

  test('code of the program', () => {
    refused('foo(1)', "foo is a function of the program, and calling it would run the program's code (<function foo at 0x7f3a2c1b2e50>)", 'foo(...)');
    refused('Cls()', "Cls is a class of the program, and calling it would run the program's code (<class '__main__.Cls'>)", 'Cls(...)');
    refused('obj.x', 'its attribute x is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr');
    refused(
      'obj.run()',
      'its attribute run is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr',
      'obj.run',
    );
    refused('pt.x', 'its attribute x is not known: Point(x=1, y=2) is an object of the program, known only by its repr');
    refused(
      'obj == 1',
      'its equality to other values is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr',
    );
    refused('len(obj)', 'its length is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr', 'len(...)');
    refused('str(obj)', 'its str() is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr', 'str(...)');
    refused('obj + 1', 'what operators do with it is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr');
    refused('cut.upper()', "its attribute upper is not known: 'a long string that the tracer cut… is a repr cut short by the tracer", 'cut.upper');
    refused(
      '3 in objs',
      'its equality to other values is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr',
    );
  });

  test('what is still known about opaque values', () => {
    expect(printExpression('obj', SCOPE).text).toBe('<__main__.Foo object at 0x7f3a2c1b2d30>');
    expect(printExpression('len(objs)', SCOPE).text).toBe('2');
    expect(printExpression('objs[1] + 1', SCOPE).text).toBe('3');
    expect(printExpression('objs[0]', SCOPE).text).toBe('<__main__.Foo object at 0x7f3a2c1b2d30>');
    expect(printExpression('obj is None', SCOPE).text).toBe('False');
    expect(printExpression('obj is objs[0]', SCOPE).text).toBe('True');
    expect(printExpression('isinstance(obj, object)', SCOPE).text).toBe('True');
    expect(printExpression('callable(foo)', SCOPE).text).toBe('True');
    expect(printExpression('[obj, 1]', SCOPE).text).toBe('[<__main__.Foo object at 0x7f3a2c1b2d30>, 1]');
  });

  test('syntax that binds names or needs the interpreter', () => {
    refused('(y := 5)', 'assignment expressions (:=) are not allowed: they change the frame', 'y := 5)');
    refused('x.__class__', 'access to dunder attributes (__class__) is not allowed');
    refused("''.__class__.__mro__", 'access to dunder attributes (__class__) is not allowed', "''.__class__");
    refused('xs.append(4)', "list.append() would change the predicted state; to change it, use a '!' statement", 'xs.append(...)');
    refused('1j + x', 'complex numbers are not supported', '1j');
    const imp = execute('import os', SCOPE);
    expect(imp.error).toBe(
      "*** ndbg: cannot execute 'import os' without running the program (neural engine): the module os is not one pyval models (of the standard library it models math, string, itertools, functools, heapq, bisect, operator, collections, re)",
    );
    expect(execute('def f(): pass', SCOPE).error).toContain('function definitions are not allowed');
    expect(execute('obj.x = 1', SCOPE).error).toBe(
      "*** ndbg: cannot execute 'obj.x' without running the program (neural engine): assigning attributes of objects of the program is not supported (<__main__.Foo object at 0x7f3a2c1b2d30>)",
    );
  });

  test('bounded work', () => {
    refused("'a' * 10**9", 'the result would be longer than 10,000,000 characters (ndbg bounds the size of values)');
    refused('list(range(10**12))', 'the result would have more than 1,000,000 items (ndbg bounds the size of values)', 'list(...)');
    refused('sum(range(10**12))', 'it needs more than 1,000,000 steps (ndbg bounds the work of an expression)');
    refused('2 ** 10 ** 10', 'the result would be an integer of more than 1,000,000 bits (ndbg bounds the size of values)');
    refused('[[0] * 10**4 for _ in range(10**4)][0][0]', 'it needs more than 1,000,000 steps (ndbg bounds the work of an expression)');
    expect(printExpression('len(range(10**12))', SCOPE).text).toBe('1000000000000');
    expect(printExpression('any(v > 5 for v in range(10**12))', SCOPE).text).toBe('True');
    const rec = evaluate('(lambda f: f(f))(lambda f: f(f))', SCOPE);
    expect(!rec.ok && rec.error).toBe('*** RecursionError: maximum recursion depth exceeded');
  });

  test('a file the program would delete is never touched', () => {
    for (const src of [
      "open(path, 'w').write('')",
      "__import__('os').remove(path)",
      "__import__('shutil').rmtree(path)",
      'exec("import os; os.remove(path)")',
      'os.remove(path)',
      'eval("__import__(\'os\').remove(path)")',
      "[__import__('os').unlink(p) for p in [path]]",
      "(lambda: __import__('os').remove(path))()",
    ]) {
      expect(evaluate(src, SCOPE).ok).toBe(false);
      expect(execute(src, SCOPE).ok).toBe(false);
      expect(execute(`import os; os.remove(path)`, SCOPE).ok).toBe(false);
      expect(evaluateCondition(src, SCOPE).stop).toBe(true);
    }
    expect(existsSync(victim)).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });
});

describe('display and conditions', () => {
  test("display shows the repr, or pdb's ** raised ... ** line", () => {
    expect(displayValue('x * 2', SCOPE)).toBe('10');
    expect(displayValue('nope', SCOPE)).toBe("** raised NameError: name 'nope' is not defined **");
    expect(displayValue('obj.x', SCOPE)).toBe(
      "** ndbg: cannot evaluate 'obj.x' without running the program (neural engine): its attribute x is not known: <__main__.Foo object at 0x7f3a2c1b2d30> is an object of the program, known only by its repr **",
    );
  });

  test('conditions: true, false, and errors stop (as bdb does)', () => {
    expect(evaluateCondition('x > 3', SCOPE)).toEqual({ stop: true });
    expect(evaluateCondition('x > 30', SCOPE)).toEqual({ stop: false });
    expect(evaluateCondition('xs', SCOPE)).toEqual({ stop: true });
    expect(evaluateCondition('[]', SCOPE)).toEqual({ stop: false });
    expect(evaluateCondition('nope', SCOPE)).toEqual({ stop: true, error: "*** NameError: name 'nope' is not defined" });
    const c = evaluateCondition('obj', SCOPE);
    expect(c.stop).toBe(true);
    expect(c.error).toContain('its truth value is not known');
  });
});

describe('scoping', () => {
  const fn = { locals: { k: '3', xs: '[1, 2]' }, globals: { G: '10' } };
  test("3.11: comprehension and lambda bodies do not see a function frame's locals", () => {
    expect(printExpression('[v * k for v in xs]', fn).text).toBe("*** NameError: name 'k' is not defined");
    expect(printExpression('[v * G for v in xs]', fn).text).toBe('[10, 20]');
    expect(printExpression('[v for v in xs]', fn).text).toBe('[1, 2]');
  });
  test('3.12+: list/set/dict comprehensions are inlined (PEP 709), generators are not', () => {
    expect(printExpression('[v * k for v in xs]', fn, 'p', { pythonMinor: 12 }).text).toBe('[3, 6]');
    expect(printExpression('list(v * k for v in xs)', fn, 'p', { pythonMinor: 12 }).text).toBe("*** NameError: name 'k' is not defined");
  });
  test('module level: everything is global', () => {
    expect(printExpression('[v * k for v in xs]', { locals: fn.locals }).text).toBe('[3, 6]');
    expect(printExpression('(lambda: k)()', { locals: fn.locals }).text).toBe('3');
  });
  test('site builtins print as Python prints them; calling them is refused', () => {
    expect(printExpression('exit', fn).text).toBe('Use exit() or Ctrl-D (i.e. EOF) to exit');
    expect(printExpression('exit()', fn).text).toBe(
      "*** ndbg: cannot evaluate 'exit(...)' without running the program (neural engine): calls of exit are not allowed",
    );
    expect(printExpression('open', fn).text).toBe('<built-in function open>');
    expect(printExpression('len', fn).text).toBe('<built-in function len>');
  });
});

describe('names', () => {
  test("JavaScript's object properties are not Python names", () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const r = evaluate(name, SCOPE);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBe(`*** NameError: name '${name}' is not defined`);
      const call = evaluate(`${name}()`, SCOPE);
      expect(call.ok).toBe(false);
      if (!call.ok) expect(call.error).toContain('NameError');
    }
  });
});
