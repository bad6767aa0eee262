// The program's classes and their instances as values: class objects built from
// the program's class bodies (namespace, bases, C3 method resolution order),
// instances with a `__dict__`, the attribute protocol (instance dict, class
// attributes, bound methods, properties, staticmethod/classmethod, super()), the
// builtin exception classes (so the program can raise, catch and subclass them),
// dataclasses' generated methods, and deep copies of an object graph (a computed
// step works on a copy, so computing it twice changes nothing). Methods the
// program defines are followed by interp.ts; nothing here runs anything else.

import { classHooks } from './modules/collections-hooks.js';
import { budget } from './limits.js';
import { DictStore, SetStore } from './containers.js';
import { NATIVE_REPR } from './native-repr.js';
import { exceptionReprHooks } from './exception-hooks.js';
import { repr, setInstanceRepr, str } from './repr.js';
import { FALSE, NONE, PyError, Refusal, pyStr, pyTuple, typeError, typeName, type ClassV, type FunctionV, type InstanceV, type Value } from './value.js';

/** What objects.ts needs from the evaluator running the program's code. */
export interface Host {
  call(f: Value, args: Value[], kwargs?: Map<string, Value>): Value;
  eq(a: Value, b: Value): boolean;
}

/** A user function's data (FunctionV.user): its def, defaults, closure and owning class. */
export interface UserFn {
  def: import('./program.js').FuncDef;
  qualname: string;
  defaults: Map<string, Value>;
  closure: unknown;
  owner: ClassV | null;
}

/** The evaluator running now (set by its `hosting`, evaluator/names.ts, for the length of one evaluation). */
let host: Host | null = null;
/** How a user function is called (set by interp.ts). */
let runUser: ((fn: FunctionV, args: Value[], kwargs: Map<string, Value>) => Value) | null = null;

export function setHost(h: Host | null): Host | null {
  const saved = host;
  host = h;
  return saved;
}
export function setUserRunner(r: typeof runUser): void {
  runUser = r;
}
function active(): Host {
  if (!host) throw new Refusal("the program's code runs only inside an evaluation");
  return host;
}

// ---- classes ----

/** C3 linearisation; TypeError as CPython's when none exists. */
export function c3(cls: { name: string }, bases: ClassV[]): ClassV[] {
  const seqs = [...bases.map((b) => [...b.mro]), [...bases]].filter((s) => s.length);
  const out: ClassV[] = [];
  while (seqs.some((s) => s.length)) {
    let pick: ClassV | undefined;
    for (const s of seqs) {
      const head = s[0];
      if (head && !seqs.some((t) => t.indexOf(head) > 0)) {
        pick = head;
        break;
      }
    }
    if (!pick) {
      const names = [...new Set(seqs.filter((s) => s.length).map((s) => s[0]!.name))].join(', ');
      throw typeError(`Cannot create a consistent method resolution order (MRO) for bases ${names}`);
    }
    out.push(pick);
    for (const s of seqs) if (s[0] === pick) s.shift();
  }
  void cls;
  return out;
}

export function makeClass(name: string, qualname: string, bases: ClassV[], module = '__main__'): ClassV {
  const cls: ClassV = { kind: 'class', name, qualname, module, bases, mro: [], dict: new Map() };
  cls.mro = [cls, ...c3(cls, bases)];
  return cls;
}

/** The attribute `name` found along the class's MRO, with the class that holds it. */
export function lookupClass(cls: ClassV, name: string): { value: Value; owner: ClassV } | undefined {
  for (const c of cls.mro) {
    const v = c.dict.get(name);
    if (v !== undefined) return { value: v, owner: c };
  }
  return undefined;
}

export const isSubclass = (a: ClassV, b: ClassV): boolean => a.mro.includes(b);

// ---- builtin descriptor types and exceptions ----

const builtinClass = (name: string, bases: ClassV[] = []): ClassV => makeClass(name, name, bases, 'builtins');
export const PROPERTY = builtinClass('property');
export const STATICMETHOD = builtinClass('staticmethod');
export const CLASSMETHOD = builtinClass('classmethod');
export const SUPER = builtinClass('super');
export const FIELD = builtinClass('Field');
/** A namedtuple field's getter, in its class's dict: payload[0] is the field's position. */
export const TUPLEGETTER = builtinClass('_tuplegetter');
/** Classes whose instances are built natively, not by __init__ (a namedtuple's: tuples tagged with the class). */
export const nativeNew = classHooks.nativeNew;
Object.assign(classHooks, { makeClass, CLASSMETHOD, TUPLEGETTER });

