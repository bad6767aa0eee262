// The builtin functions (builtins/functions.ts, iterators.ts, format.ts):
// sorted / min / max with key and default, enumerate, zip (strict), map,
// filter, reversed, sum, any, all, divmod, round, abs, chr, ord, isinstance,
// format, pow, hash, f-strings and % formatting, over random arguments (wrong
// ones included), against CPython on each installed version.

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from './differential.js';
import { any, float, homogeneous, int, listOf, scalar, str, tupleOf, word } from './values.js';

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const num = (): string => r.pick([int, int, float, () => r.pick(['True', "'3'", 'None'])])(r);
  const key = (): string => r.pick(['abs', 'str', 'len', 'lambda v: -v', 'None', 'repr', 'lambda v: v[0]']);
  const spec = (): string =>
    r.pick(['', '5', '<6', '>+8.2f', '^9', '08.3f', ',', '_d', 'x', '#o', 'b', 'e', '.3g', '%', '.1%', '=+10', 'c', 's', '.2', 'n', '10.4e']);
  for (let i = 0; i < n; i++) {
    const e = r.pick([
      () => `sorted(${homogeneous(r)}${r.pick(['', `, key=${key()}`, ', reverse=True', `, key=${key()}, reverse=1`])})`,
      () => `${r.pick(['min', 'max'])}(${homogeneous(r)}${r.pick(['', `, key=${key()}`, ', default=0', `, key=${key()}, default=None`])})`,
      () => `${r.pick(['min', 'max'])}(${num()}, ${num()}${r.pick(['', `, key=${key()}`, ', default=1'])})`,
      () => `${r.pick(['min', 'max'])}(${r.pick(['[]', '()', "''"])}${r.pick(['', ', default=7'])})`,
      () => `list(enumerate(${r.pick([() => listOf(r, scalar), () => word(r), () => any(r)])()}${r.pick(['', `, ${int(r)}`, ', start=-2', ", '1'"])}))`,
      () =>
        `list(zip(${r.list(0, 3, () => r.pick([() => listOf(r, int, 3), () => word(r), () => `range(${r.int(0, 3)})`])()).join(', ')}${r.pick(['', ', strict=True', ', strict=False'])}))`,
      () => `list(map(${r.pick(['abs', 'str', 'lambda v: v * 2', 'pow', 'max'])}, ${listOf(r, int, 4)}${r.pick(['', `, ${listOf(r, int, 3)}`])}))`,
      () => `list(filter(${r.pick(['None', 'bool', 'lambda v: v > 1', 'str.isupper'])}, ${r.pick([() => listOf(r, scalar), () => word(r)])()}))`,
      () =>
        `list(reversed(${r.pick([() => listOf(r, scalar), () => word(r), () => tupleOf(r, int), () => `range(${r.int(-2, 5)})`, () => '{1: 2}', () => '{1, 2}', () => '3'])()}))`,
      () =>
        `sum(${r.pick([() => listOf(r, int), () => listOf(r, float), () => listOf(r, num), () => `[${listOf(r, int, 2)}, ${listOf(r, int, 2)}]`])()}${r.pick(['', ', 10', ', start=0.5', ', []', ", ''"])})`,
      () => `${r.pick(['any', 'all'])}(${r.pick([() => listOf(r, scalar), () => word(r), () => '[]', () => '5'])()})`,
      () => `divmod(${num()}, ${num()})`,
      () => `round(${num()}${r.pick(['', `, ${r.int(-3, 4)}`, ', None', ", '1'"])})`,
      () => `abs(${num()})`,
      () => `chr(${r.pick([String(r.int(-1, 200)), '0x10ffff', '0x110000', "'a'", '65.0'])})`,
      () => `ord(${r.pick([str(r, 2), "b'a'", '1', "'é'", "'😀'"])})`,
      () => `isinstance(${scalar(r)}, ${r.pick(['int', 'str', '(int, float)', 'bool', 'object', '(list, tuple)', '3', 'type'])})`,
      () => `format(${num()}, ${JSON.stringify(spec())})`,
      () => `pow(${num()}, ${r.pick([String(r.int(-3, 5)), '2'])}${r.pick(['', ', 7', ', -3', ', 0'])})`,
      () => `pow(${r.int(0, 9) / 4}, 0.5)`,
      () => `hash(${r.pick([int(r), float(r), 'True', `(${int(r)}, ${int(r)})`, '[]', "{'a': 1}", '-1', '2**64', 'frozenset({1, 2})'])})`,
      () => `f'''{${num()}:${spec()}}|{${word(r)}!r:>7}|{${int(r)}!s}'''`,
      () =>
        `${JSON.stringify(r.pick(['%d', '%5.2f', '%-6s|', '%r', '%x', '%05d', '%+.3e', '%c', '%%%s', '%(a)s', '%i %s']))} % ${r.pick([num, () => `(${num()},)`, () => `(${num()}, ${word(r)})`, () => "{'a': 5}"])()}`,
    ])();
    out.push({ expr: e });
  }
  return out;
}

const CASES = cases(20261210, 900);

describe.each(installedPythons())('builtin functions match CPython 3.$minor', (py) => {
  test(`${CASES.length} random calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
