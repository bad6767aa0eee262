// A step computed except for values only the program knows: templates with holes.
//
// `codes.append(r.status_code)`, where `r` came from a package ndbg does not model:
// pyval cannot say what `r.status_code` is, but it knows what the statement does
// with it: `codes` becomes the same list with one more element. Each unknown piece
// that the statement only stores (an element of a list, a tuple or a dict display,
// the argument of `append` / `insert` / `appendleft`, an assignment's value) is run
// as a placeholder; the names it changes come back as repr templates, computed text
// around holes (templateAuto.ts), and the model writes only the holes. So a list
// never grows by ten elements on one `append`, nor turns into a string.
//
// Sound where it claims anything: an unknown piece is one pyval cannot evaluate,
// that reads no list, dict, set or deque the state holds (an unknown call could
// change them), and stands only where a value is stored: the stored expression as
// a whole is the hole (`xs.append(r.n + 1)` holes `r.n + 1`), so no placeholder is
// ever computed with. Templates hold only for a line event written as a diff: a
// statement that really raises reaches an exception event, which they leave free.

import { execute, evaluate, parseRepr } from '../../pyval/index.js';
import { parseStatements, type Expr, type Stmt } from '../../pyval/parser.js';
import type { Program } from '../format/cfg.js';
import { withoutAddresses } from '../format/format.js';
import type { Template } from '../decode/templateAuto.js';
import type { ModelAction, ModelState } from '../types.js';
import { programScope } from './programScope.js';
import { HIDDEN_REPR, reprGuessed, statementAt } from './scope.js';

/** Methods whose arguments at these positions are only stored in the object. */
const STORED_ARGS: Record<string, number[]> = { append: [0], appendleft: [0], insert: [1] };
/** Methods whose argument, when a display, stores its elements. */
const STORED_DISPLAY: ReadonlySet<string> = new Set(['extend', 'update']);
const MUTABLE = new Set(['list', 'dict', 'set', 'deque']);
const HOLE = (k: number) => `__ndbg_hole${k}`;
const SENTINEL = /'\\x00ndbg(\d+)\\x00'/g;

/** Where a stored value stands: each element of a display, else the expression itself. */
function storedSlots(e: Expr, out: Expr[]): void {
  if (e.k === 'list' || e.k === 'tuple') {
    for (const x of e.elts) if (x.k !== 'starred') storedSlots(x, out);
  } else if (e.k === 'dict') {
    for (let i = 0; i < e.values.length; i++) if (e.keys[i] !== null) storedSlots(e.values[i]!, out);
  } else out.push(e);
}

/** The stored positions of a statement, or null for a statement of another shape. */
function slotsOf(s: Stmt): Expr[] | null {
  const out: Expr[] = [];
  if (s.k === 'assign') storedSlots(s.value, out);
  else if (s.k === 'expr' && s.value.k === 'call' && s.value.func.k === 'attr' && !s.value.keywords.length) {
    const { attr } = s.value.func;
    const args = s.value.args;
    if (args.some((a) => a.k === 'starred')) return null;
    if (STORED_ARGS[attr]) for (const i of STORED_ARGS[attr]!) args[i] && storedSlots(args[i]!, out);
    else if (STORED_DISPLAY.has(attr) && args.length === 1 && (args[0]!.k === 'list' || args[0]!.k === 'tuple' || args[0]!.k === 'dict'))
      storedSlots(args[0]!, out);
    else return null;
  } else return null;
  return out;
}

/** The names an expression reads. */
function namesIn(e: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(e)) for (const x of e) namesIn(x, out);
  else if (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    if (o.k === 'name' && typeof o.id === 'string') out.add(o.id);
    for (const [key, v] of Object.entries(o)) if (key !== 'value' || o.k !== 'const') namesIn(v, out);
  }
  return out;
}

/**
 * The names a step from `before` changes, as templates with holes for the values
 * only the program knows (see the file's comment); null where no such step is
 * known: no statement of these shapes, nothing unknown in it, or a piece it cannot
 * vouch for.
 */
export function holeTemplates(
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  pythonMinor?: number,
): Map<string, Template> | null {
  if (action.kind !== 'step_over' && action.kind !== 'step_into') return null;
  if (before.event !== 'line' || before.line === null || before.func === null) return null;
  const stmt = statementAt(lines, before.line)?.trim();
  if (!stmt) return null;
  let parsed: Stmt[];
  try {
    parsed = parseStatements(stmt);
  } catch {
    return null;
  }
  if (parsed.length !== 1) return null;
  const slots = slotsOf(parsed[0]!);
  if (!slots?.length) return null;
  const scope = programScope(before, program);
  const holes: Expr[] = [];
  for (const e of slots) {
    const text = stmt.slice(e.s, e.e);
    const r = evaluate(text, scope, { pythonMinor });
    if (r.ok) continue;
    // refused, or an error raised over values that may be predicted ones (`r.status_code` of a
    // mistaken str): unknown either way; where the real statement raises, its next state is
    // an exception event, which templates do not constrain
    for (const n of namesIn(e, new Set())) {
      const shown = scope.locals[n] ?? scope.globals?.[n];
      if (shown !== undefined && MUTABLE.has(parseRepr(shown).kind)) return null;
    }
    holes.push(e);
  }
  if (!holes.length) return null;
  let src = stmt;
  const extra: Record<string, string> = {};
  [...holes]
    .sort((a, b) => b.s - a.s)
    .forEach((e, i) => {
      src = src.slice(0, e.s) + HOLE(i) + src.slice(e.e);
      extra[HOLE(i)] = `'\\x00ndbg${i}\\x00'`;
    });
  const r = execute(src, programScope(before, program, extra), { pythonMinor, echo: false });
  if (!r.ok || r.output !== '' || Object.keys(r.globalChanges).length) return null;
  const templates = new Map<string, Template>();
  let holed = false;
  for (const [name, shown] of Object.entries(r.changes)) {
    if (name in extra) continue;
    if (before.func === '<module>' && (HIDDEN_REPR.test(shown) || name.startsWith('__'))) return null;
    const text = withoutAddresses(shown);
    const parts: Array<string | null> = [];
    let at = 0;
    for (const m of text.matchAll(SENTINEL)) {
      parts.push(text.slice(at, m.index), null);
      at = m.index! + m[0].length;
    }
    parts.push(text.slice(at));
    const t = parts.filter((p) => p !== '');
    if (t.length === 1 && t[0] === null) continue; // wholly unknown: nothing to say
    if (t.includes(null)) holed = true;
    else if (reprGuessed(text)) continue;
    templates.set(name, t);
  }
  return holed ? templates : null;
}
