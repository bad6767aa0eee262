// bytes (types/bytes-methods.ts): every method, with random receivers and
// arguments (str where bytes belong, ints as bytes, out-of-range indices,
// bad fill and table arguments), against CPython on each installed version.

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { bytes, int, str } from '../values.js';

const WORDS = ['a', 'b', 'ab', 'A', ' ', 'x y', '\t', '\n', '\r\n', 'aB c', '1', '-'];

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const bw = (): string => `b${JSON.stringify(r.list(0, 3, () => r.pick(WORDS)).join(''))}`;
  const sub = (): string => r.pick([bw, bw, bw, () => bytes(r), () => str(r), () => String(r.int(-1, 300)), () => '98', () => 'None', () => '[]'])();
  const idx = (): string => r.pick([String(r.int(-4, 6)), 'None', "'1'", int(r)]);
  const num = (): string => r.pick([String(r.int(-2, 12)), "'3'", '2.0', 'True']);
  const recv = (): string => r.pick([bytes, bw, () => `b${JSON.stringify(` ${r.pick(WORDS)}${r.pick(WORDS)} `)}`, () => "b'Hello World'", () => "b'-12'"])(r);
  for (let i = 0; i < n; i++) {
    const b = recv();
    const call = r.pick([
      () => r.pick(['upper', 'lower', 'swapcase', 'capitalize', 'title']) + '()',
      () => r.pick(['isalnum', 'isalpha', 'isdigit', 'isspace', 'isascii', 'isupper', 'islower', 'istitle']) + '()',
      () => `${r.pick(['strip', 'lstrip', 'rstrip'])}(${r.pick(['', sub(), 'None'])})`,
      () => `${r.pick(['split', 'rsplit'])}(${r.pick(['', sub(), 'None', `${sub()}, ${num()}`, `maxsplit=${num()}`, `sep=${sub()}`])})`,
      () => `splitlines(${r.pick(['', 'True', 'keepends=True', '0'])})`,
      () => `${r.pick(['partition', 'rpartition'])}(${sub()})`,
      () => `${r.pick(['startswith', 'endswith'])}(${r.pick([sub(), `(${sub()}, ${sub()})`, `${sub()}, ${idx()}`, `${sub()}, ${idx()}, ${idx()}`])})`,
      () => `${r.pick(['find', 'rfind', 'index', 'rindex', 'count'])}(${r.pick([sub(), `${sub()}, ${idx()}`, `${sub()}, ${idx()}, ${idx()}`])})`,
      () => `join(${r.pick([`[${bw()}, ${bw()}]`, `(${bw()},)`, `[${sub()}]`, '[]', '3', `[${bw()}, ${str(r)}]`])})`,
      () => `replace(${sub()}, ${sub()}${r.pick(['', `, ${num()}`])})`,
      () => `replace(b'', ${bw()}${r.pick(['', `, ${num()}`])})`,
      () => `${r.pick(['removeprefix', 'removesuffix'])}(${sub()})`,
      () => `${r.pick(['center', 'ljust', 'rjust'])}(${num()}${r.pick(['', ", b'*'", ", '*'", ", b'ab'"])})`,
      () => `zfill(${num()})`,
      () => `expandtabs(${r.pick(['', num(), `tabsize=${num()}`])})`,
      () => `hex(${r.pick(['', "':'", "b'-'", `'-', ${r.int(-3, 3)}`, "'::'", '1', "sep='.', bytes_per_sep=2"])})`,
      () => `translate(${r.pick(['None', 'bytes.maketrans(b"ab", b"xy")', "b'x'"])}${r.pick(['', `, ${sub()}`, `, delete=${bw()}`])})`,
      () => `decode(${r.pick(['', "'ascii'", "'latin-1'", "'utf-8'"])})`,
    ])();
    out.push({ expr: `${b}.${call}` });
  }
  for (let i = 0; i < n / 8; i++) {
    out.push({
      expr: r.pick([
        () => `bytes.fromhex(${r.pick(["'01 ff'", "' a0b1 '", "'zz'", "'a'", "'abc'", "b'ab'", "''", "'0A 1b\\n2c'"])})`,
        () => `bytes.maketrans(${sub()}, ${sub()})[${r.int(0, 120)}:${r.int(90, 130)}]`,
        () => `b''.maketrans(b'ab', b'cd')[97:100]`,
      ])(),
    });
  }
  return out;
}

const CASES = cases(20261203, 700);

describe.each(installedPythons())('bytes matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random method calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
