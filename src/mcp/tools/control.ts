// Tools that move the program: any pdb command line (read as an editor's
// console reads it: src/commands/classify.ts), the structured steps (forward
// and reverse), and waiting for or interrupting a running program.

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { consoleLine, namesOf, pdbLine } from '../../commands/classify.js';
import type { Action } from '../../engine/engine.js';
import type { Session } from '../../commands/session.js';
import type { SessionRegistry } from '../registry.js';
import { DEFAULT_TIMEOUT_S, SAFETY, TIMEOUT_HELP } from '../safety.js';
import { stateShape } from '../schemas.js';
import { guarded, stateAnswer } from '../toolResult.js';

const STEPS = {
  into: { kind: 'step_into' },
  over: { kind: 'step_over' },
  out: { kind: 'step_return' },
  continue: { kind: 'continue' },
  reverse_into: { kind: 'inv_step_into' },
  reverse_over: { kind: 'inv_step_over' },
  reverse_continue: { kind: 'inv_continue' },
  reverse_finish: { kind: 'inv_step_call' },
} as const satisfies Record<string, Action>;

type StepName = keyof typeof STEPS | 'until' | 'jump';

const ms = (timeout: number | undefined) => (timeout ?? DEFAULT_TIMEOUT_S) * 1000;

/** What a step sends: an action, or (until, jump) a command line. */
function stepSender(step: StepName, line: number | undefined): (s: Session) => Promise<void> {
  if (step === 'jump') {
    if (line === undefined) throw new Error("'jump' needs 'line': the line to run next (in the current frame)");
    return (s) => s.command(`jump ${line}`);
  }
  if (step === 'until') return (s) => s.command(line === undefined ? 'until' : `until ${line}`);
  if (line !== undefined) throw new Error(`'line' goes with 'until' or 'jump', not '${step}': drop it, or set a breakpoint and continue`);
  const action: Action = STEPS[step];
  return (s) => s.action(action);
}

export function registerControlTools(server: McpServer, sessions: SessionRegistry): void {
  const timeout = z.number().positive().max(600).optional().describe(TIMEOUT_HELP);
  const session = z.string().describe("the session id from 'start_session'");

  server.registerTool(
    'debugger_command',
    {
      title: 'Run a debugger command',
      description:
        "Run one command line exactly as typed at pdb's prompt: all of pdb's language (s, n, r, c, unt, j, b, tbreak, cl, " +
        "condition, ignore, commands, p, pp, w, u, d, l, ll, a, retval, display, !statement, alias, ';;' ...) plus ndbg's reverse " +
        "commands rs (reverse-step), rn (reverse-next), rc (reverse-continue), reverse-finish. 'help' lists them. " +
        "A line that starts with a command's name but is Python over the frame's variables ('n + 1' with a local n, " +
        "'c * 2', 's.upper()') is evaluated instead, as an editor's debug console does; a command's name alone ('n', 'c') " +
        "is the command. 'ran' says which it did. " +
        "Returns the state after it and the command's text output; a command that fails is a tool error. " +
        `${SAFETY}`,
      inputSchema: { session, command: z.string().describe("the command line, e.g. 'b 12', 'p x + 1', 'rs'"), timeout },
      outputSchema: stateShape,
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        if (a.command.includes('\n')) throw new Error("one command line at a time: send each line in its own call, or join them with ';;'");
        const read = consoleLine(a.command, namesOf(s.status === 'stopped' ? s.lastStop : undefined));
        // Python that some pdb would read as a command (`n + 1` everywhere, `s.upper()` before 3.13) goes as `!`
        const line = read.kind === 'expression' && pdbLine(a.command).kind === 'command' ? `!${read.source}` : a.command;
        await s.send((x) => x.command(line), ms(a.timeout));
        return stateAnswer(s, undefined, read.kind);
      }),
  );

  server.registerTool(
    'step',
    {
      title: 'Step, continue, or step backwards',
      description:
        'Move the program and return where it stopped: into (step into calls), over (next line in this function), ' +
        'out (run to the return of this function), continue (to the next breakpoint or the end), until (to a line ' +
        'greater than the current one, or to `line`), jump (set the next line to run to `line`, without running what ' +
        'is between), and backwards: reverse_into (the previous line executed, in any frame), reverse_over (the previous ' +
        'line of this function), reverse_continue (back to the previous breakpoint hit, or the start), reverse_finish ' +
        `(back to the call of this function: its arguments). ${SAFETY} Python engine: going back replays the program ` +
        'from its start (deterministic programs only); neural engine: the model predicts each earlier state.',
      inputSchema: {
        session,
        action: z.enum(['into', 'over', 'out', 'continue', 'until', 'jump', 'reverse_into', 'reverse_over', 'reverse_continue', 'reverse_finish']),
        line: z.number().int().positive().optional().describe("target line, for 'until' (optional) and 'jump' (required)"),
        timeout,
      },
      outputSchema: stateShape,
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        const sender = stepSender(a.action, a.line);
        await s.send(sender, ms(a.timeout));
        return stateAnswer(s);
      }),
  );

  server.registerTool(
    'wait',
    {
      title: 'Wait for a running program',
      description:
        'Wait until a running session stops (a breakpoint, the end of a step) or the timeout passes; returns the state. ' +
        `For a session that is already stopped it returns at once. ${SAFETY}`,
      inputSchema: { session, timeout },
      outputSchema: stateShape,
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        await s.waitSettled(ms(a.timeout));
        return stateAnswer(s);
      }),
  );

  server.registerTool(
    'interrupt',
    {
      title: 'Interrupt a running program',
      description:
        'Stop a running session where it is, like Ctrl-C under pdb (python engine: the program stops at its current line; ' +
        `neural engine: the prediction in progress is abandoned), and return the state. ${SAFETY}`,
      inputSchema: { session, timeout },
      outputSchema: stateShape,
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        if (s.status !== 'running') return stateAnswer(s, `session ${s.id} is not running (${s.status}): nothing to interrupt`);
        s.interrupt();
        const stopped = await s.waitSettled(ms(a.timeout));
        return stateAnswer(s, stopped ? 'interrupted' : 'interrupt sent, the program has not stopped yet');
      }),
  );
}
