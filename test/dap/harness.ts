// Starts the real adapter process (`node bin/ndbg.js dap`, from dist/: run
// `npm run build` first) under VS Code's own test client.

import { join, resolve } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const FIXTURES = join(import.meta.dirname, 'fixtures');
export const PYTHON = process.env.NDBG_TEST_PYTHON ?? 'python3';
const ADAPTER = join(import.meta.dirname, 'ndbg-dap.mjs');

/** A client talking to a fresh adapter; stop() it when done. */
export async function startClient(): Promise<DebugClient> {
  const dc = new DebugClient(process.execPath, ADAPTER, 'ndbg', { cwd: ROOT }, true);
  // The shared machine is slow at times: these are limits, not expectations.
  dc.defaultTimeout = 60_000;
  await dc.start();
  return dc;
}

export const fixture = (name: string): string => join(FIXTURES, name);

/** The innermost frame after a stop. */
export async function topFrame(dc: DebugClient): Promise<DebugProtocol.StackFrame> {
  const st = await dc.stackTraceRequest({ threadId: 1 });
  return st.body.stackFrames[0]!;
}

/** The variables of the innermost frame's Locals scope, by name. */
export async function locals(dc: DebugClient): Promise<Map<string, DebugProtocol.Variable>> {
  const frame = await topFrame(dc);
  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const ref = scopes.body.scopes[0]!.variablesReference;
  const vars = await dc.variablesRequest({ variablesReference: ref });
  return new Map(vars.body.variables.map((v) => [v.name, v]));
}

/** Sends a request and waits for the stop it leads to. */
export async function stopAfter(dc: DebugClient, request: Promise<unknown>): Promise<DebugProtocol.StoppedEvent> {
  const [stopped] = await Promise.all([dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>, request]);
  return stopped;
}
