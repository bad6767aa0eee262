// evaluate, setVariable and setExpression. Watches and hovers are quiet
// inspections (Engine.evaluate); the debug console takes pdb's command
// language as typed at pdb's prompt (`w`, `b 12`, `!x = 5`, `rn`...) and
// evaluates other lines quietly when they are expressions. Edits are pdb's
// `!target = value`, run in the frame the editor names, and the new value is
// read back.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { isReverseName } from '../commands/reverse.js';
import type { Outcome, Runner } from './runner.js';
import type { References } from './references.js';
import { variable } from './variables.js';

/** pdb's command names (and their abbreviations): a console line starting with one is a command. */
const PDB_COMMANDS = new Set(
  (
    'a args alias b break bt c cl clear commands condition cont continue d debug disable display down ' +
    'enable exit h help ignore interact j jump l list ll longlist n next p pp q quit r restart return ' +
    'retval rv run s source step tbreak u unalias undisplay unt until up w whatis where'
  ).split(' '),
);

export function isPdbCommand(line: string): boolean {
  const t = line.trim();
  if (t.startsWith('!') || t === '') return true;
  const word = /^[A-Za-z_-]+/.exec(t)?.[0] ?? '';
  // `p x` is a command; `p` alone too; `pi * 2` is not (the word must end there)
  if (word.length !== t.length && !/^[A-Za-z_-]+(\s|$)/.test(t)) return false;
  return PDB_COMMANDS.has(word) || isReverseName(word);
}

export interface ConsoleAnswer {
  body: DebugProtocol.EvaluateResponse['body'];
  /** The command resumed the program (or ended it): the adapter reports where it got to. */
  outcome?: Outcome;
  error?: string;
}

/** A line typed in the debug console. */
export async function consoleLine(runner: Runner, refs: References, line: string, frame: number | undefined): Promise<ConsoleAnswer> {
  if (!isPdbCommand(line)) {
    const quiet = await quietly(runner, refs, line, frame);
    if (!('error' in quiet)) return { body: quiet };
  }
  const outcome = await inFrame(runner, frame, () => runner.runNow(line));
  const resumed = outcome.commands.some((c) => c.resumed);
  const failed = outcome.commands.find((c) => !c.ok);
  const text = outcome.text.replace(/\n$/, '');
  if (failed && !resumed) return { body: { result: '', variablesReference: 0 }, error: text || failed.error || 'the command failed' };
  return { body: { result: text, variablesReference: 0 }, outcome: resumed || outcome.refreshed ? outcome : undefined };
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
