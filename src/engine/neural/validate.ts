// What a prediction must be before the user sees it: every value a repr the
// trace format can hold, a stack the program's frames allow, and output of a
// size one step can plausibly print. A prediction that fails these is treated as
// a failed prediction (the debugger stays where it was), never shown.

import type { Program } from '../../model/format/cfg.js';
import type { ModelState } from '../../model/types.js';
import { CUT_MARKER, REPR_LIMIT } from '../../model/format/format.js';
import { ownReprs } from '../../model/decode/reprAuto.js';
import { parseRepr } from '../../pyval/index.js';
import type { ScriptSource } from './source.js';

/**
 * Most characters of program output one prediction may carry. The prompts show
 * the model at most 512 characters of earlier output (predictor.ts), and no
 * program of the held-out corpus prints more than about 200 in a whole run; a
 * step predicted to print more is cut here (the user is told).
 */
export const OUTPUT_LIMIT = 512;

/** Reprs that start like a builtin value's (list, tuple, dict, set, str, bytes, number) must read as one. */
const BUILTIN_START = /^(?:[[({'"]|[bB]['"]|[-+]?[0-9.])/;
/** A complex number's repr (pyval does not read complex numbers). */
const COMPLEX = /^\(?[-+]?(?:[0-9.]+(?:e[-+]?\d+)?|nan|inf)?[-+]?(?:[0-9.]+(?:e[-+]?\d+)?|nan|inf)j\)?$/;

/**
 * Why `text` is not a repr the trace format can hold, or null when it is. `own`: the
 * program writes its own reprs (reprAuto.ts ownReprs), so any balanced text may be one.
 */
export function reprProblem(text: string, own = false): string | null {
  if (text.length > REPR_LIMIT) {
    if (text.length !== REPR_LIMIT + CUT_MARKER.length || !text.endsWith(CUT_MARKER))
      return `a repr of ${text.length} characters (the format cuts at ${REPR_LIMIT})`;
    return null;
  }
  const v = parseRepr(text);
  if (v.kind !== 'opaque') return null;
  if (COMPLEX.test(text)) return null;
  if (own || /is an object of the program|is a module/.test(v.why)) return balanced(text) ? null : 'unbalanced brackets or quotes';
  if (/cut short/.test(v.why)) return 'cut without being 103 characters long';
  // a custom __repr__ may print anything, but not something that starts like a builtin value and is not one
  if (BUILTIN_START.test(text)) return 'not a well-formed Python value';
  return text.trim() === '' ? 'empty' : null;
}

/** Brackets and quotes of `Name(...)` / `<...>` reprs close in order (they are made of builtin reprs). */
function balanced(text: string): boolean {
  const close: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const want: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return text.startsWith('<'); // `<...>` reprs may quote freely
      i = j;
    } else if (close[c]) want.push(close[c]!);
    else if (c === ')' || c === ']' || c === '}') {
      if (want.pop() !== c) return text.startsWith('<');
    }
  }
  return want.length === 0 || text.startsWith('<');
}

/** `Type: message` or `Type` (the format's exception text). */
const EXCEPTION = /^[A-Za-z_][\w.]*(?::|$)/;

/**
 * Why a predicted state is impossible, or null. `program` (the control-flow
 * analysis) refines the stack check when there is one.
 */
export function stateProblem(s: ModelState, src: ScriptSource, program?: Program | null): string | null {
  const own = ownReprs(src.text);
  for (const [k, v] of Object.entries(s.locals)) {
    const why = reprProblem(v, own);
    if (why) return `${k} = ${clip(v)}: ${why}`;
  }
  if (s.retval !== null && s.retval !== undefined && s.event === 'return') {
    const why = reprProblem(s.retval, own);
    if (why) return `return value ${clip(s.retval)}: ${why}`;
  }
  if (s.exception && !EXCEPTION.test(s.exception)) return `exception ${clip(s.exception)}: not 'Type: message'`;
  if (s.event === 'exit' || s.line === null) return null;
  const func = s.func ?? '<module>';
  // the module's frame is the outermost one, and only it
  if (func === '<module>' && s.stack.length > 0) return `<module> at line ${s.line} called from line ${s.stack[s.stack.length - 1]}`;
  if (func !== '<module>' && s.stack.length === 0) return `${func} at line ${s.line} without a caller`;
  if (program && !program.error && !program.coNames.has(func)) return `no frame of the program is called ${func}`;
  for (let i = 1; i < s.stack.length; i++) {
    const l = s.stack[i]!;
    if (!insideSomeCode(l, src, program)) return `a caller at line ${l}, which only the module runs`;
  }
  return null;
}

/** Line `l` can be the line of a frame other than the module's: it lies in a def, class, lambda or comprehension. */
function insideSomeCode(l: number, src: ScriptSource, program?: Program | null): boolean {
  if (src.funcAt(l) !== '<module>') return true;
  if (program && !program.error) return program.scopes.some((sc) => sc.kind !== 'module' && (sc.lines.has(l) || (l >= sc.callLine && l <= sc.lastLine)));
  // without the analysis: a lambda, comprehension or generator expression on the line
  return /\blambda\b|\bfor\b/.test(src.statementText(l) || src.line(l));
}

const clip = (v: string): string => (v.length > 40 ? `${v.slice(0, 37)}...` : v);
