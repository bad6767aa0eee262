// Python's numeric semantics on JS numbers and BigInts: correctly rounded int
// division and int -> float conversion, floor division and modulo with the
// sign of the divisor, exact comparisons between ints and floats, and
// CPython's float divmod / pow corner cases.

import { budget } from './limits.js';
import { PyError, Refusal } from './value.js';

export const zeroDivision = (msg: string): PyError => new PyError('ZeroDivisionError', msg);
export const overflow = (msg: string): PyError => new PyError('OverflowError', msg);

const TWO32 = 1n << 32n;
const TWO64 = 1n << 64n;

export function bitLength(x: bigint): number {
  if (x < 0n) x = -x;
  if (x < TWO32) return 32 - Math.clz32(Number(x));
  if (x < TWO64) return 64 - Math.clz32(Number(x >> 32n));
  const h = x.toString(16);
  return (h.length - 1) * 4 + (32 - Math.clz32(parseInt(h[0]!, 16)));
}

export const absBig = (x: bigint): bigint => (x < 0n ? -x : x);

/** float(int): correctly rounded; OverflowError when out of range. */
export function intToFloat(x: bigint): number {
  const f = Number(x);
  if (!Number.isFinite(f)) throw overflow('int too large to convert to float');
  return f;
}

/** x * 2**e without spurious intermediate overflow or underflow. */
export function ldexp(x: number, e: number): number {
  while (e > 1000) {
    x *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    x *= 2 ** -1000;
    e += 1000;
  }
  return x * 2 ** e;
}

/** n / d (both > 0) correctly rounded to a double (round half to even), subnormals included. */
export function ratToFloat(n: bigint, d: bigint): number {
  const S = 55 - (bitLength(n) - bitLength(d)); // the quotient gets at least 55 bits
  const num = S >= 0 ? n << BigInt(S) : n;
  const den = S < 0 ? d << BigInt(-S) : d;
  const q = num / den;
  const sticky = num % den !== 0n;
  const lead = bitLength(q) - 1 - S; // exponent of the leading bit
  const lsbExp = Math.max(lead - 52, -1074);
  const drop = BigInt(lsbExp + S); // >= 2
  let m = q >> drop;
  const rem = q & ((1n << drop) - 1n);
  const half = 1n << (drop - 1n);
  if (rem > half || (rem === half && (sticky || (m & 1n) === 1n))) m += 1n;
  return ldexp(Number(m), lsbExp);
}

/** int / int. */
export function intTrueDiv(a: bigint, b: bigint): number {
  if (b === 0n) throw zeroDivision('division by zero');
  if (a === 0n) return b < 0n ? -0 : 0;
  const neg = a < 0n !== b < 0n;
  const r = ratToFloat(absBig(a), absBig(b));
  if (!Number.isFinite(r)) throw overflow('integer division result too large for a float');
  return neg ? -r : r;
}

export function intFloorDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw zeroDivision('integer division or modulo by zero');
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function intMod(a: bigint, b: bigint, divmod = false): bigint {
  if (b === 0n) throw zeroDivision(divmod ? 'integer division or modulo by zero' : 'integer modulo by zero');
  const r = a % b;
  return r !== 0n && r < 0n !== b < 0n ? r + b : r;
}

/** CPython's float_divmod. */
export function floatDivmod(vx: number, wx: number, what: 'divmod' | 'floordiv' | 'mod'): [number, number] {
  if (wx === 0) {
    throw zeroDivision(what === 'divmod' ? 'float divmod()' : what === 'floordiv' ? 'float floor division by zero' : 'float modulo');
  }
  let mod = vx % wx;
  let div = (vx - mod) / wx;
  // C's `if (mod)` is true for NaN, JavaScript's is not
  if (mod || Number.isNaN(mod)) {
    if (wx < 0 !== mod < 0) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = wx < 0 || Object.is(wx, -0) ? -0 : 0;
  }
  let floordiv: number;
  if (div || Number.isNaN(div)) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = vx / wx < 0 || Object.is(vx / wx, -0) ? -0 : 0;
  }
  return [floordiv, mod];
}

/** CPython's float_rem (the % operator on floats). */
export function floatMod(vx: number, wx: number): number {
  if (wx === 0) throw zeroDivision('float modulo');
  let mod = vx % wx;
  if (mod || Number.isNaN(mod)) {
    if (wx < 0 !== mod < 0) mod += wx;
  } else {
    mod = wx < 0 ? -0 : 0;
  }
  return mod;
}

