// dict and its views (types/dict.ts): every method with random receivers
// and arguments, errors included (absent keys, unhashable keys, bad update
// sequences, popitem on empty dicts), against CPython on each installed version.

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { any, dictOf, hashable, int, listOf, scalar, tupleOf } from '../values.js';

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const d = dictOf(r);
    const k = r.chance(0.85) ? hashable(r) : any(r);
    const v = scalar(r);
    const pairs = (): string => r.pick([listOf(r, (q) => tupleOf(q, hashable, 2), 3), dictOf(r), any(r), `zip(${listOf(r, hashable)}, ${listOf(r, int)})`]);
    const call = r.pick([
      `get(${k})`,
      `get(${k}, ${v})`,
      `get()`,
      `pop(${k})`,
      `pop(${k}, ${v})`,
      `popitem()`,
      `setdefault(${k})`,
      `setdefault(${k}, ${v})`,
      `update(${pairs()})`,
      `update(a=${v}, b=${v})`,
      `update(${pairs()}, z=${v})`,
      `clear()`,
      `copy()`,
      `keys()`,
      `values()`,
      `items()`,
      `fromkeys(${listOf(r, hashable)})`,
      `fromkeys(${listOf(r, hashable)}, ${v})`,
    ]);
    if (r.chance(0.15)) {
      out.push({
        expr: r.pick([
          `${d}.keys() & ${r.pick([listOf(r, hashable), dictOf(r) + '.keys()'])}`,
          `${d}.items() | ${listOf(r, (q) => tupleOf(q, hashable, 2), 3)}`,
          `${d}.keys() - ${listOf(r, hashable)}`,
          `${d}.keys().isdisjoint(${listOf(r, hashable)})`,
          `${k} in ${d}.values()`,
          `list(reversed(${d}.${r.pick(['keys', 'values', 'items'])}()))`,
          `${d} == ${dictOf(r)}`,
          `${d} | ${r.pick([dictOf(r), listOf(r, int)])}`,
          `dict(${pairs()})`,
          `dict.fromkeys(${any(r)})`,
          `len(${d}.items())`,
          `${d}[${k}]`,
        ]),
      });
    } else out.push({ setup: `d = ${d}; r = d.${call}`, expr: '(r, d)' });
  }
  return out;
}

const CASES = cases(31415, 800);

describe.each(installedPythons())('dict matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random method calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
