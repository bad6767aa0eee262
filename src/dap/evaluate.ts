// evaluate, setVariable and setExpression. Watches, hovers and copies are
// quiet inspections (Engine.evaluate) and never run a command; the debug
// console takes pdb's command language (`w`, `b 12`, `!x = 5`, `rn`...) and
// evaluates Python, telling the two apart by the console's rule
// (src/commands/classify.ts: `n + 41` over a local `n` is Python, `n` alone is
// pdb's `next`). Edits are pdb's
// `!target = value`, run in the frame the editor names, and the new value is
// read back.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { namesOf, consoleLine as readConsoleLine } from '../commands/classify.js';
import type { Outcome, Runner } from './runner.js';
import type { References } from './references.js';
import { variable } from './variables.js';

export interface ConsoleAnswer {
  body: DebugProtocol.EvaluateResponse['body'];
  /** The command resumed the program (or ended it): the adapter reports where it got to. */
  outcome?: Outcome;
  error?: string;
  /** What the line was taken for: a debugger command, or Python evaluated in the frame. */
  ran: 'command' | 'expression';
}

/** A line typed in the debug console. */
export async function consoleLine(runner: Runner, refs: References, line: string, frame: number | undefined): Promise<ConsoleAnswer> {
  const read = readConsoleLine(line, namesOf(runner.stop, frame));
  if (read.kind === 'expression') {
    const quiet = await quietly(runner, refs, read.source, frame);
    if (!('error' in quiet)) return { body: quiet, ran: 'expression' };
    // a statement (`n = 1`), or what a quiet look refuses, runs as pdb's `!`: never as a command
    return answer(await inFrame(runner, frame, () => runner.runNow(`!${read.source}`)), 'expression');
  }
  return answer(await inFrame(runner, frame, () => runner.runNow(line)), 'command');
}

function answer(outcome: Outcome, ran: ConsoleAnswer['ran']): ConsoleAnswer {
  const resumed = outcome.commands.some((c) => c.resumed);
  const failed = outcome.commands.find((c) => !c.ok);
  const text = outcome.text.replace(/\n$/, '');
  if (failed && !resumed) return { body: { result: '', variablesReference: 0 }, error: text || failed.error || 'the command failed', ran };
  return { body: { result: text, variablesReference: 0 }, outcome: resumed || outcome.refreshed ? outcome : undefined, ran };
}

/** A watch, a hover, a copy: the value of `expr` in the frame, without a trace in the transcript. */
export async function quietly(
  runner: Runner,
  refs: References,
  expr: string,
  frame: number | undefined,
): Promise<DebugProtocol.EvaluateResponse['body'] | { error: string }> {
  const f = frame ?? selected(runner);
  const r = await runner.evaluateNow(expr, { frame: f });
  if (!r.ok) return { error: r.error };
  const v = variable(expr, r.result, expr, f, refs, { predicted: r.result.predicted === true || runner.predicted, confidence: r.result.confidence });
  return {
    result: v.value,
    type: v.type,
    presentationHint: v.presentationHint,
    variablesReference: v.variablesReference,
    indexedVariables: v.indexedVariables,
  };
}

/** `!target = value` in `frame`; the new value, read back. */
export async function assign(
  runner: Runner,
  refs: References,
  target: string,
  value: string,
  frame: number,
): Promise<{ ok: true; view: DebugProtocol.EvaluateResponse['body'] } | { ok: false; error: string }> {
  const r = await inFrame(runner, frame, () => runner.runNow(`!${target} = ${value}`));
  const failed = r.commands.find((c) => !c.ok);
  if (failed || r.commands.length === 0) return { ok: false, error: failed?.error || r.text.trim() || 'the assignment failed' };
  const now = await quietly(runner, refs, target, frame);
  if ('error' in now) return { ok: false, error: now.error };
  return { ok: true, view: now };
}

function selected(runner: Runner): number {
  return runner.stop ? runner.stop.selected : 0;
}

/**
 * Runs `fn` with pdb's selected frame moved to `frame` (`u N` / `d N`) and
 * moves it back after: pdb's `n` and `r` act on the selected frame, so the
 * selection must not stay where an edit put it.
 */
export async function inFrame<T>(runner: Runner, frame: number | undefined, fn: () => Promise<T>): Promise<T> {
  const stop = runner.stop;
  if (frame === undefined || !stop || frame === stop.selected || frame < 0 || frame >= stop.frames.length) return fn();
  const back = stop.selected;
  const move = (from: number, to: number) => runner.runNow(to < from ? `u ${from - to}` : `d ${to - from}`);
  await move(back, frame);
  try {
    return await fn();
  } finally {
    const now = runner.stop;
    // a command that resumed the program has a new stop: its selection is the new one
    if (runner.atPrompt && now && now.frames.length === stop.frames.length && now.selected === frame) await move(frame, back);
  }
}
