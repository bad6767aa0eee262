// collections.namedtuple: the class it builds, and its instances as tuples
// tagged with that class (TupleV.cls), so indexing, unpacking, `==` with plain
// tuples, hashing and ordering stay tuple's own. Field access, `_asdict`,
// `_replace`, `_make`, `_fields`, `_field_defaults` and the repr
// `Point(x=1, y=2)` follow Lib/collections/__init__.py on CPython 3.9-3.13.

import { budget } from '../limits.js';
import { iterate, toArray } from '../object.js';
import { classHooks } from './collections-hooks.js';
import { DictStore } from '../containers.js';
import { NONE, Refusal, pyStr, pyTuple, typeError, valueError, type ClassV, type FunctionV, type TupleV, type Value } from '../value.js';

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

interface Spec {
  fields: string[];
  defaults: Value[];
}

/** The fields of the namedtuple class a class is or derives from (read from its `_fields`, which a clone of the class keeps). */
function specOf(cls: ClassV): Spec | undefined {
  for (const c of cls.mro) {
    if (!classHooks.nativeNew.has(c)) continue;
    const f = c.dict.get('_fields');
    const d = c.dict.get('_field_defaults');
    if (f?.kind !== 'tuple' || d?.kind !== 'dict') return undefined;
    return { fields: f.items.map((x) => (x as { v: string }).v), defaults: d.store.values() };
  }
  return undefined;
}

const isIdentifier = (s: string): boolean => {
  if (/[^\x00-\x7f]/.test(s)) throw new Refusal(`a namedtuple name with non-ASCII characters (${JSON.stringify(s)}) is not modelled`);
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(s);
};

const native = (name: string, qualname: string, call: (args: Value[], kwargs: Map<string, Value>) => Value): FunctionV => ({
  kind: 'function',
  name,
  qualname,
  call,
});

const label = (cls: ClassV, fn: string): string => (budget.pythonMinor < 10 ? (fn === '__new__' ? '<lambda>' : fn) : `${cls.name}.${fn}`);

/** `Point(1, y=2)`: the arguments bound to the fields as `__new__` binds them. */
function bind(cls: ClassV, spec: Spec, args: Value[], kwargs: Map<string, Value>): Value[] {
  const { fields, defaults } = spec;
  const who = label(cls, '__new__');
  const out: (Value | undefined)[] = fields.map((_, i) => args[i]);
  // CPython binds the keywords before it counts the positionals
  for (const [k, v] of kwargs) {
    const at = fields.indexOf(k);
    if (at < 0) throw typeError(`${who}() got an unexpected keyword argument '${k}'`);
    if (out[at] !== undefined) throw typeError(`${who}() got multiple values for argument '${k}'`);
    out[at] = v;
  }
  if (args.length > fields.length) {
    const n = fields.length + 1;
    throw typeError(`${who}() takes ${n} positional argument${n === 1 ? '' : 's'} but ${args.length + 1} were given`);
  }
  const first = fields.length - defaults.length;
  out.forEach((v, i) => {
    if (v === undefined && i >= first) out[i] = defaults[i - first];
  });
  const missing = fields.filter((_, i) => out[i] === undefined).map((f) => `'${f}'`);
  if (missing.length) {
    const last = missing[missing.length - 1];
    const list = missing.length === 1 ? last : missing.length === 2 ? `${missing[0]} and ${last}` : `${missing.slice(0, -1).join(', ')}, and ${last}`;
    throw typeError(`${who}() missing ${missing.length} required positional argument${missing.length === 1 ? '' : 's'}: ${list}`);
  }
  return out as Value[];
}

const tagged = (cls: ClassV, items: Value[]): TupleV => ({ kind: 'tuple', items, cls });

function make(cls: ClassV, it: Value): TupleV {
  const spec = specOf(cls)!;
  const items = toArray(it);
  if (items.length !== spec.fields.length) throw typeError(`Expected ${spec.fields.length} arguments, got ${items.length}`);
  return tagged(cls, items);
}

