// pdb's commands about the command language itself: help (the local pdb's own
// texts, probe.ts), alias and unalias (the loop expands aliases), and the two pdb
// commands the neural engine refuses because they would run the program's code.

import { strRepr } from '../../../pyval/index.js';
import type { Handler } from './types.js';

/** h(elp) [command]: pdb's help. */
const doHelp: Handler = (pdb, arg) => {
  if (!arg) return pdb.say(pdb.facts.helpIndex);
  const text = Object.hasOwn(pdb.facts.help, arg) ? pdb.facts.help[arg] : undefined;
  if (text === undefined) return pdb.error(`No help for ${strRepr(arg)}`);
  pdb.say(text);
};

/** alias [name [command]]: a name for a command line (%1, %2, %* take its arguments). */
const doAlias: Handler = (pdb, arg) => {
  const args = arg.split(/\s+/).filter(Boolean);
  if (!args.length) {
    for (const k of [...pdb.aliases.keys()].sort()) pdb.message(`${k} = ${pdb.aliases.get(k)}`);
    return;
  }
  if (args.length === 1) {
    if (pdb.aliases.has(args[0]!)) pdb.message(`${args[0]} = ${pdb.aliases.get(args[0]!)}`);
    else pdb.error(`Unknown alias '${args[0]}'`);
    return;
  }
  pdb.aliases.set(args[0]!, args.slice(1).join(' '));
};

/** unalias name: forget an alias. */
const doUnalias: Handler = (pdb, arg) => {
  const args = arg.split(/\s+/).filter(Boolean);
  if (args.length) pdb.aliases.delete(args[0]!);
};

function refused(cmd: string, why: string): Handler {
  return (pdb) => pdb.error(`ndbg: '${cmd}' is not available with the neural engine: ${why}.`);
}

export const HELP: Record<string, Handler> = {
  h: doHelp,
  help: doHelp,
  alias: doAlias,
  unalias: doUnalias,
  debug: refused('debug', 'it runs code of the program under a second debugger'),
  interact: refused('interact', 'it starts a Python interpreter in the program'),
};
