// collections: Counter, defaultdict and OrderedDict as dicts with a subtype tag
// (DictV.sub), so every dict method, view, `in`, `len` and iteration is the
// dict's own; what the subclass changes (missing keys, counting update,
// most_common order, order-sensitive equality, reprs) is here, as
// Lib/collections/__init__.py and Modules/_collectionsmodule.c define it on
// CPython 3.9-3.13. deque lives in collections-deque.ts.

import { asIntArg, m, type Ctx, type Fn, type Method } from '../builtins/signature.js';
import { DictStore } from '../containers.js';
import { budget } from '../limits.js';
import { eqItem, iterate, keyError, lt, order, truthy, type Ordering } from '../object.js';
import { UNKNOWN_ADDRESS, repr } from '../repr.js';
import { DICT_METHODS, dictUpdate } from '../types/dict.js';
import { pySort } from '../types/list-sort.js';
import {
  NONE,
  PyError,
  Refusal,
  pyInt,
  pyList,
  pyTuple,
  refuseOpaque,
  typeError,
  typeName,
  type DictStorage,
  type DictSub,
  type DictV,
  type TypeV,
  type Value,
} from '../value.js';
import { binop } from '../ops.js';
import { DEQUE_METHODS, dequeBinop, dequeDel, dequeGet, dequeImpl, dequeRepr, dequeSet, newDeque } from './collections-deque.js';
import { collectionsHooks } from './collections-hooks.js';
import { namedtupleImpl, namedtupleRepr } from './collections-namedtuple.js';
import type { ModuleDef } from './module.js';

/** Arithmetic on counts: the evaluator's operators. */
const arith = { bin: binop };

const ZERO = pyInt(0n);
const ONE = pyInt(1n);

export const COLLECTION_TYPES = ['Counter', 'OrderedDict', 'defaultdict', 'deque'] as const;
const collType = (name: string): TypeV => ({ kind: 'type', name, module: 'collections' });

const subOf = (v: Value): DictSub['type'] | undefined => (v.kind === 'dict' ? v.sub?.type : undefined);
const isCounter = (v: Value): v is DictV => subOf(v) === 'Counter';
const newDict = (sub: DictSub | undefined, store: DictStorage = new DictStore()): DictV => (sub ? { kind: 'dict', store, sub } : { kind: 'dict', store });
const copySub = (s: DictSub): DictSub => (s.type === 'defaultdict' ? { type: 'defaultdict', factory: s.factory } : s);

/** `type(v)` for a collections value; undefined for any other. */
export function collectionsTypeOf(v: Value): Value | undefined {
  if (v.kind === 'deque') return collType('deque');
  if (v.kind === 'tuple' && v.cls) return v.cls;
  const s = subOf(v);
  return s ? collType(s) : undefined;
}

/** isinstance(v, t) where t is a collections class, or v a collections value against dict. */
export function collectionsIsinstance(v: Value, t: TypeV): boolean | undefined {
  if (t.module === 'collections') return t.name === 'deque' ? v.kind === 'deque' : subOf(v) === t.name;
  if (t.name === 'dict' && !t.module && v.kind === 'dict') return true;
  if (t.name === 'tuple' && !t.module && v.kind === 'tuple') return true;
  return undefined;
}

/** The name method lookup uses for a value: a subtype's own table, which includes dict's. */
export function methodKind(v: Value): string {
  return subOf(v) ?? v.kind;
}

// ---- Counter ----

function countIn(self: DictStorage, src: Value | undefined, kw: Map<string, Value>, subtract: boolean): void {
  const get = (k: Value): Value => self.get(k) ?? ZERO;
  const mapping = (entries: [Value, Value][]): void => {
    if (!subtract && self.size === 0) for (const [k, c] of entries) self.set(k, c);
    else for (const [k, c] of entries) self.set(k, subtract ? arith.bin('-', get(k), c) : arith.bin('+', c, get(k)));
  };
  if (src !== undefined && src.kind !== 'none') {
    if (src.kind === 'opaque') throw refuseOpaque(src, 'its items');
    if (src.kind === 'dict') mapping(src.store.entries());
    else {
      const it = iterate(src);
      for (let r = it.next(); !r.done; r = it.next()) {
        budget.tick();
        self.set(r.value, arith.bin(subtract ? '-' : '+', get(r.value), ONE));
      }
    }
  }
  if (kw.size) mapping([...kw].map(([k, v]) => [{ kind: 'str', v: k }, v]));
  budget.items(self.size);
}

