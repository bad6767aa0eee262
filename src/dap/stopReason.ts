// Why the program stopped, as DAP says it (StoppedEvent's reason, description
// and hit breakpoints), from what the adapter asked for and what the engine
// reported; and the exceptionInfo of a stop at an exception.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BreakpointInfo, StopEvent } from '../engine/engine.js';
import type { BreakpointBook } from './breakpoints.js';

/** What the adapter asked the program to do before this stop. */
export type Resume =
  | { kind: 'continue' }
  /** `over` / `out`: a step over or out, from a frame `depth` program frames deep (log points crossed on the way go on to there). */
  | { kind: 'step'; over?: 'over' | 'out'; depth?: number }
  | { kind: 'reverse-continue' }
  | { kind: 'entry' }
  | { kind: 'pause' }
  | { kind: 'goto' };

export interface StopDescription {
  reason: string;
  description: string;
  text?: string;
  hitBreakpointIds: number[];
}

export function stopDescription(
  stop: StopEvent | undefined,
  why: Resume,
  hits: number[],
  paused: boolean,
  predicted: boolean,
  book: BreakpointBook,
  table: BreakpointInfo[],
): StopDescription {
  const mark = predicted ? ' (predicted)' : '';
  if (stop?.postMortem) {
    return { reason: 'exception', description: `Uncaught exception${mark}`, text: stop.exception, hitBreakpointIds: [] };
  }
  if (paused || why.kind === 'pause') return { reason: 'pause', description: `Paused${mark}`, hitBreakpointIds: [] };
  if (hits.length) {
    const fn = table.some((b) => hits.includes(b.number) && b.func);
    return {
      reason: fn ? 'function breakpoint' : 'breakpoint',
      description: `Paused on ${fn ? 'function breakpoint' : 'breakpoint'}${mark}`,
      hitBreakpointIds: hits,
    };
  }
  if (why.kind === 'reverse-continue' && stop) {
    // going back, bdb counts no hits: a breakpoint is where the program is
    const here = stop.frames[stop.frames.length - 1];
    const at = table.filter((b) => b.enabled && !b.func && here && b.file === here.file && b.line === here.line && book.logMessage(b.number) === undefined);
    if (at.length) return { reason: 'breakpoint', description: `Paused on breakpoint (going back)${mark}`, hitBreakpointIds: at.map((b) => b.number) };
    return { reason: 'entry', description: `Back at the start of the program${mark}`, hitBreakpointIds: [] };
  }
  if (why.kind === 'entry') return { reason: 'entry', description: `Paused on entry${mark}`, hitBreakpointIds: [] };
  if (why.kind === 'goto') return { reason: 'goto', description: `Jumped${mark}`, hitBreakpointIds: [] };
  if (stop?.event === 'exception') {
    return { reason: 'step', description: `Paused at a raised exception${mark}`, text: stop.exception, hitBreakpointIds: [] };
  }
  return { reason: 'step', description: `Paused${mark}`, hitBreakpointIds: [] };
}

/** exceptionInfo for a stop at an exception (post-mortem or an `exception` event); undefined otherwise. */
export function exceptionInfo(stop: StopEvent | undefined): DebugProtocol.ExceptionInfoResponse['body'] | undefined {
  if (!stop?.exception) return undefined;
  const text = stop.exception;
  const colon = text.indexOf(':');
  const typeName = colon < 0 ? text.trim() : text.slice(0, colon).trim();
  const message = colon < 0 ? '' : text.slice(colon + 1).trim();
  const here = stop.frames[stop.frames.length - 1];
  const body: DebugProtocol.ExceptionInfoResponse['body'] = {
    exceptionId: typeName,
    description: stop.predicted ? `${text} (predicted)` : text,
    breakMode: stop.postMortem ? 'unhandled' : 'always',
    details: {
      message,
      typeName,
      fullTypeName: typeName,
      ...(here ? { stackTrace: `  File "${here.file}", line ${here.line}, in ${here.func}` } : {}),
    },
  };
  return body;
}
