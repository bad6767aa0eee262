// A JavaScript model of the Python values a debugger shows: the builtin scalar
// and container types, plus the few callables and iterators an expression can
// produce, and an opaque value for everything we cannot know (objects of the
// program, truncated reprs). Nothing here runs Python: values are data.

export interface NoneV {
  readonly kind: 'none';
}
export interface EllipsisV {
  readonly kind: 'ellipsis';
}
export interface BoolV {
  readonly kind: 'bool';
  readonly v: boolean;
}
export interface IntV {
  readonly kind: 'int';
  readonly v: bigint;
}
export interface FloatV {
  readonly kind: 'float';
  readonly v: number;
}
/** A Python str. Held as a JS string (UTF-16); lengths and indices count code points. */
export interface StrV {
  readonly kind: 'str';
  readonly v: string;
}
export interface BytesV {
  readonly kind: 'bytes';
  readonly v: Uint8Array;
}
export interface ListV {
  readonly kind: 'list';
  items: Value[];
}
export interface TupleV {
  readonly kind: 'tuple';
  readonly items: readonly Value[];
  /** A namedtuple instance's class (collections.namedtuple); absent for a plain tuple. */
  readonly cls?: ClassV;
}
export interface DictV {
  readonly kind: 'dict';
  readonly store: DictStorage;
  /** A dict subclass of the collections module (Counter, defaultdict, OrderedDict); absent for a plain dict. */
  sub?: DictSub;
}
/** What makes a dict a collections.Counter, defaultdict (its default_factory) or OrderedDict. */
export type DictSub = { readonly type: 'Counter' } | { readonly type: 'OrderedDict' } | { readonly type: 'defaultdict'; factory: Value };
/** A collections.deque: its items, left to right, and its maxlen (null: unbounded). */
export interface DequeV {
  readonly kind: 'deque';
  items: Value[];
  readonly maxlen: number | null;
}
export interface SetV {
  readonly kind: 'set' | 'frozenset';
  readonly store: SetStorage;
}
/**
 * What a dict value keeps its items in: insertion order, Python's key equality.
 * containers.ts's DictStore is the one implementation; it is declared here so
 * that the value model does not depend on the hashing that implements it.
 */
export interface DictStorage {
  readonly size: number;
  /** The value for `k`, or undefined; refuses when the answer depends on an opaque key. */
  get(k: Value): Value | undefined;
  has(k: Value): boolean;
  set(k: Value, v: Value): void;
  /** Removes `k`; returns its value, or undefined when absent. */
  delete(k: Value): Value | undefined;
  popLast(): [Value, Value] | undefined;
  clear(): void;
  keys(): Value[];
  values(): Value[];
  entries(): [Value, Value][];
  /** Live iteration over keys (for `for k in d`). */
  iterKeys(): Generator<Value>;
  copy(): DictStorage;
}