function positionalCheck(name: string, args: Value[]): void {
  if (args.length > 1) {
    const label = budget.pythonMinor < 10 ? name.replace(/^\w+\./, '') : name;
    throw typeError(`${label}() takes from 1 to 2 positional arguments but ${args.length + 1} were given`);
  }
}

/** The (key, count) pairs by count, highest first, ties in insertion order (sorted(..., reverse=True)). */
function byCount(d: DictV): Value[] {
  const ks = d.store.entries().map(([k, v]) => ({ item: pyTuple([k, v]), key: v }));
  ks.reverse();
  pySort(ks, (a, b) => lt(a.key, b.key));
  ks.reverse();
  return ks.map((k) => k.item);
}

function mostCommon(d: DictV, n: Value | undefined): Value {
  if (n === undefined || n.kind === 'none') return pyList(byCount(d));
  if (n.kind !== 'int' && n.kind !== 'bool') throw new Refusal(`most_common() with a ${typeName(n)} count is not modelled`);
  const k = n.kind === 'int' ? n.v : n.v ? 1n : 0n;
  if (k <= 0n) return pyList([]);
  return pyList(byCount(d).slice(0, Number(k > BigInt(d.store.size) ? BigInt(d.store.size) : k)));
}

function* elements(d: DictV): Generator<Value> {
  for (const [k, c] of d.store.entries()) {
    const n = asIntArg(c);
    for (let i = 0n; i < n; i++) {
      budget.tick();
      yield k;
    }
  }
}

const newCounter = (): DictV => newDict({ type: 'Counter' });
const C = (s: Value): DictV => s as DictV;
const countOf = (d: DictV, k: Value): Value => d.store.get(k) ?? ZERO;
const positive = (v: Value): boolean => order('>', v, ZERO);

/** Counter's binary operators between two Counters (Lib/collections/__init__.py). */
function counterOp(op: string, a: DictV, b: DictV): DictV {
  const out = newCounter();
  for (const [k, c] of a.store.entries()) {
    budget.tick();
    let n: Value;
    if (op === '+') n = arith.bin('+', c, countOf(b, k));
    else if (op === '-') n = arith.bin('-', c, countOf(b, k));
    else {
      const o = countOf(b, k);
      n = op === '|' ? (order('<', c, o) ? o : c) : order('<', c, o) ? c : o;
    }
    if (positive(n)) out.store.set(k, n);
  }
  if (op !== '&')
    for (const [k, c] of b.store.entries()) {
      budget.tick();
      if (a.store.has(k)) continue;
      if (op === '-' ? order('<', c, ZERO) : positive(c)) out.store.set(k, op === '-' ? arith.bin('-', ZERO, c) : c);
    }
  return out;
}

/** The in-place operators: `c += other` changes c, then drops the counts that are not positive. */
function counterInplace(op: string, a: DictV, b: Value): DictV {
  if (b.kind !== 'dict') {
    if (b.kind === 'opaque') throw refuseOpaque(b, 'its items');
    throw new PyError('AttributeError', `'${typeName(b)}' object has no attribute 'items'`);
  }
  if (op === '&') {
    for (const [k, c] of a.store.entries()) {
      const o = b.store.get(k) ?? (isCounter(b) ? ZERO : undefined);
      if (o === undefined) throw keyError(repr(k));
      if (order('<', o, c)) a.store.set(k, o);
    }
  } else
    for (const [k, c] of b.store.entries()) {
      budget.tick();
      const cur = countOf(a, k);
      if (op === '|') {
        if (order('>', c, cur)) a.store.set(k, c);
      } else a.store.set(k, arith.bin(op, cur, c));
    }
  for (const [k, c] of a.store.entries()) if (!positive(c)) a.store.delete(k);
  return a;
}