export function floatTrueDiv(a: number, b: number): number {
  if (b === 0) throw zeroDivision('float division by zero');
  return a / b;
}

/** A finite double as m * 2**e with m an integer. */
function decompose(x: number): { m: bigint; e: number } {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0);
  const lo = dv.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  const mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exp === 0) return { m: mant, e: -1074 };
  return { m: mant | (1n << 52n), e: exp - 1075 };
}

/** Exact x**n for a finite double and a small integer n, correctly rounded. */
function exactIntPow(x: number, n: number): number {
  const neg = x < 0 && n % 2 !== 0;
  const { m, e } = decompose(Math.abs(x));
  if (m === 0n) return n > 0 ? (neg ? -0 : 0) : neg ? -Infinity : Infinity;
  const mn = m ** BigInt(Math.abs(n));
  const en = e * Math.abs(n);
  let num = mn;
  let den = 1n;
  if (en >= 0) num <<= BigInt(en);
  else den <<= BigInt(-en);
  const r = n > 0 ? ratToFloat(num, den) : ratToFloat(den, num);
  return neg ? -r : r;
}

// ---- pow with a fractional exponent, correctly rounded ----
//
// V8's Math.pow can be off by an ulp where glibc's pow (which CPython uses) is
// correctly rounded: compute x**y = exp(y * ln x) in 160-bit fixed point and
// round once.

const FIX = 160n;
const FIX_ONE = 1n << FIX;
let ln2Fixed: bigint | null = null;

/** 2 * atanh(t) for a fixed-point t with |t| <= 1/3: ln((1 + t) / (1 - t)). */
function twoAtanh(t: bigint): bigint {
  const t2 = (t * t) >> FIX;
  let term = t;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n += 2n) {
    sum += term / n;
    term = (term * t2) >> FIX;
  }
  return 2n * sum;
}

function ln2(): bigint {
  ln2Fixed ??= twoAtanh(FIX_ONE / 3n);
  return ln2Fixed;
}

/** ln(m * 2**e) in fixed point, for m > 0. */
function lnFixed(m: bigint, e: number): bigint {
  const bl = bitLength(m);
  const z = bl - 1 <= Number(FIX) ? m << (FIX - BigInt(bl - 1)) : m >> (BigInt(bl - 1) - FIX); // z in [1, 2)
  const t = ((z - FIX_ONE) << FIX) / (z + FIX_ONE);
  return twoAtanh(t) + BigInt(e + bl - 1) * ln2();
}

/** exp(t) for fixed-point t, as (fixed-point mantissa, power of two). */
function expFixed(t: bigint): { mant: bigint; k: number } {
  const L = ln2();
  let k = t / L;
  let r = t - k * L;
  if (r > L / 2n) {
    r -= L;
    k += 1n;
  } else if (r < -L / 2n) {
    r += L;
    k -= 1n;
  }
  let term = FIX_ONE;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n++) {
    sum += term;
    term = (term * r) / (n << FIX);
  }
  return { mant: sum, k: Number(k) };
}

/** x ** y for finite x > 0 and finite y, correctly rounded (barring ties closer than 2**-150). */
function powPositive(x: number, y: number): number {
  const { m, e } = decompose(x);
  const lx = lnFixed(m, e);
  const { m: my, e: ey } = decompose(Math.abs(y));
  let t = lx * my;
  t = ey >= 0 ? t << BigInt(ey) : t >> BigInt(-ey);
  if (y < 0) t = -t;
  // exp overflows/underflows far beyond a double's range: answer without the series.
  const limit = 1200n * ln2();
  if (t > limit) return Infinity;
  if (t < -limit) return 0;
  const { mant, k } = expFixed(t);
  if (mant <= 0n) return 0;
  return k >= 0 ? ratToFloat(mant << BigInt(k), FIX_ONE) : ratToFloat(mant, FIX_ONE << BigInt(-k));
}

