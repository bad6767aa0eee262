// Random Python values as source literals, for the differential tests: small
// ints (and a few huge ones), floats with their awkward cases, short strs
// with case and whitespace traps, and containers nesting them.

import { type Rng, pyStrLit } from './differential.js';

const FLOATS = ['0.0', '-0.0', '1.5', '2.5', '-3.25', '1e16', '0.1', "float('inf')", "float('nan')", '3.0', '-1.0'];
const CHARS = ['a', 'b', 'c', 'A', 'B', ' ', ',', '1', '2', 'x', '_', '-', 'é', 'ß', '\t', '\n'];

export const int = (r: Rng): string => (r.chance(0.05) ? String(r.int(-1, 1) * 2 ** 40 + r.int(-9, 9)) + '0000000000' : String(r.int(-5, 12)));
export const float = (r: Rng): string => (r.chance(0.5) ? r.pick(FLOATS) : `${r.int(-20, 20) / 4}`);
export const str = (r: Rng, max = 6): string => pyStrLit(r.list(0, max, () => r.pick(CHARS)).join(''));
export const word = (r: Rng): string => pyStrLit(r.list(0, 4, () => r.pick(['a', 'b', 'c', 'ab', 'B'])).join(''));
export const bytes = (r: Rng): string => 'b' + str(r).replace(/[^\x00-\x7f]/g, 'z');
export const scalar = (r: Rng): string => r.pick([int, int, float, word, () => r.pick(['True', 'False', 'None'])])(r);

/** A hashable value: what a dict key or set element may be. */
export const hashable = (r: Rng): string => r.pick([int, int, word, () => `(${int(r)}, ${word(r)})`, () => r.pick(['True', 'False', '1.0', '2.5'])])(r);

export const listOf = (r: Rng, f: (r: Rng) => string, max = 5): string => `[${r.list(0, max, () => f(r)).join(', ')}]`;
export const tupleOf = (r: Rng, f: (r: Rng) => string, max = 4): string => {
  const xs = r.list(0, max, () => f(r));
  return xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`;
};
export const dictOf = (r: Rng, k: (r: Rng) => string = hashable, v: (r: Rng) => string = scalar, max = 4): string =>
  `{${r.list(0, max, () => `${k(r)}: ${v(r)}`).join(', ')}}`;
export const setOf = (r: Rng, f: (r: Rng) => string = hashable, max = 5): string => {
  const xs = r.list(0, max, () => f(r));
  // A display of 3+ constants is folded into a frozenset constant that CPython
  // may rebuild once more (a documented gap); set([...]) inserts in order.
  if (xs.length >= 3) return `set([${xs.join(', ')}])`;
  return xs.length ? `{${xs.join(', ')}}` : 'set()';
};
/** Same-typed items, mostly comparable: what sort/min/max get in real code. */
export const homogeneous = (r: Rng): string =>
  r.pick([() => listOf(r, int, 6), () => listOf(r, word, 5), () => listOf(r, float, 5), () => listOf(r, (q) => tupleOf(q, int, 2), 4)])();
/** Anything, for the error cases. */
export const any = (r: Rng): string =>
  r.pick([scalar, scalar, str, bytes, (q: Rng) => listOf(q, scalar), (q: Rng) => tupleOf(q, scalar), (q: Rng) => dictOf(q), (q: Rng) => setOf(q)])(r);
