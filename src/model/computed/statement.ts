import { evaluate, execute, strRepr } from '../../pyval/index.js';
import { parseExpression, parseStatements, type Expr } from '../../pyval/parser.js';
import { MODULES } from '../../pyval/modules/index.js';
import type { Program } from '../format/cfg.js';
import { CUT_MARKER, withoutAddresses } from '../format/format.js';
import type { ModelState } from '../types.js';
import type { ComputedStep } from './types.js';
import {
  argumentsAt,
  cut,
  endsFrame,
  frameScope,
  guessedOrder,
  HIDDEN_REPR,
  namesTheProgram,
  onlyNext,
  OWN_FRAMES,
  reprGuessed,
  moduleShows,
} from './scope.js';
import { programScope } from './programScope.js';

/**
 * `stmt` run by pyval over the state's locals (and `extra` names, left out of the
 * result): a `return`'s value, or what the statement binds, changes, deletes and
 * prints (after `printed`, what came before it in the step), with the one next line.
 */
export function runStatement(
  stmt: string,
  before: ModelState,
  program: Program | null | undefined,
  extra: Record<string, string>,
  printed: string,
  pythonMinor: number | undefined,
): ComputedStep | null {
  const module = before.func === '<module>';
  const scope = programScope(before, program, extra);
  const ret = /^return\b\s*(.*)$/s.exec(stmt);
  if (ret) {
    const r = evaluate(ret[1]!.trim() === '' ? 'None' : ret[1]!, scope, { pythonMinor });
    if (!r.ok) return raised(r, before, printed);
    return !guessedOrder(r.value) ? { changes: {}, deleted: [], stdout: printed + r.output, retval: cut(withoutAddresses(r.repr)) } : null;
  }
  const r = execute(stmt, scope, { pythonMinor, echo: false });
  if (!r.ok) return raised(r, before, printed);
  if (Object.keys(r.globalChanges).length) return null;
  // an expression statement's value is echoed by execute (as at a prompt), never by a program
  if (r.output !== '' && !/^print\s*\(/.test(stmt)) return null;
  if (r.output !== '') {
    // what print shows of a set pyval orders by guess is a guess too
    const args = argumentsAt(stmt, stmt.indexOf('('))?.parts.filter((a) => !/^[A-Za-z_]\w*\s*=(?!=)/.test(a) && !a.startsWith('*'));
    const shown = args?.length ? evaluate(`(${args.join(', ')},)`, scope, { pythonMinor }) : null;
    if (args === undefined || (shown && (!shown.ok || guessedOrder(shown.value)))) return null;
  }
  const changes: Record<string, string> = {};
  // a class body is a namespace as the module is: its dunder names never show (bridge/shown.py)
  const classBody = !module && !!program && !program.error && frameScope(program, before)?.kind === 'class';
  for (const [k, v] of Object.entries(r.changes)) {
    if (k in extra) continue;
    if (module) {
      const shows = moduleShows(k, v, pythonMinor);
      if (shows === null) return null;
      if (!shows) continue;
    }
    if (classBody && k.startsWith('__') && k.endsWith('__')) continue;
    if (classBody && HIDDEN_REPR.test(v)) return null;
    if (reprGuessed(v)) return null;
    changes[k] = cut(withoutAddresses(v));
  }
  const out: ComputedStep = { changes, deleted: r.deleted.filter((k) => !(k in extra)), stdout: printed + r.output };
  if (program && !program.error && endsFrame(program, before)) out.ends = true;
  const next = onlyNext(program, before);
  if (next !== undefined) out.next = next;
  return out;
}

/**
 * Exceptions pyval raises only from the values themselves (`total / len(xs)` with
 * `xs == []`), never for want of a name or a type it does not know: a NameError
 * may be a global the state does not hold, a TypeError or AttributeError an object
 * it only half knows.
 */
const RAISED_FROM_VALUES = new Set(['ZeroDivisionError', 'IndexError', 'KeyError']);

/**
 * The statement raised, by pyval over the state's values: the exception event on
 * its line, the frame's locals as they were (the statement bound nothing), what it
 * printed first. Null for a refusal or an exception that may be pyval's, not the
 * program's: one the program's own `raise` or `assert` raised (`explicit`) is its,
 * of the others only those of RAISED_FROM_VALUES.
 */
export function raised(
  r: { refused?: boolean; exception?: string; message?: string; explicit?: boolean; output: string },
  before: ModelState,
  printed: string,
): ComputedStep | null {
  if (r.refused || !r.exception || !r.message || before.event !== 'line') return null;
  if (!r.explicit && !RAISED_FROM_VALUES.has(r.exception)) return null;
  const stdout = printed + r.output;
  const state: ModelState = {
    ...before,
    locals: { ...before.locals },
    stack: [...before.stack],
    event: 'exception',
    exception: r.message,
    retval: null,
    stdout,
    exit: null,
  };
  return { changes: {}, deleted: [], stdout, state };
}

/**
 * The `return` of a `__repr__`: it returns the text the state shows for `self`, since
 * the tracer shows `self` by calling this same method (a repr the format cut, or
 * the default `<X object at ...>`, says nothing).
 */
export function reprReturn(stmt: string, before: ModelState): ComputedStep | null {
  const self = before.locals.self;
  if (before.func !== '__repr__' || !/^return\b/.test(stmt) || self === undefined) return null;
  if (self.endsWith(CUT_MARKER) || / object at 0x[0-9a-f]+>$/.test(self)) return null;
  const retval = cut(strRepr(self));
  const state: ModelState = { ...before, locals: { ...before.locals }, stack: [...before.stack], event: 'return', retval, exception: null, exit: null };
  return { changes: {}, deleted: [], stdout: '', retval, state };
}

/** The lambda expressions of a statement, outermost first. */
export function lambdasOf(node: unknown, out: Array<Extract<Expr, { k: 'lambda' }>> = []): Array<Extract<Expr, { k: 'lambda' }>> {
  if (Array.isArray(node)) for (const x of node) lambdasOf(x, out);
  else if (node && typeof node === 'object') {
    if ((node as Expr).k === 'lambda') out.push(node as Extract<Expr, { k: 'lambda' }>);
    for (const v of Object.values(node)) if (v && typeof v === 'object') lambdasOf(v, out);
  }
  return out;
}

/**
 * `s` / `n` at a lambda's line event: its body is one expression, so the next event
 * is the frame's return, with the body's value, when the statement holds one lambda
 * (the frame's code is known) whose body calls nothing of the program.
 */
export function lambdaReturn(
  stmt: string,
  lines: readonly string[],
  before: ModelState,
  program: Program | null | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  // pyval parses simple statements; of a `return` or a compound header, the expression
  const head = /^(?:return|if|elif|while|for\s.+?\sin)\s+(.*?):?$/s.exec(stmt);
  const text = head ? head[1]! : stmt;
  let found: Array<Extract<Expr, { k: 'lambda' }>>;
  try {
    found = lambdasOf(head ? parseExpression(text) : parseStatements(stmt));
  } catch {
    return null;
  }
  if (found.length !== 1) return null;
  const body = text.slice(found[0]!.body.s, found[0]!.body.e);
  if (OWN_FRAMES.test(body) || namesTheProgram(body, lines)) return null;
  const r = runStatement(`return ${body}`, before, program, {}, '', pythonMinor);
  if (r?.retval === undefined) return null;
  const state: ModelState = {
    ...before,
    locals: { ...before.locals },
    stack: [...before.stack],
    event: 'return',
    retval: r.retval,
    stdout: r.stdout,
    exception: null,
    exit: null,
  };
  return { ...r, state };
}

/** Standard-library modules whose import prints nothing and runs none of the program's code. */
export const QUIET_MODULES = new Set(
  'math cmath os sys re json string collections itertools functools operator heapq bisect statistics fractions decimal typing dataclasses enum copy textwrap unicodedata datetime time random array abc numbers'.split(
    ' ',
  ),
);

/** Names of standard modules pyval does not model as a whole that are functions or classes (hidden in a module's locals). */
const HIDDEN_NAMES: Record<string, Set<string>> = {
  dataclasses: new Set('dataclass field fields asdict astuple replace make_dataclass is_dataclass FrozenInstanceError InitVar'.split(' ')),
  abc: new Set('ABC ABCMeta abstractmethod'.split(' ')),
  enum: new Set('Enum IntEnum Flag IntFlag auto unique'.split(' ')),
  contextlib: new Set('contextmanager suppress closing redirect_stdout nullcontext ExitStack'.split(' ')),
  copy: new Set('copy deepcopy'.split(' ')),
  fractions: new Set(['Fraction']),
  decimal: new Set(['Decimal']),
};

/**
 * A module-level statement that binds only names the module's locals never show: a
 * plain `def` (no decorator, no call in its signature) or `import` of quiet standard
 * modules. It changes nothing a state shows; the next line is the one after it.
 * undefined: not such a statement.
 */
export function hiddenBinding(stmt: string, before: ModelState, program: Program | null | undefined): ComputedStep | null | undefined {
  const def = /^def\s+[A-Za-z_]\w*\s*\((.*)\)\s*(?:->[^:]*)?:$/s.exec(stmt);
  const imp = /^import\s+(.+)$/s.exec(stmt);
  const from = /^from\s+([A-Za-z_][\w.]*)\s+import\s+[^*]+$/s.exec(stmt);
  // `Point = namedtuple('Point', 'x y')`: binds a class, which the trace hides (pyval builds it from the module's source)
  const nt = /^[A-Za-z_]\w*\s*=\s*(?:collections\.)?namedtuple\s*\(/.exec(stmt);
  if (!def && !imp && !from && !nt) return undefined;
  // a `def` in a class body: methods.ts (defInClassBody)
  if (def && before.func !== '<module>') return undefined;
  if (before.func !== '<module>' || !program || program.error) return null;
  const changes: Record<string, string> = {};
  if (nt) {
    const r = execute(`import collections; from collections import namedtuple; ${stmt}`, { locals: {} });
    if (!r.ok || Object.values(r.changes).some((v) => !HIDDEN_REPR.test(v))) return null;
  }
  if (from && Object.hasOwn(HIDDEN_NAMES, from[1]!)) {
    // names of these modules that are all functions or classes: the trace hides them
    for (const part of stmt
      .slice(stmt.indexOf(' import ') + 8)
      .replace(/[()]/g, '')
      .split(',')) {
      const m = /^\s*([A-Za-z_]\w*)(?:\s+as\s+[A-Za-z_]\w*)?\s*$/.exec(part);
      if (!m || !HIDDEN_NAMES[from[1]!]!.has(m[1]!)) return null;
    }
  } else if (from) {
    // a module pyval models: what the names are (functions and classes the trace hides)
    if (!Object.hasOwn(MODULES, from[1]!)) return null;
    const r = execute(stmt, { locals: {} });
    if (!r.ok) return null;
    for (const [k, v] of Object.entries(r.changes)) if (!HIDDEN_REPR.test(v)) changes[k] = cut(v);
  }
  if (def) {
    const fn = program.scopes.find((sc) => sc.defLine === before.line && sc.kind === 'function');
    if (!fn || fn.callLine !== fn.defLine || /[()]/.test(def[1]!)) return null;
  } else if (imp) {
    for (const part of imp[1]!.split(',')) {
      const m = /^\s*([A-Za-z_][\w.]*)(?:\s+as\s+[A-Za-z_]\w*)?\s*$/.exec(part);
      if (!m || !QUIET_MODULES.has(m[1]!.split('.')[0]!)) return null;
    }
  }
  const next = onlyNext(program, before);
  return next === undefined ? null : { changes, deleted: [], stdout: '', next };
}
