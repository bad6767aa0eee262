// str (types/str.ts): every method with random receivers and arguments, wrong
// argument types included, on each installed CPython (strings.test.ts covers
// more text on the tests' python3 alone).

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { any, str, word } from '../values.js';

const NAMES = [
  'upper',
  'lower',
  'casefold',
  'swapcase',
  'title',
  'capitalize',
  'isdigit',
  'isdecimal',
  'isnumeric',
  'isalpha',
  'isalnum',
  'isspace',
  'isascii',
  'isprintable',
  'isidentifier',
  'isupper',
  'islower',
  'istitle',
];

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const sub = (): string => r.pick([() => word(r), () => str(r, 3), () => str(r, 3), () => any(r)])();
  const num = (): string => r.pick([String(r.int(-3, 10)), 'None', "'2'", '2.0', 'True']);
  for (let i = 0; i < n; i++) {
    const s = r.pick([() => str(r), () => word(r), () => "'Hello World'", () => "'-042'", () => "' a,b ,c '"])();
    const call = r.pick([
      () => `${r.pick(NAMES)}()`,
      () => `${r.pick(['strip', 'lstrip', 'rstrip'])}(${r.pick(['', sub(), 'None'])})`,
      () => `${r.pick(['split', 'rsplit'])}(${r.pick(['', sub(), 'None', `${sub()}, ${num()}`, `maxsplit=${num()}`])})`,
      () => `splitlines(${r.pick(['', 'True', 'keepends=True'])})`,
      () => `${r.pick(['partition', 'rpartition', 'removeprefix', 'removesuffix'])}(${sub()})`,
      () => `${r.pick(['startswith', 'endswith'])}(${r.pick([sub(), `(${sub()}, ${sub()})`, `${sub()}, ${num()}`, `${sub()}, ${num()}, ${num()}`])})`,
      () => `${r.pick(['find', 'rfind', 'index', 'rindex', 'count'])}(${r.pick([sub(), `${sub()}, ${num()}`, `${sub()}, ${num()}, ${num()}`])})`,
      () => `join(${r.pick([`[${word(r)}, ${word(r)}]`, `(${sub()},)`, '[]', '3', `[${word(r)}, ${any(r)}]`, word(r)])})`,
      () => `replace(${sub()}, ${sub()}${r.pick(['', `, ${num()}`])})`,
      () => `${r.pick(['center', 'ljust', 'rjust'])}(${num()}${r.pick(['', ", '*'", ", 'ab'", ', 1'])})`,
      () => `zfill(${num()})`,
      () => `expandtabs(${r.pick(['', num()])})`,
      () =>
        `translate(${r.pick(['str.maketrans("ab", "xy")', 'str.maketrans("a", "b", "c")', "{97: 'zz', 98: None}", '{}', "str.maketrans({'a': 'A', 98: 'B'})"])})`,
      () => `format(${r.pick(['', sub(), '1, 2'])})`,
      () => `encode(${r.pick(['', "'ascii'", "'latin-1'"])})`,
    ])();
    out.push({ expr: `${s}.${call}` });
  }
  for (let i = 0; i < n / 10; i++) {
    out.push({
      expr: r.pick([
        () => `str.maketrans(${sub()}, ${sub()}${r.pick(['', `, ${sub()}`])})`,
        () => `str.maketrans(${r.pick(["{'a': 1, 2: 'b'}", "{'ab': 1}", '{1.5: 2}', '1', "{'é': None}"])})`,
        () => `''.maketrans('ab', 'cd')`,
        () => `'{0}-{1!r}-{x:>4}'.format_map(${r.pick(["{'x': 3}", "{'x': 'ab'}", '[]'])})`,
      ])(),
    });
  }
  return out;
}

const CASES = cases(20261204, 700);

describe.each(installedPythons())('str matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random method calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