function counterCompare(op: Ordering | '==' | '!=', a: DictV, b: DictV): boolean {
  const all = (f: (x: Value, y: Value) => boolean): boolean => {
    for (const d of [a, b])
      for (const k of d.store.keys()) {
        budget.tick();
        if (!f(countOf(a, k), countOf(b, k))) return false;
      }
    return true;
  };
  const eqAll = (): boolean => all((x, y) => eqItem(x, y));
  switch (op) {
    case '==':
      return eqAll();
    case '!=':
      return !eqAll();
    case '<=':
      return all((x, y) => order('<=', x, y));
    case '>=':
      return all((x, y) => order('>=', x, y));
    case '<':
      return all((x, y) => order('<=', x, y)) && !eqAll();
    case '>':
      return all((x, y) => order('>=', x, y)) && !eqAll();
  }
}

const COUNTER_OWN: Record<string, Method> = {
  most_common: m(0, 1, (s, [n]) => mostCommon(C(s), n), { label: 'most_common', kw: ['n'] }),
  elements: m(0, 0, (s) => ({ kind: 'iterator', typeName: 'itertools.chain', it: elements(C(s)) })),
  total: m(
    0,
    0,
    (s) => {
      let t: Value = ZERO;
      for (const v of C(s).store.values()) t = arith.bin('+', t, v);
      return t;
    },
    { since: 10 },
  ),
  update: m(
    0,
    1,
    (s, a, kw) => {
      countIn(C(s).store, a[0], kw, false);
      return NONE;
    },
    { mutates: true, kw: ['*'] },
  ),
  subtract: m(
    0,
    1,
    (s, a, kw) => {
      countIn(C(s).store, a[0], kw, true);
      return NONE;
    },
    { mutates: true, kw: ['*'] },
  ),
  copy: m(0, 0, (s) => newDict({ type: 'Counter' }, C(s).store.copy())),
  fromkeys: m(
    1,
    2,
    () => {
      throw new PyError('NotImplementedError', 'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.');
    },
    { classmethod: true },
  ),
};

// ---- OrderedDict ----

function moveToEnd(d: DictV, k: Value, last: boolean): void {
  const v = d.store.get(k);
  if (v === undefined) throw keyError(repr(k));
  const entries = d.store.entries();
  const at = entries.findIndex(([x]) => eqItem(x, k));
  const [moved] = entries.splice(at, 1);
  d.store.clear();
  for (const [x, y] of last ? [...entries, moved!] : [moved!, ...entries]) d.store.set(x, y);
}

const lastArg = (v: Value | undefined): boolean => (v === undefined ? true : truthy(v));

const ORDERED_OWN: Record<string, Method> = {
  move_to_end: m(
    1,
    2,
    (s, [k, last], kw) => {
      moveToEnd(C(s), k!, lastArg(last ?? kw.get('last')));
      return NONE;
    },
    { mutates: true, kw: ['key', 'last'], label: 'move_to_end' },
  ),
  popitem: m(
    0,
    1,
    (s, [last], kw) => {
      const d = C(s);
      if (d.store.size === 0) throw keyError("'dictionary is empty'");
      const atEnd = lastArg(last ?? kw.get('last'));
      const [k, v] = atEnd ? d.store.entries()[d.store.size - 1]! : d.store.entries()[0]!;
      d.store.delete(k);
      return pyTuple([k, v]);
    },
    { mutates: true, kw: ['last'], label: 'popitem' },
  ),
  copy: m(0, 0, (s) => newDict({ type: 'OrderedDict' }, C(s).store.copy())),
  fromkeys: m(1, 2, (_s, [it, v]) => fromkeys({ type: 'OrderedDict' }, it!, v), { classmethod: true }),
};

function fromkeys(sub: DictSub, it: Value, v: Value | undefined): DictV {
  const d = newDict(sub);
  const its = iterate(it);
  for (let r = its.next(); !r.done; r = its.next()) d.store.set(r.value, v ?? NONE);
  budget.items(d.store.size);
  return d;
}

