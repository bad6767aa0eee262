// operator (Modules/_operator.c): the operators as functions, over the
// builtin values pyval models, and itemgetter / attrgetter / methodcaller.
// An object of the program as an operand is refused (its dunder methods would
// have to run through the interpreter, which these functions do not reach).

import { INF, type Ctx, type Fn } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { contains, eq, isSame, order, truthy, type Ordering } from '../object.js';
import { binop, unaryop } from '../ops.js';
import { getItem } from '../subscript.js';
import { Refusal, pyBool, pyInt, pyTuple, typeError, typeName, valueError, type FunctionV, type Value } from '../value.js';
import { index, iterate, toArray } from '../object.js';
import type { ModuleDef } from './module.js';

function plain(...vs: Value[]): void {
  for (const v of vs) {
    if (v.kind === 'instance') throw new Refusal(`operator functions on an object of the program (${v.cls.name}) are not modelled`);
  }
}

/** f's result, once `v` is known to be no object of the program. */
function plained(v: Value, f: () => Value): Value {
  plain(v);
  return f();
}

const bin = (op: string): Fn => ({
  min: 2,
  max: 2,
  expected: true,
  impl: ([a, b]) => {
    plain(a!, b!);
    return binop(op, a!, b!);
  },
});
const un = (op: string): Fn => ({
  min: 1,
  max: 1,
  impl: ([a]) => {
    plain(a!);
    return unaryop(op, a!);
  },
});
const cmp = (op: Ordering | '==' | '!='): Fn => ({
  min: 2,
  max: 2,
  expected: true,
  impl: ([a, b]) => {
    plain(a!, b!);
    if (op === '==') return pyBool(eq(a!, b!));
    if (op === '!=') return pyBool(!eq(a!, b!));
    return pyBool(order(op, a!, b!));
  },
});

const callable = (name: string, call: FunctionV['call']): FunctionV => ({ kind: 'function', name, call });

function itemgetter(items: Value[]): Value {
  if (!items.length) throw typeError('itemgetter expected 1 argument, got 0');
  return callable('itemgetter', (args) => {
    if (args.length !== 1) throw typeError(`itemgetter expected 1 argument, got ${args.length}`);
    const obj = args[0]!;
    return items.length === 1 ? getItem(obj, items[0]!) : pyTuple(items.map((i) => getItem(obj, i)));
  });
}

function attrgetter(names: Value[], ctx: Ctx): Value {
  if (!names.length) throw typeError('attrgetter expected 1 argument, got 0');
  for (const n of names) if (n.kind !== 'str') throw typeError('attribute name must be a string');
  const get = (obj: Value, dotted: string): Value => dotted.split('.').reduce((o, part) => ctx.getattr(o, part), obj);
  return callable('attrgetter', (args) => {
    if (args.length !== 1) throw typeError(`attrgetter expected 1 argument, got ${args.length}`);
    const obj = args[0]!;
    const vals = names.map((n) => get(obj, (n as { v: string }).v));
    return vals.length === 1 ? vals[0]! : pyTuple(vals);
  });
}

function methodcaller(a: Value[], kw: Map<string, Value>, ctx: Ctx): Value {
  const name = a[0];
  if (name === undefined) throw typeError('methodcaller needs at least one argument, the method name');
  if (name.kind !== 'str') throw typeError('method name must be a string');
  const rest = a.slice(1);
  return callable('methodcaller', (args) => {
    if (args.length !== 1) throw typeError(`methodcaller expected 1 argument, got ${args.length}`);
    return ctx.call(ctx.getattr(args[0]!, name.v), rest, new Map(kw));
  });
}

/** countOf / indexOf's iteration: CPython's message for a non-iterable. */
function items(a: Value): Value[] {
  if (a.kind !== 'opaque' && a.kind !== 'instance') {
    try {
      iterate(a);
    } catch {
      throw typeError(`argument of type '${typeName(a)}' is not iterable`);
    }
  }
  return toArray(a);
}

function indexOf(a: Value, b: Value): Value {
  let i = 0;
  for (const x of items(a)) {
    if (isSame(x, b) || eq(x, b)) return pyInt(i);
    i++;
  }
  throw valueError('sequence.index(x): x not in sequence');
}

const FUNCTIONS: Record<string, Fn> = {
  add: bin('+'),
  sub: bin('-'),
  mul: bin('*'),
  truediv: bin('/'),
  floordiv: bin('//'),
  mod: bin('%'),
  pow: bin('**'),
  matmul: bin('@'),
  lshift: bin('<<'),
  rshift: bin('>>'),
  and_: bin('&'),
  or_: bin('|'),
  xor: bin('^'),
  neg: un('-'),
  pos: un('+'),
  invert: un('~'),
  inv: un('~'),
  abs: {
    min: 1,
    max: 1,
    impl: ([a], _kw, ctx) => {
      plain(a!);
      return ctx.call({ kind: 'builtin', name: 'abs' }, [a!]);
    },
  },
  not_: { min: 1, max: 1, impl: ([a]) => plained(a!, () => pyBool(!truthy(a!))) },
  truth: { min: 1, max: 1, impl: ([a]) => plained(a!, () => pyBool(truthy(a!))) },
  eq: cmp('=='),
  ne: cmp('!='),
  lt: cmp('<'),
  le: cmp('<='),
  gt: cmp('>'),
  ge: cmp('>='),
  is_: { min: 2, max: 2, expected: true, impl: ([a, b]) => pyBool(isSame(a!, b!)) },
  is_not: { min: 2, max: 2, expected: true, impl: ([a, b]) => pyBool(!isSame(a!, b!)) },
  contains: { min: 2, max: 2, expected: true, impl: ([a, b]) => plained(a!, () => pyBool(contains(a!, b!))) },
  countOf: {
    min: 2,
    max: 2,
    expected: true,
    impl: ([a, b]) => pyInt(items(a!).filter((x) => isSame(x, b!) || eq(x, b!)).length),
  },
  indexOf: { min: 2, max: 2, expected: true, impl: ([a, b]) => indexOf(a!, b!) },
  getitem: { min: 2, max: 2, expected: true, impl: ([a, b]) => plained(a!, () => getItem(a!, b!)) },
  concat: {
    min: 2,
    max: 2,
    expected: true,
    impl: ([a, b]) => {
      plain(a!, b!);
      if (!['list', 'tuple', 'str', 'bytes'].includes(a!.kind)) throw typeError(`'${typeName(a!)}' object can't be concatenated`);
      return binop('+', a!, b!);
    },
  },
  index: {
    min: 1,
    max: 1,
    impl: ([a]) =>
      a!.kind === 'bool' && budget.pythonMinor < 10 ? a! : pyInt(index(a!, () => `'${typeName(a!)}' object cannot be interpreted as an integer`)),
  },
  itemgetter: { min: 0, max: INF, impl: (a) => itemgetter(a) },
  attrgetter: { min: 0, max: INF, impl: (a, _kw, ctx) => attrgetter(a, ctx) },
  methodcaller: { min: 0, max: INF, kw: ['*'], impl: methodcaller },
};

export const OPERATOR: ModuleDef = { name: 'operator', functions: FUNCTIONS };
