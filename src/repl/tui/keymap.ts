// Which key does what, in one table: the store dispatches from it; help.ts and
// docs/tui.md describe it. Bindings are chosen to survive tmux and ssh:
// F-keys that terminals do not take for themselves (not F1/F10/F11 alone), Alt
// (= Esc then the key, which every terminal sends), and single letters that act
// only while a pane (not the command line) has the focus, so typing a command
// is never hijacked.

import { commandOf } from '../../commands/classify.js';

/** A debugger action a key can trigger; most are just a pdb command line. */
export type KeyAction = { kind: 'command'; line: string } | { kind: 'toggle-breakpoint' } | { kind: 'help' } | { kind: 'quit' };

const cmd = (line: string): KeyAction => ({ kind: 'command', line });

/** Keys that act from anywhere, the command line included. */
export const GLOBAL_KEYS: Record<string, KeyAction> = {
  f5: cmd('c'),
  f6: cmd('n'),
  f7: cmd('s'),
  f8: cmd('r'),
  f4: cmd('rs'),
  f9: { kind: 'toggle-breakpoint' },
  f1: { kind: 'help' },
};

/** Single keys while a pane has the focus; Alt+key does the same from anywhere. */
export const PANE_KEYS: Record<string, KeyAction> = {
  s: cmd('s'),
  n: cmd('n'),
  r: cmd('r'),
  c: cmd('c'),
  S: cmd('rs'),
  N: cmd('rn'),
  R: cmd('reverse-finish'),
  C: cmd('rc'),
  u: cmd('u'),
  d: cmd('d'),
  w: cmd('w'),
  b: { kind: 'toggle-breakpoint' },
  q: { kind: 'quit' },
  '?': { kind: 'help' },
};

/** pdb's commands and ndbg's additions, for completion of the first word. */
export const COMMANDS: string[] = [
  'a',
  'alias',
  'args',
  'b',
  'break',
  'bt',
  'c',
  'cl',
  'clear',
  'commands',
  'condition',
  'cont',
  'continue',
  'd',
  'debug',
  'disable',
  'display',
  'down',
  'enable',
  'exit',
  'h',
  'help',
  'ignore',
  'interact',
  'j',
  'jump',
  'l',
  'list',
  'll',
  'longlist',
  'n',
  'next',
  'p',
  'pp',
  'q',
  'quit',
  'r',
  'restart',
  'return',
  'retval',
  'run',
  'rv',
  's',
  'source',
  'step',
  'tbreak',
  'u',
  'unalias',
  'undisplay',
  'unt',
  'until',
  'up',
  'w',
  'whatis',
  'where',
  'rs',
  'reverse-step',
  'rn',
  'reverse-next',
  'rc',
  'reverse-continue',
  'reverse-finish',
];

const MOVING = new Set([
  's',
  'step',
  'n',
  'next',
  'r',
  'return',
  'c',
  'cont',
  'continue',
  'unt',
  'until',
  'j',
  'jump',
  'restart',
  'run',
  'rs',
  'reverse-step',
  'rn',
  'reverse-next',
  'rc',
  'reverse-continue',
  'reverse-finish',
  'u',
  'up',
  'd',
  'down',
]);

/** Commands that move execution or the selected frame (they print a location), as pdb of `python` reads the line. */
export function isMoving(line: string, python?: string): boolean {
  const c = commandOf(line, python);
  return c !== undefined && MOVING.has(c.name);
}

export function isQuit(line: string, python?: string): boolean {
  const c = commandOf(line, python);
  return c !== undefined && c.arg === '' && ['q', 'quit', 'exit'].includes(c.name);
}
