// heapq (Modules/_heapqmodule.c): the binary heap over a list, with CPython's
// sift order (so the list after each call is the one CPython leaves), and
// nsmallest / nlargest as their documented sorted() equivalents.

import type { Ctx, Fn } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { lt, toArray } from '../object.js';
import { sortValues } from '../types/list.js';
import { NONE, PyError, Refusal, pyList, typeError, typeName, type ListV, type Value } from '../value.js';
import { asIntArg } from '../builtins/signature.js';
import type { ModuleDef } from './module.js';

function heapArg(v: Value, ctx: Ctx, name: string): ListV {
  if (v.kind !== 'list') throw typeError(budget.pythonMinor >= 10 ? `${name}() argument 1 must be list, not ${typeName(v)}` : 'heap argument must be a list');
  if (ctx.mode === 'eval') throw new Refusal(`heapq.${name}() would change the predicted state; to change it, use a '!' statement`);
  return v;
}

function siftdown(h: Value[], start: number, pos: number): void {
  const item = h[pos]!;
  while (pos > start) {
    budget.tick();
    const parent = (pos - 1) >> 1;
    if (lt(item, h[parent]!)) {
      h[pos] = h[parent]!;
      pos = parent;
    } else break;
  }
  h[pos] = item;
}

function siftup(h: Value[], pos: number): void {
  const end = h.length;
  const start = pos;
  const item = h[pos]!;
  let child = 2 * pos + 1;
  while (child < end) {
    budget.tick();
    const right = child + 1;
    if (right < end && !lt(h[child]!, h[right]!)) child = right;
    h[pos] = h[child]!;
    pos = child;
    child = 2 * pos + 1;
  }
  h[pos] = item;
  siftdown(h, start, pos);
}

const indexError = (): PyError => new PyError('IndexError', 'index out of range');

function nBest(a: Value[], kw: Map<string, Value>, ctx: Ctx, largest: boolean): Value {
  const n = Number(asIntArg(a[0]!));
  const items = toArray(a[1]!);
  const key = kw.get('key');
  const sorted = sortValues(items, key && key.kind !== 'none' ? key : undefined, largest, ctx);
  return pyList(n <= 0 ? [] : sorted.slice(0, n));
}

const FUNCTIONS: Record<string, Fn> = {
  heappush: {
    min: 2,
    max: 2,
    label: 'heappush',
    expected: true,
    impl: ([h, x], _kw, ctx) => {
      const l = heapArg(h!, ctx, 'heappush');
      l.items.push(x!);
      siftdown(l.items, 0, l.items.length - 1);
      return NONE;
    },
  },
  heappop: {
    min: 1,
    max: 1,
    impl: ([h], _kw, ctx) => {
      const l = heapArg(h!, ctx, 'heappop');
      if (!l.items.length) throw indexError();
      const last = l.items.pop()!;
      if (!l.items.length) return last;
      const top = l.items[0]!;
      l.items[0] = last;
      siftup(l.items, 0);
      return top;
    },
  },
  heapify: {
    min: 1,
    max: 1,
    impl: ([h], _kw, ctx) => {
      const l = heapArg(h!, ctx, 'heapify');
      for (let i = (l.items.length >> 1) - 1; i >= 0; i--) siftup(l.items, i);
      return NONE;
    },
  },
  heapreplace: {
    min: 2,
    max: 2,
    label: 'heapreplace',
    expected: true,
    impl: ([h, x], _kw, ctx) => {
      const l = heapArg(h!, ctx, 'heapreplace');
      if (!l.items.length) throw indexError();
      const top = l.items[0]!;
      l.items[0] = x!;
      siftup(l.items, 0);
      return top;
    },
  },
  heappushpop: {
    min: 2,
    max: 2,
    label: 'heappushpop',
    expected: true,
    impl: ([h, x], _kw, ctx) => {
      const l = heapArg(h!, ctx, 'heappushpop');
      if (!l.items.length || !lt(l.items[0]!, x!)) return x!;
      const top = l.items[0]!;
      l.items[0] = x!;
      siftup(l.items, 0);
      return top;
    },
  },
  nsmallest: { min: 2, max: 2, kw: ['key'], label: 'nsmallest', impl: (a, kw, ctx) => nBest(a, kw, ctx, false) },
  nlargest: { min: 2, max: 2, kw: ['key'], label: 'nlargest', impl: (a, kw, ctx) => nBest(a, kw, ctx, true) },
};

export const HEAPQ: ModuleDef = { name: 'heapq', functions: FUNCTIONS };
