// Method lookup and calls on builtin values: the table of every type's
// methods, data attributes (`x.real`, `r.start`), unbound calls
// (`str.upper('a')`), and the refusal of mutation outside `!` statements.

import { budget } from '../limits.js';
import { COLLECTION_METHODS, collectionsAttribute, methodKind } from '../modules/collections.js';
import { big, isIntLike } from '../object.js';
import { BYTES_METHODS } from '../types/bytes-methods.js';
import { DICT_METHODS, VIEW_METHODS } from '../types/dict.js';
import { FLOAT_METHODS } from '../types/float.js';
import { INT_METHODS } from '../types/int.js';
import { LIST_METHODS, TUPLE_METHODS } from '../types/list.js';
import { RANGE_METHODS } from '../types/range.js';
import { FROZENSET_METHODS, SET_METHODS } from '../types/set.js';
import { STR_METHODS } from '../types/str.js';
import { NONE, PyError, Refusal, pyFloat, pyInt, pyStr, typeError, typeName, type Value } from '../value.js';
import { checkArgs, type Ctx, type Fn, type Method } from './signature.js';

export const METHODS: Record<string, Record<string, Method>> = {
  str: STR_METHODS,
  bytes: BYTES_METHODS,
  list: LIST_METHODS,
  tuple: TUPLE_METHODS,
  dict: DICT_METHODS,
  set: SET_METHODS,
  frozenset: FROZENSET_METHODS,
  int: INT_METHODS,
  bool: INT_METHODS,
  float: FLOAT_METHODS,
  range: RANGE_METHODS,
  dict_keys: VIEW_METHODS,
  dict_items: VIEW_METHODS,
  ...COLLECTION_METHODS,
};

/** Data attributes of builtin values (`x.real`, `r.start`...). */
export function dataAttribute(v: Value, name: string): Value | undefined {
  const coll = collectionsAttribute(v, name);
  if (coll) return coll;
  if (isIntLike(v)) {
    if (name === 'real' || name === 'numerator') return pyInt(big(v));
    if (name === 'imag') return pyInt(0n);
    if (name === 'denominator') return pyInt(1n);
  }
  if (v.kind === 'float') {
    if (name === 'real') return v;
    if (name === 'imag') return pyFloat(0);
  }
  if (v.kind === 'range' && (name === 'start' || name === 'stop' || name === 'step')) return pyInt(v[name]);
  if (v.kind === 'slice' && (name === 'start' || name === 'stop' || name === 'step')) return v[name];
  if (v.kind === 'type' && (name === '__name__' || name === '__qualname__')) return pyStr(v.name);
  if (v.kind === 'builtin' && (name === '__name__' || name === '__qualname__')) return pyStr(v.name);
  if (v.kind === 'function' && (name === '__name__' || name === '__qualname__')) return pyStr(v.name);
  if (v.kind === 'method' && name === '__name__') return pyStr(v.name);
  return undefined;
}

/** The method `name` of a value's type, or undefined. */
export function findMethod(kind: string, name: string): Method | undefined {
  const table = METHODS[kind];
  const method = table && Object.hasOwn(table, name) ? table[name] : undefined;
  return method?.since && budget.pythonMinor < method.since ? undefined : method;
}

/** Call a method with argument checks; refuse mutation outside `!` statements. */
export function callMethod(self: Value, name: string, args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  let target = self;
  let kind = self.kind === 'type' ? self.name : methodKind(self);
  const method = findMethod(kind, name);
  if (!method && self.kind === 'type')
    throw new PyError('AttributeError', `type object '${self.module ? `${self.module}.` : ''}${kind}' has no attribute '${name}'`);
  if (!method) throw new PyError('AttributeError', `'${typeName(self)}' object has no attribute '${name}'`);
  if (self.kind === 'type' && !method.classmethod) {
    // Unbound method: `str.upper('a')`.
    const first = args[0];
    if (!first) throw typeError(`unbound method ${kind}.${name}() needs an argument`);
    if (methodKind(first) !== kind && !(kind === 'int' && first.kind === 'bool') && !(kind === 'dict' && first.kind === 'dict')) {
      throw typeError(`descriptor '${name}' for '${kind}' objects doesn't apply to a '${typeName(first)}' object`);
    }
    target = first;
    args = args.slice(1);
    kind = methodKind(first);
  }
  if (method.mutates && ctx.mode === 'eval') {
    throw new Refusal(`${kind}.${name}() would change the predicted state; to change it, use a '!' statement`);
  }
  const label = method.label ?? `${kind}.${name}`;
  checkArgs(name, { ...method, label, impl: () => NONE }, args, method.kw?.includes('*') ? new Map() : kw, true);
  return method.impl(target, args, kw, ctx);
}

/** Call a builtin function or type constructor with argument checks. */
export function callBuiltin(name: string, fn: Fn, args: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  checkArgs(name, fn, args, fn.kw?.includes('*') ? new Map() : kw, false);
  return fn.impl(args, kw, ctx);
}
