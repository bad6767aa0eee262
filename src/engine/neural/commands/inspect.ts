// The commands that look at the stopped program and change nothing of it:
// w u d (the stack and the selected frame), l ll source (listings), p pp whatis
// a retval (values), display undisplay. Values are the predicted reprs, read and
// evaluated by pyval (src/pyval), which refuses whatever would need the program
// to run.

import { displayValue, evaluate, printExpression, strRepr, typeName } from '../../../pyval/index.js';
import type { Handler, Pdb } from './types.js';
import { otherFileLines } from '../files.js';
import { printLines, stackEntry, type PdbFrame } from '../render.js';
import type { FunctionDef } from '../source.js';
import { parseIntArg } from './parse.js';

/** w(here): the stack, the selected frame marked. */
const doWhere: Handler = (pdb) => {
  let out = '';
  pdb.stack().forEach((f, i) => (out += stackEntry(f, pdb.getLine, i === pdb.curindex)));
  pdb.say(out);
};

function selectFrame(pdb: Pdb, n: number): void {
  pdb.curindex = n;
  pdb.sayLocation();
  pdb.listLine = null;
}

/** u(p) [count]: an older frame. */
const doUp: Handler = (pdb, arg) => {
  if (pdb.curindex === 0) return pdb.error('Oldest frame');
  const count = parseIntArg(arg || '1');
  if (count === null) return pdb.error(`Invalid frame count (${arg})`);
  selectFrame(pdb, count < 0 ? 0 : Math.max(0, pdb.curindex - count));
};

/** d(own) [count]: a newer frame. */
const doDown: Handler = (pdb, arg) => {
  const len = pdb.stack().length;
  if (pdb.curindex + 1 === len) return pdb.error('Newest frame');
  const count = parseIntArg(arg || '1');
  if (count === null) return pdb.error(`Invalid frame count (${arg})`);
  selectFrame(pdb, count < 0 ? len - 1 : Math.min(len - 1, pdb.curindex + count));
};

function fileLines(pdb: Pdb, file: string): string[] {
  if (file === pdb.file) return pdb.src.lines;
  return otherFileLines(file);
}

/** l(ist) [first[, last] | .]: eleven lines around the current one, or on from the last listing. */
const doList: Handler = (pdb, arg) => {
  pdb.lastcmd = 'list';
  const f = pdb.selected();
  let first: number;
  let last: number | null = null;
  if (arg && arg !== '.') {
    const parts = arg.split(',');
    const a = parseIntArg(parts[0]!);
    if (parts.length > 2 || a === null || (parts.length === 2 && parseIntArg(parts[1]!) === null)) {
      return pdb.error(`Error in argument: ${strRepr(arg)}`);
    }
    if (parts.length === 2) {
      first = a;
      last = parseIntArg(parts[1]!)!;
      if (last < first) last = first + last;
    } else first = Math.max(1, a - 5);
  } else if (pdb.listLine === null || arg === '.') first = Math.max(1, f.line - 5);
  else first = pdb.listLine + 1;
  if (last === null) last = first + 10;
  const lines = fileLines(pdb, f.file);
  const breaks = f.file === pdb.file ? pdb.core.bps.linesOf(pdb.file) : new Set<number>();
  // the '>>' line of a post-mortem listing (pdb's tb_lineno) is not known: none
  pdb.say(printLines(lines.slice(first - 1, last), first, breaks, f.line, -1));
  pdb.listLine = Math.min(last, lines.length);
  if (lines.length < last) pdb.message('[EOF]');
};

/** ll | longlist: the whole function (or module) of the selected frame. */
const doLongList: Handler = (pdb) => {
  const f = pdb.selected();
  const range = sourceRange(pdb, f);
  if (!range) return pdb.error('could not get source code');
  const [start, end] = range;
  const lines = fileLines(pdb, f.file).slice(start - 1, end);
  pdb.say(printLines(lines, start, f.file === pdb.file ? pdb.core.bps.linesOf(pdb.file) : new Set(), f.line));
};

function sourceRange(pdb: Pdb, f: PdbFrame): [number, number] | null {
  if (f.file !== pdb.file) return null;
  if (f.func === '<module>') return [1, pdb.src.length];
  const d = pdb.src.defFor(f.func, f.line);
  if (d && f.line >= d.firstLine && f.line <= d.lastLine) return [d.firstLine, d.lastLine];
  // a lambda or comprehension: inspect finds the statement it is on
  const st = pdb.src.statementAt(f.line);
  return st ?? [f.line, f.line];
}

/**
 * A module-level def or class named `name` that has run by now (its name is
 * bound in the module: pdb's eval finds the function); functions and classes
 * are hidden from the predicted locals, as the tracer hides them.
 */
function visibleDef(pdb: Pdb, name: string): FunctionDef | undefined {
  return pdb.src.findDefs(name).find((d) => !d.parent && pdb.core.defExecuted(d));
}

