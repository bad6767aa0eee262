// The commands that move the program forward: s n r c unt j, and the structured
// `breakpoint L` action. Each checks its argument, asks the stepping core, and
// hands the outcome to the loop (Pdb.land), which shows it; a command
// that moves returns its outcome as the verdict. In post-mortem, moving on restarts the program, as
// pdb.main does.

import { strRepr } from '../../../pyval/index.js';
import type { Handler, Pdb, Verdict } from './types.js';
import { pmFinished } from './ending.js';

async function step(pdb: Pdb, kind: 'step_into' | 'step_over' | 'step_return'): Promise<Verdict> {
  if (pdb.core.place.kind === 'pm') return pmFinished(pdb);
  return pdb.land(await pdb.core.step(kind, pdb.selectedLevel()));
}

/** s(tep): the very next event, into calls. */
const doStep: Handler = (pdb) => step(pdb, 'step_into');

/** n(ext): the next line of the selected frame (or its return). */
const doNext: Handler = (pdb) => step(pdb, 'step_over');

/** r(eturn): the return of the selected frame. */
const doReturn: Handler = (pdb) => step(pdb, 'step_return');

/** c(ont(inue)): to the next breakpoint whose condition holds, else to the program's end. */
const doContinue: Handler = async (pdb) => {
  if (pdb.core.place.kind === 'pm') return pmFinished(pdb);
  return pdb.land(await pdb.core.continue());
};

/** unt(il) [lineno]: to a line below the current one (or `lineno`) in this frame, or its return. */
const doUntil: Handler = async (pdb, arg) => {
  if (pdb.core.place.kind === 'pm') return pmFinished(pdb);
  const level = pdb.selectedLevel();
  if (pdb.core.place.kind !== 'node') return pdb.land(await pdb.core.step('step_over', level));
  const curLine = pdb.core.programFrames()[level]?.line ?? 0;
  let target: number;
  if (arg) {
    if (!/^\s*[-+]?\d+\s*$/.test(arg)) return pdb.error(`Error in argument: ${strRepr(arg)}`);
    target = Number(arg);
    if (target <= curLine) return pdb.error('"until" line number is smaller than current line number');
  } else target = curLine + 1;
  return pdb.land(await pdb.core.until(target, level));
};

/** j(ump) lineno: the next line to run, in the bottom frame (the state there is the same, at another line). */
const doJump: Handler = (pdb, arg) => {
  const core = pdb.core;
  if (pdb.curindex + 1 !== pdb.stack().length) return pdb.error('You can only jump within the bottom frame');
  if (!/^\s*[-+]?\d+\s*$/.test(arg)) return pdb.error("The 'jump' command requires a line number");
  const line = Number(arg);
  if (core.place.kind === 'pm') return pdb.error("Jump failed: can't jump from the 'call' trace event of a new frame");
  if (core.place.kind !== 'node') return pdb.error("Jump failed: can only jump from a 'line' trace event");
  const node = core.timeline.current;
  if (node.state.event !== 'line') return pdb.error("Jump failed: can only jump from a 'line' trace event");
  const own = node.frames[node.frames.length - 1]!;
  const d = own.func === '<module>' ? undefined : pdb.src.defFor(own.func, node.state.line ?? 0);
  const first = d ? d.firstLine : 1;
  const last = d ? d.lastLine : pdb.src.lastCodeLine();
  if (line < first) return pdb.error(`Jump failed: line ${line} comes before the current code block`);
  if (line > last) return pdb.error(`Jump failed: line ${line} comes after the current code block`);
  core.setLine(line);
  pdb.sayLocation();
};

/** The structured `breakpoint L` action: the model's jump to line L. */
export async function runToLine(pdb: Pdb, line: number): Promise<Verdict> {
  if (pdb.core.place.kind === 'pm') return pmFinished(pdb);
  return pdb.land(await pdb.core.runToLine(line));
}

export const STEPPING: Record<string, Handler> = {
  s: doStep,
  step: doStep,
  n: doNext,
  next: doNext,
  r: doReturn,
  return: doReturn,
  c: doContinue,
  cont: doContinue,
  continue: doContinue,
  unt: doUntil,
  until: doUntil,
  j: doJump,
  jump: doJump,
};
