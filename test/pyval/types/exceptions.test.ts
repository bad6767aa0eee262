// The builtin exceptions (pyval/objects.ts EXCEPTIONS, read back from their repr by
// repr-parse.ts): built with random arguments, passed through their shown repr
// (the setup's values reach the expression as reprs, as a frame's locals do), then
// str / repr / args, isinstance and issubclass over the hierarchy, against CPython
// on each installed version. (`except` matching: test/model/computed-classes.test.ts
// against CPython's traces.)

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { int, scalar, word } from '../values.js';

const CLASSES = [
  'Exception',
  'ArithmeticError',
  'ZeroDivisionError',
  'OverflowError',
  'LookupError',
  'KeyError',
  'IndexError',
  'ValueError',
  'TypeError',
  'AttributeError',
  'NameError',
  'RuntimeError',
  'NotImplementedError',
  'AssertionError',
];

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const arg = () => r.pick([word, word, int, scalar, () => `(${int(r)}, ${word(r)})`])(r);
  for (let i = 0; i < n; i++) {
    const cls = r.pick(CLASSES);
    const args = r.list(0, 2, arg).join(', ');
    const other = r.pick(CLASSES);
    const expr = r.pick([
      () => 'str(e)',
      () => 'repr(e)',
      () => 'e.args',
      () => `isinstance(e, ${other})`,
      () => `isinstance(e, (${other}, ${r.pick(CLASSES)}))`,
      () => `issubclass(type(e), ${other})`,
      () => `issubclass(${cls}, ${other})`,
      () => 'type(e).__name__',
      () => `f"{e}!"`,
      () => `[str(x) for x in (e, e)]`,
    ])();
    out.push({ setup: `e = ${cls}(${args})`, expr });
  }
  return out;
}

const CASES = cases(20261204, 400);

describe.each(installedPythons())('builtin exceptions match CPython 3.$minor', (py) => {
  test(`${CASES.length} random exceptions, through their repr`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
