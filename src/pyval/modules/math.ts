// math (mathmodule.c): the functions whose results JavaScript computes
// bit for bit as CPython does — exact integer functions, rounding, the
// IEEE-exact float operations (sqrt, fmod, fabs, copysign, remainder, frexp,
// ldexp, modf, nextafter, ulp), fsum's exact summation. The transcendental
// functions (exp, log, sin, ...) are refused: V8's Math rounds differently from
// glibc's libm on a few percent of arguments (measured against CPython: exp
// differs on 7% of random doubles, log on 4.5%), and a wrong last digit would be
// presented as computed. log2 / log10 are kept for exact powers of the base.

import { INF, type Fn } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { absBig, bitLength, floatPow, intToFloat, ldexp as ldexpExact, overflow } from '../numbers.js';
import { big, index, isIntLike, iterate } from '../object.js';
import { binop } from '../ops.js';
import { FALSE, PyError, Refusal, TRUE, pyBool, pyFloat, pyInt, pyTuple, typeError, typeName, valueError, type Value } from '../value.js';
import type { ModuleDef } from './module.js';

const domain = (): PyError => valueError('math domain error');
const range = (): PyError => overflow('math range error');

/** A float argument (PyFloat_AsDouble): ints convert exactly or overflow. */
function num(v: Value): number {
  if (v.kind === 'float') return v.v;
  if (isIntLike(v)) return intToFloat(big(v));
  throw typeError(`must be real number, not ${typeName(v)}`);
}

/** An int argument (PyNumber_Index, the same message on every version). */
const int = (v: Value): bigint => index(v, () => `'${typeName(v)}' object cannot be interpreted as an integer`);

/** A libm function of one float: NaN in gives NaN out; a NaN from a finite input is a domain error, an infinity a range error. */
function libm1(f: (x: number) => number, can: { overflow?: boolean } = {}): Fn {
  return {
    min: 1,
    max: 1,
    impl: ([v]) => {
      const x = num(v!);
      const r = f(x);
      if (Number.isNaN(r) && !Number.isNaN(x)) throw domain();
      if (!Number.isFinite(r) && Number.isFinite(x) && !Number.isNaN(r)) throw can.overflow ? range() : domain();
      return pyFloat(r);
    },
  };
}

function floatToInt(x: number, fn: (x: number) => number): Value {
  if (Number.isNaN(x)) throw valueError('cannot convert float NaN to integer');
  if (!Number.isFinite(x)) throw overflow('cannot convert float infinity to integer');
  return pyInt(BigInt(fn(x)));
}

function rounding(name: string, fn: (x: number) => number): Fn {
  return {
    min: 1,
    max: 1,
    impl: ([v]) => {
      if (isIntLike(v!)) return pyInt(big(v!));
      if (v!.kind === 'float') return floatToInt(v!.v, fn);
      if (name === 'trunc') throw typeError(`type ${typeName(v!)} doesn't define __trunc__ method`);
      throw typeError(`must be real number, not ${typeName(v!)}`);
    },
  };
}

function gcd(a: bigint, b: bigint): bigint {
  a = absBig(a);
  b = absBig(b);
  while (b) {
    budget.tick();
    [a, b] = [b, a % b];
  }
  return a;
}

function factorial(v: Value): Value {
  let n: bigint;
  if (v.kind === 'float' && budget.pythonMinor < 10) {
    if (!Number.isInteger(v.v)) throw valueError('factorial() only accepts integral values');
    n = BigInt(v.v);
  } else n = int(v);
  if (n < 0n) throw valueError('factorial() not defined for negative values');
  if (n > (1n << 63n) - 1n) throw overflow('factorial() argument should not exceed 9223372036854775807');
  if (n > 20000n) throw new Refusal('the factorial of an int over 20000 is too large for ndbg to compute');
  let r = 1n;
  for (let i = 2n; i <= n; i++) {
    budget.tick();
    r *= i;
  }
  budget.intBits(bitLength(r));
  return pyInt(r);
}

