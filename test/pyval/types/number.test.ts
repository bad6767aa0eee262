// int, bool and float (types/int.ts, types/float.ts): every method, hex and
// fromhex round trips included, on each installed CPython (is_integer on ints
// exists from 3.12, bit_count from 3.10).

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { float, int } from '../values.js';

const HEXES = [
  "'0x1.8p1'",
  "'-0x1p-1074'",
  "'0x1p-1075'",
  "'0x3p-1076'",
  "'0x1.fffffffffffff8p1023'",
  "'0x1p1024'",
  "' inf '",
  "'-nan'",
  "'1.5'",
  "'0x.8'",
  "'0x1.'",
  "'zz'",
  "'0x'",
  "'0x1p'",
  "'0XABCp-3'",
  "'0x1.0000000000000801p0'",
  "'0x1.00000000000008p0'",
  '1',
];

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const num = (): string => r.pick([int, int, float, () => r.pick(['True', 'False', '2**70', '-2**63'])])(r);
  const anyF = (): string =>
    r.pick([
      float,
      () => `${r.int(-1e6, 1e6) / r.pick([3, 7, 1024, 1e5])}`,
      () => r.pick(['5e-324', '1.7976931348623157e308', '2.2250738585072014e-308', '1e-310']),
    ])(r);
  for (let i = 0; i < n; i++) {
    out.push({
      expr: r.pick([
        () => `(${num()}).${r.pick(['bit_length', 'bit_count', 'conjugate', 'as_integer_ratio', 'is_integer'])}()`,
        () => `(${int(r)}).to_bytes(${r.int(0, 10)}, ${r.pick(["'big'", "'little'"])}${r.pick(['', ', signed=True'])})`,
        () => `int.from_bytes(${r.pick(["b'\\x01\\x02'", "b'\\xff'", "b''"])}, ${r.pick(["'big'", "'little'"])}${r.pick(['', ', signed=True'])})`,
        () => `(${anyF()}).hex()`,
        () => `float.fromhex((${anyF()}).hex()) == ${anyF()}`,
        () => `float.fromhex((${anyF()}).hex())`,
        () => `float.fromhex(${r.pick(HEXES)})`,
        () => `(${anyF()}).${r.pick(['is_integer', 'as_integer_ratio', 'conjugate'])}()`,
        () => `(${num()}).${r.pick(['real', 'imag', 'numerator', 'denominator'])}`,
      ])(),
    });
  }
  return out;
}

const CASES = cases(20261205, 500);

describe.each(installedPythons())('int and float match CPython 3.$minor', (py) => {
  test(`${CASES.length} random method calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
