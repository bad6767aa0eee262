// Storage for dicts and sets: the DictStorage and SetStorage that value.ts declares.
//
// Dicts keep insertion order, as CPython's do. Sets are the hard part: CPython
// iterates a set in the order of its hash table, so `{3, 1, 2}` prints
// `{1, 2, 3}`. SetStore simulates CPython 3.11's table (Objects/setobject.c:
// linear probing of 9 slots, then perturbed probing; resize to 4x used when 3/5
// full; dummies left by deletions and reused by later adds) whenever every element's hash is known (ints,
// floats, bools, tuples and frozensets of those, and str/bytes once the hash seed
// is known, see hash.ts). When some hash is not known, the set falls back to
// insertion order, which is also the order a parsed repr gave us.

import { hashKey, pyHash } from './hash.js';
import { Refusal, type DictStorage, type SetStorage, type Value } from './value.js';

const LINEAR_PROBES = 9;
const PERTURB_SHIFT = 5n;
const MINSIZE = 8;
const U64 = (1n << 64n) - 1n;

/** A key we cannot compare (an opaque value): kept by its text, refused on lookup misses. */
function keyOf(v: Value): { key: string; opaque: boolean } {
  if (v.kind === 'opaque') return { key: 'o' + v.text, opaque: true };
  return { key: hashKey(v), opaque: false };
}

function refuseUncertainLookup(what: string): Refusal {
  return new Refusal(`the ${what} holds objects of the program whose equality is not known`);
}

export class DictStore implements DictStorage {
  private readonly map = new Map<string, { k: Value; v: Value }>();
  private opaqueKeys = 0;

  get size(): number {
    return this.map.size;
  }

  /** The value for `k`, or undefined; refuses when the answer depends on an opaque key. */
  get(k: Value): Value | undefined {
    const hit = this.map.get(hashKey(k));
    if (hit) return hit.v;
    if (this.opaqueKeys) throw refuseUncertainLookup('dict');
    return undefined;
  }

  has(k: Value): boolean {
    return this.get(k) !== undefined;
  }

  set(k: Value, v: Value): void {
    const { key, opaque } = keyOf(k);
    const hit = this.map.get(key);
    if (hit) {
      hit.v = v; // Python keeps the first key object: d[1.0] = x leaves the key 1.
      return;
    }
    if (opaque) this.opaqueKeys++;
    this.map.set(key, { k, v });
  }

  /** Removes `k`; returns its value, or undefined when absent. */
  delete(k: Value): Value | undefined {
    const key = hashKey(k);
    const hit = this.map.get(key);
    if (!hit) {
      if (this.opaqueKeys) throw refuseUncertainLookup('dict');
      return undefined;
    }
    this.map.delete(key);
    return hit.v;
  }

  popLast(): [Value, Value] | undefined {
    let last: [string, { k: Value; v: Value }] | undefined;
    for (const e of this.map) last = e;
    if (!last) return undefined;
    this.map.delete(last[0]);
    if (last[1].k.kind === 'opaque') this.opaqueKeys--;
    return [last[1].k, last[1].v];
  }

  clear(): void {
    this.map.clear();
    this.opaqueKeys = 0;
  }

  keys(): Value[] {
    return Array.from(this.map.values(), (e) => e.k);
  }

  values(): Value[] {
    return Array.from(this.map.values(), (e) => e.v);
  }

  entries(): [Value, Value][] {
    return Array.from(this.map.values(), (e) => [e.k, e.v]);
  }

  /** Live iteration over keys (for `for k in d`). */
  *iterKeys(): Generator<Value> {
    for (const e of this.map.values()) yield e.k;
  }

  copy(): DictStore {
    const d = new DictStore();
    for (const [k, v] of this.entries()) d.set(k, v);
    return d;
  }
}

type Slot = { h: bigint; v: Value } | null | 'dummy';

/** CPython's set hash table, for values whose hashes are all known. */
class SetTable {
  slots: Slot[];
  mask: number;
  fill = 0;
  used = 0;
  /** Where set.pop() looks next. */
  finger = 0;

  constructor(size = MINSIZE) {
    this.slots = new Array<Slot>(size).fill(null);
    this.mask = size - 1;
  }

