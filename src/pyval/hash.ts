// Python equality keys and CPython's hash function.
//
// `hashKey` maps a hashable value to a string such that two values get the same
// key exactly when Python's `==` says they are equal (1, 1.0 and True share one),
// which is what dict and set lookups need. `pyHash` reproduces CPython's own
// `hash()` where it is deterministic (int, float, bool, tuple, frozenset of
// those; str and bytes only when the program's PYTHONHASHSEED is known), so that
// sets we build iterate in CPython's order. It returns null where CPython's hash
// depends on memory addresses (None before 3.12, objects) or a random seed.

import { budget } from './limits.js';
import { PyError, refuseOpaque, typeName, type Value } from './value.js';

const U64 = (1n << 64n) - 1n;
const HASH_BITS = 61n;
const HASH_MODULUS = (1n << HASH_BITS) - 1n;
const HASH_INF = 314159n;

const nanIds = new WeakMap<object, number>();
let nextNanId = 0;

/** Identity key for objects whose equality is identity (nan, lambdas, iterators). */
function identityKey(o: object): string {
  let id = nanIds.get(o);
  if (id === undefined) {
    id = nextNanId++;
    nanIds.set(o, id);
  }
  return `#${id}`;
}

export function unhashable(v: Value): PyError {
  return new PyError('TypeError', `unhashable type: '${v.kind === 'opaque' ? 'object' : typeName(v)}'`);
}

/** A string equal for exactly the values Python considers equal; throws for unhashable values. */
export function hashKey(v: Value): string {
  switch (v.kind) {
    case 'none':
      return 'N';
    case 'ellipsis':
      return 'E';
    case 'bool':
      return v.v ? 'i1' : 'i0';
    case 'int':
      return 'i' + v.v.toString();
    case 'float': {
      const x = v.v;
      if (Number.isNaN(x)) return identityKey(v);
      if (Number.isInteger(x)) return 'i' + BigInt(x).toString();
      return 'f' + x.toString();
    }
    case 'str':
      return 's' + v.v;
    case 'bytes':
      return 'b' + Array.from(v.v).join(',');
    case 'tuple':
      return 't' + JSON.stringify(v.items.map(hashKey));
    case 'frozenset':
      return 'F' + JSON.stringify(v.store.values().map(hashKey).sort());
    case 'range': {
      // Ranges compare as sequences: equal when length, and (if non-empty) start and step agree.
      const n = rangeLength(v.start, v.stop, v.step);
      if (n === 0n) return 'r0';
      if (n === 1n) return `r1,${v.start}`;
      return `r${n},${v.start},${v.step}`;
    }
    case 'type':
      return 'T' + v.name;
    case 'builtin':
      return v.module ? `B${v.module}.${v.name}` : 'B' + v.name;
    case 'method':
    case 'function':
    case 'iterator':
      return identityKey(v);
    case 'opaque':
      throw refuseOpaque(v, 'its hash');
    default:
      throw unhashable(v);
  }
}

export function rangeLength(start: bigint, stop: bigint, step: bigint): bigint {
  if (step > 0n) return start < stop ? (stop - start - 1n) / step + 1n : 0n;
  return start > stop ? (start - stop - 1n) / -step + 1n : 0n;
}

// ---- CPython's hash ----------------------------------------------------------

/** The hash secret's siphash keys, when PYTHONHASHSEED is known. */
let sipKeys: [bigint, bigint] | null = null;

/**
 * Tell the value model which PYTHONHASHSEED the program runs with, so that str
 * and bytes hash (and so sets of strings iterate) as in CPython. null: unknown.
 */
export function setHashSeed(seed: number | null): void {
  if (seed === null) {
    sipKeys = null;
    return;
  }
  const secret = new Uint8Array(24);
  if (seed !== 0) {
    // CPython's lcg_urandom (Python/bootstrap_hash.c).
    let x = seed >>> 0;
    for (let i = 0; i < secret.length; i++) {
      x = (Math.imul(x, 214013) + 2531011) >>> 0;
      secret[i] = (x >>> 16) & 0xff;
    }
  }
  const le64 = (off: number): bigint => {
    let r = 0n;
    for (let i = 7; i >= 0; i--) r = (r << 8n) | BigInt(secret[off + i]!);
    return r;
  };
  sipKeys = [le64(0), le64(8)];
}

export function getHashSeedKnown(): boolean {
  return sipKeys !== null;
}

const rotl = (x: bigint, b: bigint): bigint => ((x << b) | (x >> (64n - b))) & U64;

/** SipHash-c-d: CPython 3.11+ hashes str and bytes with SipHash-1-3, 3.9 and 3.10 with SipHash-2-4. */
function siphash(c: number, d: number, k0: bigint, k1: bigint, data: Uint8Array): bigint {
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;
  const round = (): void => {
    v0 = (v0 + v1) & U64;
    v2 = (v2 + v3) & U64;
    v1 = rotl(v1, 13n) ^ v0;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v1) & U64;
    v0 = (v0 + v3) & U64;
    v1 = rotl(v1, 17n) ^ v2;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = rotl(v2, 32n);
  };
  const n = data.length;
  let off = 0;
  for (; n - off >= 8; off += 8) {
    let mi = 0n;
    for (let i = 7; i >= 0; i--) mi = (mi << 8n) | BigInt(data[off + i]!);
    v3 ^= mi;
    for (let r = 0; r < c; r++) round();
    v0 ^= mi;
  }
  let t = 0n;
  for (let i = n - off - 1; i >= 0; i--) t = (t << 8n) | BigInt(data[off + i]!);
  const b = ((BigInt(n) << 56n) & U64) | t;
  v3 ^= b;
  for (let r = 0; r < c; r++) round();
  v0 ^= b;
  v2 ^= 0xffn;
  for (let r = 0; r < d; r++) round();
  return v0 ^ v1 ^ (v2 ^ v3);
}

