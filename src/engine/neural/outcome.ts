// What the stepping core's actions return (an Outcome) and where the debugger
// stands (a Place): the data the core and the command loop exchange, in a file of
// its own so that the core's parts (core.ts, inverse.ts) and the loop share it.

import type { ModelState } from '../../model/types.js';
import type { Action } from '../engine.js';
import type { Hit } from './breakpoints.js';
import type { Node, ProgramFrame } from './timeline.js';

/** The engine's reverse actions (src/commands/reverse.ts names their commands). */
export type ReverseAction = Extract<Action['kind'], `inv_${string}`>;

/** Where an uncaught exception came from: its frames, line and locals, and the states the inverse model predicted to find it. */
export interface ExceptionOrigin {
  frames: ProgramFrame[];
  line: number;
  locals: Record<string, string>;
  /** States predicted backwards from the module's return (latest first). */
  seen: Node[];
}

/** Where the debugger stands. */
export type Place =
  | { kind: 'node' }
  // after the module returned: pdb steps through its own frames (`<string>`, bdb.run)
  | { kind: 'string'; phase: 'exception' | 'return'; exception?: string }
  | { kind: 'bdb'; at: 'quit' | 'run' | 'except'; exception?: string }
  | { kind: 'pm'; exception: string; origin: ExceptionOrigin };

/** Where an action led. */
export type Outcome =
  /** Stop at a state of the timeline (now current); `note` says why here when the action gave up early. */
  | { kind: 'node'; node: Node; hit?: Hit; note?: string }
  /** Into pdb's own frames past the module's end (`place` says which). */
  | { kind: 'end' }
  /** The program ended (normally, with an error, or never: the model says it loops). */
  | { kind: 'exit'; exit: ModelState }
  /** Nothing reached: the debugger stays (`note`: why, for the user). */
  | { kind: 'stay'; note?: string };

export const NO_HISTORY = 'No more reverse-execution history.';
export const STAY: Outcome = { kind: 'stay' };
export const END: Outcome = { kind: 'end' };
