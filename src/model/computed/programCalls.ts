// Where a statement calls the program's own code, and what that call's frame binds:
// the one call site of a statement (a function, a class, a method of an object the
// state shows), the code object it enters (a method found through the class's
// bases, a constructor's `__init__`), and its parameters bound to the arguments,
// each computed by pyval. Shared by the step into a call (methods.ts, calls.ts)
// and the step back out of one into its caller (returns.ts).

import { evaluate } from '../../pyval/index.js';
import { readProgram, type Node } from '../../pyval/program.js';
import type { Program, Scope } from '../format/cfg.js';
import { argumentsAt, cut, definedNames, HIDDEN_REPR, modelledImports, statementAt } from './scope.js';

/** A call of the program's code in a statement: `callee(...)` spanning [start, end). */
export interface CallSite {
  /** The callee as written (`f`, `Cart`, `cart.add`, `self.items.get`). */
  callee: string;
  /** Its last name (`add`). */
  name: string;
  /** For `obj.name(...)`: the object's name, when it is a plain local (`cart`, `self`). */
  obj?: string;
  start: number;
  end: number;
  args: string[];
}

/**
 * The statement's one call of the program's code, where it names the program's code
 * exactly once and that once is a call; null otherwise (no call, several, or a
 * program name used as a value: a call could hide behind it).
 */
export function programCall(stmt: string, lines: readonly string[]): CallSite | null {
  if (/\b(?:lambda|yield|await)\b|:=/.test(stmt)) return null;
  const defined = definedNames(lines);
  const modelled = modelledImports(lines);
  const named = [...stmt.matchAll(/[A-Za-z_]\w*/g)].filter((m) => defined.has(m[0]) && !modelled.has(m[0]) && !inString(stmt, m.index!));
  if (named.length !== 1) return null;
  const at = named[0]!.index!;
  const name = named[0]![0];
  const after = /^\s*\(/.exec(stmt.slice(at + name.length));
  if (!after) return null;
  // the callee's text: the name with what it is an attribute of (`cart.add`, `self.add`)
  const head = /(?:([A-Za-z_]\w*)\s*\.\s*)?$/.exec(stmt.slice(0, at))!;
  if (head[0] === '' && /[\w.)\]]\s*$/.test(stmt.slice(0, at))) return null; // `x[0].add(`, `f().add(`
  const start = at - head[0].length;
  if (head[1] !== undefined && /[\w.)\]]\s*$/.test(stmt.slice(0, start))) return null; // `a.b.add(`
  const open = at + name.length + after[0].length - 1;
  const list = argumentsAt(stmt, open);
  if (!list || list.parts.some((a) => a.startsWith('*'))) return null;
  const site: CallSite = { callee: stmt.slice(start, at + name.length), name, start, end: list.close + 1, args: list.parts };
  if (head[1] !== undefined) site.obj = head[1];
  return site;
}

/** Whether offset `i` of `text` lies inside a string literal (quotes counted from the start). */
function inString(text: string, i: number): boolean {
  let quote = '';
  for (let k = 0; k < i; k++) {
    const c = text[k]!;
    if (quote) {
      if (c === '\\') k++;
      else if (text.startsWith(quote, k)) {
        k += quote.length - 1;
        quote = '';
      }
    } else if (c === '"' || c === "'") quote = text.startsWith(c.repeat(3), k) ? c.repeat(3) : c;
  }
  return quote !== '';
}

/** The program's top-level class `name`, as pyval reads the program (null: none, or not top-level). */
export function classNode(lines: readonly string[], name: string): Extract<Node, { k: 'class' }> | null {
  const found = readProgram(lines).filter((n): n is Extract<Node, { k: 'class' }> => n.k === 'class' && n.name === name);
  return found.length === 1 ? found[0]! : null;
}

/** A class's plain bases: the program's own classes by name, or null where one is anything else (`object` aside). */
function bases(node: Extract<Node, { k: 'class' }>, lines: readonly string[]): string[] | null {
  if (node.keywords) return null;
  const out: string[] = [];
  for (const b of node.bases) {
    if (b.k !== 'name') return null;
    if (b.id === 'object') continue;
    if (!classNode(lines, b.id)) return null;
    out.push(b.id);
  }
  return out;
}

