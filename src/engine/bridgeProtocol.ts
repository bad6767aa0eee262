// The wire format between PythonEngine and the bridge (python/ndbg/bridge/).
// child -> ndbg (fd 3): one JSON object per line, discriminated by `t`.
// ndbg -> child (fd 4): one line per message, first character is the tag.
// Documented for users in docs/json.md ("Bridge protocol").

import type { BreakpointInfo } from './engine.js';

export interface BridgeFrame {
  file: string;
  line: number;
  func: string;
  locals?: Record<string, string>;
  /** Names of `locals` a trace state of this frame leaves out (python/ndbg/bridge/shown.py). */
  hidden?: string[];
}

/** One of bdb's breakpoints, as the bridge sends it: exactly engine.ts's BreakpointInfo. */
export type BridgeBreakpoint = BreakpointInfo;

export type BridgeMessage =
  | { t: 'h'; v: number; python: string; pid: number } // hello
  | { t: 'o'; s: 'stdout' | 'stderr' | 'debugger'; d: string; k?: 'error' | 'location' } // output text; k: what it is
  | { t: 'p'; p: string } // pdb waits for a command line; p = its prompt
  | { t: 'i' } // the program reads a line of stdin
  | { t: 'r'; c: string; ok: boolean } // a command finished without resuming
  | { t: 'c'; c: string; ok: boolean; e?: string; res: boolean; ed?: Record<string, string> } // a command's outcome
  | { t: 'b'; bps: BridgeBreakpoint[] } // the breakpoint table changed
  | { t: 'n' } // the program starts again (a new ordinary run)
  | { t: 'v'; ok: boolean; e?: string; v?: BridgeValue; start?: number; ch?: BridgeChild[] } // an inspection's answer
  | {
      t: 's'; // stop (or `refresh`: same stop, new selection or state)
      event: 'call' | 'line' | 'return' | 'exception';
      n?: number; // index of the trace event in this run (1-based); absent while unknown (after `continue` without breakpoints)
      frames: BridgeFrame[];
      selected: number;
      retval?: string;
      exception?: string;
      pm?: boolean;
      refresh?: boolean;
    };

/** A value as an inspection reports it: exactly engine.ts's ValueView (without the neural fields). */
export interface BridgeValue {
  value: string;
  type: string;
  size: number;
}

export interface BridgeChild extends BridgeValue {
  name: string;
  expr: string;
}

/** `e`: evaluate an expression; `c`: a page of its children. */
export type InspectKind = 'e' | 'c';

export type ReverseKind = 'step' | 'next' | 'continue' | 'finish';

/** Encoders for the inbound direction. Lines never contain '\n'. */
export const encode = {
  line: (text: string) => `L${text.replace(/\n/g, ' ')}\n`,
  partial: (text: string) => `P${text.replace(/\n/g, ' ')}\n`,
  eof: () => 'E\n',
  reverse: (kind: ReverseKind) => `R${kind}\n`,
  /** frame -1: the selected one. Tabs and newlines in the expression are whitespace to Python. */
  inspect: (kind: InspectKind, expr: string, frame: number, start = 0, count = 0) =>
    `I${kind}\t${frame}\t${start}\t${count}\t${expr.replace(/[\t\n]/g, ' ')}\n`,
};

/** Splits a byte stream into complete lines (the last partial one is kept). */
export class LineSplitter {
  private rest = '';
  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    return lines;
  }
}