const native = (name: string, call: (args: Value[], kwargs: Map<string, Value>) => Value): FunctionV => ({ kind: 'function', name, call });

/** The builtin exception classes, by name. */
export const EXCEPTIONS = new Map<string, ClassV>();
const BASE_EXC = builtinClass('BaseException');
EXCEPTIONS.set('BaseException', BASE_EXC);
BASE_EXC.dict.set(
  '__init__',
  native('__init__', (args) => {
    const self = args[0];
    if (self?.kind === 'instance') self.payload = args.slice(1);
    return NONE;
  }),
);
for (const [name, base] of [
  ['Exception', 'BaseException'],
  ['KeyboardInterrupt', 'BaseException'],
  ['SystemExit', 'BaseException'],
  ['GeneratorExit', 'BaseException'],
  ['ArithmeticError', 'Exception'],
  ['ZeroDivisionError', 'ArithmeticError'],
  ['OverflowError', 'ArithmeticError'],
  ['LookupError', 'Exception'],
  ['KeyError', 'LookupError'],
  ['IndexError', 'LookupError'],
  ['ValueError', 'Exception'],
  ['UnicodeError', 'ValueError'],
  ['TypeError', 'Exception'],
  ['AttributeError', 'Exception'],
  ['NameError', 'Exception'],
  ['UnboundLocalError', 'NameError'],
  ['RuntimeError', 'Exception'],
  ['RecursionError', 'RuntimeError'],
  ['NotImplementedError', 'RuntimeError'],
  ['StopIteration', 'Exception'],
  ['AssertionError', 'Exception'],
  ['EOFError', 'Exception'],
  ['OSError', 'Exception'],
  ['FileNotFoundError', 'OSError'],
] as const)
  EXCEPTIONS.set(name, builtinClass(name, [EXCEPTIONS.get(base)!]));

export const isExceptionClass = (c: ClassV): boolean => c.mro.includes(BASE_EXC);

/** Exceptions read back from their repr: not those whose str or attributes need more than the arguments. */
const NOT_FROM_REPR = new Set(['OSError', 'FileNotFoundError', 'SystemExit', 'KeyboardInterrupt', 'GeneratorExit', 'StopIteration', 'UnicodeError']);
exceptionReprHooks.classNamed = (name) => (NOT_FROM_REPR.has(name) ? undefined : EXCEPTIONS.get(name));

/** The PyError that raising `inst` (an exception instance) throws: `*** Type: str(inst)` at pdb's prompt. */
export function raiseValue(inst: InstanceV): PyError {
  const e = new PyError(inst.cls.name, instanceStr(inst));
  e.exc = inst;
  if (inst.cls.name === 'KeyError' && inst.payload?.length === 1) e.key = inst.payload[0];
  return e;
}

// ---- calls ----

/** `cls(*args, **kwargs)`: a new instance, its `__init__` run. */
export function construct(cls: ClassV, args: Value[], kwargs: Map<string, Value>): Value {
  for (const c of cls.mro) {
    const make = nativeNew.get(c);
    if (make) return make(cls, args, kwargs);
  }
  const h = active();
  const inst: InstanceV = { kind: 'instance', cls, dict: new Map() };
  if (isExceptionClass(cls)) inst.payload = [...args];
  const init = lookupClass(cls, '__init__');
  if (init) {
    const r = h.call(bindAttr(init.value, inst, cls), args, kwargs);
    if (r.kind !== 'none') throw typeError(`__init__() should return None, not '${typeName(r)}'`);
  } else if (args.length || kwargs.size) throw typeError(`${cls.qualname}() takes no arguments`);
  return inst;
}