function perm(n: bigint, k: bigint): bigint {
  let r = 1n;
  for (let i = 0n; i < k; i++) {
    budget.tick();
    r *= n - i;
  }
  budget.intBits(bitLength(r));
  return r;
}

function combPerm(which: 'comb' | 'perm', a: Value[]): Value {
  if (which === 'perm' && (a[1] === undefined || a[1].kind === 'none')) return factorial(a[0]!);
  const n = int(a[0]!);
  const k = int(a[1]!);
  if (n < 0n) throw valueError('n must be a non-negative integer');
  if (k < 0n) throw valueError('k must be a non-negative integer');
  if (k > n) return pyInt(0n);
  if (which === 'perm') return pyInt(perm(n, k));
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
  const kk = k < n - k ? k : n - k;
  return pyInt(perm(n, kk) / perm(kk, kk));
}

function isqrt(v: Value): Value {
  const n = int(v);
  if (n < 0n) throw valueError('isqrt() argument must be nonnegative');
  if (n < 2n) return pyInt(n);
  // Newton's method from an upper bound: exact integer square root.
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2));
  for (;;) {
    budget.tick();
    const y = (x + n / x) >> 1n;
    if (y >= x) return pyInt(x);
    x = y;
  }
}

/** Shewchuk's exact summation with CPython's final rounding (msum in mathmodule.c). */
function fsum(it: Value): Value {
  const partials: number[] = [];
  let specialSum = 0;
  let infSum = 0;
  const iter = iterate(it);
  for (let r = iter.next(); !r.done; r = iter.next()) {
    budget.tick();
    let x = num(r.value);
    const xsave = x;
    let i = 0;
    for (let y of partials) {
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    if (x !== 0) {
      if (!Number.isFinite(x)) {
        // a nonfinite x could come from an overflow of finite partials
        if (Number.isFinite(xsave)) throw overflow('intermediate overflow in fsum');
        if (Number.isNaN(xsave)) specialSum = NaN;
        else infSum += xsave;
        specialSum += xsave;
        partials.length = 0;
      } else partials.push(x);
    }
  }
  if (specialSum !== 0) {
    if (Number.isNaN(infSum)) throw valueError('-inf + inf in fsum');
    return pyFloat(specialSum);
  }
  let hi = 0;
  let n = partials.length;
  if (n > 0) {
    hi = partials[--n]!;
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = partials[--n]!;
      hi = x + y;
      const yr = hi - x;
      lo = y - yr;
      if (lo !== 0) break;
    }
    // round half to even across the remaining partials
    if (n > 0 && ((lo < 0 && partials[n - 1]! < 0) || (lo > 0 && partials[n - 1]! > 0))) {
      const y = lo * 2;
      const x = hi + y;
      const yr = x - hi;
      if (y === yr) hi = x;
    }
  }
  return pyFloat(hi);
}

function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.max(-1073, Math.floor(Math.log2(Math.abs(x))) + 1);
  let m = ldexpExact(x, -e);
  while (Math.abs(m) < 0.5) {
    m *= 2;
    e--;
  }
  while (Math.abs(m) >= 1) {
    m /= 2;
    e++;
  }
  return [m, e];
}

function remainder(x: number, y: number): number {
  if (Number.isNaN(x)) return x;
  if (Number.isNaN(y)) return y;
  if (!Number.isFinite(x) || y === 0) throw domain();
  if (!Number.isFinite(y)) return x;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const m = ax % ay;
  const c = ay - m;
  let r: number;
  if (m < c) r = m;
  else if (m > c) r = -c;
  else r = m - 2.0 * ((0.5 * (ax - m)) % ay);
  return (x < 0 || Object.is(x, -0) ? -1 : 1) * r;
}

function nextafter(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (x === y) return y;
  if (x === 0) return y > 0 ? 5e-324 : -5e-324;
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  let bits = dv.getBigInt64(0);
  bits += y > x === x > 0 ? 1n : -1n;
  dv.setBigInt64(0, bits);
  return dv.getFloat64(0);
}

