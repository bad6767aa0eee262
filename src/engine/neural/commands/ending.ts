// How a run ends, as pdb.main handles it: a program that finished or called
// sys.exit() is restarted; an uncaught exception prints the traceback and enters
// post-mortem at the frame it came from, which `s` / `c` / `q` leave by
// restarting; `restart` / `run` start anew, `q` ends the session. A script that
// does not compile ends it with pdb's status 1.

import type { ModelState } from '../../../model/types.js';
import { resumed, type Handler, type Pdb, type Verdict } from './types.js';
import { shlexSplit } from './parse.js';

/** The program ended at `exit` (`atStart`: before its first line, so it does not compile). */
export async function finish(pdb: Pdb, exit: ModelState, atStart = false): Promise<Verdict> {
  if (exit.exit === 'never') {
    pdb.error('ndbg: the model predicts that the program does not end from here (an endless loop, or more steps than it follows); staying here');
    return 'stay';
  }
  if (exit.exit === 'error' && exit.exception) {
    if (atStart) {
      // the script does not compile: pdb prints the error and exits 1
      pdb.write('stderr', `${exit.exception}\n`);
      pdb.exit(1);
      return 'stay';
    }
    if (exit.exception.startsWith('SystemExit')) {
      const status = exit.exception.replace(/^SystemExit:?\s*/, '');
      pdb.say(`The program exited via sys.exit(). Exit status: ${status}\n`);
      return newRun(pdb);
    }
    return postMortem(pdb, exit.exception);
  }
  pdb.say('The program finished and will be restarted\n');
  return newRun(pdb);
}

/** A run from the first state (the session's first, or a restart): displays and edits are forgotten, breakpoints kept. */
export async function newRun(pdb: Pdb): Promise<Verdict> {
  pdb.runBegins();
  pdb.displaying.clear();
  const first = pdb.core.begin();
  if (first.kind === 'exit') return finish(pdb, first.exit, true);
  return pdb.land(first);
}

/** pdb.main's "Uncaught exception" path: the traceback; the loop then stops at the exception's origin. */
async function postMortem(pdb: Pdb, exception: string): Promise<Verdict> {
  const { frames, line } = await pdb.core.postMortem(exception);
  const f = pdb.facts;
  let tb = 'Traceback (most recent call last):\n';
  const entry = (file: string, l: number, func: string, text: string) => {
    tb += `  File "${file}", line ${l}, in ${func}\n`;
    if (text) tb += `    ${text}\n`;
  };
  entry(f.pdbFile, f.pdbMain[0], 'main', f.pdbMain[1]);
  entry(f.pdbFile, f.pdbRun[0], '_run', f.pdbRun[1]);
  entry(f.bdbFile, f.bdbRun[0], 'run', f.bdbRun[1]);
  entry('<string>', 1, '<module>', '');
  frames.forEach((fr, i) => {
    const l = i === frames.length - 1 ? line : fr.line;
    entry(pdb.file, l, fr.func, pdb.src.line(l).trim());
  });
  tb += `${exception}\n`;
  pdb.write('stderr', tb);
  pdb.say("Uncaught exception. Entering post mortem debugging\nRunning 'cont' or 'step' will restart the program\n");
  return resumed();
}

/** Leaving post-mortem: pdb.main restarts the program. */
export async function pmFinished(pdb: Pdb): Promise<Verdict> {
  pdb.say(`Post mortem debugger finished. The ${pdb.file} will be restarted\n`);
  return newRun(pdb);
}

/** q(uit) / exit / EOF: the session ends (in post-mortem, pdb.main restarts instead). */
function quit(text: string): Handler {
  return (pdb) => {
    pdb.say(text);
    if (pdb.core.place.kind === 'pm') return pmFinished(pdb);
    pdb.exit(0);
    return resumed();
  };
}

/** run / restart [args ...]: a new run, with new sys.argv[1:] when given. */
const doRestart: Handler = (pdb, arg) => {
  if (arg) {
    const words = shlexSplit(arg);
    if (words === null) return pdb.error(`Cannot run ${arg}: No closing quotation`);
    pdb.args = words;
  }
  pdb.say(`Restarting ${pdb.file} with arguments:\n\t${pdb.args.join(' ')}\n`);
  return newRun(pdb);
};

export const ENDING: Record<string, Handler> = {
  q: quit(''),
  quit: quit(''),
  exit: quit(''),
  EOF: quit('\n'),
  run: doRestart,
  restart: doRestart,
};