/** A class attribute as seen through an instance (`inst` null: through the class). */
export function bindAttr(v: Value, inst: Value | null, cls: ClassV): Value {
  if (v.kind === 'function') {
    if (inst === null) return v;
    return boundMethod(v, inst);
  }
  if (v.kind === 'instance') {
    if (v.cls === STATICMETHOD) return v.payload![0]!;
    if (v.cls === TUPLEGETTER && inst?.kind === 'tuple') return inst.items[Number((v.payload![0] as { v: bigint }).v)] ?? NONE;
    if (v.cls === CLASSMETHOD) return boundMethod(v.payload![0] as FunctionV, cls);
    if (v.cls === PROPERTY && inst !== null) {
      const get = v.payload![0]!;
      if (get.kind === 'none') throw new PyError('AttributeError', 'unreadable attribute');
      return active().call(get, [inst]);
    }
  }
  return v;
}

export function boundMethod(f: FunctionV, self: Value): FunctionV {
  return {
    kind: 'function',
    name: f.name,
    qualname: f.qualname,
    user: f.user,
    boundTo: self,
    call: (args, kwargs) => active().call(f, [self, ...args], kwargs),
  };
}

/** `getattr(obj, name)` for instances, classes and super proxies; undefined: no such attribute. */
export function getAttribute(obj: InstanceV | ClassV, name: string): Value | undefined {
  if (obj.kind === 'class') {
    if (name === '__name__') return pyStr(obj.name);
    if (name === '__qualname__') return pyStr(obj.qualname);
    if (name === '__module__') return pyStr(obj.module);
    if (name === '__mro__') return pyTuple([...obj.mro, { kind: 'type', name: 'object' }]);
    if (name === '__bases__') return pyTuple(obj.bases.length ? obj.bases : [{ kind: 'type', name: 'object' }]);
    const hit = lookupClass(obj, name);
    return hit ? bindAttr(hit.value, null, obj) : undefined;
  }
  if (obj.cls === SUPER) {
    const [start, self] = obj.payload as [ClassV, Value];
    const cls = self.kind === 'class' ? self : (self as InstanceV).cls;
    const rest = cls.mro.slice(cls.mro.indexOf(start) + 1);
    for (const c of rest) {
      const v = c.dict.get(name);
      if (v !== undefined) return bindAttr(v, self.kind === 'class' ? null : self, cls);
    }
    if (name === '__init__') return native('__init__', () => NONE);
    return undefined;
  }
  if (name === '__class__') return obj.cls;
  if (name === '__dict__') {
    const store = new DictStore();
    for (const [k, v] of obj.dict) store.set(pyStr(k), v);
    return { kind: 'dict', store };
  }
  if (obj.cls === PROPERTY) {
    const [get, set] = obj.payload!;
    if (name === 'setter') return native('setter', ([f]) => ({ kind: 'instance', cls: PROPERTY, dict: new Map(), payload: [get!, f ?? NONE] }));
    if (name === 'getter') return native('getter', ([f]) => ({ kind: 'instance', cls: PROPERTY, dict: new Map(), payload: [f ?? NONE, set!] }));
    if (name === 'fget') return get;
    return undefined;
  }
  const hit = lookupClass(obj.cls, name);
  if (hit && hit.value.kind === 'instance' && hit.value.cls === PROPERTY) return bindAttr(hit.value, obj, obj.cls);
  const own = obj.dict.get(name);
  if (own !== undefined) return own;
  if (name === 'args' && obj.payload && isExceptionClass(obj.cls)) return pyTuple(obj.payload);
  if (hit) return bindAttr(hit.value, obj, obj.cls);
  const ga = lookupClass(obj.cls, '__getattr__');
  if (ga) return active().call(bindAttr(ga.value, obj, obj.cls), [pyStr(name)]);
  return undefined;
}

export function attributeError(obj: InstanceV | ClassV, name: string): PyError {
  return obj.kind === 'class'
    ? new PyError('AttributeError', `type object '${obj.name}' has no attribute '${name}'`)
    : new PyError('AttributeError', `'${obj.cls.name}' object has no attribute '${name}'`);
}