// ---- defaultdict ----

/** What a default_factory call needs: the evaluator's call, and its mode (program code runs under its caller's). */
type Caller = { call(f: Value, args: Value[]): Value; readonly mode?: Ctx['mode'] };

const callable = (v: Value): boolean => ['builtin', 'type', 'method', 'function', 'class'].includes(v.kind) || v.kind === 'instance';

const DEFAULTDICT_OWN: Record<string, Method> = {
  copy: m(0, 0, (s) => newDict(copySub(C(s).sub!), C(s).store.copy())),
  fromkeys: m(1, 2, (_s, [it, v]) => fromkeys({ type: 'defaultdict', factory: NONE }, it!, v), { classmethod: true }),
};

/** `d[k]` for a key a defaultdict lacks: KeyError without a factory, else the factory's value, inserted. */
export function defaultdictMissing(d: DictV, k: Value, ctx: Caller): Value {
  const f = (d.sub as { factory: Value }).factory;
  if (f.kind === 'none') throw Object.assign(keyError(repr(k)), { key: k });
  if (ctx.mode === 'eval')
    throw new Refusal(`reading a missing key of a defaultdict inserts it, which would change the predicted state; to change it, use a '!' statement`);
  const v = ctx.call(f, []);
  d.store.set(k, v);
  return v;
}

/** `d[k]` on a Counter or defaultdict whose key is missing, where no evaluator is at hand. */
export function dictMissing(d: DictV, _k: Value): Value | undefined {
  if (d.sub?.type === 'Counter') return ZERO;
  if (d.sub?.type === 'defaultdict' && d.sub.factory.kind !== 'none')
    throw new Refusal('a missing key of a defaultdict runs its default_factory, which is not modelled here');
  return undefined;
}

export const COLLECTION_METHODS: Record<string, Record<string, Method>> = {
  Counter: { ...DICT_METHODS, ...COUNTER_OWN },
  OrderedDict: { ...DICT_METHODS, ...ORDERED_OWN },
  defaultdict: { ...DICT_METHODS, ...DEFAULTDICT_OWN },
  deque: DEQUE_METHODS,
};

/** `d.default_factory`, `q.maxlen`. */
export function collectionsAttribute(v: Value, name: string): Value | undefined {
  if (v.kind === 'deque' && name === 'maxlen') return v.maxlen === null ? NONE : pyInt(v.maxlen);
  if (v.kind === 'dict' && v.sub?.type === 'defaultdict' && name === 'default_factory') return v.sub.factory;
  return undefined;
}

// ---- repr ----

/** The repr of a Counter, defaultdict or OrderedDict; `r` writes a nested value. */
export function dictSubRepr(d: DictV, r: (v: Value) => string, plain: () => string): string {
  const sub = d.sub!;
  switch (sub.type) {
    case 'Counter': {
      if (d.store.size === 0) return 'Counter()';
      let items: Value[];
      try {
        items = byCount(d);
      } catch (e) {
        if (!(e instanceof PyError) || e.type !== 'TypeError') throw e;
        return `Counter(${plain()})`;
      }
      return `Counter({${items.map((t) => `${r((t as { items: Value[] }).items[0]!)}: ${r((t as { items: Value[] }).items[1]!)}`).join(', ')}})`;
    }
    case 'OrderedDict':
      if (d.store.size === 0) return 'OrderedDict()';
      if (budget.pythonMinor >= 12) return `OrderedDict(${plain()})`;
      return `OrderedDict([${d.store
        .entries()
        .map(([k, v]) => `(${r(k)}, ${r(v)})`)
        .join(', ')}])`;
    case 'defaultdict': {
      const f = r(sub.factory);
      if (f.includes(UNKNOWN_ADDRESS)) throw new Refusal(`the repr of this defaultdict shows its default_factory's address (${f}), which ndbg does not know`);
      return `defaultdict(${f}, ${plain()})`;
    }
  }
}

// ---- operators and comparison ----