function ulp(x: number): number {
  if (Number.isNaN(x)) return x;
  x = Math.abs(x);
  if (!Number.isFinite(x)) return x;
  const next = nextafter(x, Infinity);
  if (!Number.isFinite(next)) return x - nextafter(x, -Infinity);
  return next - x;
}

function mathPow(x: number, y: number): number {
  if (Number.isFinite(x) && Number.isFinite(y)) {
    if (x === 0 && y < 0) throw domain();
    if (x < 0 && !Number.isInteger(y)) throw domain();
  }
  if (!Number.isFinite(x) || !Number.isFinite(y) || Number.isNaN(x) || Number.isNaN(y)) {
    if (Number.isNaN(x)) return y === 0 ? 1 : NaN;
    if (Number.isNaN(y)) return x === 1 ? 1 : NaN;
    if (x === 0 && y === -Infinity) return Infinity;
    if (Math.abs(x) === 1 && !Number.isFinite(y)) return 1;
    return x ** y;
  }
  try {
    return floatPow(x, y);
  } catch (e) {
    if (e instanceof PyError && e.type === 'OverflowError') throw range();
    throw e;
  }
}

const TRANSCENDENTAL = "its result depends on the C library's rounding, which JavaScript's Math does not reproduce";

/** log2 / log10 of an exact power of the base (glibc returns the exact integer); refused elsewhere. */
function exactLog(x: number, base: 2 | 10): number {
  if (x === Infinity) return x;
  const k = Math.round(base === 2 ? Math.log2(x) : Math.log10(x));
  if (Number.isFinite(k) && Math.abs(k) <= (base === 2 ? 1074 : 22) && (base === 2 ? ldexpExact(1, k) : 10 ** k) === x) return k;
  throw new Refusal(`math.log${base}(${x}): ${TRANSCENDENTAL}`);
}

/** math.log of an int too large for a float: log(m * 2**e) as CPython's loghelper computes it. */
function logOf(v: Value, f: (x: number) => number): number {
  if (isIntLike(v)) {
    const n = big(v);
    if (n <= 0n) throw domain();
    const x = Number(n);
    if (Number.isFinite(x)) return f(x);
    throw new Refusal(`the log of an int this large: ${TRANSCENDENTAL}`);
  }
  const x = num(v);
  if (Number.isNaN(x)) return x;
  if (x <= 0) throw domain();
  return f(x);
}

function isclose(a: Value[], kw: Map<string, Value>): Value {
  const x = num(a[0] ?? kw.get('a')!);
  const y = num(a[1] ?? kw.get('b')!);
  const rel = num(kw.get('rel_tol') ?? pyFloat(1e-9));
  const abs = num(kw.get('abs_tol') ?? pyFloat(0));
  if (rel < 0 || abs < 0) throw valueError('tolerances must be non-negative');
  if (x === y) return TRUE;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return FALSE;
  const diff = Math.abs(y - x);
  return pyBool(diff <= Math.abs(rel * y) || diff <= Math.abs(rel * x) || diff <= abs);
}

function prod(a: Value[], kw: Map<string, Value>): Value {
  let acc = kw.get('start') ?? pyInt(1n);
  const it = iterate(a[0]!);
  for (let r = it.next(); !r.done; r = it.next()) {
    budget.tick();
    acc = binop('*', acc, r.value);
  }
  return acc;
}

const f1 = (impl: (x: number) => number): Fn => ({ min: 1, max: 1, impl: ([v]) => pyFloat(impl(num(v!))) });
const f2 = (name: string, impl: (x: number, y: number) => number): Fn => ({
  min: 2,
  max: 2,
  label: name,
  expected: true,
  impl: ([a, b]) => pyFloat(impl(num(a!), num(b!))),
});
const pred = (impl: (x: number) => boolean): Fn => ({ min: 1, max: 1, impl: ([v]) => pyBool(impl(num(v!))) });