/** What a set or frozenset keeps its elements in, in CPython's iteration order (containers.ts's SetStore). */
export interface SetStorage {
  readonly size: number;
  /** True when the iteration order is CPython's (simulated), not insertion order. */
  readonly exactOrder: boolean;
  has(v: Value): boolean;
  add(v: Value): void;
  /** Removes `v`; false when it was absent. */
  discard(v: Value): boolean;
  /** set.pop(): CPython's choice, or the first in insertion order. Undefined when empty. */
  pop(): Value | undefined;
  /** Iteration order: CPython's table order, or insertion order. */
  values(): Value[];
  clear(): void;
  /** After many deletions, rebuild the table without dummies (end of set_difference_update_internal). */
  purgeDummies(): void;
  /** Take over another set's contents and table (set_swap_bodies). */
  replaceWith(other: SetStorage): void;
  /** Presize as set_update_internal does before adding a dict's keys. */
  presize(extra: number): void;
  /** set_merge: add every element of another set, CPython-style (used by set(s), s | t, s.update(t)). */
  merge(other: SetStorage): void;
  copy(): SetStorage;
}
export interface RangeV {
  readonly kind: 'range';
  readonly start: bigint;
  readonly stop: bigint;
  readonly step: bigint;
}
export interface SliceV {
  readonly kind: 'slice';
  readonly start: Value;
  readonly stop: Value;
  readonly step: Value;
}
/** A builtin class such as `int` (callable: converts) or `object` (not callable here). */
export interface TypeV {
  readonly kind: 'type';
  readonly name: string;
  /** The module of a standard-library class (`collections` for Counter); absent for the builtins. */
  readonly module?: string;
}
/** A builtin function such as `len`. */
export interface BuiltinV {
  readonly kind: 'builtin';
  readonly name: string;
  /** A function of a modelled standard-library module (`math` for math.sqrt); absent for the builtins module. */
  readonly module?: string;
}
/** A method of a builtin value, bound to it: `'a'.upper`. */
export interface MethodV {
  readonly kind: 'method';
  readonly self: Value;
  readonly name: string;
}
/** A lambda written in the expression; its body is evaluated by our evaluator only. */
export interface FunctionV {
  readonly kind: 'function';
  readonly name: string;
  readonly call: (args: Value[], kwargs: Map<string, Value>) => Value;
  /** A `def` of the program (objects.ts): its qualified name, `Cart.add`. */
  readonly qualname?: string;
  /** A method bound to its instance (`cart.add`): the instance. */
  readonly boundTo?: Value;
  /** A `def` of the program: its definition and defaults (objects.ts UserFn). */
  readonly user?: unknown;
}
/**
 * A class: one the program's `class` statement built (objects.ts), or a builtin
 * exception class. Its namespace is `dict`; attribute lookup follows `mro`.
 */
export interface ClassV {
  readonly kind: 'class';
  readonly name: string;
  readonly qualname: string;
  /** `__main__` for the program's classes, `builtins` for exceptions. */
  readonly module: string;
  readonly bases: ClassV[];
  /** The C3 linearisation, this class first (`object` left out). */
  mro: ClassV[];
  readonly dict: Map<string, Value>;
}
/** An instance of a ClassV: its `__dict__`; `payload` holds what a builtin base keeps (an exception's args, a property's functions). */
export interface InstanceV {
  readonly kind: 'instance';
  readonly cls: ClassV;
  readonly dict: Map<string, Value>;
  payload?: Value[];
}
/** An iterator (list_iterator, enumerate, zip, map, generator...). Consumed once. */
export interface IteratorV {
  readonly kind: 'iterator';
  readonly typeName: string;
  readonly it: Iterator<Value>;
}
export interface DictViewV {
  readonly kind: 'dict_keys' | 'dict_values' | 'dict_items';
  readonly dict: DictV;
}
/**
 * A value we cannot model: an object of the program (`<__main__.Foo object at
 * 0x...>`, `Point(x=1, y=2)`), a truncated repr, a type we do not support. It
 * prints as its text and refuses every operation that would need its behaviour.
 */
export interface OpaqueV {
  readonly kind: 'opaque';
  readonly text: string;
  /** Why it is opaque, as a predicate of its text: "is an object of the program, known only by its repr". */
  readonly why: string;
}

export type Value =
  | NoneV
  | EllipsisV
  | BoolV
  | IntV
  | FloatV
  | StrV
  | BytesV
  | ListV
  | TupleV
  | DictV
  | DequeV
  | SetV
  | RangeV
  | SliceV
  | TypeV
  | BuiltinV
  | MethodV
  | FunctionV
  | ClassV
  | InstanceV
  | IteratorV
  | DictViewV
  | OpaqueV;

export const NONE: NoneV = Object.freeze({ kind: 'none' });
export const ELLIPSIS: EllipsisV = Object.freeze({ kind: 'ellipsis' });
export const TRUE: BoolV = Object.freeze({ kind: 'bool', v: true });
export const FALSE: BoolV = Object.freeze({ kind: 'bool', v: false });

