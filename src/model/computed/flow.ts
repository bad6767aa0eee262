import type { ProgramContext } from '../../pyval/evaluate.js';
import { evaluate, evaluateTruth, repr, showValue, type Value } from '../../pyval/index.js';
import type { Program } from '../format/cfg.js';
import type { HistoryEntry, ModelAction, ModelState } from '../types.js';
import type { ComputedStep } from './types.js';
import { cut, frameScope, guessedOrder, HIDDEN_REPR, namesTheProgram, OWN_FRAMES } from './scope.js';
import { programScope } from './programScope.js';

/** The last line of the block a header at `line` opens: the following lines indented deeper (blank and comment lines aside). */
export function blockEnd(lines: readonly string[], line: number): number {
  const indent = (t: string) => t.length - t.trimStart().length;
  const own = indent(lines[line - 1]!);
  let end = line;
  for (let k = line; k < lines.length; k++) {
    const t = lines[k]!;
    if (t.trim() === '' || t.trim().startsWith('#')) continue;
    if (indent(t) <= own) break;
    end = k + 1;
  }
  return end;
}

/**
 * A `for` header: the next element bound to the targets and the body's first line,
 * or the line after the loop once the elements are used up. Which element comes
 * next is read from the state before the header: entered from outside the loop
 * (or the frame's call), the first; come back from its body, the one after the
 * targets' present values (only where that element is the one such).
 */
export function iteration(
  targets: string[],
  iterable: string,
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  history: readonly HistoryEntry[] | undefined,
  pythonMinor: number | undefined,
  objects?: ProgramContext,
): ComputedStep | null {
  if (!program || program.error || !history || history.length < 2 || /:=/.test(iterable)) return null;
  if (action.kind === 'step_into' && OWN_FRAMES.test(iterable)) return null;
  if (namesTheProgram(iterable, lines)) return null;
  const L = before.line!;
  const frame = frameScope(program, before);
  if (!frame) return null;
  const next = [...new Set(frame.succ.get(L) ?? [])];
  const body = Math.min(...next.filter((l) => l > L));
  if (!Number.isFinite(body)) return null;
  const after = next.length === 2 && !frame.returns.has(L) ? next.find((l) => l !== body) : undefined;
  // where the header was reached from
  const prev = history[history.length - 2]!.state;
  const depth = before.stack.length;
  // the frame itself, or a frame it called (returned from on the way here)
  const sameFrameSoFar =
    before.stack.every((l, i) => prev.stack[i] === l) && (prev.stack.length > depth || (prev.func === before.func && prev.stack.length === depth));
  if (!sameFrameSoFar && !(prev.event === 'call' && prev.func === before.func && prev.stack.join() === before.stack.join())) return null;
  const at = prev.stack.length > depth ? prev.stack[depth]! : prev.line;
  if (at === null) return null;
  const end = blockEnd(lines, L);
  const fromBody = prev.event !== 'call' && at > L && at <= end;
  const sc = programScope(before, program);
  // the values the session keeps for the frame (a list the state shows cut), where it keeps any
  const opts = objects ? { pythonMinor, program: objects } : { pythonMinor };
  const whole = evaluate(iterable, sc, opts);
  // an iterable of the program's own class runs its __iter__ / __next__ (the program's code) at each step
  if (!whole.ok || guessedOrder(whole.value) || whole.value.kind === 'instance') return null;
  const r = evaluate(`list(${iterable})`, sc, opts);
  if (!r.ok || r.output !== '' || r.value.kind !== 'list') return null;
  const items = r.value.items;
  // with the program's objects, a repr may run the program's own __repr__: inside the evaluator
  const show = (x: Value): string | null => (objects ? showValue(x, opts) : repr(x));
  const parts = (v: (typeof items)[number]): string[] | null => {
    const shown = targets.length === 1 ? [show(v)] : (v.kind !== 'tuple' && v.kind !== 'list') || v.items.length !== targets.length ? null : v.items.map(show);
    return shown?.every((s) => s !== null) ? (shown as string[]) : null;
  };
  let i = 0;
  if (fromBody) {
    const now = targets.map((t) => before.locals[t]);
    const hits = items.map((v, k) => (parts(v)?.every((p, j) => cut(p) === now[j]) ? k : -1)).filter((k) => k >= 0);
    if (hits.length === 1) i = hits[0]! + 1;
    else {
      // an element that is there twice: the header's visits since the loop began say which
      const visits = headerVisits(before, history, L, end);
      if (visits === null || !hits.includes(visits - 1)) return null;
      i = visits;
    }
  } else if (prev.line === L && prev.event === 'line') return null; // a jump, or an edit: not from where it seems
  if (i >= items.length) return after === undefined ? null : { changes: {}, deleted: [], stdout: '', line: after };
  const values = parts(items[i]!);
  if (!values || values.some((v) => HIDDEN_REPR.test(v))) return null;
  const changes: Record<string, string> = {};
  targets.forEach((t, j) => {
    changes[t] = cut(values[j]!);
  });
  const out: ComputedStep = { changes, deleted: [], stdout: '', line: body };
  if (objects) {
    const item = items[i]!;
    const bound = targets.length === 1 ? [item] : (item as { items: Value[] }).items;
    out.values = new Map(targets.map((t, j) => [t, bound[j]!]));
  }
  return out;
}

