// repr() and str() exactly as CPython 3.11 writes them.

import { collectionsHooks as coll } from './modules/collections-hooks.js';
import { isPrintableCodePoint } from './unicode-data.js';
import { PyError, refuseOpaque, type InstanceV, type Value } from './value.js';

/** Python's limit on int -> str conversion (sys.get_int_max_str_digits()). */
export const INT_MAX_STR_DIGITS = 4300;

export function intRepr(v: bigint): string {
  const s = v.toString();
  if (s.length - (v < 0n ? 1 : 0) > INT_MAX_STR_DIGITS) {
    throw new PyError(
      'ValueError',
      `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit`,
    );
  }
  return s;
}

/** The shortest digits that round-trip, and the decimal point position (0.DIGITS x 10^decpt). */
export function shortestDigits(x: number): { digits: string; decpt: number } {
  const [mant, exp] = Math.abs(x).toExponential().split('e') as [string, string];
  return { digits: mant.replace('.', ''), decpt: parseInt(exp, 10) + 1 };
}

/** float.__repr__: shortest round-trip digits; exponent form below 1e-4 and from 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const { digits, decpt } = shortestDigits(x);
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
    if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
    return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = decpt - 1;
  return `${sign}${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** str.isprintable for one code point (space is printable), as CPython 3.11 decides it. */
export function isPrintableChar(ch: string): boolean {
  return isPrintableCodePoint(ch.codePointAt(0)!);
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

/** str.__repr__: single quotes unless the text has ' and no ". */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + hex(c, 2);
    else if (c < 0x7f) out += ch;
    else if (isPrintableChar(ch)) out += ch;
    else if (c <= 0xff) out += '\\x' + hex(c, 2);
    else if (c <= 0xffff) out += '\\u' + hex(c, 4);
    else out += '\\U' + hex(c, 8);
  }
  return out + quote;
}

export function bytesRepr(b: Uint8Array): string {
  const quote = b.includes(0x27) && !b.includes(0x22) ? '"' : "'";
  const q = quote.charCodeAt(0);
  let out = 'b' + quote;
  for (const c of b) {
    if (c === q || c === 0x5c) out += '\\' + String.fromCharCode(c);
    else if (c === 0x09) out += '\\t';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c < 0x20 || c >= 0x7f) out += '\\x' + hex(c, 2);
    else out += String.fromCharCode(c);
  }
  return out + quote;
}

/** What CPython prints where an address would be: we cannot know it. */
export const UNKNOWN_ADDRESS = '0x...';

