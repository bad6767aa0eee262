// Module constants: a name the module binds once, from an expression of literals
// (`TRANSITIONS = {("red", "timer"): "green", ...}`), and that no line of the
// program rebinds or can change (it is only read: subscripted, iterated, `.get`,
// `.items()`, passed to a builtin that reads). A state shows such a value cut at
// 100 characters, and a function frame does not show it at all (it is a global),
// so steps over it were the model's; its value follows from the source alone. A
// constant passed to a function of the program whose parameter is only read stays
// one, and that parameter holds it in full where every call passes the same one.

import { evaluate, type Value } from '../../pyval/index.js';
import { importModule, MODULES } from '../../pyval/modules/index.js';
import { holdsObjects } from '../../pyval/objects.js';
import type { Program } from '../format/cfg.js';
import { CUT_MARKER } from '../format/format.js';
import type { ModelState } from '../types.js';
import { argumentsAt, cut, statementAt } from './scope.js';

interface Constant {
  line: number;
  expr: string;
  /** Bound before the module runs anything else, so every function call sees it. */
  early: boolean;
}

const cache = new WeakMap<Program, Map<string, Constant>>();
const linesCache = new WeakMap<Program, string[]>();
const modulesCache = new WeakMap<readonly string[], Set<string>>();
const defsCache = new WeakMap<readonly string[], Map<string, Def>>();

/** The program's source lines, split once (constantsFor runs on every computed step). */
function linesOf(program: Program): string[] {
  let lines = linesCache.get(program);
  if (!lines) linesCache.set(program, (lines = program.source.split('\n')));
  return lines;
}

