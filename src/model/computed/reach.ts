// Which of a caller's values the program's code a call ran could have changed, read
// from the source: cfg.py's may_mutate_args says "anything on the heap" for any
// callee that changes an attribute (a constructor setting `self.x`), which would
// keep every step back from a call into a class as the model's. A value can only be
// changed by code that gets hold of it: through the call's arguments, or by a name
// that code reads (the caller's module variable, or another global that may hold the
// same object). So: the code the call can run is every function and method of the
// program its text names, transitively; if none of that names a module variable
// and the arguments do not name the value, the call cannot have reached it.

import { definedNames } from './scope.js';

interface Block {
  name: string;
  /** The class whose body holds it, if any. */
  cls?: string;
  text: string;
  /** Its own names: parameters and what its body assigns (local throughout, as Python decides). */
  own: Set<string>;
}

/** The names a def binds in its frame: its parameters, and its assignment, loop, `with` and import targets. */
function ownNames(text: string): Set<string> {
  const own = new Set<string>();
  const sig = /def\s+[A-Za-z_]\w*\s*\(([^)]*)\)/.exec(text);
  if (sig) for (const m of sig[1]!.matchAll(/(?:^|,)\s*\**([A-Za-z_]\w*)/g)) own.add(m[1]!);
  for (const l of text.split('\n').slice(1)) {
    const a = /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?:[-+*/%|&^@]|\/\/|\*\*)?=(?!=)/.exec(l);
    if (a) for (const n of a[1]!.split(',')) own.add(n.trim());
    const f = /^\s*for\s+(.+?)\s+in\b/.exec(l);
    if (f) for (const n of f[1]!.matchAll(/[A-Za-z_]\w*/g)) own.add(n[0]);
    for (const m of l.matchAll(/\bas\s+([A-Za-z_]\w*)/g)) own.add(m[1]!);
  }
  return own;
}

const blocksCache = new WeakMap<readonly string[], { blocks: Block[]; moduleVars: Set<string>; bases: Map<string, string[]> }>();

/** Each `def` of the program (methods too) with its body's text, and the names the module assigns at its top level. */
function blocksOf(lines: readonly string[]): { blocks: Block[]; moduleVars: Set<string>; bases: Map<string, string[]> } {
  let found = blocksCache.get(lines);
  if (found) return found;
  const blocks: Block[] = [];
  const moduleVars = new Set<string>();
  const bases = new Map<string, string[]>();
  let cls: { name: string; indent: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() !== '' && !/^\s*#/.test(l) && cls && l.search(/\S/) <= cls.indent) cls = undefined;
    const c = /^(\s*)class\s+([A-Za-z_]\w*)\s*(?:\(([^)]*)\))?/.exec(l);
    if (c) {
      cls = { name: c[2]!, indent: c[1]!.length };
      bases.set(
        c[2]!,
        (c[3] ?? '')
          .split(',')
          .map((b) => b.trim())
          .filter((b) => /^[A-Za-z_]\w*$/.test(b)),
      );
      continue;
    }
    const top = /^([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?:[-+*/%|&^@]|\/\/|\*\*)?=(?!=)/.exec(l);
    if (top) for (const n of top[1]!.split(',')) moduleVars.add(n.trim());
    const loop = /^for\s+(.+?)\s+in\b/.exec(l);
    if (loop) for (const n of loop[1]!.matchAll(/[A-Za-z_]\w*/g)) moduleVars.add(n[0]);
    const with_ = /^with\b.*\bas\s+([A-Za-z_]\w*)/.exec(l);
    if (with_) moduleVars.add(with_[1]!);
    const d = /^(\s*)(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(l);
    if (!d) continue;
    const indent = d[1]!.length;
    let j = i + 1;
    while (j < lines.length && (lines[j]!.trim() === '' || /^\s*#/.test(lines[j]!) || lines[j]!.search(/\S/) > indent)) j++;
    const text = lines.slice(i, j).join('\n');
    blocks.push({ name: d[2]!, ...(cls && indent > cls.indent ? { cls: cls.name } : {}), text, own: ownNames(text) });
  }
  found = { blocks, moduleVars, bases };
  blocksCache.set(lines, found);
  return found;
}

/** Identifiers of a text, string literals and comments left out. */
function identifiers(text: string): Set<string> {
  const code = text.replace(/#.*$/gm, '').replace(/("""|''')[\s\S]*?\1|(["'])(?:\\.|(?!\2).)*\2/g, '""');
  return new Set([...code.matchAll(/[A-Za-z_]\w*/g)].map((m) => m[0]));
}

/**
 * Whether the call `callText` (the call expression, arguments included) could get
 * hold of the caller's value `name`: the arguments name it, or the code it can run
 * names a module variable, or does something this reading cannot follow.
 */
export function callReaches(lines: readonly string[], callText: string, name: string): boolean {
  // a builtin that makes a new number or string of a value hands the callee that, not the value
  const passed = callText.replace(/\b(?:len|str|repr|int|float|bool|abs|round|hash|ord|chr|id)\s*\(([^()]*)\)/g, '0');
  if (identifiers(passed).has(name)) return true;
  const ids = identifiers(callText);
  const { blocks, moduleVars, bases } = blocksOf(lines);
  const defined = definedNames(lines);
  const seen = new Set<string>();
  const todo = [...ids].filter((n) => defined.has(n));
  while (todo.length) {
    const n = todo.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    // a class: its methods and its bases' (what they call by name follows)
    let code = blocks.filter((b) => b.name === n);
    if (!code.length) {
      if (!bases.has(n)) return true; // not code this file reads
      for (const b of bases.get(n)!) if (b !== 'object') todo.push(b);
      code = blocks.filter((b) => b.cls === n);
    }
    for (const b of code) {
      const used = identifiers(b.text.slice(b.text.indexOf('\n') + 1));
      for (const u of used) {
        if (b.own.has(u)) continue;
        if (u === name || moduleVars.has(u)) return true;
        if (['global', 'nonlocal', 'globals', 'locals', 'vars', 'exec', 'eval', 'setattr', 'getattr', '__dict__'].includes(u)) return true;
        if (defined.has(u) && !seen.has(u)) todo.push(u);
      }
    }
  }
  return false;
}