/**
 * How many times the frame came to the loop header on line L (lines L..end) before
 * `before`, since it entered the loop from outside; null where the history cannot
 * tell (it begins inside the loop, or jumps there with `c` / `r`).
 */
function headerVisits(before: ModelState, history: readonly HistoryEntry[], L: number, end: number): number | null {
  let visits = 0;
  for (let i = history.length - 2; i >= 0; i--) {
    const { state: s, action } = history[i + 1]!;
    if (action && action.kind !== 'step_into' && action.kind !== 'step_over') return null;
    if (s !== before && s.stack.length > before.stack.length) continue;
    const h = history[i]!.state;
    if (h.stack.length > before.stack.length) continue;
    if (h.func !== before.func || h.stack.length !== before.stack.length || h.event !== 'line' || h.line === null) return h.event === 'call' ? visits : null;
    if (h.line === L) visits++;
    else if (h.line < L || h.line > end) return visits;
  }
  return null;
}

/**
 * The branch a condition takes: its body's first line when true (the least line
 * after the header control flow allows), the other successor when false. Only
 * where the analysis gives exactly two lines and no return from the header.
 */
/**
 * The two lines a condition at the state's line leads to, where the analysis gives
 * exactly two and no return: its body (the nearer of those after it) and the other.
 */
export function branchLines(program: Program, state: ModelState): { body: number; other: number } | null {
  const L = state.line!;
  const sc = frameScope(program, state);
  if (!sc) return null;
  const next = [...new Set(sc.succ.get(L) ?? [])];
  if (next.length !== 2 || sc.returns.has(L)) return null;
  const body = Math.min(...next.filter((l) => l > L));
  if (!Number.isFinite(body)) return null;
  return { body, other: next.find((l) => l !== body)! };
}

export function branch(
  cond: string,
  lines: readonly string[],
  before: ModelState,
  action: ModelAction,
  program: Program | null | undefined,
  pythonMinor: number | undefined,
): ComputedStep | null {
  if (!program || program.error || /:=/.test(cond) || (action.kind === 'step_into' && OWN_FRAMES.test(cond))) return null;
  if (namesTheProgram(cond, lines)) return null;
  const to = branchLines(program, before);
  if (!to) return null;
  const r = evaluateTruth(cond, programScope(before, program), { pythonMinor });
  if (!r.ok || r.truth === undefined) return null;
  return { changes: {}, deleted: [], stdout: r.output, line: r.truth ? to.body : to.other };
}

/**
 * `s` / `n` from a call event: the frame's first line event, on the one line its code
 * starts on (cfg.py's entry lines), with the locals the call bound, unchanged. Not
 * for generators and coroutines (their call event resumes them anywhere).
 */
export function enterFrame(program: Program | null | undefined, before: ModelState, action: ModelAction): ComputedStep | null {
  if ((action.kind !== 'step_into' && action.kind !== 'step_over') || !program || program.error || before.event !== 'call') return null;
  const sc = frameScope(program, before);
  if (!sc || sc.callLine !== before.line || sc.entryLines.length !== 1) return null;
  return { changes: {}, deleted: [], stdout: '', next: sc.entryLines[0]!, unchanged: Object.keys(before.locals) };
}
