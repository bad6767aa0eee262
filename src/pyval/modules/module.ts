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