function hashBytes(data: Uint8Array): bigint | null {
  if (data.length === 0) return 0n;
  if (!sipKeys) return null;
  const x = budget.pythonMinor >= 11 ? siphash(1, 3, sipKeys[0], sipKeys[1], data) : siphash(2, 4, sipKeys[0], sipKeys[1], data);
  return x === U64 ? toSigned(U64 - 1n) : toSigned(x);
}

/** The bytes CPython hashes for a str: its PEP 393 representation (1, 2 or 4 bytes a code point). */
function strData(s: string): Uint8Array {
  const cps = Array.from(s, (c) => c.codePointAt(0)!);
  const max = cps.reduce((m, c) => Math.max(m, c), 0);
  const kind = max < 256 ? 1 : max < 65536 ? 2 : 4;
  const out = new Uint8Array(cps.length * kind);
  cps.forEach((c, i) => {
    for (let j = 0; j < kind; j++) out[i * kind + j] = (c >> (8 * j)) & 0xff;
  });
  return out;
}

const toSigned = (x: bigint): bigint => (x >= 1n << 63n ? x - (1n << 64n) : x);

export function hashInt(x: bigint): bigint {
  const neg = x < 0n;
  let r = (neg ? -x : x) % HASH_MODULUS;
  if (neg) r = -r;
  return r === -1n ? -2n : r;
}

export function hashFloat(v: number): bigint | null {
  if (!Number.isFinite(v)) {
    if (Number.isNaN(v)) return null;
    return v > 0 ? HASH_INF : -HASH_INF;
  }
  if (Number.isInteger(v)) return hashInt(BigInt(v));
  // frexp
  let m = Math.abs(v);
  let e = 0;
  const sign = v < 0 ? -1n : 1n;
  // Normalise m into [0.5, 1).
  const exp = Math.floor(Math.log2(m));
  e = exp + 1;
  m = m / 2 ** e;
  while (m >= 1) {
    m /= 2;
    e++;
  }
  while (m < 0.5) {
    m *= 2;
    e--;
  }
  let x = 0n;
  while (m) {
    x = ((x << 28n) & HASH_MODULUS) | (x >> (HASH_BITS - 28n));
    m *= 268435456.0;
    e -= 28;
    const y = Math.floor(m);
    m -= y;
    x += BigInt(y);
    if (x >= HASH_MODULUS) x -= HASH_MODULUS;
  }
  const eb = BigInt(e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61));
  x = ((x << eb) & HASH_MODULUS) | (x >> (HASH_BITS - eb));
  x = x * sign;
  return x === -1n ? -2n : x;
}

const XXPRIME_1 = 11400714785074694791n;
const XXPRIME_2 = 14029467366897019727n;
const XXPRIME_5 = 2870177450012600261n;

/** CPython's hash(v) as a signed 64-bit integer, or null where it is not deterministic. */
export function pyHash(v: Value): bigint | null {
  switch (v.kind) {
    case 'bool':
      return v.v ? 1n : 0n;
    case 'int':
      return hashInt(v.v);
    case 'float':
      return hashFloat(v.v);
    case 'str':
      return hashBytes(strData(v.v));
    case 'bytes':
      return hashBytes(v.v);
    case 'tuple': {
      let acc = XXPRIME_5;
      for (const item of v.items) {
        const h = pyHash(item);
        if (h === null) return null;
        const lane = h & U64;
        acc = (acc + lane * XXPRIME_2) & U64;
        acc = rotl(acc, 31n);
        acc = (acc * XXPRIME_1) & U64;
      }
      acc = (acc + (BigInt(v.items.length) ^ (XXPRIME_5 ^ 3527539n))) & U64;
      if (acc === U64) return 1546275796n;
      return toSigned(acc);
    }
    case 'frozenset': {
      const shuffle = (h: bigint): bigint => ((h ^ 89869747n ^ ((h << 16n) & U64)) * 3644798167n) & U64;
      let hash = 0n;
      for (const item of v.store.values()) {
        const h = pyHash(item);
        if (h === null) return null;
        hash ^= shuffle(h & U64);
      }
      hash ^= ((BigInt(v.store.size) + 1n) * 1927868237n) & U64;
      hash ^= (hash >> 11n) ^ (hash >> 25n);
      hash = (hash * 69069n + 907133923n) & U64;
      if (hash === U64) hash = 590923713n;
      return toSigned(hash);
    }
    case 'none':
      // A constant since 3.12; an address before.
      return budget.pythonMinor >= 12 ? 4238894112n : null;
    default:
      return null;
  }
}
