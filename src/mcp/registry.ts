// The MCP server's sessions by id (`s1`, `s2`, ...): several at once, each its
// own engine and process. Closing the registry (the client went away) closes
// every session, so no debuggee or bridge outlives the server.

import { DebugSession, type DebugSessionOptions } from './debugSession.js';

export class SessionRegistry {
  private readonly sessions = new Map<string, DebugSession>();
  private next = 1;

  /** Create and start a session; a session that fails to start is not kept. */
  async start(options: DebugSessionOptions, timeoutMs: number): Promise<DebugSession> {
    const id = `s${this.next++}`;
    const s = new DebugSession(id, options);
    this.sessions.set(id, s);
    try {
      await s.start(timeoutMs);
    } catch (e) {
      this.sessions.delete(id);
      throw e;
    }
    return s;
  }

  /** The session `id`, or a tool error that says which ids exist. */
  get(id: string): DebugSession {
    const s = this.sessions.get(id);
    if (s) return s;
    const known = [...this.sessions.keys()];
    throw new Error(
      `no session '${id}'${known.length ? ` (open sessions: ${known.join(', ')})` : ' (no session is open)'}: ` +
        "call 'list_sessions' for the ids, or 'start_session' to start one",
    );
  }

  list(): DebugSession[] {
    return [...this.sessions.values()];
  }

  async end(id: string): Promise<DebugSession> {
    const s = this.get(id);
    this.sessions.delete(id);
    await s.close();
    return s;
  }

  async closeAll(): Promise<void> {
    const all = this.list();
    this.sessions.clear();
    await Promise.all(all.map((s) => s.close()));
  }
}