  /** Index of the first free (NULL) slot on `h`'s probe sequence: set_insert_clean's walk. */
  private freeSlot(h: bigint): number {
    const mask = this.mask;
    const maskBig = BigInt(mask);
    let perturb = h & U64;
    let i = Number(perturb & maskBig);
    for (;;) {
      if (this.slots[i] === null) return i;
      if (i + LINEAR_PROBES <= mask) {
        for (let j = 1; j <= LINEAR_PROBES; j++) if (this.slots[i + j] === null) return i + j;
      }
      perturb >>= PERTURB_SHIFT;
      i = (i * 5 + 1 + Number(perturb & maskBig)) & mask;
    }
  }

  /** Slot index holding the element with key `key`, or -1. */
  find(h: bigint, key: string): number {
    const mask = this.mask;
    const maskBig = BigInt(mask);
    let perturb = h & U64;
    let i = Number(perturb & maskBig);
    for (;;) {
      const probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
      for (let j = 0; j <= probes; j++) {
        const s = this.slots[i + j] as Slot; // i + j <= mask: always a slot
        if (s === null) return -1;
        if (s !== 'dummy' && s.h === h && hashKey(s.v) === key) return i + j;
      }
      perturb >>= PERTURB_SHIFT;
      i = (i * 5 + 1 + Number(perturb & maskBig)) & mask;
    }
  }

  /**
   * set_add_entry for a value known to be absent: walk the probe sequence to the
   * first empty slot, reusing the last dummy (deleted) slot passed on the way.
   */
  add(h: bigint, v: Value): void {
    const mask = this.mask;
    const maskBig = BigInt(mask);
    let perturb = h & U64;
    let i = Number(perturb & maskBig);
    let freeslot = -1;
    for (;;) {
      const probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
      for (let j = 0; j <= probes; j++) {
        const s = this.slots[i + j];
        if (s === null) {
          if (freeslot >= 0) {
            this.slots[freeslot] = { h, v };
            this.used++;
            return;
          }
          this.slots[i + j] = { h, v };
          this.fill++;
          this.used++;
          if (this.fill * 5 < mask * 3) return;
          this.resize(this.used > 50000 ? this.used * 2 : this.used * 4);
          return;
        }
        if (s === 'dummy') freeslot = i + j;
      }
      perturb >>= PERTURB_SHIFT;
      i = (i * 5 + 1 + Number(perturb & maskBig)) & mask;
    }
  }

  discardAt(i: number): void {
    this.slots[i] = 'dummy';
    this.used--;
  }

  resize(minused: number): void {
    let size = MINSIZE;
    while (size <= minused) size *= 2;
    const old = this.slots;
    this.slots = new Array<Slot>(size).fill(null);
    this.mask = size - 1;
    this.fill = this.used;
    for (const s of old) if (s !== null && s !== 'dummy') this.slots[this.freeSlot(s.h)] = s;
  }

  /** set_merge into this table from another (CPython copies slot for slot when it can). */
  merge(other: SetTable, has: (s: { h: bigint; v: Value }) => boolean, insert: (s: { h: bigint; v: Value }) => void): void {
    if (other.used === 0) return;
    if ((this.fill + other.used) * 5 >= this.mask * 3) this.resize((this.used + other.used) * 2);
    if (this.fill === 0 && this.mask === other.mask && other.fill === other.used) {
      this.slots = other.slots.slice();
      this.fill = other.fill;
      this.used = other.used;
      for (const s of this.slots) if (s && s !== 'dummy') insert(s);
      return;
    }
    if (this.fill === 0) {
      this.fill = other.used;
      this.used = other.used;
      for (const s of other.slots) {
        if (s && s !== 'dummy') {
          this.slots[this.freeSlot(s.h)] = s;
          insert(s);
        }
      }
      return;
    }
    for (const s of other.slots) {
      if (s && s !== 'dummy' && !has(s)) {
        this.add(s.h, s.v);
        insert(s);
      }
    }
  }

  /** set_pop: the first live slot from the finger on, wrapping around. */
  pop(): Value {
    let i = this.finger & this.mask;
    for (;;) {
      const s = this.slots[i];
      if (s && s !== 'dummy') {
        this.slots[i] = 'dummy';
        this.used--;
        this.finger = i + 1;
        return s.v;
      }
      i = i + 1 > this.mask ? 0 : i + 1;
    }
  }

  order(): Value[] {
    const out: Value[] = [];
    for (const s of this.slots) if (s && s !== 'dummy') out.push(s.v);
    return out;
  }

  copy(): SetTable {
    const t = new SetTable(this.mask + 1);
    t.slots = this.slots.slice();
    t.fill = this.fill;
    t.used = this.used;
    return t;
  }
}

