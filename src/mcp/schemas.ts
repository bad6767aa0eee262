// The output schemas of the MCP tools (zod): what `structuredContent` holds.
// One shape for every call that reports a session's state (start, commands,
// steps, waits, edits, get_state), so an agent reads every answer the same way.

import { z } from 'zod';

export const breakpointSchema = z.object({
  number: z.number().describe("pdb's breakpoint number (use it to clear the breakpoint)"),
  file: z.string(),
  line: z.number(),
  function: z.string().optional().describe('set on this function'),
  condition: z.string().optional(),
  hits: z.number(),
  enabled: z.boolean(),
  temporary: z.boolean(),
});

export const localSchema = z.object({
  name: z.string(),
  value: z.string().describe("the value's repr"),
  predicted: z.boolean().optional().describe('neural engine: the value is the model prediction, not a computed one'),
  confidence: z.number().optional().describe("neural engine: the model's probability of this value, 0..1 (1 for computed values)"),
  origin: z
    .enum(['computed', 'predicted', 'checked', 'real'])
    .optional()
    .describe(
      'where the value comes from: computed by the evaluator from the state before it, predicted by the model, checked (a prediction the evaluator ran forward and confirmed), real (read from the running program)',
    ),
});

export const frameSchema = z.object({
  file: z.string(),
  line: z.number(),
  function: z.string(),
});

export const stateShape = {
  session: z.string().describe('the session id, for the next calls'),
  engine: z.enum(['python', 'neural']),
  predicted: z.boolean().describe('true: the state is predicted by the model (neural engine); nothing ran'),
  status: z
    .enum(['stopped', 'running', 'exited'])
    .describe("stopped: waiting for a command; running: not stopped yet (call 'wait' or 'interrupt'); exited: the session is over"),
  location: z
    .object({
      file: z.string(),
      line: z.number(),
      function: z.string(),
      event: z.enum(['call', 'line', 'return', 'exception']),
      returnValue: z.string().optional(),
      returnValueOrigin: z.enum(['computed', 'predicted', 'checked', 'real']).optional().describe("where the return value comes from (as a local's origin)"),
      exception: z.string().optional(),
      postMortem: z.boolean().optional().describe('stopped after an uncaught exception'),
    })
    .optional()
    .describe('where the program is stopped (the selected frame)'),
  source: z
    .object({ file: z.string(), startLine: z.number(), currentLine: z.number(), lines: z.array(z.string()) })
    .optional()
    .describe('the source lines around the current line'),
  locals: z.array(localSchema).describe("the selected frame's variables"),
  stack: z.array(frameSchema).describe("the program's frames, outermost first; the last is where it runs"),
  selectedFrame: z.number().optional().describe("index into stack of the frame 'evaluate' and 'set_variable' use"),
  verify: z
    .object({
      exact: z.boolean().describe('the predicted stop equals the real one'),
      differences: z.array(
        z.object({
          what: z.string().describe("'line', 'event', 'function', 'stack', 'return value', 'stdout', or 'local NAME'"),
          predicted: z.string().nullable(),
          real: z.string().nullable(),
        }),
      ),
    })
    .optional()
    .describe('verify sessions: how the predicted stop compares with the real run'),
  output: z.object({ stdout: z.string(), stderr: z.string() }).describe("the program's output since the previous call"),
  debuggerText: z.string().describe("the debugger's own text for the commands of this call (pdb's output)"),
  diagnostics: z.string().optional().describe("ndbg's notes and warnings"),
  edits: z.record(z.string(), z.string()).optional().describe('variables this call changed: name -> new repr'),
  restarted: z.boolean().optional().describe('the program ran to its end and pdb restarted it: it is at its first line again'),
  stdinEof: z.number().optional().describe('reads of stdin answered with end-of-file (no stdin text was left)'),
  exitCode: z.number().optional(),
  prompt: z.string().optional().describe("the debugger's prompt, when it is not pdb's '(Pdb) ' (inside interact or debug)"),
  breakpoints: z.array(breakpointSchema),
  message: z.string().optional().describe('what happened, and what to do next'),
  ran: z
    .enum(['command', 'expression'])
    .optional()
    .describe("debugger_command: what the line was taken for: a debugger command (n, b 3, w...), or Python evaluated in the frame ('n + 1' with a local n)"),
};

export const stateSchema = z.object(stateShape);
export type StateResult = z.infer<typeof stateSchema>;
