// The breakpoint commands: b tbreak cl disable enable condition ignore, and
// `commands N` with the lines typed after it. The table itself is bdb's, in the
// stepping core (core.bps, ../breakpoints.ts); these parse pdb's arguments and
// print pdb's texts. The loop runs a breakpoint's commands when it stops there.

import * as pathFns from 'node:path';
import type { BreakpointInfo } from '../../engine.js';
import { pdbWord } from '../../pdbCommands.js';
import { strRepr } from '../../../pyval/index.js';
import { bpFormat, bpStr, type Breakpoint } from '../breakpoints.js';
import type { Handler, Pdb } from './types.js';
import { fileExists } from '../files.js';
import { parseIntArg } from './parse.js';

function lookupFile(pdb: Pdb, name: string): string | null {
  const { resolve, dirname, isAbsolute } = pathFns;
  const candidates = isAbsolute(name) ? [name] : [resolve(dirname(pdb.file), name), resolve(name)];
  if (!/\.\w+$/.test(name)) candidates.push(...candidates.map((c) => `${c}.py`));
  for (const c of candidates) {
    if (c === pdb.file) return pdb.file;
    if (fileExists(c)) return c;
  }
  return null;
}

function defaultFile(pdb: Pdb): string {
  const f = pdb.selected();
  return f.file === '<string>' ? pdb.file : f.file;
}

/** b(reak) [([filename:]lineno | function) [, condition]]: a breakpoint (no argument: the list). */
function setBreak(temporary: boolean): Handler {
  return (pdb, argIn) => {
    const bps = pdb.core.bps;
    let arg = argIn;
    if (!arg) {
      const all = bps.all();
      if (all.length) {
        pdb.message('Num Type         Disp Enb   Where');
        for (const b of all) pdb.message(bpFormat(b));
      }
      return;
    }
    let cond: string | null = null;
    let file: string | null = null;
    let lineno: number;
    let funcname: string | null = null;
    let funcFirst: number | null = null;
    const comma = arg.indexOf(',');
    if (comma > 0) {
      cond = arg.slice(comma + 1).replace(/^\s+/, '');
      arg = arg.slice(0, comma).replace(/\s+$/, '');
    }
    const colon = arg.lastIndexOf(':');
    if (colon >= 0) {
      const fname = arg.slice(0, colon).replace(/\s+$/, '');
      const f = lookupFile(pdb, fname);
      if (!f) return pdb.error(`${strRepr(fname)} not found from sys.path`);
      file = f;
      const rest = arg.slice(colon + 1).replace(/^\s+/, '');
      const n = parseIntArg(rest);
      if (n === null) return pdb.error(`Bad lineno: ${rest}`);
      lineno = n;
    } else {
      const n = parseIntArg(arg);
      if (n !== null) lineno = n;
      else {
        const name = arg.trim().split('.').pop()!;
        const d = /^[A-Za-z_][\w.]*$/.test(arg.trim()) ? pdb.src.findDefs(name).find((x) => x.kind === 'def') : undefined;
        if (!d) return pdb.error(`The specified object ${strRepr(arg)} is not a function or was not found along sys.path.`);
        funcname = d.name;
        lineno = d.firstLine !== d.defLine && pdb.core.defExecuted(d) ? d.firstLine : d.defLine;
        funcFirst = d.firstBodyLine;
        file = pdb.file;
      }
    }
    if (!file) file = defaultFile(pdb);
    // checkline
    const text = pdb.getLine(file, lineno);
    if (!text) return pdb.message('End of file');
    const t = text.trim();
    if (!t || t[0] === '#' || t.startsWith('"""') || t.startsWith("'''")) return pdb.error('Blank or comment');
    const b = bps.add(file, lineno, temporary, cond, funcname, funcFirst);
    pdb.message(`Breakpoint ${b.number} at ${b.file}:${b.line}`);
  };
}

/** cl(ear) [filename:lineno | bpnumber ...]: delete breakpoints (no argument: all, once confirmed). */
const doClear: Handler = (pdb, arg) => {
  const bps = pdb.core.bps;
  if (!arg) {
    pdb.ask('Clear all breaks? ', (reply) => {
      const r = (reply ?? 'no').trim().toLowerCase();
      if (r === 'y' || r === 'yes') {
        const all = bps.all();
        for (const b of all) bps.delete(b);
        for (const b of all) pdb.message(`Deleted ${bpStr(b)}`);
      }
    });
    return;
  }
  if (arg.includes(':')) {
    const i = arg.lastIndexOf(':');
    const fname = arg.slice(0, i);
    const rest = arg.slice(i + 1);
    const n = parseIntArg(rest);
    if (n === null) return pdb.error(`Invalid line number (${rest})`);
    const file = pathFns.resolve(fname);
    const inFile = bps.all().filter((b) => b.file === file);
    if (!inFile.length) return pdb.error(`There are no breakpoints in ${file}`);
    const here = inFile.filter((b) => b.line === n);
    if (!here.length) return pdb.error(`There is no breakpoint at ${file}:${n}`);
    for (const b of here) bps.delete(b);
    for (const b of here) pdb.message(`Deleted ${bpStr(b)}`);
    return;
  }
  for (const a of arg.split(/\s+/).filter(Boolean)) {
    let b: Breakpoint;
    try {
      b = bps.byNumberArg(a);
    } catch (e) {
      pdb.error((e as Error).message);
      continue;
    }
    bps.delete(b);
    pdb.message(`Deleted ${bpStr(b)}`);
  }
};