const FUNCTIONS: Record<string, Fn> = {
  floor: rounding('floor', Math.floor),
  ceil: rounding('ceil', Math.ceil),
  trunc: rounding('trunc', Math.trunc),
  sqrt: libm1(Math.sqrt),
  // log2 and log10 only where the result is exact (2**k, 10**k): elsewhere glibc and V8 round apart
  log2: { min: 1, max: 1, impl: ([x]) => pyFloat(logOf(x!, (v) => exactLog(v, 2))) },
  log10: { min: 1, max: 1, impl: ([x]) => pyFloat(logOf(x!, (v) => exactLog(v, 10))) },
  fabs: f1(Math.abs),
  copysign: f2('copysign', (x, y) => (y < 0 || Object.is(y, -0) || (Number.isNaN(y) && false) ? -Math.abs(x) : Math.abs(x))),
  fmod: f2('fmod', (x, y) => {
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    if (!Number.isFinite(x) || y === 0) throw domain();
    return Number.isFinite(y) ? x % y : x;
  }),
  remainder: f2('remainder', remainder),
  pow: f2('pow', mathPow),
  nextafter: f2('nextafter', nextafter),
  ulp: f1(ulp),
  ldexp: {
    min: 2,
    max: 2,
    label: 'ldexp',
    expected: true,
    impl: ([a, b]) => {
      const x = num(a!);
      if (!isIntLike(b!)) throw typeError('Expected an int as second argument to ldexp.');
      const e = big(b!);
      if (x === 0 || !Number.isFinite(x)) return pyFloat(x);
      const ee = e > 10000n ? 10000 : e < -10000n ? -10000 : Number(e);
      const r = ldexpExact(x, ee);
      if (!Number.isFinite(r)) throw range();
      return pyFloat(r);
    },
  },
  frexp: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      const [m, e] = frexp(num(v!));
      return pyTuple([pyFloat(m), pyInt(e)]);
    },
  },
  modf: {
    min: 1,
    max: 1,
    impl: ([v]) => {
      const x = num(v!);
      if (!Number.isFinite(x)) return pyTuple([pyFloat(Number.isNaN(x) ? x : x > 0 ? 0 : -0), pyFloat(x)]);
      const i = Math.trunc(x);
      const frac = x - i;
      return pyTuple([pyFloat(frac === 0 && (x < 0 || Object.is(x, -0)) ? -0 : frac), pyFloat(i)]);
    },
  },
  degrees: f1((x) => x * (180 / Math.PI)),
  radians: f1((x) => x * (Math.PI / 180)),
  isfinite: pred(Number.isFinite),
  isinf: pred((x) => x === Infinity || x === -Infinity),
  isnan: pred(Number.isNaN),
  isclose: { min: 2, max: 2, kw: ['rel_tol', 'abs_tol'], label: 'isclose', expected: true, impl: isclose },
  gcd: {
    min: 0,
    max: INF,
    impl: (a) => pyInt(a.map(int).reduce((x, y) => gcd(x, y), 0n)),
  },
  lcm: {
    min: 0,
    max: INF,
    impl: (a) =>
      pyInt(
        a.map(int).reduce((x, y) => {
          if (x === 0n || y === 0n) return 0n;
          return absBig((x / gcd(x, y)) * y);
        }, 1n),
      ),
  },
  factorial: { min: 1, max: 1, impl: ([v]) => factorial(v!) },
  comb: { min: 2, max: 2, label: 'comb', expected: true, impl: (a) => combPerm('comb', a) },
  perm: { min: 1, max: 2, label: 'perm', impl: (a) => combPerm('perm', a) },
  isqrt: { min: 1, max: 1, impl: ([v]) => isqrt(v!) },
  fsum: { min: 1, max: 1, impl: ([v]) => fsum(v!) },
  prod: { min: 1, max: 1, kw: ['start'], label: 'prod', impl: prod },
};

export const MATH: ModuleDef = {
  name: 'math',
  functions: FUNCTIONS,
  constants: {
    pi: pyFloat(Math.PI),
    e: pyFloat(Math.E),
    tau: pyFloat(2 * Math.PI),
    inf: pyFloat(Infinity),
    nan: pyFloat(NaN),
  },
};
