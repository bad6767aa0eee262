// functools, operator and string (modules/functools.ts, operator.ts,
// string.ts): reduce, partial and the cache decorators; the operator functions
// and getters; string's constants and capwords, against CPython on each
// installed version.

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { any, int, listOf, scalar, str, tupleOf, word } from '../values.js';

const BINARY = [
  'add',
  'sub',
  'mul',
  'truediv',
  'floordiv',
  'mod',
  'pow',
  'lshift',
  'rshift',
  'and_',
  'or_',
  'xor',
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'is_',
  'is_not',
  'concat',
  'contains',
  'countOf',
  'indexOf',
  'getitem',
];

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const e = r.pick([
      () => `functools.reduce(${r.pick(['operator.add', 'lambda a, b: a * b', 'max', 'lambda a, b: b'])}, ${listOf(r, int, 5)}${r.pick(['', ', 10', ', []'])})`,
      () => `functools.reduce(operator.add, ${r.pick(['[]', '()', '5', "'abc'"])}${r.pick(['', ", ''"])})`,
      () => `functools.partial(pow, ${int(r)})(${r.pick(['2', '', '3, 4', 'exp=2', '2, 5'])})`,
      () => `functools.partial(${r.pick(['max', 'sorted'])}, ${listOf(r, int)})(${r.pick(['', 'key=abs', 'reverse=True'])})`,
      () => `functools.partial(int, base=2)(${r.pick(["'101'", "'12'", "'1'"])})`,
      () => `functools.partial(5)`,
      () => `functools.lru_cache(maxsize=None)(abs)(${int(r)})`,
      () => `functools.lru_cache(abs)(${int(r)})`,
      () => `functools.cache(len)(${listOf(r, scalar)})`,
      () =>
        `operator.${r.pick(BINARY)}(${r.pick([() => scalar(r), () => any(r), () => int(r)])()}, ${r.pick([() => scalar(r), () => any(r), () => int(r)])()})`,
      () => `operator.${r.pick(['neg', 'pos', 'abs', 'invert', 'not_', 'truth', 'index'])}(${scalar(r)})`,
      () =>
        `operator.itemgetter(${r.pick(['0', '1', '-1', '0, 2', "'a'"])})(${r.pick([() => listOf(r, int), () => tupleOf(r, int), () => word(r), () => "{'a': 1}"])()})`,
      () => `sorted(${listOf(r, () => tupleOf(r, int, 3), 4)}, key=operator.itemgetter(${r.pick(['0', '1', '1, 0'])}))`,
      () => `operator.attrgetter(${r.pick(["'real'", "'imag'", "'real', 'imag'", "'nope'", '1'])})(${int(r)})`,
      () => `operator.methodcaller(${r.pick(["'upper'", "'split', ','", "'replace', 'a', 'b'", "'nope'"])})(${str(r)})`,
      () => `string.capwords(${str(r)}${r.pick(['', ", 'a'", ', None'])})`,
      () =>
        `string.${r.pick(['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits', 'hexdigits', 'octdigits', 'punctuation', 'printable', 'whitespace'])}`,
    ])();
    out.push({ setup: `import functools, operator, string; r = ${e}`, expr: 'r' });
  }
  return out;
}

const CASES = cases(20261209, 700);

describe.each(installedPythons())('functools, operator and string match CPython 3.$minor', (py) => {
  test(`${CASES.length} random calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