/** enable / disable bpnumber ...: switch breakpoints on or off. */
function setEnabled(on: boolean): Handler {
  return (pdb, arg) => {
    for (const a of arg.split(/\s+/).filter(Boolean)) {
      try {
        const b = pdb.core.bps.byNumberArg(a);
        b.enabled = on;
        pdb.message(`${on ? 'Enabled' : 'Disabled'} ${bpStr(b)}`);
      } catch (e) {
        pdb.error((e as Error).message);
      }
    }
  };
}

/** condition bpnumber [condition]: stop there only when it holds (none: always). */
const doCondition: Handler = (pdb, arg) => {
  const sp = arg.indexOf(' ');
  const num = sp >= 0 ? arg.slice(0, sp) : arg;
  const cond = sp >= 0 ? arg.slice(sp + 1) : null;
  try {
    const b = pdb.core.bps.byNumberArg(num.trim());
    b.cond = cond;
    if (!cond) pdb.message(`Breakpoint ${b.number} is now unconditional.`);
    else pdb.message(`New condition set for breakpoint ${b.number}.`);
  } catch (e) {
    pdb.error((e as Error).message);
  }
};

/** ignore bpnumber [count]: pass it `count` times before it stops again. */
const doIgnore: Handler = (pdb, arg) => {
  const args = arg.split(/\s+/).filter(Boolean);
  const count = args[1] !== undefined && parseIntArg(args[1]) !== null ? parseIntArg(args[1])! : 0;
  try {
    if (!args.length) throw new Error('Breakpoint number expected');
    const b = pdb.core.bps.byNumberArg(args[0]!);
    b.ignore = count;
    if (count > 0) {
      const countstr = count > 1 ? `${count} crossings` : '1 crossing';
      pdb.message(`Will ignore next ${countstr} of breakpoint ${b.number}.`);
    } else pdb.message(`Will stop next time breakpoint ${b.number} is reached.`);
  } catch (e) {
    pdb.error((e as Error).message);
  }
};

/** commands [bpnumber]: the lines that follow (to `end`, or a command that resumes) run when it stops the program. */
const doCommands: Handler = (pdb, arg) => {
  let bnum: number;
  if (!arg) bnum = pdb.core.bps.lastNumber;
  else {
    const n = parseIntArg(arg);
    if (n === null) return pdb.error('Usage: commands [bnum]\n        ...\n        end');
    bnum = n;
  }
  try {
    pdb.core.bps.byNumberArg(String(bnum));
  } catch (e) {
    return pdb.error(`cannot set commands: ${(e as Error).message}`);
  }
  pdb.bpCommands.set(bnum, { lines: [], silent: false, doprompt: true });
  pdb.defining = bnum;
};

/** The commands that end a `commands` list: they resume the program (pdb's commands_resuming, and `j`). */
const ENDS_LIST = ['c', 'cont', 'continue', 's', 'step', 'n', 'next', 'r', 'return', 'q', 'quit', 'exit', 'j', 'jump'];

/** pdb's handle_command_def: a line typed after `commands N`. */
export function commandDef(pdb: Pdb, line: string): void {
  const t = line.trim();
  const cmd = t[0] === '!' ? '' : pdbWord(t[0] === '?' ? `help ${t.slice(1)}` : t, pdb.facts.python);
  if (!cmd) return;
  const list = pdb.bpCommands.get(pdb.defining!)!;
  if (cmd === 'silent') {
    list.silent = true;
    return;
  }
  if (cmd === 'end') {
    pdb.cmdqueue = [];
    pdb.defining = null;
    return;
  }
  const arg = t.slice(cmd.length).trim();
  list.lines.push(arg ? `${cmd} ${arg}` : cmd);
  if (ENDS_LIST.includes(cmd)) {
    list.doprompt = false;
    pdb.cmdqueue = [];
    pdb.defining = null;
  }
}

export const BREAKPOINTS: Record<string, Handler> = {
  b: setBreak(false),
  break: setBreak(false),
  tbreak: setBreak(true),
  cl: doClear,
  clear: doClear,
  disable: setEnabled(false),
  enable: setEnabled(true),
  condition: doCondition,
  ignore: doIgnore,
  commands: doCommands,
};

/** bdb's table as front ends get it (docs/json.md, `breakpoints`). */
export function breakpointTable(pdb: Pdb): BreakpointInfo[] {
  return pdb.core.bps.all().map((b) => {
    const info: BreakpointInfo = { number: b.number, file: b.file, line: b.line, hits: b.hits, ignore: b.ignore, enabled: b.enabled, temporary: b.temporary };
    if (b.funcname) info.func = b.funcname;
    if (b.cond) info.condition = b.cond;
    const lines = pdb.bpCommands.get(b.number)?.lines;
    if (lines?.length) info.commands = [...lines];
    return info;
  });
}