/** Reads of a constant that change nothing: what may follow the name, or come before it. */
/** Reads of a constant that cannot change it or let it escape (a method that reads, a builtin that reads, `in`). */
const READ_AFTER = /^\.(?:get|items|keys|values|count|index)\s*\(/;
const READ_BEFORE = /(?:\bin\s+|\b(?:len|sorted|list|tuple|set|dict|sum|max|min|any|all|enumerate|zip|reversed|str|repr|print)\s*\(\s*)$/;
const STATEMENT_START = /^(?:def|class|import|from|@)\b|^["']|^$/;

function constantsOf(program: Program): Map<string, Constant> {
  let found = cache.get(program);
  if (found) return found;
  found = new Map();
  cache.set(program, found);
  const lines = linesOf(program);
  if (program.rebindsElsewhere) return found;
  let running = false;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (/^\s/.test(text) || text.trim() === '' || text.startsWith('#')) continue;
    const at = i + 1;
    const stmt = statementAt(lines, at) ?? '';
    i += stmt.split('\n').length - 1; // the statement's other lines
    const m = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/s.exec(stmt);
    const literal = m && /^[[{("'\d-]/.test(m[2]!.trim()) && !/[A-Za-z_]\w*\s*\(/.test(m[2]!.replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""'));
    // a modelled module's constant: `ALPHA = string.ascii_lowercase`
    const fromModule = m && /^([A-Za-z_]\w*)\.[A-Za-z_]\w*$/.exec(m[2]!.trim());
    if (m && (literal || (fromModule && modules(lines).has(fromModule[1]!)))) {
      const v = constantValue(m[2]!, lines);
      if (onlyRead(lines, m[1]!, at, v.ok && frozen(v.value))) found.set(m[1]!, { line: at, expr: m[2]!, early: !running });
      continue;
    }
    if (!STATEMENT_START.test(text)) running = true;
  }
  return found;
}

/** The modelled modules the module imports whole at its top level (`import string`). */
function modules(lines: readonly string[]): Set<string> {
  let out = modulesCache.get(lines);
  if (out) return out;
  out = new Set<string>();
  for (const l of lines) {
    const m = /^import\s+([A-Za-z_]\w*)\s*(?:#.*)?$/.exec(l);
    if (m && Object.hasOwn(MODULES, m[1]!)) out.add(m[1]!);
  }
  modulesCache.set(lines, out);
  return out;
}

/** A constant's value: its expression evaluated from the source alone (the modelled modules it reads bound). */
function constantValue(expr: string, lines: readonly string[]) {
  const known = new Map<string, Value>();
  const locals: Record<string, string> = {};
  for (const name of modules(lines)) {
    known.set(name, importModule(name));
    locals[name] = 'None'; // read from `known`
  }
  return evaluate(expr, { locals, known });
}

/** A module-level `def` of the program: its parameters and the lines of its body. */
interface Def {
  params: string[];
  from: number;
  to: number;
}

/** The program's module-level functions of plain positional parameters, by name. */
function defsOf(lines: readonly string[]): Map<string, Def> {
  const cached = defsCache.get(lines);
  if (cached) return cached;
  const defs = new Map<string, Def>();
  defsCache.set(lines, defs);
  for (let i = 0; i < lines.length; i++) {
    const m = /^def\s+([A-Za-z_]\w*)\s*\(([^()]*)\)\s*(?:->[^:]*)?:\s*(?:#.*)?$/.exec(lines[i]!);
    if (!m) continue;
    let to = i + 1;
    while (to < lines.length && (/^\s/.test(lines[to]!) || lines[to]!.trim() === '' || lines[to]!.startsWith('#'))) to++;
    const params = m[2]!
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
    // defaults, annotations, *args, keyword-only parameters: the positions would not be plain
    if (params.some((x) => !/^[A-Za-z_]\w*$/.test(x))) continue;
    defs.set(m[1]!, { params, from: i + 1, to });
  }
  return defs;
}

/** The arguments of the call whose `(` is at `open`, split at top-level commas; null where it is not plain (a string among them). */
function callArgs(text: string, open: number): string[] | null {
  const a = argumentsAt(text, open);
  return a && !a.parts.some((p) => /["']/.test(p)) ? a.parts : null;
}

/**
 * Whether an occurrence of `name` at `at` in `text` is a positional argument of a
 * call of the program's function whose parameter there is only read in its body
 * (so the constant stays what its literal says, seen through the parameter too).
 */
function passedToReader(lines: readonly string[], text: string, at: number, name: string, depth: number): boolean {
  const m = /([A-Za-z_]\w*)\s*\(([^()'"]*)$/.exec(text.slice(0, at));
  if (!m || depth > 2 || /(?:\bdef\s+|\.)$/.test(text.slice(0, m.index))) return false;
  const def = defsOf(lines).get(m[1]!);
  const args = callArgs(text, m.index! + m[0].length - m[2]!.length - 1);
  if (!def || !args) return false;
  const i = args.indexOf(name);
  if (i < 0 || i >= def.params.length || args.slice(0, i).some((a) => a.includes('='))) return false;
  return readsOnly(lines, def.params[i]!, def.from, def.to, -1, depth + 1, false);
}

/** Whether a value can never change: a str, bytes, number, None, or a tuple of such. */
function frozen(v: Value): boolean {
  if (['none', 'bool', 'int', 'float', 'str', 'bytes'].includes(v.kind)) return true;
  return v.kind === 'tuple' && v.items.every(frozen);
}

/** A statement that binds the name just before `after` (an assignment to it, augmented or in a tuple of targets). */
const BINDS = /^\s*(?:=(?!=)|[-+*/%&|^@]=|\/\/=|\*\*=|<<=|>>=|,[^=()]*=(?!=))/;

/**
 * Whether `name` is bound only on `line` (once) and only read elsewhere; for a value
 * that can never change (`frozen`), whether it is bound only there.
 */
function onlyRead(lines: readonly string[], name: string, line: number, frozen: boolean): boolean {
  return readsOnly(lines, name, 0, lines.length, line, 0, frozen);
}

/** onlyRead within lines [from, to) (a function's body: its parameter), the binding on `line` aside. */
function readsOnly(lines: readonly string[], name: string, from: number, to: number, line: number, depth: number, frozen: boolean): boolean {
  const word = new RegExp(`(?<![\\w.])${name}(?!\\w)`, 'g');
  for (let i = from; i < to; i++) {
    const text = lines[i]!.replace(/#.*$/, '');
    for (const m of text.matchAll(word)) {
      if (i + 1 === line && m.index === 0) continue;
      const before = text.slice(0, m.index);
      const after = text.slice(m.index! + name.length);
      if (/^\s*\[/.test(after)) {
        // a subscript that is read, not assigned or deleted
        let depth = 0;
        let k = after.indexOf('[');
        for (; k < after.length; k++) {
          if (after[k] === '[') depth++;
          else if (after[k] === ']' && --depth === 0) break;
        }
        if (/^\s*(?:=(?!=)|[-+*/%&|^]=|\/\/=)/.test(after.slice(k + 1)) || /\bdel\s+$/.test(before)) return false;
        continue;
      }
      if (/\b(?:global|nonlocal|del|for|as|import)\s+$/.test(before)) return false;
      if (frozen) {
        if (BINDS.test(after) || (/^\s*(?:[A-Za-z_]\w*\s*,\s*)+$/.test(before) && /^\s*(?:,[^=]*)?=(?!=)/.test(after))) return false;
        continue;
      }
      if (READ_AFTER.test(after) || (READ_BEFORE.test(before) && /^\s*[),:]/.test(after))) continue;
      if (!passedToReader(lines, text, m.index!, name, depth)) return false;
    }
  }
  return true;
}

/**
 * The module constants a step from `state` may read in full: where its locals show
 * one cut (the module's frame), or where a function frame reads the module's
 * globals. Fresh values each time, so that nothing computed over them is kept.
 */
export function constantsFor(program: Program | null | undefined, state: ModelState): { known: Map<string, Value>; globals: Record<string, string> } | null {
  if (!program || program.error) return null;
  const found = constantsOf(program);
  if (!found.size) return null;
  const known = new Map<string, Value>();
  const globals: Record<string, string> = {};
  const module = state.func === '<module>';
  const usable = (c: Constant) => {
    const r = constantValue(c.expr, linesOf(program));
    return !r.ok || r.output !== '' || holdsObjects(r.value) ? null : r;
  };
  for (const [name, c] of found) {
    const shown = state.locals[name];
    if (module ? !shown?.endsWith(CUT_MARKER) : shown !== undefined || !c.early) continue;
    const r = usable(c);
    if (!r) continue;
    known.set(name, r.value);
    if (!module) globals[name] = r.repr;
  }
  // a function's parameters that every call of it binds to a constant, shown cut
  if (!module && state.func !== null) {
    const lines = linesOf(program);
    const def = defsOf(lines).get(state.func);
    def?.params.forEach((p, i) => {
      const shown = state.locals[p];
      if (!shown?.endsWith(CUT_MARKER) || known.has(p)) return;
      const from = constantArgument(lines, state.func!, i, found);
      const r = from && usable(from);
      // the parameter is what the call passed: never rebound (nor changed, for a value that can change)
      if (r && cut(r.repr) === shown && readsOnly(lines, p, def.from, def.to, -1, 0, frozen(r.value))) known.set(p, r.value);
    });
  }
  return known.size ? { known, globals } : null;
}

/** The constant every call of the program's function `func` passes at position `i`; null where some call passes something else. */
function constantArgument(lines: readonly string[], func: string, i: number, found: Map<string, Constant>): Constant | null {
  let seen: Constant | null = null;
  const call = new RegExp(`(?<![\\w.])${func}\\s*\\(`, 'g');
  for (const text of lines) {
    const code = text.replace(/#.*$/, '');
    for (const m of code.matchAll(call)) {
      if (/\bdef\s+$/.test(code.slice(0, m.index))) continue;
      const args = callArgs(code, m.index! + m[0].length - 1);
      const c = args && /^[A-Za-z_]\w*$/.test(args[i] ?? '') ? found.get(args[i]!) : undefined;
      if (!c || (seen && seen !== c)) return null;
      seen = c;
    }
  }
  return seen;
}
