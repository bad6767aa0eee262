// Where the core files (object.ts, ops.ts, subscript.ts, repr.ts) reach the
// collections types: slots that collections.ts fills when it loads. The core
// files import only this file, so no import cycle runs through them; a
// Counter, defaultdict, OrderedDict or deque exists only once collections.ts
// has loaded, so the defaults are never consulted for one.

import type { DequeV, DictV, Value } from '../value.js';

type Ordering = '<' | '<=' | '>' | '>=';

export const collectionsHooks = {
  /** `a == b` between dicts where a subclass decides; undefined: dict's equality. */
  eq: (_a: Value, _b: Value): boolean | undefined => undefined,
  /** `a < b` between Counters; undefined: no ordering of their own. */
  order: (_op: Ordering, _a: Value, _b: Value): boolean | undefined => undefined,
  /** A binary or in-place operator with a collections operand; undefined: the plain rules. */
  binop: (_op: string, _a: Value, _b: Value, _inplace: boolean): Value | undefined => undefined,
  /** Unary `+c` / `-c` of a Counter. */
  unary: (_op: string, _v: Value): Value | undefined => undefined,
  /** The repr of a Counter, defaultdict or OrderedDict. */
  dictRepr: (_d: DictV, _r: (v: Value) => string, plain: () => string): string => plain(),
  dequeRepr: (_d: DequeV, _r: (v: Value) => string, _active: Set<object>): string => 'deque(...)',
  /** `d[k]` for a key a Counter or defaultdict lacks. */
  missing: (_d: DictV, _k: Value): Value | undefined => undefined,
  dequeGet: (_d: DequeV, _i: Value): Value => {
    throw new Error('collections not loaded');
  },
  dequeSet: (_d: DequeV, _i: Value, _v: Value): void => {
    throw new Error('collections not loaded');
  },
  dequeDel: (_d: DequeV, _i: Value): void => {
    throw new Error('collections not loaded');
  },
};
