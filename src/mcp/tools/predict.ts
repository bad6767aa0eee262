// The world-model tools: the neural engine's predictions of a call's result,
// and of arguments for a given result, without a session and without running
// anything (predict.ts).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { WorldModel } from '../predict.js';
import { PREDICT_SAFETY } from '../safety.js';
import { guarded, ok } from '../toolResult.js';

function codeOf(a: { code?: string; script?: string }): string {
  if ((a.code === undefined) === (a.script === undefined))
    throw new Error("give either 'code' (the source text) or 'script' (a .py file), not both or neither");
  if (a.code !== undefined) return a.code;
  try {
    return readFileSync(resolve(a.script!), 'utf8');
  } catch (e) {
    throw new Error(`cannot read the script '${a.script}' (${(e as NodeJS.ErrnoException).code ?? e}): give an existing .py file, or the source as 'code'`);
  }
}

const source = {
  code: z.string().optional().describe('Python source that defines the function (and what it uses)'),
  script: z.string().optional().describe('a .py file that defines it, instead of code'),
  function: z.string().describe('the name of a function defined at the top level of the code'),
};

const meta = {
  predicted: z.literal(true).describe('always true: this is the model prediction; nothing ran'),
  model: z.string(),
  latencyMs: z.number(),
};

export function registerPredictTools(server: McpServer, world: WorldModel): void {
  server.registerTool(
    'predict_return',
    {
      title: 'Predict what a call returns (without running it)',
      description:
        'Predict the value that calling `function(arguments)` returns for the given code, with the neural model ' +
        "(output prediction): the model reads the code and the call's arguments and predicts the return event. " +
        `Returns the value's repr (or the exception it predicts), what it prints, and the model's confidence. ${PREDICT_SAFETY}`,
      inputSchema: { ...source, arguments: z.string().describe("the call's arguments as Python literals, e.g. '3, [1, 2]' or 'n=4'") },
      outputSchema: {
        function: z.string(),
        arguments: z.string(),
        returns: z.string().nullable().describe("the predicted return value's repr; null when it predicts an exception"),
        raises: z.string().nullable().describe('the predicted exception, Type: message'),
        confidence: z.number().nullable().describe("the model's probability of that value, 0..1"),
        alternatives: z
          .array(z.object({ value: z.string(), p: z.number() }))
          .describe('where the model is unsure (confidence below 0.6): the runner-up values and their probabilities, most likely first'),
        stdout: z.string().describe('what the model predicts the call prints'),
        ...meta,
      },
    },
    (a) =>
      guarded(async () => {
        const r = await world.predictReturn(codeOf(a), a.function, a.arguments);
        const what = r.raises !== null ? `raises ${r.raises}` : `returns ${r.returns}`;
        const conf = r.confidence !== null ? ` (confidence ${r.confidence.toFixed(2)})` : '';
        const alts = r.alternatives.length ? `; or ${r.alternatives.map((x) => `${x.value} (p=${x.p.toFixed(2)})`).join(', ')}` : '';
        return ok({ ...r, predicted: true as const }, `PREDICTED (not run): ${r.function}(${r.arguments}) ${what}${conf}${alts}`);
      }),
  );

  server.registerTool(
    'predict_arguments',
    {
      title: 'Predict arguments for a given return value (inverse)',
      description:
        'Predict arguments for which `function` returns the given value (input prediction, by the inverse model): ' +
        'the model starts from the return of that value and predicts the call that led to it. Many inputs can give one ' +
        "output; the model proposes several calls and ndbg's evaluator runs the function forward on each (nothing runs in Python): " +
        `the first that returns the value is the answer, checked; else the model's best, predicted. ${PREDICT_SAFETY}`,
      inputSchema: { ...source, returns: z.string().describe("the return value as a Python literal, e.g. '[2, 4]', \"'abc'\", 'True'") },
      outputSchema: {
        function: z.string(),
        returns: z.string(),
        call: z.string().nullable().describe('the predicted call, e.g. f(2, [1]); null when the model left a parameter out'),
        arguments: z
          .array(
            z.object({
              name: z.string(),
              value: z.string().nullable(),
              confidence: z.number().nullable(),
              origin: z.enum(['checked', 'predicted']).describe('checked: the evaluator ran the function forward on the call and it returned the value'),
            }),
          )
          .describe("each parameter's predicted value (null: none predicted), the model's confidence, and whether it was checked"),
        check: z
          .object({
            origin: z.enum(['checked', 'predicted']),
            candidates: z.number().describe('calls the model proposed that were looked at, its best first'),
            computed: z.number().describe('of those, how many the evaluator could run forward'),
            rank: z.number().optional().describe("checked: which candidate returned the value (1: the model's best)"),
            returns: z.string().optional().describe("not checked: what the model's best call returns when the evaluator runs it"),
            note: z.string(),
          })
          .describe('generate and check: the model proposes calls, the evaluator (never CPython) runs the function forward on each'),
        otherLocals: z.record(z.string(), z.string()).optional().describe('names the model predicted that are no parameters (a sign it is wrong)'),
        ...meta,
      },
    },
    (a) =>
      guarded(async () => {
        const r = await world.predictArguments(codeOf(a), a.function, a.returns);
        const conf = r.arguments.map((x) => `${x.name}=${x.value ?? '?'}${x.confidence !== null ? ` (p=${x.confidence.toFixed(2)})` : ''}`).join(', ');
        const head = r.call ? `${r.call} returns ${r.returns}` : `the model predicted no value for some parameters of ${r.function}`;
        const label = r.check.origin === 'checked' ? "CHECKED (predicted, then run forward by ndbg's evaluator, not by Python)" : 'PREDICTED (not run)';
        return ok({ ...r, predicted: true as const }, `${label}: ${head}; ${conf}; ${r.check.note}`);
      }),
  );
}