/**
 * The plain function `cls.name` resolves to: the class's own `def name` or, with one
 * base at a time, its bases' (depth-first as CPython's MRO is for single inheritance);
 * undefined where no class of the chain defines it, null where it cannot be told (a
 * decorated class or method, several bases, a base that is not the program's).
 */
export function methodOf(program: Program, lines: readonly string[], cls: string, name: string): Scope | null | undefined {
  for (let c: string | undefined = cls, depth = 0; c !== undefined && depth < 20; depth++) {
    const node = classNode(lines, c);
    if (!node || node.decorators.length) return null;
    const own = program.scopes.filter((s) => s.key === `${c}.${name}`);
    if (own.length > 1) return null;
    if (own.length === 1) {
      const fn = own[0]!;
      const sig = statementAt(lines, fn.defLine)?.trim() ?? '';
      if (fn.kind !== 'function' || fn.generator || fn.callLine !== fn.defLine || !new RegExp(`^def\\s+${name}\\s*\\(`).test(sig)) return null;
      return fn;
    }
    // an attribute of the class body that is not a def (`add = other`) hides the bases'
    const body = program.scopes.find((s) => s.key === c && s.kind === 'class');
    const assigns = new RegExp(`^\\s+${name}\\s*(?::[^=]*)?=(?!=)`);
    if (!body || lines.slice(body.defLine, body.lastLine).some((l) => assigns.test(l))) return null;
    const b = bases(node, lines);
    if (b === null || b.length > 1) return null;
    c = b[0];
  }
  return undefined;
}

/** The class a shown value is an instance of, where its repr says so: `<__main__.C object>` (only the program's top-level classes). */
export function classOfRepr(value: string, lines: readonly string[]): string | null {
  const m = /^<__main__\.([A-Za-z_]\w*) object>$/.exec(value);
  return m && classNode(lines, m[1]!) ? m[1]! : null;
}

/**
 * The parameters of the function whose `def` is `sig` (from its `(`), bound to `args`
 * (positional, then keyword) with `preset` first (a method's `self`): each argument
 * and default computed, defaults alone. Null where one is not plain (`*`, `/`,
 * annotations) or cannot be computed exactly.
 */
export function bindArguments(
  sig: string,
  args: readonly string[],
  scope: { locals: Record<string, string>; globals?: Record<string, string> },
  pythonMinor: number | undefined,
  preset: readonly [string, string][] = [],
): Record<string, string> | null {
  const params = argumentsAt(sig, sig.indexOf('('))?.parts;
  if (!params || params.some((p) => /[*/:]/.test(p)) || args.some((a) => a.startsWith('*'))) return null;
  const value = (expr: string, sc: typeof scope) => {
    const r = evaluate(expr, sc, { pythonMinor });
    return r.ok && r.output === '' && !HIDDEN_REPR.test(r.repr) ? cut(r.repr) : null;
  };
  const names = params.map((p) => p.split('=')[0]!.trim());
  const bound: Record<string, string> = {};
  let k = 0;
  for (const [n, v] of preset) {
    if (names[k] !== n) return null;
    bound[n] = v;
    k++;
  }
  for (const a of args) {
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)(.*)$/s.exec(a);
    const target = kw ? kw[1]! : names[k++];
    if (target === undefined || !names.includes(target) || target in bound) return null;
    const v = value(kw ? kw[2]! : a, scope);
    if (v === null) return null;
    bound[target] = v;
  }
  const out: Record<string, string> = {};
  for (let i = 0; i < params.length; i++) {
    const n = names[i]!;
    if (n in bound) out[n] = bound[n]!;
    else {
      const d = /^[A-Za-z_]\w*\s*=(.*)$/s.exec(params[i]!);
      const v = d ? value(d[1]!, { locals: {} }) : null; // a default: a literal, evaluated alone
      if (v === null) return null;
      out[n] = v;
    }
  }
  return out;
}
