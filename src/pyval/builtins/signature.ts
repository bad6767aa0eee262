// How a builtin or method is declared and its arguments checked, with CPython's
// argument-count and keyword messages; what a builtin may ask of the evaluator
// (Ctx: calling the program's own functions goes through it). Every builtin and
// method file builds on this one and nothing here knows a type.

import { budget } from '../limits.js';
import { index } from '../object.js';
import { PyError, typeError, typeName, type DictV, type IteratorV, type Value } from '../value.js';

/** What builtins need from the evaluator. */
export interface Ctx {
  /** 'eval' for p/pp/display/conditions; 'exec' for `!` statements (mutating methods allowed). */
  readonly mode: 'eval' | 'exec';
  call(f: Value, args: Value[], kwargs?: Map<string, Value>): Value;
  getattr(v: Value, name: string): Value;
  write(text: string): void;
  localsDict(): DictV;
  globalsDict(): DictV;
}

type Impl = (args: Value[], kw: Map<string, Value>, ctx: Ctx) => Value;

export interface Fn {
  min: number;
  max: number;
  /** Keyword arguments accepted (by name). */
  kw?: string[];
  impl: Impl;
  /** Changes its object: only in `!` statements. */
  mutates?: boolean;
  /** Argument-count messages in the style of a method ('str.upper') or a builtin ('len'). */
  label?: string;
  /** One required argument, but counted as "expected 1 argument, got N" (not METH_O). */
  expected?: boolean;
  /** The name unknown keywords are reported against (sorted reports 'sort'). */
  kwLabel?: string;
}

export const INF = Number.POSITIVE_INFINITY;

export function checkArgs(name: string, fn: Fn, args: Value[], kw: Map<string, Value>, isMethod: boolean): void {
  const n = args.length;
  const label = fn.label ?? name;
  const shortName = label.includes('.') ? label.slice(label.indexOf('.') + 1) : label;
  for (const k of kw.keys()) {
    if (!fn.kw?.includes(k)) {
      if (!fn.kw?.length) throw typeError(`${label}() takes no keyword arguments`);
      throw typeError(`'${k}' is an invalid keyword argument for ${fn.kwLabel ?? shortName}()`);
    }
  }
  if (n >= fn.min && n <= fn.max) return;
  const s = (k: number): string => (k === 1 ? '' : 's');
  if (fn.min === 1 && fn.max === 1 && !fn.expected) throw typeError(`${label}() takes exactly one argument (${n} given)`);
  if (fn.max === 0) throw typeError(`${label}() takes no arguments (${n} given)`);
  void isMethod;
  if (fn.min === fn.max) throw typeError(`${shortName} expected ${fn.min} argument${s(fn.min)}, got ${n}`);
  if (n < fn.min) throw typeError(`${shortName} expected at least ${fn.min} argument${s(fn.min)}, got ${n}`);
  throw typeError(`${shortName} expected at most ${fn.max} argument${s(fn.max)}, got ${n}`);
}

// ---- helpers ----

export const argStr = (v: Value, what: () => string): string => {
  if (v.kind === 'str') return v.v;
  throw typeError(what());
};

export const optIndex = (v: Value | undefined, dflt: number): number => {
  if (v === undefined || v.kind === 'none') return dflt;
  const b = index(v, () => 'slice indices must be integers or None or have an __index__ method');
  const lim = BigInt(Number.MAX_SAFE_INTEGER);
  return Number(b > lim ? lim : b < -lim ? -lim : b);
};

/** _PyEval_SliceIndexNotNone: list.index and tuple.index take ints only, not None. */
export const indexNotNone = (v: Value | undefined, dflt: number): number => {
  if (v === undefined) return dflt;
  const b = index(v, () => 'slice indices must be integers or have an __index__ method');
  const lim = BigInt(Number.MAX_SAFE_INTEGER);
  return Number(b > lim ? lim : b < -lim ? -lim : b);
};

/** An int argument (argument clinic's `int`/`Py_ssize_t` converters): 3.9 still names floats apart. */
export const asIntArg = (v: Value): bigint =>
  index(v, () =>
    v.kind === 'float' && budget.pythonMinor < 10 ? 'integer argument expected, got float' : `'${typeName(v)}' object cannot be interpreted as an integer`,
  );

const SSIZE_MAX = (1n << 63n) - 1n;

/** A Py_ssize_t argument: an int that must fit in a C ssize_t. */
export function ssizeArg(v: Value): bigint {
  const n = asIntArg(v);
  if (n > SSIZE_MAX || n < -SSIZE_MAX - 1n) throw new PyError('OverflowError', 'Python int too large to convert to C ssize_t');
  return n;
}

export function makeIter(typeName: string, it: Iterator<Value>): IteratorV {
  return { kind: 'iterator', typeName, it };
}

type MImpl = (self: Value, args: Value[], kw: Map<string, Value>, ctx: Ctx) => Value;
export interface Method extends Omit<Fn, 'impl'> {
  impl: MImpl;
  /** Class-level methods: `dict.fromkeys`, called on the type. */
  classmethod?: boolean;
  /** The first CPython minor version that has it (`int.is_integer`: 12). */
  since?: number;
}

export const m = (min: number, max: number, impl: MImpl, extra: Partial<Method> = {}): Method => ({ min, max, impl, ...extra });