/** float ** float, as CPython's float_pow. */
export function floatPow(x: number, y: number): number {
  if (y === 0) return 1.0;
  if (Number.isNaN(x)) return x === 1 ? 1.0 : NaN;
  if (Number.isNaN(y)) return x === 1.0 ? 1.0 : NaN;
  if (x === 0) {
    if (y < 0) throw zeroDivision('0.0 cannot be raised to a negative power');
    return Number.isInteger(y) && y % 2 !== 0 ? x : 0.0;
  }
  if (!Number.isFinite(y)) {
    if (x === -1 || x === 1) return 1.0;
    return x ** y;
  }
  if (!Number.isFinite(x)) return x ** y;
  if (x < 0 && !Number.isInteger(y)) {
    throw new Refusal('the result is a complex number, and complex numbers are not supported');
  }
  let r: number;
  if (Number.isInteger(y) && Math.abs(y) <= 64) r = exactIntPow(x, y);
  else if (y === 0.5) r = Math.sqrt(x);
  else if (x === 1) r = 1;
  else {
    r = powPositive(Math.abs(x), y);
    if (x < 0 && Math.abs(y) % 2 === 1) r = -r; // odd integer exponent
  }
  if (!Number.isFinite(r)) throw overflow("(34, 'Numerical result out of range')");
  return r;
}

/** int ** int with a non-negative exponent. */
export function intPow(a: bigint, b: bigint): bigint {
  if (a === 0n || a === 1n || b === 0n) return b === 0n ? 1n : a;
  if (a === -1n) return b % 2n === 0n ? 1n : -1n;
  const bits = BigInt(bitLength(a)) * b;
  budget.intBits(bits - b);
  return a ** b;
}

export function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  if (mod === 0n) throw new PyError('ValueError', 'pow() 3rd argument cannot be 0');
  const m = absBig(mod);
  if (exp < 0n) {
    base = modInverse(intMod(base, m), m);
    exp = -exp;
  }
  let result = 1n % m;
  let b = intMod(base, m);
  while (exp > 0n) {
    budget.tick();
    if (exp & 1n) result = (result * b) % m;
    b = (b * b) % m;
    exp >>= 1n;
  }
  if (mod < 0n && result !== 0n) result += mod;
  return result;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) throw new PyError('ValueError', 'base is not invertible for the given modulus');
  return intMod(oldS, m);
}

/** Compare an int with a float exactly: -1, 0, 1, or null when the float is nan. */
export function cmpIntFloat(i: bigint, f: number): -1 | 0 | 1 | null {
  if (Number.isNaN(f)) return null;
  if (f === Infinity) return -1;
  if (f === -Infinity) return 1;
  const fl = Math.floor(f);
  const fb = BigInt(fl);
  if (i < fb) return -1;
  if (i > fb) return 1;
  return fl === f ? 0 : -1;
}

/** Python's round-half-even of a double to `nd` decimal places, as float.__round__ does. */
export function roundFloat(x: number, nd: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (nd > 323) return x;
  if (nd < -308) return x > 0 || Object.is(x, 0) ? 0.0 : -0.0;
  const s = exactFixed(x, nd);
  const r = Number(s);
  if (!Number.isFinite(r)) throw overflow('rounded value too large to represent');
  return r === 0 && x < 0 ? -0 : r;
}

/**
 * The exact decimal value of a finite double, as digits and an exponent:
 * x = digits * 10**exp10 (digits a non-negative BigInt).
 */
export function exactDecimal(x: number): { digits: bigint; exp10: number } {
  const { m, e } = decompose(Math.abs(x));
  if (e >= 0) return { digits: m << BigInt(e), exp10: 0 };
  return { digits: m * 5n ** BigInt(-e), exp10: e };
}

/** Round digits*10**exp10 to a multiple of 10**target, half to even. Returns the multiplier. */
export function roundDecimal(digits: bigint, exp10: number, target: number): bigint {
  if (exp10 >= target) return digits * 10n ** BigInt(exp10 - target);
  const p = 10n ** BigInt(target - exp10);
  const q = digits / p;
  const r = digits % p;
  const twice = r * 2n;
  if (twice > p || (twice === p && q % 2n === 1n)) return q + 1n;
  return q;
}

/** |x| rounded half-even to `nd` places, in plain notation (with sign). nd may be negative. */
export function exactFixed(x: number, nd: number): string {
  const { digits, exp10 } = exactDecimal(x);
  const q = roundDecimal(digits, exp10, -nd);
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (nd <= 0) return sign + (q * 10n ** BigInt(-nd)).toString();
  const s = q.toString().padStart(nd + 1, '0');
  return `${sign}${s.slice(0, s.length - nd)}.${s.slice(s.length - nd)}`;
}