/** A binary operator with a collections operand; undefined where the plain rules apply. */
export function collectionsBinop(op: string, a: Value, b: Value, inplace: boolean): Value | undefined {
  if (a.kind === 'deque' || b.kind === 'deque') return dequeBinop(op, a, b, inplace);
  const sa = subOf(a);
  const sb = subOf(b);
  if (!sa && !sb) return undefined;
  if (sa === 'Counter' && ['+', '-', '|', '&'].includes(op)) {
    if (inplace) return counterInplace(op, a as DictV, b);
    if (isCounter(b)) return counterOp(op, a as DictV, b);
    return undefined;
  }
  if (op === '|' && a.kind === 'dict' && b.kind === 'dict') {
    if (sb === 'Counter' && !sa) return undefined;
    if (sa && sb && sa !== sb) throw new Refusal(`the union of a ${typeName(a)} and a ${typeName(b)} is not modelled`);
    const own = (sa ? a : b) as DictV;
    if (inplace) {
      for (const [k, v] of b.store.entries()) a.store.set(k, v);
      return a;
    }
    const out = newDict(copySub(own.sub!), a.store.copy());
    for (const [k, v] of b.store.entries()) out.store.set(k, v);
    return out;
  }
  return undefined;
}

/** Unary `+c`, `-c` of a Counter. */
export function counterUnary(op: string, v: Value): Value | undefined {
  if (!isCounter(v) || (op !== '+' && op !== '-')) return undefined;
  const out = newCounter();
  for (const [k, c] of v.store.entries()) {
    budget.tick();
    if (op === '+' ? positive(c) : order('<', c, ZERO)) out.store.set(k, op === '+' ? c : arith.bin('-', ZERO, c));
  }
  return out;
}

/** `a == b` between dicts where a subclass decides; undefined: dict's equality. */
export function collectionsEq(a: Value, b: Value): boolean | undefined {
  if (isCounter(a) && isCounter(b) && budget.pythonMinor >= 10) return counterCompare('==', a, b);
  if (subOf(a) === 'OrderedDict' && subOf(b) === 'OrderedDict') {
    const x = (a as DictV).store.keys();
    const y = (b as DictV).store.keys();
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!eqItem(x[i]!, y[i]!)) return false;
    return undefined;
  }
  return undefined;
}

/** `a < b` between Counters (3.10+: inclusion of counts); undefined: no ordering. */
export function collectionsOrder(op: Ordering, a: Value, b: Value): boolean | undefined {
  if (isCounter(a) && isCounter(b) && budget.pythonMinor >= 10) return counterCompare(op, a, b);
  return undefined;
}

// ---- the module ----

function counterNew(a: Value[], kw: Map<string, Value>): Value {
  positionalCheck('Counter.__init__', a);
  const c = newCounter();
  countIn(c.store, a[0], kw, false);
  return c;
}

function defaultdictNew(a: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  const f = a[0] ?? NONE;
  if (f.kind !== 'none' && !callable(f)) throw typeError('first argument must be callable or None');
  if (a.length > 2) throw typeError(`dict expected at most 1 argument, got ${a.length - 1}`);
  const d = newDict({ type: 'defaultdict', factory: f });
  dictUpdate(d.store, a[1], kw, ctx);
  return d;
}

function orderedNew(a: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  if (a.length > 1) throw typeError(`OrderedDict expected at most 1 argument, got ${a.length}`);
  const d = newDict({ type: 'OrderedDict' });
  dictUpdate(d.store, a[0], kw, ctx);
  return d;
}

const FUNCTIONS: Record<string, Fn> = {
  Counter: { min: 0, max: Number.POSITIVE_INFINITY, kw: ['*'], impl: counterNew },
  defaultdict: { min: 0, max: Number.POSITIVE_INFINITY, kw: ['*'], impl: defaultdictNew },
  OrderedDict: { min: 0, max: Number.POSITIVE_INFINITY, kw: ['*'], impl: orderedNew },
  deque: { min: 0, max: Number.POSITIVE_INFINITY, kw: ['iterable', 'maxlen'], impl: (a, kw) => dequeImpl(a, kw) },
};

