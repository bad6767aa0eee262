// How a tool answers: structured content plus its short text form, or a tool
// error (`isError: true`) whose text says what went wrong and what to do. The
// server keeps serving after any of them.

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UserError } from '../engine/errors.js';
import type { DebugSession } from './debugSession.js';
import type { StateResult } from './schemas.js';
import { stateResult, stateText } from './shape.js';

export function ok<T extends Record<string, unknown>>(structured: T, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The text of an error for the agent: a UserError's message as is, anything else prefixed. */
export function errorText(e: unknown): string {
  if (e instanceof UserError) return e.message.replace(/^ndbg: /, '');
  return e instanceof Error ? e.message : String(e);
}

/** Run a tool body; a thrown error becomes a tool error with its message (never a crash of the server). */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (e) {
    return toolError(errorText(e));
  }
}

/**
 * The session's state after a call: a tool error when a command of the call
 * failed (pdb printed an error), with the state still in its text.
 */
export function stateAnswer(s: DebugSession, message?: string, ran?: StateResult['ran']): CallToolResult {
  const c = s.drain();
  const failed = c.commands.filter((x) => !x.ok);
  const r: StateResult = { ...stateResult(s, c, message), ...(ran ? { ran } : {}) };
  if (failed.length) {
    const why = failed.map((x) => `'${x.command}' failed: ${x.error ?? 'error'}`).join('; ');
    // the neural engine's own failures (a prediction that could not be read) say 'ndbg: ...'
    const model = failed.every((x) => x.error?.startsWith('ndbg:'));
    const todo = model
      ? "The model could not predict this step and the session stayed where it was: try another step or command, or a 'python' session for the real run"
      : "Check the command (pdb's syntax; 'help' lists the commands, 'help NAME' explains one); the session is still usable";
    return toolError(`${why}. ${todo}.\n\n${stateText(r)}`);
  }
  return ok(r, stateText(r));
}
