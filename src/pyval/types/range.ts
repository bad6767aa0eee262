// range: range() arguments and range's methods (rangeobject.c).

import { asIntArg, m, type Method } from '../builtins/signature.js';
import { big, contains } from '../object.js';
import { repr } from '../repr.js';
import { pyInt, valueError, type Value } from '../value.js';

export function rangeImpl(args: Value[]): Value {
  const ints = args.map((a) => asIntArg(a));
  let [start, stop, step] = [0n, 0n, 1n];
  if (ints.length === 1) stop = ints[0]!;
  else [start, stop, step = 1n] = ints as [bigint, bigint, bigint?];
  if (step === 0n) throw valueError('range() arg 3 must not be zero');
  return { kind: 'range', start, stop, step };
}

export const RANGE_METHODS: Record<string, Method> = {
  index: m(
    1,
    1,
    (s, [x]) => {
      const r = s as Extract<Value, { kind: 'range' }>;
      if (!contains(r, x!)) throw valueError(`${repr(x!)} is not in range`);
      return pyInt((big(x!) - r.start) / r.step);
    },
    { label: 'range.index' },
  ),
  count: m(1, 1, (s, [x]) => pyInt(contains(s, x!) ? 1n : 0n), { label: 'range.count' }),
};