/** `namedtuple(typename, field_names, *, rename=False, defaults=None, module=None)`. */
export function namedtupleImpl(args: Value[], kw: Map<string, Value>): Value {
  for (const k of kw.keys())
    if (!['typename', 'field_names', 'rename', 'defaults', 'module'].includes(k)) throw typeError(`namedtuple() got an unexpected keyword argument '${k}'`);
  if (args.length > 2) throw typeError(`namedtuple() takes 2 positional arguments but ${args.length} were given`);
  const tn = args[0] ?? kw.get('typename');
  const fn = args[1] ?? kw.get('field_names');
  if (tn === undefined || fn === undefined) throw new Refusal('namedtuple() without its type name and field names is not modelled');
  if (tn.kind !== 'str') throw new Refusal('a namedtuple type name that is not a str is not modelled');
  let fields: string[];
  if (fn.kind === 'str') fields = fn.v.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  else {
    fields = [];
    const it = iterate(fn);
    for (let r = it.next(); !r.done; r = it.next()) {
      const v = r.value;
      if (v.kind === 'str') fields.push(v.v);
      else if (v.kind === 'int' || v.kind === 'bool') fields.push(v.kind === 'int' ? String(v.v) : v.v ? 'True' : 'False');
      else throw new Refusal('a namedtuple field name that is not a str or int is not modelled');
    }
  }
  const rename = kw.get('rename');
  if (rename !== undefined && rename.kind !== 'bool' && rename.kind !== 'none') throw new Refusal('rename= other than a bool is not modelled');
  if (rename?.kind === 'bool' && rename.v) {
    const seen = new Set<string>();
    fields = fields.map((name, i) => {
      const bad = !isIdentifier(name) || KEYWORDS.has(name) || name.startsWith('_') || seen.has(name);
      seen.add(name);
      return bad ? `_${i}` : name;
    });
  }
  for (const name of [tn.v, ...fields]) {
    if (!isIdentifier(name)) throw valueError(`Type names and field names must be valid identifiers: '${name}'`);
    if (KEYWORDS.has(name)) throw valueError(`Type names and field names cannot be a keyword: '${name}'`);
  }
  const seen = new Set<string>();
  for (const name of fields) {
    if (name.startsWith('_') && !(rename?.kind === 'bool' && rename.v)) throw valueError(`Field names cannot start with an underscore: '${name}'`);
    if (seen.has(name)) throw valueError(`Encountered duplicate field name: '${name}'`);
    seen.add(name);
  }
  const d = kw.get('defaults');
  const defaults = d === undefined || d.kind === 'none' ? [] : toArray(d);
  if (defaults.length > fields.length) throw typeError('Got more default values than field names');
  const mod = kw.get('module');
  if (mod !== undefined && mod.kind !== 'none' && mod.kind !== 'str') throw new Refusal('module= other than a str is not modelled');
  const cls = classHooks.makeClass(tn.v, tn.v, [], mod?.kind === 'str' ? mod.v : '__main__');
  const spec: Spec = { fields, defaults };
  classHooks.nativeNew.set(cls, (c, a, k) => tagged(c, bind(c, spec, a, k)));
  const q = (n: string): string => `${tn.v}.${n}`;
  fields.forEach((f, i) => {
    cls.dict.set(f, { kind: 'instance', cls: classHooks.TUPLEGETTER, dict: new Map(), payload: [{ kind: 'int', v: BigInt(i) }] });
  });
  cls.dict.set('_fields', pyTuple(fields.map(pyStr)));
  const fd = new DictStore();
  fields.slice(fields.length - defaults.length).forEach((f, i) => fd.set(pyStr(f), defaults[i]!));
  cls.dict.set('_field_defaults', { kind: 'dict', store: fd });
  cls.dict.set('__slots__', pyTuple([]));
  cls.dict.set('_make', {
    kind: 'instance',
    cls: classHooks.CLASSMETHOD,
    dict: new Map(),
    payload: [native('_make', q('_make'), ([c, it]) => make(c as ClassV, it!))],
  });
  cls.dict.set(
    '_asdict',
    native('_asdict', q('_asdict'), ([self]) => {
      const s = self as TupleV;
      const store = new DictStore();
      specOf(s.cls!)!.fields.forEach((f, i) => store.set(pyStr(f), s.items[i]!));
      return { kind: 'dict', store };
    }),
  );
  cls.dict.set(
    '_replace',
    native('_replace', q('_replace'), ([self, ...rest], kwargs) => {
      const s = self as TupleV;
      if (rest.length) throw typeError(`${label(s.cls!, '_replace')}() takes 1 positional argument but ${rest.length + 1} were given`);
      const names = specOf(s.cls!)!.fields;
      const items = s.items.map((v, i) => kwargs.get(names[i]!) ?? v);
      const extra = [...kwargs.keys()].filter((k) => !names.includes(k));
      if (extra.length) {
        const msg = `Got unexpected field names: [${extra.map((k) => `'${k}'`).join(', ')}]`;
        throw budget.pythonMinor >= 13 ? typeError(msg) : valueError(msg);
      }
      return tagged(s.cls!, items);
    }),
  );
  return cls;
}

/** `Point(x=1, y=2)`: a namedtuple's repr (its class's name, as `self.__class__.__name__`). */
export function namedtupleRepr(t: TupleV, r: (v: Value) => string): string {
  const cls = t.cls!;
  const spec = specOf(cls);
  if (!spec) throw new Refusal(`the repr of an instance of ${cls.name} is not modelled`);
  for (const c of cls.mro) {
    if (classHooks.nativeNew.has(c)) break;
    if (c.dict.has('__repr__')) throw new Refusal(`the repr of ${cls.name}, a namedtuple subclass with its own __repr__, is not modelled`);
  }
  return `${cls.name}(${spec.fields.map((f, i) => `${f}=${r(t.items[i] ?? NONE)}`).join(', ')})`;
}
