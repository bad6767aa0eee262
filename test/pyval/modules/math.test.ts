// math (modules/math.ts): random calls of every modelled function, domain and
// type errors included, against CPython on each installed version. Floats
// cover the awkward cases (signed zeros, infinities, NaN, subnormals, huge ints).

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { float, int } from '../values.js';

const ODD = ['5e-324', '1e-310', '1.7976931348623157e308', '-0.0', '0.5', '-2.5', '1e300', '10**400', '-(10**30)', '7', '0', '-1', 'True'];

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  const real = (): string => r.pick([() => float(r), () => int(r), () => r.pick(ODD), () => `${r.int(-1e6, 1e6) / r.pick([3, 7, 1000, 1e7, 0.001])}`])();
  const arg = (): string => (r.chance(0.05) ? r.pick(["'1'", 'None', '[1]']) : real());
  const intArg = (): string => (r.chance(0.08) ? r.pick(['2.0', "'3'", 'None']) : r.pick([int(r), String(r.int(-3, 30)), String(r.int(0, 200))]));
  const iter = (): string => `[${r.list(0, 6, real).join(', ')}]`;
  for (let i = 0; i < n; i++) {
    const call = r.pick([
      () => `${r.pick(['floor', 'ceil', 'trunc', 'sqrt', 'fabs', 'ulp', 'frexp', 'modf', 'degrees', 'radians', 'isfinite', 'isinf', 'isnan'])}(${arg()})`,
      () => `${r.pick(['copysign', 'fmod', 'remainder', 'pow', 'nextafter'])}(${arg()}, ${arg()})`,
      () => `ldexp(${arg()}, ${intArg()})`,
      () => `isclose(${arg()}, ${arg()}${r.pick(['', ', rel_tol=0.5', ', abs_tol=1.0', ', rel_tol=-1'])})`,
      () => `${r.pick(['gcd', 'lcm'])}(${r.list(0, 3, intArg).join(', ')})`,
      () => `${r.pick(['factorial', 'isqrt'])}(${intArg()})`,
      () => `${r.pick(['comb', 'perm'])}(${intArg()}, ${intArg()})`,
      () => `perm(${intArg()})`,
      () => `fsum(${iter()})`,
      () => `fsum([0.1] * ${r.int(0, 12)} + [${real()}])`,
      () => `prod(${iter()}${r.pick(['', ', start=2', ', start=0.5'])})`,
      () => `${r.pick(['pi', 'e', 'tau', 'inf', 'nan'])}`,
      () => `log2(${r.pick(['1', '2**10', '0.125', '5e-324', '2.0**-1030', '0', '-4.0', "float('inf')"])})`,
      () => `log10(${r.pick(['1', '1000', '10**22', '1e22', '0', '-1'])})`,
    ])();
    out.push({ setup: `import math; r = math.${call}`, expr: 'r' });
  }
  out.push({ setup: 'from math import sqrt, pi as p; r = (sqrt(p), p)', expr: 'r' });
  return out;
}

const CASES = cases(20261206, 1200);

describe.each(installedPythons())('math matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random calls`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
