// The standard-library modules pyval models, one file each: what `import x`
// and `from x import y` in the evaluated code resolve against. Every other
// import is refused (its code would have to run). Nothing here imports
// anything for real: a module is a table of functions written in TypeScript.

import type { Fn } from '../builtins/signature.js';
import { budget } from '../limits.js';
import { PyError, Refusal, type BuiltinV, type Value } from '../value.js';
import { BISECT } from './bisect.js';
import { COLLECTIONS } from './collections.js';
import { FUNCTOOLS } from './functools.js';
import { HEAPQ } from './heapq.js';
import { ITERTOOLS } from './itertools.js';
import { MATH } from './math.js';
import { CPYTHON_NAMES, moduleValue, type ModuleDef } from './module.js';
import { OPERATOR } from './operator.js';
import { RE } from './re.js';
import { STRING } from './string.js';

export const MODULES: Record<string, ModuleDef> = {
  math: MATH,
  string: STRING,
  itertools: ITERTOOLS,
  functools: FUNCTOOLS,
  heapq: HEAPQ,
  bisect: BISECT,
  operator: OPERATOR,
  collections: COLLECTIONS,
  re: RE,
};

export const MODULE_NAMES = Object.keys(MODULES);

const refuse = (module: string): Refusal =>
  new Refusal(`the module ${module} is not one pyval models (of the standard library it models ${MODULE_NAMES.join(', ')})`);

/** `import module`: the module value, or a refusal for a module pyval does not model. */
export function importModule(module: string): Value {
  const def = Object.hasOwn(MODULES, module) ? MODULES[module] : undefined;
  if (!def) throw refuse(module);
  return moduleValue(def, budget.pythonMinor);
}

/** `from module import name`. */
export function importFrom(module: string, name: string): Value {
  const m = importModule(module);
  const v = m.kind === 'instance' ? m.dict.get(name) : undefined;
  if (v === undefined || name === '__name__') {
    // CPython's ImportError names the module's file, which is not known here
    throw new Refusal(`${module}.${name} is not modelled by pyval`);
  }
  return v;
}

/** `math.nope`: CPython's message for a module's missing attribute (undefined for other objects). */
export function moduleAttributeError(v: Value, name: string): PyError | undefined {
  if (v.kind !== 'instance' || v.cls.name !== 'module' || v.cls.module !== 'builtins') return undefined;
  const mod = v.dict.get('__name__');
  if (mod?.kind !== 'str') return undefined;
  const since = MODULES[mod.v]?.since?.[name];
  if (CPYTHON_NAMES[mod.v]?.has(name) && !name.startsWith('_') && !(since && budget.pythonMinor < since))
    throw new Refusal(`${mod.v}.${name} is not modelled by pyval`);
  return new PyError('AttributeError', `module '${mod.v}' has no attribute '${name}'`);
}

/** The implementation of a module function value. */
export function moduleFn(f: BuiltinV): Fn | undefined {
  const def = f.module && Object.hasOwn(MODULES, f.module) ? MODULES[f.module] : undefined;
  return def && Object.hasOwn(def.functions, f.name) ? def.functions[f.name] : undefined;
}

/** A module's repr as a frame shows it (`<module 'math' (built-in)>`, `<module 'heapq' from '...'>`): the module, when modelled. */
export function moduleFromRepr(text: string): Value | undefined {
  const m = /^<module '([A-Za-z_]\w*)' (?:\(built-in\)|from '[^']*')>$/.exec(text);
  return m && Object.hasOwn(MODULES, m[1]!) ? importModule(m[1]!) : undefined;
}

/** A compiled pattern's repr as a frame shows it (`re.compile('a+')`): the pattern. */
export { patternFromRepr } from './re.js';
