// Where the core files (object.ts, ops.ts, subscript.ts, repr.ts) reach the
// collections types: slots that collections.ts fills when it loads. The core
// files import only this file, so no import cycle runs through them; a
// Counter, defaultdict, OrderedDict or deque exists only once collections.ts
// has loaded, so the defaults are never consulted for one.

import type { ClassV, DequeV, DictV, TupleV, Value } from '../value.js';

type Ordering = '<' | '<=' | '>' | '>=';

/** What namedtuple needs of objects.ts (which fills it when it loads: importing it from here would close a cycle). */
export const classHooks = {
  makeClass: (_name: string, _qualname: string, _bases: ClassV[], _module: string): ClassV => {
    throw new Error('objects not loaded');
  },
  nativeNew: new WeakMap<ClassV, (cls: ClassV, args: Value[], kwargs: Map<string, Value>) => Value>(),
  CLASSMETHOD: null as unknown as ClassV,
  TUPLEGETTER: null as unknown as ClassV,
};

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
  /** `Point(x=1, y=2)`: a namedtuple instance's repr. */
  tupleRepr: (_t: TupleV, _r: (v: Value) => string): string => 'namedtuple(...)',
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
