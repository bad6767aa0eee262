// How instances of builtin classes of modelled modules (re.Pattern, re.Match)
// print: their module registers a function, objects.ts's default repr uses it.
// A file of its own, so that neither side imports the other at load time.

import type { ClassV, InstanceV } from './value.js';

export const NATIVE_REPR = new Map<ClassV, (v: InstanceV) => string>();