/** source expression: the source of a function or class. */
const doSource: Handler = (pdb, arg) => {
  const name = arg.trim();
  if (/^[A-Za-z_]\w*$/.test(name) && !(name in pdb.scope().locals)) {
    const d = visibleDef(pdb, name);
    if (d) return pdb.say(printLines(pdb.src.lines.slice(d.firstLine - 1, d.lastLine), d.firstLine, new Set()));
  }
  const r = evaluate(arg, pdb.scope());
  if (!r.ok) return pdb.errorLine(r.error);
  pdb.error(`module, class, method, function, traceback, frame, or code object was expected, got ${typeName(r.value)}`);
};

/** p / pp expression: its value (pp: pretty-printed). */
function print(mode: 'p' | 'pp'): Handler {
  return (pdb, arg) => {
    const r = printExpression(arg, pdb.scope(), mode);
    pdb.say(r.output);
    if (!r.ok) pdb.errorLine(r.text);
    else pdb.say(`${r.text}\n`);
  };
}

/** whatis expression: its type. */
const doWhatis: Handler = (pdb, arg) => {
  const scope = pdb.scope();
  const name = arg.trim();
  const known = name in scope.locals || (scope.globals !== undefined && name in scope.globals);
  if (/^[A-Za-z_]\w*$/.test(name) && !known) {
    const d = visibleDef(pdb, name);
    if (d) return pdb.message(d.kind === 'def' ? `Function ${d.name}` : `Class __main__.${d.name}`);
  }
  const r = evaluate(arg, scope);
  pdb.say(r.output);
  if (!r.ok) return pdb.errorLine(r.error);
  const v = r.value;
  if (v.kind === 'function') return pdb.message(`Function ${v.name}`);
  if (v.kind === 'type') return pdb.message(`Class builtins.${v.name}`);
  if (v.kind === 'opaque') {
    const m = /^<([\w.]+) object/.exec(v.text);
    if (m) return pdb.message(`<class '${m[1]}'>`);
    return pdb.error(`ndbg: the type of ${strRepr(name)} is not known without running the program (neural engine): ${v.text.slice(0, 60)} ${v.why}`);
  }
  pdb.message(`<class '${typeName(v)}'>`);
};

/** a(rgs): the selected function's arguments. */
const doArgs: Handler = (pdb) => {
  const level = pdb.selectedLevel();
  const fr = level >= 0 ? pdb.core.programFrames()[level] : undefined;
  if (!fr || fr.func === '<module>') return;
  const d = pdb.src.defFor(fr.func, fr.line);
  if (d?.kind !== 'def') return;
  const locals = pdb.core.localsOf(level);
  for (const name of d.params) pdb.message(name in locals ? `${name} = ${locals[name]}` : `${name} = *** undefined ***`);
};

/** retval | rv: the value the selected frame returned, at its return. */
const doRetval: Handler = (pdb) => {
  const f = pdb.selected();
  if (f.retval !== undefined) return pdb.message(f.retval);
  pdb.error('Not yet returned!');
};

/** display [expression]: show its value whenever it changes at a stop in this frame (no argument: the list). */
const doDisplay: Handler = (pdb, arg) => {
  const key = pdb.selectedFrameKey();
  if (!arg) {
    pdb.message('Currently displaying:');
    for (const [k, v] of pdb.displaying.get(key) ?? []) pdb.message(`${k}: ${v}`);
    return;
  }
  const val = displayValue(arg, pdb.scope());
  let shown = pdb.displaying.get(key);
  if (!shown) pdb.displaying.set(key, (shown = new Map()));
  shown.set(arg, val);
  pdb.message(`display ${arg}: ${val}`);
};

/** undisplay [expression]: stop displaying it (no argument: all, in this frame). */
const doUndisplay: Handler = (pdb, arg) => {
  const key = pdb.selectedFrameKey();
  if (arg) {
    const shown = pdb.displaying.get(key);
    if (!shown?.delete(arg)) pdb.error(`not displaying ${arg}`);
  } else pdb.displaying.delete(key);
};

export const INSPECT: Record<string, Handler> = {
  w: doWhere,
  where: doWhere,
  bt: doWhere,
  u: doUp,
  up: doUp,
  d: doDown,
  down: doDown,
  l: doList,
  list: doList,
  ll: doLongList,
  longlist: doLongList,
  source: doSource,
  p: print('p'),
  pp: print('pp'),
  whatis: doWhatis,
  a: doArgs,
  args: doArgs,
  retval: doRetval,
  rv: doRetval,
  display: doDisplay,
  undisplay: doUndisplay,
};

/** pdb's preloop: each display expression of the selected frame whose value changed since it was last shown. */
export function preloopDisplays(pdb: Pdb): void {
  const shown = pdb.displaying.get(pdb.selectedFrameKey());
  if (!shown) return;
  const scope = pdb.scope();
  for (const [expr, old] of shown) {
    const now = displayValue(expr, scope);
    if (now !== old) {
      shown.set(expr, now);
      pdb.message(`display ${expr}: ${now}  [old: ${old}]`);
    }
  }
}