export const pyBool = (b: boolean): BoolV => (b ? TRUE : FALSE);
export const pyInt = (v: bigint | number): IntV => ({ kind: 'int', v: typeof v === 'number' ? BigInt(v) : v });
export const pyFloat = (v: number): FloatV => ({ kind: 'float', v });
export const pyStr = (v: string): StrV => ({ kind: 'str', v });
export const pyBytes = (v: Uint8Array): BytesV => ({ kind: 'bytes', v });
export const pyList = (items: Value[]): ListV => ({ kind: 'list', items });
export const pyTuple = (items: readonly Value[]): TupleV => ({ kind: 'tuple', items });
export const pyType = (name: string): TypeV => ({ kind: 'type', name });
export const opaque = (text: string, why: string): OpaqueV => ({ kind: 'opaque', text, why });

/** Python's `type(v).__name__`. */
export function typeName(v: Value): string {
  switch (v.kind) {
    case 'none':
      return 'NoneType';
    case 'ellipsis':
      return 'ellipsis';
    case 'builtin':
      return 'builtin_function_or_method';
    case 'method':
      return 'builtin_function_or_method';
    case 'iterator':
      return v.typeName;
    case 'opaque':
      return 'object';
    case 'class':
      return 'type';
    case 'instance':
      return v.cls.name;
    case 'dict':
      // CPython's tp_name: the C types carry their module, Counter (a Python class) does not
      return v.sub ? (v.sub.type === 'Counter' ? 'Counter' : `collections.${v.sub.type}`) : 'dict';
    case 'deque':
      return 'collections.deque';
    case 'tuple':
      return v.cls?.name ?? 'tuple';
    case 'dict_keys':
    case 'dict_values':
    case 'dict_items':
      return v.dict.sub?.type === 'OrderedDict' ? `o${v.kind}` : v.kind;
    default:
      return v.kind;
  }
}

/**
 * A Python exception that the real program would have raised: printed by pdb as
 * `*** Type: message` (or `*** Type` when the message is empty).
 */
/** A frame of the program's code an exception passed through: its function, the line it stood at, its locals. */
export interface RaisedFrame {
  func: string;
  line: number;
  locals: Map<string, Value>;
}

export class PyError extends Error {
  /** The exception as a value, once the program catches it or raised it (objects.ts). */
  exc?: Value;
  /** A KeyError's key. */
  key?: Value;
  /** The program's frames it passed through, innermost first (interp.ts): the traceback of a computed exception. */
  frames?: RaisedFrame[];
  /**
   * Raised by the program's own `raise` or `assert` over computed values, not by an
   * operation pyval may only half know: the program raises it too.
   */
  explicit?: boolean;
  constructor(
    readonly type: string,
    readonly pyMessage: string,
  ) {
    super(pyMessage ? `${type}: ${pyMessage}` : type);
  }
}

/**
 * Something ndbg will not evaluate because it would need to run the program, or
 * would be unbounded. `subject` is the offending piece of the expression.
 */
export class Refusal extends Error {
  constructor(
    readonly reason: string,
    public subject?: string,
    /** About the expression as a whole (a work or size bound), not the piece where it tripped. */
    readonly whole = false,
  ) {
    super(reason);
  }
}

export const typeError = (msg: string): PyError => new PyError('TypeError', msg);
export const valueError = (msg: string): PyError => new PyError('ValueError', msg);
/** `a op b` where neither operand supports `op` (binary_op1's TypeError), for ops.ts and the set algebra alike. */
export const unsupported = (op: string, a: Value, b: Value): PyError =>
  typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);

export const shortText = (s: string, max = 60): string => (s.length > max ? s.slice(0, max - 3) + '...' : s);

/** Refuse an operation on an opaque value: "<what> is not known: <text> <why>". */
export function refuseOpaque(v: OpaqueV, what?: string): Refusal {
  const said = `${shortText(v.text)} ${v.why}`;
  return new Refusal(what ? `${what} is not known: ${said}` : said);
}
