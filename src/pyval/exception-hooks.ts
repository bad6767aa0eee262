// Where repr-parse.ts reaches the builtin exception classes: a slot objects.ts
// (which defines them) fills when it loads. Both import only this file, so no
// import cycle runs through it.

import type { ClassV } from './value.js';

/**
 * The builtin exception class a repr `Name(arg, ...)` names, where its str and
 * attributes follow from the arguments alone; undefined otherwise.
 */
export const exceptionReprHooks: { classNamed: (name: string) => ClassV | undefined } = { classNamed: () => undefined };
