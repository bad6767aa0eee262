// What a pdb command's handler gets and gives back: the command loop as the
// handlers see it (`Pdb`, implemented by NeuralDebugger in ../debugger.ts), the
// handler's shape and its verdict. The handlers depend on this file and the loop
// implements it, so the loop can import the handlers without a circle.

import type { Scope } from '../../../pyval/index.js';
import type { TextEvent } from '../../engine.js';
import type { Core, Outcome } from '../core.js';
import type { PdbFacts } from '../probe.js';
import type { GetLine, PdbFrame } from '../render.js';
import type { ScriptSource } from '../source.js';

/**
 * What a command does to the program: 'stay' (pdb's do_x returning None), or it
 * resumed (it moved, or ended; pdb's do_next returns 1) and the loop sets up the
 * stop it reached. `outcome` is the stepping core's answer that led there: the
 * breakpoint it hit, whose commands run at that stop. None when pdb itself moved
 * (post-mortem, quit).
 */
export type Verdict = 'stay' | Resumed;

export interface Resumed {
  kind: 'resume';
  outcome?: Outcome;
}

/** A command resumed the program (`outcome`: where the core's action led). */
export function resumed(outcome?: Outcome): Resumed {
  return outcome ? { kind: 'resume', outcome } : { kind: 'resume' };
}

/** A pdb command: its argument text in, its verdict out (nothing: it stays). */
export type Handler = (pdb: Pdb, arg: string) => Verdict | void | Promise<Verdict | void>;

/** `commands N`: the lines run when breakpoint N stops the program. */
export interface CommandList {
  lines: string[];
  silent: boolean;
  /** False when the list ends with a command that resumes (no prompt at the stop). */
  doprompt: boolean;
}

/** The command loop as pdb's command handlers use it: pdb's state, its output, the stepping core. */
export interface Pdb {
  /** The script's absolute path as pdb prints it. */
  readonly file: string;
  readonly src: ScriptSource;
  readonly facts: PdbFacts;
  readonly core: Core;
  /** pdb's curindex: the selected entry of stack(). */
  curindex: number;
  /** pdb's `self.lineno`: where `l` continues. */
  listLine: number | null;
  /** display expressions per frame key: expr -> last shown value. */
  readonly displaying: Map<string, Map<string, string>>;
  readonly aliases: Map<string, string>;
  readonly bpCommands: Map<number, CommandList>;
  /** The breakpoint whose commands are being typed (pdb's commands_defining), or null. */
  defining: number | null;
  lastcmd: string;
  cmdqueue: string[];
  /** sys.argv[1:] of the next run. */
  args: string[];

  /** Show where an action of the core led (banners, why it stopped early) and say whether the program moved. */
  land(o: Outcome): Promise<Verdict>;
  /** A run begins: one after the session's first is announced at its first stop. */
  runBegins(): void;
  /** The names the command bound in the selected frame, with their new reprs. */
  edited(changes: Record<string, string>): void;

  /** pdb's own output (part of the command's result). */
  say(text: string, kind?: TextEvent['kind']): void;
  message(msg: string): void;
  /** pdb's error(): `*** msg`; the command failed. */
  error(msg: string): void;
  /** An error line already written as pdb writes it (pyval's `*** ...`): the command failed. */
  errorLine(text: string): void;
  /** pdb's print_stack_entry of the selected frame, as a location. */
  sayLocation(): void;
  /** Text on the program's streams (its predicted output, tracebacks). */
  write(stream: 'stdout' | 'stderr', text: string): void;
  /** The session is over. */
  exit(code: number): void;
  /** Ask the user `question`; `answer` gets the reply line (null: EOF). */
  ask(question: string, answer: (reply: string | null) => void): void;
  getLine: GetLine;

  /** pdb's stack for the current stop: bdb's frames, then the program's. */
  stack(): PdbFrame[];
  /** The selected stack entry. */
  selected(): PdbFrame;
  /** The selected program frame's level (0 = module), or -1 when one of pdb's own frames is selected. */
  selectedLevel(): number;
  /** pyval's scope for the selected frame. */
  scope(): Scope;
  /** Display expressions are kept per program frame (per stack entry for pdb's own). */
  selectedFrameKey(): string;
}
