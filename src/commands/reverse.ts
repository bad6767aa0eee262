// Reverse-execution commands: what pdb lacks. Parsed here, executed by the
// engine as structured actions (the python engine replays; the neural engine
// walks its history or asks the inverse model).

import type { Action } from '../engine/engine.js';

const NAMES: Record<string, Action['kind']> = {
  rs: 'inv_step_into',
  'reverse-step': 'inv_step_into',
  rn: 'inv_step_over',
  'reverse-next': 'inv_step_over',
  rc: 'inv_continue',
  'reverse-continue': 'inv_continue',
  'reverse-finish': 'inv_step_call',
};

/** The action for a reverse command line, or undefined for any other line. */
export function parseReverse(line: string): Action | undefined {
  const name = line.trim();
  return isReverseName(name) ? ({ kind: NAMES[name]! } as Action) : undefined;
}

/** Own names only: `constructor` or `toString` typed at the prompt are not reverse commands. */
export function isReverseName(name: string): boolean {
  return Object.hasOwn(NAMES, name);
}

/** `help NAME` for a reverse command, or undefined. */
export function reverseHelp(name: string): string | undefined {
  return Object.hasOwn(REVERSE_HELP, name) ? REVERSE_HELP[name] : undefined;
}

export const REVERSE_HELP: Record<string, string> = {
  rs: `rs | reverse-step
        Go back to the previous line executed, in any frame (steps
        backwards into calls). Prints the location like 'step' does.`,
  rn: `rn | reverse-next
        Go back to the previous line of the current frame, skipping
        over calls; from a frame's first line, back to its caller.`,
  rc: `rc | reverse-continue
        Go back to the previous line where an enabled breakpoint is set
        (conditions and ignore counts are not evaluated), or to the
        start of the program.`,
  'reverse-finish': `reverse-finish
        Go back to the call of the current frame (the '--Call--' event).`,
};
REVERSE_HELP['reverse-step'] = REVERSE_HELP.rs!;
REVERSE_HELP['reverse-next'] = REVERSE_HELP.rn!;
REVERSE_HELP['reverse-continue'] = REVERSE_HELP.rc!;
