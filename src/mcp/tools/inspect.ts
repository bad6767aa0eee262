// Tools that look at and change the stopped program: evaluate an expression,
// set a variable, get the whole state. Evaluation is the engine's quiet
// `evaluate` (no text in the transcript, a structured value).

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Frame } from '../../engine/engine.js';
import type { SessionRegistry } from '../registry.js';
import { DEFAULT_TIMEOUT_S, SAFETY } from '../safety.js';
import { stateShape } from '../schemas.js';
import { guarded, ok, stateAnswer } from '../toolResult.js';

/** Children listed by `expand`. */
const CHILDREN = 50;

/** Index into the stop's frames of the program frame `k` (0: outermost, as 'stack' lists them). */
function rawFrame(frames: Frame[], k: number): number {
  const first = Math.max(0, frames.findIndex((f) => f.file === '<string>') + 1);
  const raw = first + k;
  if (k < 0 || raw >= frames.length) throw new Error(`there is no frame ${k}: the stack has frames 0..${frames.length - first - 1} (0 is the outermost)`);
  return raw;
}

export function registerInspectTools(server: McpServer, sessions: SessionRegistry): void {
  const session = z.string().describe("the session id from 'start_session'");

  server.registerTool(
    'evaluate',
    {
      title: 'Evaluate an expression',
      description:
        "Evaluate a Python expression in the stopped program's frame (default: the selected frame; `frame` is an index " +
        "into the state's stack, 0 = outermost) and return its repr and type. Python engine: evaluated in the real " +
        "frame (it may call the program's code). Neural engine: computed over the predicted values, never by running " +
        `the program; the answer is marked predicted. ${SAFETY}`,
      inputSchema: {
        session,
        expression: z.string().describe("e.g. 'len(items)', 'x * 2', 'd[\"key\"]'"),
        frame: z.number().int().nonnegative().optional(),
        expand: z.boolean().optional().describe(`also list its items, keys or attributes (the first ${CHILDREN})`),
      },
      outputSchema: {
        session: z.string(),
        expression: z.string(),
        value: z.string().describe('the repr of the value'),
        type: z.string().optional(),
        size: z.number().optional().describe('how many items, keys or attributes it has'),
        predicted: z.boolean(),
        confidence: z.number().optional(),
        children: z
          .array(
            z.object({ name: z.string(), expr: z.string().describe('an expression for it, to evaluate or set_variable'), value: z.string(), type: z.string() }),
          )
          .optional()
          .describe('with expand: its items, keys or attributes'),
      },
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        s.requireStopped();
        const frame = a.frame !== undefined ? rawFrame(s.lastStop?.frames ?? [], a.frame) : undefined;
        const where = frame !== undefined ? { frame } : {};
        const r = await s.inner.evaluate(a.expression, where);
        if (!r.ok) throw new Error(`cannot evaluate '${a.expression}': ${r.error}`);
        const v = r.result;
        let children: Array<{ name: string; expr: string; value: string; type: string }> | undefined;
        if (a.expand && v.size > 0) {
          const page = await s.inner.children(a.expression, { ...where, start: 0, count: CHILDREN });
          if (page.ok) children = page.result.children.map((c) => ({ name: c.name, expr: c.expr, value: c.value, type: c.type }));
        }
        const predicted = v.predicted ?? s.engine === 'neural';
        const out = {
          session: s.id,
          expression: a.expression,
          value: v.value,
          type: v.type,
          size: v.size,
          predicted,
          ...(v.confidence !== undefined ? { confidence: v.confidence } : {}),
          ...(children ? { children } : {}),
        };
        const items = children?.map((c) => `\n  ${c.name} = ${c.value}`).join('') ?? '';
        return ok(out, `${a.expression} = ${v.value} (${v.type}${predicted ? ', predicted' : ''})${items}`);
      }),
  );

  server.registerTool(
    'set_variable',
    {
      title: 'Set a variable',
      description:
        "Assign a new value to a variable (or an item or attribute: 'xs[0]', 'obj.count') in the selected frame of the " +
        "stopped program, then continue from there with the new value (pdb's `!name = value`). Neural engine: the value " +
        `replaces the predicted one and the model predicts onwards from it. ${SAFETY}`,
      inputSchema: {
        session,
        name: z.string().describe("the variable, item or attribute to assign, e.g. 'total', 'xs[0]'"),
        value: z.string().describe("a Python expression for the new value, e.g. '0', '[1, 2]', \"'text'\""),
      },
      outputSchema: stateShape,
    },
    (a) =>
      guarded(async () => {
        const s = sessions.get(a.session);
        if (/\n|;;/.test(a.name + a.value)) throw new Error("name and value are one expression each (no newlines, no ';;')");
        await s.send((x) => x.command(`!${a.name} = ${a.value}`), DEFAULT_TIMEOUT_S * 1000);
        return stateAnswer(s);
      }),
  );

  server.registerTool(
    'get_state',
    {
      title: 'Get the current state',
      description:
        "The session's state now: status, where it is stopped, source around the line, locals, stack, breakpoints, " +
        `and the program's output since the previous call. Changes nothing. ${SAFETY}`,
      inputSchema: { session },
      outputSchema: stateShape,
    },
    (a) => guarded(async () => stateAnswer(sessions.get(a.session))),
  );
}