/** `obj.name = v`: a property's setter, a frozen dataclass's error, else the instance's (or class's) dict. */
export function setAttribute(obj: InstanceV | ClassV, name: string, v: Value): void {
  if (obj.kind === 'class') {
    obj.dict.set(name, v);
    return;
  }
  if (obj.cls.module === 'builtins' && !isExceptionClass(obj.cls)) throw new PyError('AttributeError', `'${obj.cls.name}' object has no attribute '${name}'`);
  const hit = lookupClass(obj.cls, name);
  if (hit && hit.value.kind === 'instance' && hit.value.cls === PROPERTY) {
    const set = hit.value.payload![1]!;
    if (set.kind === 'none') throw new PyError('AttributeError', `property '${name}' of '${obj.cls.name}' object has no setter`);
    active().call(set, [obj, v]);
    return;
  }
  const sa = lookupClass(obj.cls, '__setattr__');
  if (sa) {
    active().call(bindAttr(sa.value, obj, obj.cls), [pyStr(name), v]);
    return;
  }
  if (frozenClasses.has(dataclassRoot(obj.cls)!) && dataclassFields(obj.cls)?.some((f) => f.name === name)) {
    throw new PyError('FrozenInstanceError', `cannot assign to field '${name}'`);
  }
  obj.dict.set(name, v);
}

export function delAttribute(obj: InstanceV | ClassV, name: string): void {
  const d = obj.dict;
  if (!d.has(name)) throw attributeError(obj, name);
  d.delete(name);
}

/** The program's own special method `name` of an instance (not object's defaults), bound; undefined: none. */
export function dunder(v: Value, name: string): Value | undefined {
  if (v.kind !== 'instance') return undefined;
  const hit = lookupClass(v.cls, name);
  if (!hit) return undefined;
  return bindAttr(hit.value, v, v.cls);
}

// ---- repr / str ----

/** Call a value from a native method (one that has no Ctx), through the evaluator running now. */
export function callValue(f: Value, args: Value[], kwargs?: Map<string, Value>): Value {
  return active().call(f, args, kwargs);
}

function defaultRepr(v: InstanceV): string {
  const own = NATIVE_REPR.get(v.cls);
  if (own) return own(v);
  if (isExceptionClass(v.cls)) {
    const args = v.payload ?? [];
    return `${v.cls.name}(${args.length === 1 ? repr(args[0]!) : args.map((a) => repr(a)).join(', ')})`;
  }
  if (v.cls === PROPERTY) return '<property object at 0x...>';
  if (v.cls === FIELD) return fieldRepr(v);
  return `<${v.cls.module === 'builtins' ? '' : v.cls.module + '.'}${v.cls.qualname} object at 0x...>`;
}

/** dataclasses.Field's repr, as CPython writes it (`kw_only` from 3.10); the MISSING sentinel is an object of its own. */
function fieldRepr(v: InstanceV): string {
  const missing = '<dataclasses._MISSING_TYPE object at 0x...>';
  const get = (k: string, d: string) => {
    const x = v.dict.get(k);
    return x === undefined ? d : repr(x);
  };
  const parts = [
    'name=None',
    'type=None',
    `default=${get('default', missing)}`,
    `default_factory=${get('default_factory', missing)}`,
    `init=${get('init', 'True')}`,
    `repr=${get('repr', 'True')}`,
    'hash=None',
    `compare=${get('compare', 'True')}`,
    'metadata=mappingproxy({})',
    ...(budget.pythonMinor >= 10 ? [`kw_only=${missing}`] : []),
    '_field_type=None',
  ];
  return `Field(${parts.join(',')})`;
}

export function instanceRepr(v: InstanceV): string {
  const f = dunder(v, '__repr__');
  if (f && !isNativeOf(f, BASE_EXC)) {
    const r = active().call(f, []);
    if (r.kind !== 'str') throw typeError(`__repr__ returned non-string (type ${typeName(r)})`);
    return r.v;
  }
  return defaultRepr(v);
}

export function instanceStr(v: InstanceV): string {
  const f = dunder(v, '__str__');
  if (f) {
    const r = active().call(f, []);
    if (r.kind !== 'str') throw typeError(`__str__ returned non-string (type ${typeName(r)})`);
    return r.v;
  }
  if (isExceptionClass(v.cls) && !dunder(v, '__repr__')) {
    const args = v.payload ?? [];
    if (args.length === 0) return '';
    if (args.length === 1) return v.cls.name === 'KeyError' || isSubclass(v.cls, EXCEPTIONS.get('KeyError')!) ? repr(args[0]!) : str(args[0]!);
    return repr(pyTuple(args));
  }
  return instanceRepr(v);
}