function reprIn(v: Value, active: Set<object>): string {
  switch (v.kind) {
    case 'none':
      return 'None';
    case 'ellipsis':
      return 'Ellipsis';
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'int':
      return intRepr(v.v);
    case 'float':
      return floatRepr(v.v);
    case 'str':
      return strRepr(v.v);
    case 'bytes':
      return bytesRepr(v.v);
    case 'list': {
      if (active.has(v)) return '[...]';
      active.add(v);
      try {
        return '[' + v.items.map((x) => reprIn(x, active)).join(', ') + ']';
      } finally {
        active.delete(v);
      }
    }
    case 'tuple': {
      if (v.cls) return coll.tupleRepr(v, (x) => reprIn(x, active));
      if (v.items.length === 1) return '(' + reprIn(v.items[0]!, active) + ',)';
      return '(' + v.items.map((x) => reprIn(x, active)).join(', ') + ')';
    }
    case 'dict': {
      if (active.has(v)) return '{...}';
      if (v.sub) {
        active.add(v);
        try {
          return coll.dictRepr(
            v,
            (x) => reprIn(x, active),
            () => reprIn({ kind: 'dict', store: v.store }, active),
          );
        } finally {
          active.delete(v);
        }
      }
      active.add(v);
      try {
        return (
          '{' +
          v.store
            .entries()
            .map(([k, x]) => `${reprIn(k, active)}: ${reprIn(x, active)}`)
            .join(', ') +
          '}'
        );
      } finally {
        active.delete(v);
      }
    }
    case 'set': {
      if (v.store.size === 0) return 'set()';
      return (
        '{' +
        v.store
          .values()
          .map((x) => reprIn(x, active))
          .join(', ') +
        '}'
      );
    }
    case 'frozenset': {
      if (v.store.size === 0) return 'frozenset()';
      return (
        'frozenset({' +
        v.store
          .values()
          .map((x) => reprIn(x, active))
          .join(', ') +
        '})'
      );
    }
    case 'range':
      return v.step === 1n ? `range(${v.start}, ${v.stop})` : `range(${v.start}, ${v.stop}, ${v.step})`;
    case 'slice':
      return `slice(${reprIn(v.start, active)}, ${reprIn(v.stop, active)}, ${reprIn(v.step, active)})`;
    case 'deque':
      return coll.dequeRepr(v, (x) => reprIn(x, active), active);
    case 'type':
      return v.module ? `<class '${v.module}.${v.name}'>` : `<class '${v.name}'>`;
    case 'builtin':
      return `<built-in function ${v.name}>`;
    case 'method': {
      const owner = v.self.kind === 'type' ? v.self.name : v.self.kind === 'opaque' ? 'object' : v.self.kind;
      return v.self.kind === 'type'
        ? `<built-in method ${v.name} of type object at ${UNKNOWN_ADDRESS}>`
        : `<built-in method ${v.name} of ${owner} object at ${UNKNOWN_ADDRESS}>`;
    }
    case 'function':
      // a method of a class written in C (re.Pattern's search, an exception's with_traceback) prints as CPython's builtins do
      if (v.boundTo?.kind === 'instance' && v.user === undefined && v.boundTo.cls.module === 'builtins')
        return `<built-in method ${v.name} of ${v.boundTo.cls.name} object at ${UNKNOWN_ADDRESS}>`;
      if (v.boundTo) return `<bound method ${v.qualname ?? v.name} of ${reprIn(v.boundTo, active)}>`;
      return `<function ${v.qualname ?? v.name} at ${UNKNOWN_ADDRESS}>`;
    case 'iterator':
      return v.typeName === 'generator' ? `<generator object <genexpr> at ${UNKNOWN_ADDRESS}>` : `<${v.typeName} object at ${UNKNOWN_ADDRESS}>`;
    case 'dict_keys':
      return `${v.dict.sub?.type === 'OrderedDict' ? 'o' : ''}dict_keys([${v.dict.store
        .keys()
        .map((x) => reprIn(x, active))
        .join(', ')}])`;
    case 'dict_values': {
      if (active.has(v.dict)) return `${v.dict.sub?.type === 'OrderedDict' ? 'o' : ''}dict_values([...])`;
      active.add(v.dict);
      try {
        return `${v.dict.sub?.type === 'OrderedDict' ? 'o' : ''}dict_values([${v.dict.store
          .values()
          .map((x) => reprIn(x, active))
          .join(', ')}])`;
      } finally {
        active.delete(v.dict);
      }
    }
    case 'dict_items': {
      if (active.has(v.dict)) return `${v.dict.sub?.type === 'OrderedDict' ? 'o' : ''}dict_items([...])`;
      active.add(v.dict);
      try {
        return `${v.dict.sub?.type === 'OrderedDict' ? 'o' : ''}dict_items([${v.dict.store
          .entries()
          .map(([k, x]) => `(${reprIn(k, active)}, ${reprIn(x, active)})`)
          .join(', ')}])`;
      } finally {
        active.delete(v.dict);
      }
    }
    case 'opaque':
      return v.text;
    case 'class':
      return v.module === 'builtins' ? `<class '${v.name}'>` : `<class '${v.module}.${v.qualname}'>`;
    case 'instance': {
      const mod = v.cls.name === 'module' && v.cls.module === 'builtins' ? v.dict.get('__name__') : undefined;
      if (mod?.kind === 'str') return `<module '${mod.v}' (built-in)>`;
      return instanceHooks.repr(v);
    }
  }
}

/** How instances of the program's classes print (objects.ts sets them: their own __repr__ / __str__ run). */
const instanceHooks: { repr: (v: InstanceV) => string; str: (v: InstanceV) => string } = {
  repr: (v) => `<${v.cls.module}.${v.cls.qualname} object at ${UNKNOWN_ADDRESS}>`,
  str: (v) => instanceHooks.repr(v),
};
export function setInstanceRepr(r: (v: InstanceV) => string, s: (v: InstanceV) => string): void {
  instanceHooks.repr = r;
  instanceHooks.str = s;
}

/**
 * What a frame shows for a value whose repr raised (a `__repr__` reading an attribute
 * `__init__` has not set yet): the exception's type and text, one rule with the
 * bridge and the tracer (python/ndbg/bridge/shown.py, `failed_repr`).
 */
export function failedRepr(e: PyError): string {
  return `<repr failed: ${e.type}: ${e.pyMessage}>`;
}

/** Errors a program's `__repr__` raises that pyval reports as CPython would (anything else: refused). */
export const SHOWN_REPR_ERRORS: ReadonlySet<string> = new Set(['AttributeError', 'KeyError', 'IndexError', 'ZeroDivisionError', 'ValueError']);

/** repr(v), as CPython prints it. Throws PyError where CPython raises (ints over 4300 digits). */
export function repr(v: Value): string {
  return reprIn(v, new Set());
}

/** str(v). Refuses opaque values: their __str__ is the program's code. */
export function str(v: Value): string {
  switch (v.kind) {
    case 'str':
      return v.v;
    case 'opaque':
      throw refuseOpaque(v, 'its str()');
    case 'instance':
      return instanceHooks.str(v);
    default:
      return repr(v);
  }
}