export const COLLECTIONS: ModuleDef = {
  name: 'collections',
  functions: FUNCTIONS,
  constants: {
    ...Object.fromEntries(COLLECTION_TYPES.map((n) => [n, collType(n)])),
    // a Python function in CPython: it prints as `<function namedtuple at 0x...>`
    namedtuple: { kind: 'function', name: 'namedtuple', call: (a, kw) => namedtupleImpl(a, kw) },
  },
};

/** A collections class called: its constructor. */
export const collectionsConstructor = (t: TypeV): Fn | undefined =>
  t.module === 'collections' && Object.hasOwn(FUNCTIONS, t.name) ? FUNCTIONS[t.name] : undefined;

// ---- reading reprs back ----

/**
 * `Counter({...})`, `OrderedDict([...])` / `OrderedDict({...})`, `defaultdict(<class 'list'>, {...})`,
 * `deque([...], maxlen=N)`, from the reader's parsed arguments; undefined: not one of these.
 */
export function collectionFromRepr(name: string, args: Value[], maxlen?: Value): Value | undefined {
  switch (name) {
    case 'Counter':
      if (args.length === 0) return newCounter();
      if (args.length === 1 && args[0]!.kind === 'dict' && !args[0]!.sub) return newDict({ type: 'Counter' }, args[0]!.store);
      return undefined;
    case 'OrderedDict': {
      if (args.length === 0) return newDict({ type: 'OrderedDict' });
      const src = args[0]!;
      if (args.length !== 1) return undefined;
      if (src.kind === 'dict' && !src.sub) return newDict({ type: 'OrderedDict' }, src.store);
      if (src.kind !== 'list') return undefined;
      const store = new DictStore();
      for (const p of src.items) {
        if (p.kind !== 'tuple' || p.items.length !== 2) return undefined;
        store.set(p.items[0]!, p.items[1]!);
      }
      return newDict({ type: 'OrderedDict' }, store);
    }
    case 'defaultdict': {
      const [f, d] = args;
      if (args.length !== 2 || d!.kind !== 'dict' || d!.sub) return undefined;
      // a factory read as an opaque value (a lambda, the program's function) keeps its repr; calling it is refused
      if (!(f!.kind === 'none' || f!.kind === 'type' || f!.kind === 'builtin' || (f!.kind === 'opaque' && /^<(function|class) /.test(f!.text))))
        return undefined;
      return newDict({ type: 'defaultdict', factory: f! }, d!.store);
    }
    case 'deque': {
      if (args.length !== 1 || args[0]!.kind !== 'list') return undefined;
      if (maxlen !== undefined && maxlen.kind !== 'int') return undefined;
      const n = maxlen?.kind === 'int' ? Number(maxlen.v) : null;
      if (n !== null && args[0]!.items.length > n) return undefined;
      return newDeque(args[0]!.items, n);
    }
  }
  return undefined;
}

Object.assign(collectionsHooks, {
  eq: collectionsEq,
  order: collectionsOrder,
  binop: collectionsBinop,
  unary: counterUnary,
  dictRepr: dictSubRepr,
  dequeRepr,
  tupleRepr: namedtupleRepr,
  missing: dictMissing,
  dequeGet,
  dequeSet,
  dequeDel,
});

/** `d[k]` with the evaluator at hand: a defaultdict's missing key runs its factory. */
export function subscriptDefaultdict(c: Value, i: Value, ctx: Caller): Value | undefined {
  if (c.kind !== 'dict' || c.sub?.type !== 'defaultdict') return undefined;
  return c.store.get(i) ?? defaultdictMissing(c, i, ctx);
}

/** `<class 'collections.Counter'>` read back; undefined for any other text. */
export function collectionsClassFromRepr(text: string): TypeV | undefined {
  const m = /^<class 'collections\.(\w+)'>$/.exec(text);
  return m && (COLLECTION_TYPES as readonly string[]).includes(m[1]!) ? collType(m[1]!) : undefined;
}
