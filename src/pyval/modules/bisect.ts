// bisect (Modules/_bisectmodule.c): binary search and insertion in a sorted
// list, with `key` from 3.10 on.

import { asIntArg, type Ctx, type Fn } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { length, lt } from '../object.js';
import { getItem } from '../subscript.js';
import { NONE, Refusal, pyInt, typeError, valueError, type Value } from '../value.js';
import type { ModuleDef } from './module.js';

function search(a: Value[], kw: Map<string, Value>, ctx: Ctx, right: boolean, name = right ? 'bisect_right' : 'bisect_left'): [Value, number] {
  if (kw.has('key') && budget.pythonMinor < 10) throw typeError(`'key' is an invalid keyword argument for ${name}()`);
  const seq = a[0] ?? kw.get('a');
  const x = a[1] ?? kw.get('x');
  if (seq === undefined || x === undefined) throw typeError(`missing required argument '${seq === undefined ? 'a' : 'x'}' (pos ${seq === undefined ? 1 : 2})`);
  const loV = a[2] ?? kw.get('lo');
  const hiV = a[3] ?? kw.get('hi');
  const key = kw.get('key');
  let lo = loV === undefined ? 0 : Number(asIntArg(loV));
  if (lo < 0) throw valueError('lo must be non-negative');
  let hi = hiV === undefined || hiV.kind === 'none' ? length(seq) : Number(asIntArg(hiV));
  const k = (v: Value): Value => (key && key.kind !== 'none' ? ctx.call(key, [v]) : v);
  while (lo < hi) {
    budget.tick();
    const mid = (lo + hi) >>> 1;
    const item = k(getItem(seq, pyInt(mid)));
    if (right ? lt(x, item) : lt(item, x)) {
      if (right) hi = mid;
      else lo = mid + 1;
    } else if (right) lo = mid + 1;
    else hi = mid;
  }
  return [seq, lo];
}

const KW = ['a', 'x', 'lo', 'hi', 'key'];

const finder = (right: boolean): Fn => ({ min: 0, max: 4, kw: KW, impl: (a, kw, ctx) => pyInt(search(a, kw, ctx, right)[1]) });

function insorter(right: boolean): Fn {
  return {
    min: 0,
    max: 4,
    kw: KW,
    impl: (a, kw, ctx) => {
      if (kw.has('key') && budget.pythonMinor < 10) throw typeError(`'key' is an invalid keyword argument for insort_${right ? 'right' : 'left'}()`);
      if (ctx.mode === 'eval') throw new Refusal("bisect.insort() would change the predicted state; to change it, use a '!' statement");
      const key = kw.get('key');
      const x = a[1] ?? kw.get('x');
      // with a key, the search is for key(x)
      const args = key && key.kind !== 'none' && x ? [a[0] ?? kw.get('a')!, ctx.call(key, [x]), ...a.slice(2)] : a;
      const kw2 = new Map(kw);
      if (args !== a) kw2.delete('x');
      const [seq, i] = search(args, kw2, ctx, right, right ? 'insort_right' : 'insort_left');
      if (seq.kind !== 'list') throw new Refusal('insort into a value other than a list is not modelled');
      seq.items.splice(i, 0, x!);
      return NONE;
    },
  };
}

const FUNCTIONS: Record<string, Fn> = {
  bisect_left: finder(false),
  bisect_right: finder(true),
  bisect: finder(true),
  insort_left: insorter(false),
  insort_right: insorter(true),
  insort: insorter(true),
};

export const BISECT: ModuleDef = { name: 'bisect', functions: FUNCTIONS };
