// How the command loop reads a line, as cmd.Cmd and pdb do: precmd expands
// aliases and splits `;;`, onecmd runs the handler of the line's command word
// (pdb's reading on the debuggee's Python), a line that names no command being a
// statement (edit.ts), and the lines typed after `commands N` going to that list.

import { pdbWord } from '../../pdbCommands.js';
import { BREAKPOINTS, commandDef } from './breakpoints.js';
import { exec } from './edit.js';
import { ENDING } from './ending.js';
import { HELP } from './help.js';
import { INSPECT } from './inspect.js';
import { STEPPING } from './stepping.js';
import type { Handler, Pdb, Verdict } from './types.js';

/** pdb's commands, by concern (./commands/); a line whose command is none of them is a statement (edit.ts). */
const HANDLERS: Record<string, Handler> = { ...STEPPING, ...INSPECT, ...BREAKPOINTS, ...ENDING, ...HELP };

/** pdb's precmd: aliases, and ';;' separating commands. */
export function precmd(pdb: Pdb, line: string): string {
  if (!line.trim()) return line;
  let args = line.split(/\s+/).filter(Boolean);
  let guard = 0;
  while (pdb.aliases.has(args[0]!) && guard++ < 100) {
    line = pdb.aliases.get(args[0]!)!;
    args.slice(1).forEach((a, i) => (line = line.split(`%${i + 1}`).join(a)));
    line = line.split('%*').join(args.slice(1).join(' '));
    args = line.split(/\s+/).filter(Boolean);
  }
  if (args[0] !== 'alias') {
    const marker = line.indexOf(';;');
    if (marker >= 0) {
      pdb.cmdqueue.unshift(line.slice(marker + 2).replace(/^\s+/, ''));
      line = line.slice(0, marker).replace(/\s+$/, '');
    }
  }
  return line;
}

/** cmd.Cmd.onecmd: the handler of the line's command (a statement when there is none). */
export async function onecmd(pdb: Pdb, lineIn: string): Promise<Verdict> {
  if (pdb.defining !== null) {
    commandDef(pdb, lineIn);
    return 'stay';
  }
  let line = lineIn.trim();
  if (!line) return pdb.lastcmd ? onecmd(pdb, pdb.lastcmd) : 'stay';
  if (line[0] === '?') line = `help ${line.slice(1)}`;
  if (line[0] === '!') return exec(pdb, line.slice(1)) ?? 'stay';
  const cmd = pdbWord(line, pdb.facts.python);
  const arg = line.slice(cmd.length).trim();
  pdb.lastcmd = line === 'EOF' ? '' : line;
  const handler = cmd && Object.hasOwn(HANDLERS, cmd) ? HANDLERS[cmd] : undefined;
  if (!handler) return exec(pdb, line) ?? 'stay';
  return (await handler(pdb, arg)) ?? 'stay';
}
