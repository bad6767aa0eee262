// Module constants (constants.ts): a table the module binds once from literals and
// only reads, shown cut in the module's frame and not at all in a function's, read
// in full by computed steps. Against CPython's trace (againstTrace.ts), and the
// rules that keep a constant that could change out.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { constantsFor } from '../../src/model/computed/constants.js';
import type { ModelState } from '../../src/model/types.js';
import { checkAgainstTrace } from './againstTrace.js';
import { testPython } from './helpers.js';

const inFunction: ModelState = { event: 'line', line: 2, func: 'f', stack: [9], locals: {}, retval: null, exception: null, stdout: '', exit: null };

describe('module constants', () => {
  it('table.py: every computed s / n step is the real one, the function frames reading the table included', async () => {
    const { wrong, computedFrom, wholeFrom } = await checkAgainstTrace(join(import.meta.dirname, 'fixtures', 'constants', 'table.py'));
    expect(wrong).toEqual([]);
    expect(computedFrom).toContain('step_into line step');
    expect(wholeFrom).toContain('step_into return step');
    expect(computedFrom).toContain('step_over line <module>');
  });

  it('sieve.py: a value the state shows cut stays whole between computed steps (a list changed in place, a loop over it)', async () => {
    const { wrong, computedAt } = await checkAgainstTrace(join(import.meta.dirname, 'fixtures', 'constants', 'sieve.py'));
    expect(wrong).toEqual([]);
    // `is_prime[multiple] = False` over the cut list, `for dept, name, salary in rows` over a cut one
    for (const k of ['step_over sieve:7', 'step_over sieve:6', 'step_over <module>:13', 'step_over <module>:14']) expect(computedAt).toContain(k);
  });

  it('passed.py: a parameter every call binds to a constant holds it in full (a str, a list of rows)', async () => {
    const { wrong, computedAt } = await checkAgainstTrace(join(import.meta.dirname, 'fixtures', 'constants', 'passed.py'));
    expect(wrong).toEqual([]);
    // the loops over the parameters, both shown cut
    for (const k of ['step_over count:15', 'step_into count:15', 'step_over payroll:23', 'step_into payroll:23']) expect(computedAt).toContain(k);
  });

  it('a parameter is not the constant where a call passes something else or the function rebinds it', async () => {
    const long = `[${Array.from({ length: 40 }, (_, i) => i).join(', ')}]`;
    const head = `T = ${long}\n`;
    const at = (locals: Record<string, string>): ModelState => ({ ...inFunction, func: 'f', locals });
    const shownT = `${long.slice(0, 100)}...`;
    const param = async (rest: string) => {
      const program = await Program.analyze(head + rest, { python: testPython(), target: '3.11' });
      return constantsFor(program, at({ xs: shownT }))?.known.has('xs') ?? false;
    };
    expect(await param('def f(xs):\n    return sum(xs)\nf(T)\nf(T)\n')).toBe(true);
    expect(await param('def f(xs):\n    return sum(xs)\nf(T)\nf([1])\n')).toBe(false);
    expect(await param('def f(xs):\n    xs.append(1)\nf(T)\n')).toBe(false);
    expect(await param('def f(xs):\n    xs = xs[1:]\n    return xs\nf(T)\n')).toBe(false);
  });

  it("a modelled module's constant is one (`ALPHA = string.ascii_lowercase`), a call's result is not", async () => {
    const known = async (source: string) => {
      const program = await Program.analyze(source, { python: testPython(), target: '3.11' });
      return constantsFor(program, inFunction)?.known.get('ALPHA');
    };
    expect(await known('import string\nALPHA = string.ascii_lowercase\ndef f():\n    return ALPHA[1]\n')).toEqual({
      kind: 'str',
      v: 'abcdefghijklmnopqrstuvwxyz',
    });
    expect(await known('import string\nALPHA = string.capwords("a b")\ndef f():\n    return ALPHA\n')).toBeUndefined();
    expect(await known('import os\nALPHA = os.sep\ndef f():\n    return ALPHA\n')).toBeUndefined();
  });

  it('a constant the program changes, rebinds, or lets escape is not one', async () => {
    const table = 'T = {"a": 1, "b": 2}\n';
    const read = async (rest: string) => {
      const program = await Program.analyze(table + rest, { python: testPython(), target: '3.11' });
      return constantsFor(program, inFunction)?.known.has('T') ?? false;
    };
    expect(await read('def f(k):\n    return T.get(k, 0) + len(T)\nprint(f("a"), "a" in T, T["b"])\n')).toBe(true);
    expect(await read('def f(k):\n    T[k] = 3\nf("c")\n')).toBe(false);
    expect(await read('def f(k):\n    return T\nf("c")["z"] = 1\n')).toBe(false);
    expect(await read('T = {}\n')).toBe(false);
    expect(await read('def f():\n    global T\n    T = 1\n')).toBe(false);
    expect(await read('def f():\n    del T["a"]\n')).toBe(false);
    expect(await read('def f():\n    T.update(c=3)\n')).toBe(false);
    // bound after the module runs something: a function called before it would not see it
    const late = await Program.analyze('print(1)\nT = {"a": 1}\ndef f():\n    return T["a"]\n', { python: testPython(), target: '3.11' });
    expect(constantsFor(late, inFunction)).toBeNull();
  });
});
