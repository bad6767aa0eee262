// itertools (modules/itertools.ts): every modelled iterator over random
// inputs, consumed with list() or a bounded islice, argument errors included,
// against CPython on each installed version (pairwise from 3.10, batched 3.12).

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { int, listOf, scalar, word } from '../values.js';

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const small = (): string => r.pick([() => listOf(r, int, 5), () => word(r), () => `range(${r.int(0, 5)})`, () => listOf(r, scalar, 4), () => '()'])();
  const rr = (): string => r.pick([String(r.int(0, 4)), 'None', '-1', "'2'"]);
  const fn = (): string => r.pick(['lambda v: v > 2', 'lambda v: v', 'bool', 'lambda v: v % 2 == 0']);
  for (let i = 0; i < n; i++) {
    const e = r.pick([
      () => `list(it.islice(it.count(${r.pick(['', String(r.int(-3, 3)), `${r.int(-3, 3)}, ${r.int(-2, 3)}`, '0.5, 0.25', "'a'"])}), ${r.int(0, 6)}))`,
      () => `list(it.islice(it.cycle(${small()}), ${r.int(0, 8)}))`,
      () => `list(it.repeat(${scalar(r)}, ${r.int(-1, 4)}))`,
      () => `list(it.accumulate(${listOf(r, int, 6)}${r.pick(['', ', lambda a, b: a * b', ', max', ', initial=100', ', operator.sub'])}))`,
      () => `list(it.chain(${r.list(0, 3, small).join(', ')}))`,
      () => `list(it.chain(${small()}, 5))`,
      () => `list(it.compress(${small()}, ${listOf(r, () => r.pick(['0', '1', 'True', "''"]), 6)}))`,
      () => `list(it.${r.pick(['dropwhile', 'takewhile', 'filterfalse'])}(${fn()}, ${listOf(r, int, 7)}))`,
      () => `list(it.filterfalse(None, ${listOf(r, scalar, 5)}))`,
      () => `list(it.islice(${small()}, ${r.pick([rr(), `${rr()}, ${rr()}`, `${rr()}, ${rr()}, ${r.pick(['1', '2', '0', 'None'])}`])}))`,
      () => `list(it.starmap(${r.pick(['pow', 'max', 'lambda a, b: a - b'])}, ${r.pick(['[(2, 3), (3, 2)]', '[(1, 5), (7, 2), (0, 0)]', '[]'])}))`,
      () => `list(it.zip_longest(${r.list(0, 3, small).join(', ')}${r.pick(['', ", fillvalue='-'"])}))`,
      () => `list(it.product(${r.list(0, 2, small).join(', ')}${r.pick(['', ', repeat=2', ', repeat=0', ', repeat=-1'])}))`,
      () => `list(it.permutations(${small()}${r.pick(['', `, ${rr()}`])}))`,
      () => `list(it.${r.pick(['combinations', 'combinations_with_replacement'])}(${small()}, ${rr()}))`,
      () =>
        `[(k, list(g)) for k, g in it.groupby(${r.pick([word(r), listOf(r, int, 7), "'aaabccdaa'", '[1, 1, 2, 3, 3, 3, 1]'])}${r.pick(['', ', key=lambda v: v > 1', ', key=str.isupper'])})]`,
      () => `[k for k, g in it.groupby(${word(r)})]`,
      () => `list(it.pairwise(${small()}))`,
      () => `list(it.batched(${small()}, ${r.int(0, 3)}))`,
    ])();
    out.push({ setup: `import itertools as it; import operator; r = ${e}`, expr: 'r' });
  }
  return out;
}

const CASES = cases(20261207, 400);

describe.each(installedPythons())('itertools matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random iterators`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
