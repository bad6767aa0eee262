import { parseRepr, type Value } from '../../pyval/index.js';
import type { Program, Scope } from '../format/cfg.js';
import { CUT_MARKER, REPR_LIMIT } from '../format/format.js';
import { MODULES } from '../../pyval/modules/index.js';
import type { ModelState } from '../types.js';

/** Statements whose next event is not the next line of the frame, or that pyval does not model here. */
export const NOT_SIMPLE =
  /^(?:if|elif|else|for|while|with|try|except|finally|def|class|async|match|case|yield|import|from|global|nonlocal|raise|assert|break|continue|pass|await|@)\b/;
/** Code that makes frames of its own (3.11 comprehensions, lambdas, generators) or suspends one. */
export const OWN_FRAMES = /\b(?:for|lambda|yield|await)\b/;
/** The frames a comprehension runs in, by the kind of comprehension (3.12+ inlines all but the generator's). */
export const COMPREHENSION_FRAMES = { gen: '<genexpr>', list: '<listcomp>', set: '<setcomp>', dict: '<dictcomp>' } as const;
export const COMPREHENSION_FRAME_NAMES: ReadonlySet<string> = new Set(Object.values(COMPREHENSION_FRAMES));
/** Reprs the trace format hides in module and class bodies. */
export const HIDDEN_REPR = /^<(?:built-in function|function|class|module|bound method|built-in method) /;

/**
 * Whether a module or class body shows a value with this repr (bridge/shown.py hides
 * modules, functions, classes and `builtin_function_or_method`s in namespaces), where
 * the repr tells: a bound method of a Python class is a `method` and shows; a compiled
 * pattern's bound method (`re.compile(...).search`) is a `builtin_method` from CPython
 * 3.10, and shows; for the other HIDDEN_REPR values the repr alone cannot tell (null).
 */
export function shownInNamespace(repr: string, pythonMinor = 11): boolean | null {
  if (!HIDDEN_REPR.test(repr)) return true;
  // a method of a class written in Python is a `method`, which namespaces show
  if (repr.startsWith('<bound method ')) return true;
  if (/^<built-in method \w+ of re\.Pattern object/.test(repr)) return pythonMinor >= 10;
  return null;
}

/**
 * What a module frame shows of a name a statement bound to `repr`: `true` shown,
 * `false` hidden (left out of the step's changes), null where ndbg cannot tell, so the
 * step is the model's (a dunder name, a repr shownInNamespace cannot read).
 */
export function moduleShows(name: string, repr: string, pythonMinor?: number): boolean | null {
  return name.startsWith('__') ? null : shownInNamespace(repr, pythonMinor);
}

/** What the program binds by def, class or import, read once per source: each name, and for an import its module. */
interface Binding {
  name: string;
  module?: string;
}
const bindingsCache = new WeakMap<readonly string[], Binding[]>();
function bindings(lines: readonly string[]): Binding[] {
  let out = bindingsCache.get(lines);
  if (!out) {
    out = [];
    for (const l of lines) {
      const d = /^\s*(?:async\s+)?(?:def|class)\s+([A-Za-z_]\w*)/.exec(l);
      if (d) out.push({ name: d[1]! });
      // a namedtuple class bound at the top level: built by pyval, like the program's classes, running none of its code
      const nt = /^([A-Za-z_]\w*)\s*=\s*(?:collections\.)?namedtuple\s*\(/.exec(l);
      if (nt) out.push({ name: nt[1]!, module: 'collections' });
      const imp = /^\s*(?:from\s+(\S+)\s+)?import\s+(.+)$/.exec(l);
      if (imp)
        for (const m of imp[2]!.matchAll(/([A-Za-z_][\w.]*)(?:\s+as\s+([A-Za-z_]\w*))?/g))
          out.push({ name: m[2] ?? m[1]!.split('.')[0]!, module: imp[1] ?? m[1]! });
    }
    bindingsCache.set(lines, out);
  }
  return out;
}

/** Names the program binds by def, class or import (cached per source): a statement naming one may call the program. */
const definedCache = new WeakMap<readonly string[], Set<string>>();
export function definedNames(lines: readonly string[]): Set<string> {
  let names = definedCache.get(lines);
  if (!names) definedCache.set(lines, (names = new Set(bindings(lines).map((b) => b.name))));
  return names;
}

/** Names the program imports from modules pyval models (src/pyval/modules/): calling them runs none of its code. */
const modelledCache = new WeakMap<readonly string[], Set<string>>();
export function modelledImports(lines: readonly string[]): Set<string> {
  let names = modelledCache.get(lines);
  if (!names) {
    const modelled = bindings(lines).filter((b) => b.module !== undefined && Object.hasOwn(MODULES, b.module));
    modelledCache.set(lines, (names = new Set(modelled.map((b) => b.name))));
  }
  return names;
}

/** Whether `text` names the program's own code (definedNames, less modelledImports): a step over it runs that code. */
export function runsProgramCode(text: string, lines: readonly string[]): boolean {
  const defined = definedNames(lines);
  const modelled = modelledImports(lines);
  for (const m of text.matchAll(/[A-Za-z_]\w*/g)) if (defined.has(m[0]) && !modelled.has(m[0])) return true;
  return false;
}

/** Whether `text` names something the program defines (definedNames): it may call the program's code. */
export function namesTheProgram(text: string, lines: readonly string[]): boolean {
  const defined = definedNames(lines);
  for (const m of text.matchAll(/[A-Za-z_]\w*/g)) if (defined.has(m[0])) return true;
  return false;
}

/** The scope pyval evaluates in for a state: its locals (a copy), and for a function frame no globals it could know. */
export function scopeOf(state: ModelState, extra: Record<string, string> = {}): { locals: Record<string, string>; globals?: Record<string, string> } {
  const locals = { ...state.locals, ...extra };
  return state.func === '<module>' ? { locals } : { locals, globals: {} };
}

/** The locals after a step: `locals` without what it deleted, with what it changed (in that order, as a frame's dict keeps them). */
export function localsAfter(locals: Record<string, string>, changes: Record<string, string>, deleted: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(locals)) if (!deleted.includes(k)) out[k] = v;
  return Object.assign(out, changes);
}

