// One call of a script's function set up for the model without running it: the
// arguments of a call written as Python (`1, k=2`) bound to the function's
// parameters as reprs, in the order CPython lists them (co_varnames), the call
// written back from a frame's locals, and model states with a module's defaults.
// `ndbg eval cruxeval` and the MCP prediction tools use them.

import type { ModelState } from '../../model/types.js';
import { evaluate } from '../../pyval/index.js';
import { splitTopLevel, type Param } from './source.js';

/** The repr of a Python literal, or null when pyval cannot read it. */
export const reprOf = (expr: string): string | null => {
  const r = evaluate(expr, { locals: {} });
  return r.ok ? r.repr : null;
};

/** f's locals at its call event for a call `f(<input>)`: parameters in co_varnames order, as reprs. */
export function bindArguments(params: Param[], input: string): Record<string, string> | string {
  const positional: string[] = [];
  const keywords = new Map<string, string>();
  for (const piece of splitTopLevel(input)) {
    const t = piece.trim();
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)([\s\S]*)$/.exec(t);
    const r = reprOf(kw ? kw[2]! : t);
    if (r === null) return `the input ${JSON.stringify(t)} is not a literal ndbg can read`;
    if (kw) keywords.set(kw[1]!, r);
    else positional.push(r);
  }
  const locals: Record<string, string> = {};
  let k = 0;
  const extra: string[] = [];
  for (const p of params) {
    if (p.kind === 'pos') {
      if (k < positional.length) locals[p.name] = positional[k++]!;
      else if (keywords.has(p.name)) {
        locals[p.name] = keywords.get(p.name)!;
        keywords.delete(p.name);
      } else if (p.default !== undefined) {
        const r = reprOf(p.default);
        if (r === null) return `the default of ${p.name} is not a literal ndbg can read`;
        locals[p.name] = r;
      } else return `no value for the parameter ${p.name}`;
    }
  }
  while (k < positional.length) extra.push(positional[k++]!);
  for (const p of params) {
    if (p.kind === 'kwonly') {
      if (keywords.has(p.name)) {
        locals[p.name] = keywords.get(p.name)!;
        keywords.delete(p.name);
      } else if (p.default !== undefined) {
        const r = reprOf(p.default);
        if (r === null) return `the default of ${p.name} is not a literal ndbg can read`;
        locals[p.name] = r;
      } else return `no value for the parameter ${p.name}`;
    }
  }
  const star = params.find((p) => p.kind === 'star');
  if (star) locals[star.name] = extra.length === 1 ? `(${extra[0]},)` : `(${extra.join(', ')})`;
  else if (extra.length) return 'too many positional arguments';
  const starstar = params.find((p) => p.kind === 'starstar');
  if (starstar) locals[starstar.name] = `{${[...keywords].map(([k2, v]) => `'${k2}': ${v}`).join(', ')}}`;
  else if (keywords.size) return `unexpected keyword argument ${[...keywords.keys()][0]}`;
  // co_varnames order: positional, keyword-only, *args, **kwargs
  const order = [
    ...params.filter((p) => p.kind === 'pos'),
    ...params.filter((p) => p.kind === 'kwonly'),
    ...(star ? [star] : []),
    ...(starstar ? [starstar] : []),
  ];
  const out: Record<string, string> = {};
  for (const p of order) out[p.name] = locals[p.name]!;
  return out;
}

/** `f(...)` from predicted call locals: the input-prediction answer. */
export function callFromLocals(params: Param[], locals: Record<string, string>): string | null {
  const parts: string[] = [];
  for (const p of params) {
    const v = locals[p.name];
    if (v === undefined) return null;
    if (p.kind === 'pos') parts.push(v);
    else if (p.kind === 'kwonly') parts.push(`${p.name}=${v}`);
    else if (p.kind === 'star') parts.push(`*${v}`);
    else parts.push(`**${v}`);
  }
  return `f(${parts.join(', ')})`;
}

/** A model state with the defaults of a module-level state. */
export const modelState = (s: Partial<ModelState> & Pick<ModelState, 'event'>): ModelState => ({
  line: null,
  func: '<module>',
  stack: [],
  locals: {},
  retval: null,
  exception: null,
  stdout: '',
  exit: null,
  ...s,
});
