// Module constants: a name the module binds once, from an expression of literals
// (`TRANSITIONS = {("red", "timer"): "green", ...}`), and that no line of the
// program rebinds or can change (it is only read: subscripted, iterated, `.get`,
// `.items()`, passed to a builtin that reads). A state shows such a value cut at
// 100 characters, and a function frame does not show it at all (it is a global),
// so steps over it were the model's; its value follows from the source alone.

import { evaluate, type Value } from '../../pyval/index.js';
import { holdsObjects } from '../../pyval/objects.js';
import type { Program } from '../cfg.js';
import { CUT_MARKER } from '../format.js';
import type { ModelState } from '../types.js';
import { statementAt } from './scope.js';

interface Constant {
  line: number;
  expr: string;
  /** Bound before the module runs anything else, so every function call sees it. */
  early: boolean;
}

const cache = new WeakMap<Program, Map<string, Constant>>();

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
  const lines = program.source.split('\n');
  if (program.rebindsElsewhere) return found;
  let running = false;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (/^\s/.test(text) || text.trim() === '' || text.startsWith('#')) continue;
    const at = i + 1;
    const stmt = statementAt(lines, at) ?? '';
    i += stmt.split('\n').length - 1; // the statement's other lines
    const m = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/s.exec(stmt);
    if (m && /^[[{("'\d-]/.test(m[2]!.trim()) && !/[A-Za-z_]\w*\s*\(/.test(m[2]!.replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""'))) {
      if (onlyRead(program.source, m[1]!, at)) found.set(m[1]!, { line: at, expr: m[2]!, early: !running });
      continue;
    }
    if (!STATEMENT_START.test(text)) running = true;
  }
  return found;
}

/** Whether `name` is bound only on `line` (once) and only read elsewhere. */
function onlyRead(source: string, name: string, line: number): boolean {
  const lines = source.split('\n');
  const word = new RegExp(`(?<![\\w.])${name}(?!\\w)`, 'g');
  for (let i = 0; i < lines.length; i++) {
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
      if (!READ_AFTER.test(after) && !(READ_BEFORE.test(before) && /^\s*[),:]/.test(after))) return false;
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
  for (const [name, c] of found) {
    const shown = state.locals[name];
    if (module ? !shown?.endsWith(CUT_MARKER) : shown !== undefined || !c.early) continue;
    const r = evaluate(c.expr, { locals: {} });
    if (!r.ok || r.output !== '' || holdsObjects(r.value)) continue;
    known.set(name, r.value);
    if (!module) globals[name] = r.repr;
  }
  return known.size ? { known, globals } : null;
}