export class SetStore implements SetStorage {
  /** Membership, and the iteration order whenever `table` is null. */
  private keys = new Map<string, Value>();
  /** CPython's table, while every element's hash is known. */
  private table: SetTable | null = new SetTable();
  private opaqueCount = 0;

  get size(): number {
    return this.keys.size;
  }

  /** True when the iteration order is CPython's (simulated), not insertion order. */
  get exactOrder(): boolean {
    return this.table !== null;
  }

  has(v: Value): boolean {
    if (v.kind === 'opaque') throw refuseUncertainLookup('set');
    const found = this.keys.has(hashKey(v));
    if (!found && this.opaqueCount) throw refuseUncertainLookup('set');
    return found;
  }

  private dropTable(): void {
    if (!this.table) return;
    const order = this.table.order();
    this.keys = new Map(order.map((v) => [keyOf(v).key, v]));
    this.table = null;
  }

  add(v: Value): void {
    const { key, opaque } = keyOf(v);
    if (this.keys.has(key)) return;
    if (opaque) this.opaqueCount++;
    const h = opaque ? null : pyHash(v);
    if (h === null) this.dropTable();
    this.keys.set(key, v);
    if (this.table && h !== null) this.table.add(h, v);
  }

  /** Removes `v`; false when it was absent. */
  discard(v: Value): boolean {
    const { key } = keyOf(v);
    if (!this.keys.has(key)) {
      if (this.opaqueCount && v.kind !== 'opaque') throw refuseUncertainLookup('set');
      return false;
    }
    const stored = this.keys.get(key)!;
    if (stored.kind === 'opaque') this.opaqueCount--;
    this.keys.delete(key);
    if (this.table) {
      const i = this.table.find(pyHash(stored)!, key);
      if (i >= 0) this.table.discardAt(i);
    }
    return true;
  }

  /** set.pop(): CPython's choice, or the first in insertion order. Undefined when empty. */
  pop(): Value | undefined {
    if (this.keys.size === 0) return undefined;
    const v = this.table ? this.table.pop() : this.keys.values().next().value!;
    const key = keyOf(v).key;
    if (v.kind === 'opaque') this.opaqueCount--;
    this.keys.delete(key);
    return v;
  }

  /** Iteration order: CPython's table order, or insertion order. */
  values(): Value[] {
    return this.table ? this.table.order() : Array.from(this.keys.values());
  }

  clear(): void {
    this.keys.clear();
    this.table = new SetTable();
    this.opaqueCount = 0;
  }

  /** After many deletions, rebuild the table without dummies (end of set_difference_update_internal). */
  purgeDummies(): void {
    const t = this.table;
    if (t && t.fill - t.used > Math.floor(t.mask / 4)) t.resize(t.used > 50000 ? t.used * 2 : t.used * 4);
  }

  /** Take over another set's contents and table (set_swap_bodies). */
  replaceWith(storage: SetStorage): void {
    const other = storage as SetStore;
    this.keys = new Map(other.keys);
    this.table = other.table ? other.table.copy() : null;
    this.opaqueCount = other.opaqueCount;
  }

  /** Presize as set_update_internal does before adding a dict's keys. */
  presize(extra: number): void {
    if (this.table && (this.table.fill + extra) * 5 >= this.table.mask * 3) this.table.resize((this.table.used + extra) * 2);
  }

  /** set_merge: add every element of another set, CPython-style (used by set(s), s | t, s.update(t)). */
  merge(storage: SetStorage): void {
    const other = storage as SetStore;
    if (this.table && other.table) {
      this.table.merge(
        other.table,
        (s) => this.keys.has(hashKey(s.v)),
        (s) => this.keys.set(hashKey(s.v), s.v),
      );
      return;
    }
    for (const v of other.values()) this.add(v);
  }

  copy(): SetStore {
    const s = new SetStore();
    s.merge(this);
    if (!this.table) {
      s.keys = new Map(this.keys);
      s.table = null;
      s.opaqueCount = this.opaqueCount;
    }
    return s;
  }

  /**
   * A set rebuilt from a repr's element order. We replay the adds; when CPython's
   * table would not iterate in the repr's order (the real set went through other
   * operations), the repr's order wins and the set keeps insertion order.
   */
  static fromOrder(items: Value[]): SetStore {
    const s = new SetStore();
    for (const v of items) s.add(v);
    const got = s.values();
    if (s.table && (got.length !== items.length || got.some((v, i) => v !== items[i]))) {
      s.table = null;
      s.keys = new Map(items.map((v) => [keyOf(v).key, v]));
    }
    return s;
  }
}
