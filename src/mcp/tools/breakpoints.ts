// Tools for breakpoints: set (line or function, condition, temporary), clear,
// list. They send pdb's own commands, so both engines keep one table, and read
// it back from the engine's `breakpoints` events.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { DebugSession } from '../debugSession.js';
import type { SessionRegistry } from '../registry.js';
import { DEFAULT_TIMEOUT_S, SAFETY } from '../safety.js';
import { breakpointSchema } from '../schemas.js';
import { breakpointsOf } from '../shape.js';
import { guarded, ok } from '../toolResult.js';

/** Run a command that does not resume the program; a failure is a tool error with pdb's message. */
export async function quietCommand(s: DebugSession, line: string): Promise<ReturnType<DebugSession['drain']>> {
  await s.send((x) => x.command(line), DEFAULT_TIMEOUT_S * 1000);
  const c = s.drain();
  const failed = c.commands.find((x) => !x.ok);
  if (failed) throw new Error(`'${failed.command}' failed: ${failed.error ?? c.debugger.trim()}`);
  return c;
}

const tableSchema = {
  session: z.string(),
  breakpoints: z.array(breakpointSchema).describe('the whole breakpoint table after the call'),
};

function tableText(s: DebugSession): string {
  if (!s.breakpoints.length) return 'no breakpoints';
  return s.breakpoints
    .map(
      (b) =>
        `${b.number}: ${b.file}:${b.line}${b.func ? ` (${b.func})` : ''}${b.condition ? ` if ${b.condition}` : ''}${b.temporary ? ' temporary' : ''}${b.enabled ? '' : ' disabled'} hits=${b.hits}`,
    )
    .join('\n');
}

export function registerBreakpointTools(server: McpServer, sessions: SessionRegistry): void {
  const session = z.string().describe("the session id from 'start_session'");

  server.registerTool(
    'set_breakpoint',
    {
      title: 'Set a breakpoint',
      description:
        "Set a breakpoint on a line (of the script, or of `file`) or on a function's first line, optionally with a " +
        'condition (a Python expression evaluated in the frame: the program stops only when it is true) and temporary ' +
        `(removed at its first stop). Then 'step' with action 'continue' runs to it. ${SAFETY}`,
      inputSchema: {
        session,
        line: z.number().int().positive().optional().describe('the line number'),
        function: z.string().optional().describe('a function name, instead of a line'),
        file: z.string().optional().describe('the file of the line (default: the script)'),
        condition: z.string().optional().describe("stop only when this expression is true, e.g. 'i == 3'"),
        temporary: z.boolean().optional(),
      },
      outputSchema: { ...tableSchema, added: breakpointSchema.optional() },
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        if ((a.line === undefined) === (a.function === undefined)) throw new Error("give 'line' or 'function' (one of them)");
        if (a.function !== undefined && a.file !== undefined) throw new Error("'file' goes with 'line'; a function is found by its name");
        const where = a.function ?? (a.file !== undefined ? `${a.file}:${a.line}` : String(a.line));
        const before = new Set(s.breakpoints.map((b) => b.number));
        await quietCommand(s, `${a.temporary ? 'tbreak' : 'break'} ${where}${a.condition ? `, ${a.condition}` : ''}`);
        const added = breakpointsOf(s.breakpoints.filter((b) => !before.has(b.number)))[0];
        if (!added) throw new Error(`no breakpoint was set at ${where}: give a line that has code, or a function the program defines`);
        return ok(
          { session: s.id, added, breakpoints: breakpointsOf(s.breakpoints) },
          `breakpoint ${added.number} at ${added.file}:${added.line}${added.condition ? ` if ${added.condition}` : ''}\n${tableText(s)}`,
        );
      }),
  );

  server.registerTool(
    'clear_breakpoint',
    {
      title: 'Clear breakpoints',
      description: `Remove a breakpoint by its number, or all of them. ${SAFETY}`,
      inputSchema: {
        session,
        number: z.number().int().positive().optional().describe("the breakpoint's number (from set_breakpoint or list_breakpoints)"),
        all: z.boolean().optional().describe('remove every breakpoint'),
      },
      outputSchema: { ...tableSchema, cleared: z.array(z.number()) },
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        if ((a.number === undefined) === !a.all) throw new Error("give 'number' (one breakpoint) or 'all: true'");
        const numbers = a.all ? s.breakpoints.map((b) => b.number) : [a.number!];
        if (a.number !== undefined && !s.breakpoints.some((b) => b.number === a.number)) {
          throw new Error(
            `there is no breakpoint ${a.number} (${s.breakpoints.length ? `numbers: ${s.breakpoints.map((b) => b.number).join(', ')}` : 'none is set'})`,
          );
        }
        // pdb's `clear` without numbers asks for confirmation on its own stdin: always name them
        if (numbers.length) await quietCommand(s, `clear ${numbers.join(' ')}`);
        return ok(
          { session: s.id, cleared: numbers, breakpoints: breakpointsOf(s.breakpoints) },
          `cleared ${numbers.join(', ') || 'nothing'}\n${tableText(s)}`,
        );
      }),
  );

  server.registerTool(
    'list_breakpoints',
    {
      title: 'List breakpoints',
      description: `The breakpoint table: number, file, line, function, condition, hits, enabled, temporary. ${SAFETY}`,
      inputSchema: { session },
      outputSchema: tableSchema,
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        return ok({ session: s.id, breakpoints: breakpointsOf(s.breakpoints) }, tableText(s));
      }),
  );
}