const isNativeOf = (f: Value, _cls: ClassV) => f.kind === 'function' && !f.user && !f.qualname;

setInstanceRepr(
  (v) => instanceRepr(v),
  (v) => instanceStr(v),
);

// ---- dataclasses ----

export interface FieldSpec {
  name: string;
  default?: Value;
  factory?: Value;
  init: boolean;
  repr: boolean;
}
const fieldsOf = new WeakMap<ClassV, FieldSpec[]>();
const frozenClasses = new WeakSet<ClassV>();
/** The names a class body annotated, in order (recorded by interp.ts). */
export const annotationsOf = new WeakMap<ClassV, string[]>();

export function dataclassFields(cls: ClassV): FieldSpec[] | undefined {
  for (const c of cls.mro) {
    const f = fieldsOf.get(c);
    if (f) return f;
  }
  return undefined;
}
function dataclassRoot(cls: ClassV): ClassV | undefined {
  return cls.mro.find((c) => fieldsOf.has(c));
}

/** `field(default=..., default_factory=..., init=..., repr=...)`, as a marker the class decorator reads. */
export const fieldFunction = native('field', (args, kwargs) => {
  if (args.length) throw typeError('field() takes 0 positional arguments but ' + args.length + ' were given');
  const inst: InstanceV = { kind: 'instance', cls: FIELD, dict: new Map() };
  for (const [k, v] of kwargs) {
    if (!['default', 'default_factory', 'init', 'repr', 'compare'].includes(k)) throw new Refusal(`field(${k}=...) is not modelled`);
    inst.dict.set(k, v);
  }
  return inst;
});

