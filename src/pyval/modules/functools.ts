// functools: reduce, partial, and the caching decorators as pass-throughs
// (a cache changes how often a pure function runs, not what it returns).

import { INF, type Ctx, type Fn } from '../builtins/signature.js';
import { hashKey } from '../hash.js';
import { budget } from '../limits.js';
import { iterate } from '../object.js';
import { typeError, type FunctionV, type Value } from '../value.js';
import type { ModuleDef } from './module.js';

const isCallable = (v: Value): boolean => ['builtin', 'type', 'method', 'function', 'class'].includes(v.kind) || v.kind === 'instance';

/**
 * A cached function: it returns what the function returns (caching changes how
 * often a pure function runs, not its results), but, as the cache's key, the
 * arguments must be hashable.
 */
function cached(f: Value, ctx: Ctx): Value {
  return {
    kind: 'function',
    name: f.kind === 'function' || f.kind === 'builtin' ? f.name : 'wrapper',
    call: (args, kwargs) => {
      for (const a of [...args, ...kwargs.values()]) hashKey(a);
      return ctx.call(f, args, kwargs);
    },
  } satisfies FunctionV;
}

const FUNCTIONS: Record<string, Fn> = {
  reduce: {
    min: 2,
    max: 3,
    label: 'reduce',
    impl: ([f, seq, initial], _kw, ctx) => {
      let it: Iterator<Value>;
      try {
        it = iterate(seq!);
      } catch (e) {
        if (e instanceof Error && 'type' in e && (e as { type: string }).type === 'TypeError') throw typeError('reduce() arg 2 must support iteration');
        throw e;
      }
      let acc = initial;
      for (let r = it.next(); !r.done; r = it.next()) {
        budget.tick();
        acc = acc === undefined ? r.value : ctx.call(f!, [acc, r.value]);
      }
      if (acc === undefined) throw typeError(`reduce() of empty ${budget.pythonMinor < 10 ? 'sequence' : 'iterable'} with no initial value`);
      return acc;
    },
  },
  partial: {
    min: 1,
    max: INF,
    kw: ['*'],
    impl: (a, kw, ctx) => {
      const f = a[0]!;
      if (!isCallable(f)) throw typeError('the first argument must be callable');
      const bound = a.slice(1);
      const fixed = new Map(kw);
      const p: FunctionV = {
        kind: 'function',
        name: 'partial',
        call: (args, kwargs) => ctx.call(f, [...bound, ...args], new Map([...fixed, ...kwargs])),
      };
      return p;
    },
  },
  cache: { min: 1, max: 1, impl: ([f], _kw, ctx) => cached(f!, ctx) },
  lru_cache: {
    min: 0,
    max: 2,
    kw: ['maxsize', 'typed'],
    impl: (a, _kw, ctx) => {
      const first = a[0];
      // @lru_cache (the function itself) or @lru_cache(maxsize=...) (a decorator)
      if (first && first.kind !== 'none' && first.kind !== 'int' && first.kind !== 'bool') {
        if (!isCallable(first)) throw typeError('Expected first argument to be an integer, a callable, or None');
        return cached(first, ctx);
      }
      const deco: FunctionV = { kind: 'function', name: 'decorating_function', call: ([f]) => cached(f!, ctx) };
      return deco;
    },
  },
};

export const FUNCTOOLS: ModuleDef = { name: 'functools', functions: FUNCTIONS };