/** The one scope a state's frame can be in, when it is one and no generator (which may resume elsewhere). */
export function frameScope(program: Program, state: ModelState): Scope | null {
  const scopes = program.scopesOf(state.func!, state.line!);
  return scopes.length === 1 && !scopes[0]!.generator ? scopes[0]! : null;
}

/**
 * Whether a value holds a set whose order pyval only guesses (elements whose hash
 * depends on the program's PYTHONHASHSEED, like str): its repr would be a guess too.
 */
export function guessedOrder(v: Value, depth = 0): boolean {
  if (depth > 20) return true;
  switch (v.kind) {
    case 'set':
    case 'frozenset':
      return (v.store.size > 1 && !v.store.exactOrder) || v.store.values().some((x) => guessedOrder(x, depth + 1));
    case 'list':
    case 'tuple':
      return v.items.some((x) => guessedOrder(x, depth + 1));
    case 'dict':
      return v.store.entries().some(([k, x]) => guessedOrder(k, depth + 1) || guessedOrder(x, depth + 1));
    default:
      return false;
  }
}
export const reprGuessed = (r: string) => guessedOrder(parseRepr(r));

export const cut = (r: string) => (r.length > REPR_LIMIT ? r.slice(0, REPR_LIMIT) + CUT_MARKER : r);

/**
 * The logical line (statement) that starts at `line` (1-based): its physical lines
 * joined while brackets are open or a line ends in a backslash, comments left out. Null when the line
 * continues an earlier statement, or for compound or multi-statement lines.
 */
export function statementAt(lines: readonly string[], line: number): string | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  for (let k = line - 1; k < lines.length; k++) {
    let text = lines[k]!;
    let cont = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (text.startsWith(quote, i)) {
          i += quote.length - 1;
          quote = '';
        }
        continue;
      }
      if (c === '#') {
        // a comment is no part of the statement (its words would read as code: `# for each`)
        text = text.slice(0, i).trimEnd();
        break;
      }
      if (c === '"' || c === "'") quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      else if (c === ';' && depth === 0) return null;
      else if (c === '\\' && i === text.length - 1) cont = true;
    }
    parts.push(cont ? text.slice(0, -1) : text);
    if (quote.length === 1) return null; // an unterminated string
    if (depth < 0) return null; // the line continues an earlier statement
    if (depth === 0 && !quote && !cont) break;
  }
  const stmt = parts.join('\n').trim();
  return stmt === '' ? null : stmt;
}

/**
 * The brackets that open at `open` (string-aware): the text inside, split at its
 * top-level commas, and where they close; null if they do not.
 */
export function argumentsAt(text: string, open: number): { parts: string[]; close: number } | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (--depth === 0) {
        parts.push(text.slice(start, i));
        return { parts: parts.map((p) => p.trim()).filter((p, k, all) => p !== '' || k < all.length - 1), close: i };
      }
    } else if (c === ',' && depth === 1) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return null;
}

/** The one successor line of the state's line in its frame, when the analysis gives exactly one and no return. */
export function onlyNext(program: Program | null | undefined, before: ModelState): number | undefined {
  if (!program || program.error) return undefined;
  const frame = frameScope(program, before);
  if (!frame || frame.returns.has(before.line!)) return undefined;
  const next = [...new Set(frame.succ.get(before.line!) ?? [])];
  return next.length === 1 ? next[0] : undefined;
}

/** Whether the frame's code ends after the state's line (a return point with no successor). */
export function endsFrame(program: Program, before: ModelState): boolean {
  const sc = frameScope(program, before);
  return sc?.returns.has(before.line!) === true && !(sc.succ.get(before.line!) ?? []).length;
}