/** `@dataclass` / `@dataclass(eq=..., order=..., frozen=...)`: fields from the annotations, and the generated methods. */
export function dataclass(cls: ClassV, opts: Map<string, Value> = new Map()): ClassV {
  for (const k of opts.keys()) if (!['eq', 'order', 'frozen', 'repr', 'init'].includes(k)) throw new Refusal(`dataclass(${k}=...) is not modelled`);
  const flag = (k: string, d: boolean) => {
    const v = opts.get(k);
    return v === undefined ? d : v.kind === 'bool' ? v.v : d;
  };
  const inherited = dataclassFields(cls) ?? [];
  const fields: FieldSpec[] = inherited.map((f) => ({ ...f }));
  for (const name of annotationsOf.get(cls) ?? []) {
    const spec: FieldSpec = { name, init: true, repr: true };
    const d = cls.dict.get(name);
    if (d && d.kind === 'instance' && d.cls === FIELD) {
      if (d.dict.has('default')) spec.default = d.dict.get('default');
      if (d.dict.has('default_factory')) spec.factory = d.dict.get('default_factory');
      const init = d.dict.get('init');
      const rep = d.dict.get('repr');
      if (init?.kind === 'bool') spec.init = init.v;
      if (rep?.kind === 'bool') spec.repr = rep.v;
      if (spec.default !== undefined) cls.dict.set(name, spec.default);
      else cls.dict.delete(name);
    } else if (d !== undefined) {
      if (d.kind === 'list' || d.kind === 'dict' || d.kind === 'set')
        throw valueErr(`mutable default <class '${d.kind}'> for field ${name} is not allowed: use default_factory`);
      spec.default = d;
    }
    const at = fields.findIndex((f) => f.name === name);
    if (at >= 0) fields[at] = spec;
    else fields.push(spec);
  }
  let seenDefault = false;
  for (const f of fields) {
    if (!f.init) continue;
    if (f.default !== undefined || f.factory !== undefined) seenDefault = true;
    else if (seenDefault) throw typeError(`non-default argument '${f.name}' follows default argument`);
  }
  fieldsOf.set(cls, fields);
  if (flag('frozen', false)) frozenClasses.add(cls);
  const q = cls.qualname;
  if ((flag('init', true) && !cls.dict.has('__init__')) || inheritedInit(cls)) {
    cls.dict.set('__init__', {
      kind: 'function',
      name: '__init__',
      qualname: `${q}.__init__`,
      call: (args, kwargs) => {
        const self = args[0] as InstanceV;
        const given = args.slice(1);
        const params = fields.filter((f) => f.init);
        if (given.length > params.length) {
          throw typeError(`${q}.__init__() takes ${params.length + 1} positional argument${params.length ? 's' : ''} but ${given.length + 1} were given`);
        }
        const bound = new Map<string, Value>();
        params.forEach((f, i) => {
          if (i < given.length) bound.set(f.name, given[i]!);
        });
        for (const [k, v] of kwargs) {
          if (!params.some((f) => f.name === k)) throw typeError(`${q}.__init__() got an unexpected keyword argument '${k}'`);
          if (bound.has(k)) throw typeError(`${q}.__init__() got multiple values for argument '${k}'`);
          bound.set(k, v);
        }
        const missing = params.filter((f) => !bound.has(f.name) && f.default === undefined && f.factory === undefined).map((f) => `'${f.name}'`);
        if (missing.length) {
          const list = missing.length === 1 ? missing[0] : missing.slice(0, -1).join(', ') + ' and ' + missing[missing.length - 1];
          throw typeError(`${q}.__init__() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${list}`);
        }
        for (const f of fields) {
          let v = bound.get(f.name);
          if (v === undefined) v = f.factory !== undefined ? active().call(f.factory, []) : f.default;
          if (v !== undefined) self.dict.set(f.name, v);
        }
        const post = lookupClass(self.cls, '__post_init__');
        if (post) active().call(bindAttr(post.value, self, self.cls), []);
        return NONE;
      },
    } as FunctionV);
  }
  if (flag('repr', true) && !cls.dict.has('__repr__')) {
    cls.dict.set('__repr__', {
      kind: 'function',
      name: '__repr__',
      qualname: `${q}.__repr__`,
      call: ([self]) => {
        const s = self as InstanceV;
        return pyStr(
          `${s.cls.qualname}(${fields
            .filter((f) => f.repr)
            .map((f) => `${f.name}=${repr(s.dict.get(f.name) ?? NONE)}`)
            .join(', ')})`,
        );
      },
    } as FunctionV);
  }
  const tuple = (s: InstanceV) => pyTuple(fields.map((f) => s.dict.get(f.name) ?? NONE));
  if (flag('eq', true) && !cls.dict.has('__eq__')) {
    cls.dict.set('__eq__', {
      kind: 'function',
      name: '__eq__',
      qualname: `${q}.__eq__`,
      call: ([a, b]) => {
        if (b!.kind !== 'instance' || (b as InstanceV).cls !== (a as InstanceV).cls) return NOT_IMPLEMENTED;
        return active().eq(tuple(a as InstanceV), tuple(b as InstanceV)) ? { kind: 'bool', v: true } : FALSE;
      },
    } as FunctionV);
  }
  if (flag('order', false)) {
    for (const [name, op] of [
      ['__lt__', '<'],
      ['__le__', '<='],
      ['__gt__', '>'],
      ['__ge__', '>='],
    ] as const) {
      cls.dict.set(name, {
        kind: 'function',
        name,
        qualname: `${q}.${name}`,
        call: ([a, b]) => {
          if (b!.kind !== 'instance' || (b as InstanceV).cls !== (a as InstanceV).cls) return NOT_IMPLEMENTED;
          return compareHook!(op, tuple(a as InstanceV), tuple(b as InstanceV)) ? { kind: 'bool', v: true } : FALSE;
        },
      } as FunctionV);
    }
  }
  return cls;
}
function inheritedInit(cls: ClassV): boolean {
  const own = cls.dict.get('__init__');
  return (
    own !== undefined && own.kind === 'function' && !own.user && own.qualname?.endsWith('.__init__') === true && !own.qualname.startsWith(cls.qualname + '.')
  );
}
const valueErr = (m: string) => new PyError('ValueError', m);

/** `NotImplemented`, as a special method returns it. */
export const NOT_IMPLEMENTED: Value = { kind: 'opaque', text: 'NotImplemented', why: 'is NotImplemented' };
/** The evaluator's ordering of two values (set by evaluate.ts). */
export let compareHook: ((op: string, a: Value, b: Value) => boolean) | null = null;
export function setCompareHook(f: typeof compareHook): void {
  compareHook = f;
}

// ---- copies ----

/**
 * A deep copy of the values in `roots`, sharing what the originals share
 * (aliasing kept), classes and instances included; builtin classes stay shared.
 */
