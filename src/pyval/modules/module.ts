// What a modelled standard-library module is: a name, its functions (builtins
// with argument checks, called with the evaluator's Ctx) and its constants.
// A module value is an instance of the `module` class whose namespace holds
// them, so `math.pi` and `from math import sqrt` read the same table.

import type { Fn } from '../builtins/signature.js';
import { makeClass } from '../objects.js';
import type { BuiltinV, InstanceV, Value } from '../value.js';

export interface ModuleDef {
  name: string;
  functions: Record<string, Fn>;
  constants?: Record<string, Value>;
  /** The first CPython minor version that has each function, where later than 3.9 (math.lcm: 9 is fine; itertools.pairwise: 10). */
  since?: Record<string, number>;
}

/**
 * Every public name of each module in CPython 3.9-3.13: a missing one is an
 * AttributeError, a real one pyval does not model is refused.
 */
export const CPYTHON_NAMES: Record<string, ReadonlySet<string>> = {
  math: new Set(
    'acos acosh asin asinh atan atan2 atanh cbrt ceil comb copysign cos cosh degrees dist e erf erfc exp exp2 expm1 fabs factorial floor fma fmod frexp fsum gamma gcd hypot inf isclose isfinite isinf isnan isqrt lcm ldexp lgamma log log10 log1p log2 modf nan nextafter perm pi pow prod radians remainder sin sinh sqrt sumprod tan tanh tau trunc ulp'.split(
      ' ',
    ),
  ),
  string: new Set(
    'Formatter Template _ChainMap _re _sentinel_dict _string ascii_letters ascii_lowercase ascii_uppercase capwords digits hexdigits octdigits printable punctuation whitespace'.split(
      ' ',
    ),
  ),
  itertools: new Set(
    '_grouper _tee _tee_dataobject accumulate batched chain combinations combinations_with_replacement compress count cycle dropwhile filterfalse groupby islice pairwise permutations product repeat starmap takewhile tee zip_longest'.split(
      ' ',
    ),
  ),
  functools: new Set(
    'GenericAlias RLock WRAPPER_ASSIGNMENTS WRAPPER_UPDATES _CacheInfo _HashedSeq _NOT_FOUND _c3_merge _c3_mro _compose_mro _convert _find_impl _ge_from_gt _ge_from_le _ge_from_lt _gt_from_ge _gt_from_le _gt_from_lt _initial_missing _le_from_ge _le_from_gt _le_from_lt _lru_cache_wrapper _lt_from_ge _lt_from_gt _lt_from_le _make_key _unwrap_partial _unwrap_partialmethod cache cached_property cmp_to_key get_cache_token lru_cache namedtuple partial partialmethod recursive_repr reduce singledispatch singledispatchmethod total_ordering update_wrapper wraps'.split(
      ' ',
    ),
  ),
  heapq: new Set(
    '_heapify_max _heappop_max _heapreplace_max _siftdown _siftdown_max _siftup _siftup_max heapify heappop heappush heappushpop heapreplace merge nlargest nsmallest'.split(
      ' ',
    ),
  ),
  collections: new Set(
    'AsyncGenerator AsyncIterable AsyncIterator Awaitable ByteString Callable ChainMap Collection Container Coroutine Counter Generator Hashable ItemsView Iterable Iterator KeysView Mapping MappingView MutableMapping MutableSequence MutableSet OrderedDict Reversible Sequence Set Sized UserDict UserList UserString ValuesView abc defaultdict deque namedtuple'.split(
      ' ',
    ),
  ),
  re: new Set(
    'A ASCII DEBUG DOTALL I IGNORECASE L LOCALE M MULTILINE NOFLAG Match Pattern PatternError RegexFlag S Scanner T TEMPLATE U UNICODE VERBOSE X compile copyreg enum error escape findall finditer fullmatch functools match purge search split sre_compile sre_parse sub subn template'.split(
      ' ',
    ),
  ),
  bisect: new Set('bisect bisect_left bisect_right insort insort_left insort_right'.split(' ')),
  operator: new Set(
    '_abs abs add and_ attrgetter call concat contains countOf delitem eq floordiv ge getitem gt iadd iand iconcat ifloordiv ilshift imatmul imod imul index indexOf inv invert ior ipow irshift is_ is_not isub itemgetter itruediv ixor le length_hint lshift lt matmul methodcaller mod mul ne neg not_ or_ pos pow rshift setitem sub truediv truth xor'.split(
      ' ',
    ),
  ),
};

const MODULE_CLASS = makeClass('module', 'module', [], 'builtins');

/** A module function as a value: a builtin that knows its module. */
export const moduleFunction = (module: string, name: string): BuiltinV => ({ kind: 'builtin', name, module });

export function moduleValue(def: ModuleDef, minor: number): InstanceV {
  const dict = new Map<string, Value>();
  for (const n of Object.keys(def.functions)) if ((def.since?.[n] ?? 0) <= minor) dict.set(n, moduleFunction(def.name, n));
  for (const [n, v] of Object.entries(def.constants ?? {})) dict.set(n, v);
  dict.set('__name__', { kind: 'str', v: def.name });
  return { kind: 'instance', cls: MODULE_CLASS, dict };
}
