// variablesReference handles: what a number the editor holds stands for (a
// frame's locals or globals, or a value to open by its expression in a frame).
// Valid until the program moves: every resume resets them, as DAP allows.

import { Handles } from '@vscode/debugadapter';

export type Ref =
  | { kind: 'locals'; frame: number }
  | { kind: 'globals'; frame: number }
  /** A value with children: `expr` evaluates to it in `frame`; `childExprs` map the names shown to their expressions. */
  | { kind: 'value'; frame: number; expr: string; childExprs: Map<string, string> };

export class References {
  private handles = new Handles<Ref>();

  scope(kind: 'locals' | 'globals', frame: number): number {
    return this.handles.create({ kind, frame });
  }

  value(frame: number, expr: string): number {
    return this.handles.create({ kind: 'value', frame, expr, childExprs: new Map() });
  }

  get(handle: number): Ref | undefined {
    return this.handles.get(handle);
  }

  /** The program moved: every handle handed out so far is stale. */
  reset(): void {
    this.handles.reset();
  }
}

/** Frame ids: the index into the stop's `frames`, plus one (0 is no frame in DAP). */
export const frameId = (index: number): number => index + 1;
export const frameIndex = (id: number): number => id - 1;