export function cloneGraph(roots: Map<string, Value>): Map<string, Value> {
  const memo = new Map<object, Value>();
  const dictMemo = new Map<object, unknown>();
  const c = (v: Value): Value => {
    const hit = memo.get(v);
    if (hit) return hit;
    switch (v.kind) {
      case 'list': {
        const out: Value = { kind: 'list', items: [] };
        memo.set(v, out);
        out.items.push(...v.items.map(c));
        return out;
      }
      case 'tuple': {
        const out: Value = v.cls ? { kind: 'tuple', items: v.items.map(c), cls: c(v.cls) as ClassV } : { kind: 'tuple', items: v.items.map(c) };
        memo.set(v, out);
        return out;
      }
      case 'dict': {
        const store = new DictStore();
        const out: Value = v.sub
          ? { kind: 'dict', store, sub: v.sub.type === 'defaultdict' ? { type: 'defaultdict', factory: c(v.sub.factory) } : v.sub }
          : { kind: 'dict', store };
        memo.set(v, out);
        for (const [k, x] of v.store.entries()) store.set(c(k), c(x));
        return out;
      }
      case 'deque': {
        const out: Value = { kind: 'deque', items: [], maxlen: v.maxlen };
        memo.set(v, out);
        out.items.push(...v.items.map(c));
        return out;
      }
      case 'set':
      case 'frozenset': {
        const out: Value = { kind: v.kind, store: v.store.copy() };
        memo.set(v, out);
        return out;
      }
      case 'class': {
        if (v.module === 'builtins') return v;
        const out: ClassV = { kind: 'class', name: v.name, qualname: v.qualname, module: v.module, bases: [], mro: [], dict: new Map() };
        memo.set(v, out);
        out.bases.push(...v.bases.map((b) => c(b) as ClassV));
        out.mro = v.mro.map((m) => (m === v ? out : (c(m) as ClassV)));
        for (const [k, x] of v.dict) out.dict.set(k, c(x));
        const f = fieldsOf.get(v);
        if (f) fieldsOf.set(out, f);
        const make = nativeNew.get(v);
        if (make) nativeNew.set(out, make);
        if (frozenClasses.has(v)) frozenClasses.add(out);
        const a = annotationsOf.get(v);
        if (a) annotationsOf.set(out, a);
        return out;
      }
      case 'instance': {
        const out: InstanceV = { kind: 'instance', cls: v.cls, dict: new Map() };
        memo.set(v, out);
        (out as { cls: ClassV }).cls = c(v.cls) as ClassV;
        for (const [k, x] of v.dict) out.dict.set(k, c(x));
        if (v.payload) out.payload = v.payload.map(c);
        return out;
      }
      case 'function': {
        if (!v.user && !v.boundTo) return v;
        const u = v.user as UserFn | undefined;
        const user = u ? { ...u, defaults: new Map([...u.defaults].map(([k, x]) => [k, c(x)])), owner: u.owner ? (c(u.owner) as ClassV) : null } : undefined;
        const base: FunctionV = { ...v, user };
        if (v.boundTo) {
          const out = boundMethod({ ...base, boundTo: undefined }, c(v.boundTo));
          memo.set(v, out);
          return out;
        }
        const out: FunctionV = { ...base, call: (args, kwargs) => runUser!(out, args, kwargs) };
        memo.set(v, out);
        return out;
      }
      default:
        return v;
    }
  };
  void dictMemo;
  void SetStore;
  const out = new Map<string, Value>();
  for (const [k, v] of roots) out.set(k, c(v));
  return out;
}

/** Whether a value is or holds an instance or class of the program (so a repr alone cannot carry it). */
export function holdsObjects(v: Value, depth = 0): boolean {
  if (depth > 30) return true;
  switch (v.kind) {
    case 'instance':
    case 'class':
      return true;
    case 'function':
      return v.user !== undefined || v.boundTo !== undefined;
    case 'list':
    case 'tuple':
    case 'deque':
      return (v.kind === 'tuple' && v.cls !== undefined) || v.items.some((x) => holdsObjects(x, depth + 1));
    case 'dict':
      return v.store.entries().some(([k, x]) => holdsObjects(k, depth + 1) || holdsObjects(x, depth + 1));
    default:
      return false;
  }
}
