// A session's state as a tool answers it: the structured content (schemas.ts)
// built from the engine's events, never from pdb's printed text, and a short
// text form for clients that show text only.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { BreakpointInfo, Frame, StopEvent, VerifyPair } from '../engine/engine.js';
import type { Collected, DebugSession } from './debugSession.js';
import type { StateResult } from './schemas.js';

/** Lines of source shown either side of the current line. */
const WINDOW = 5;

/** Index of the program's outermost frame: pdb's own (`bdb.py` run(), `<string>`) come first. */
function programStart(frames: Frame[]): number {
  const i = frames.findIndex((f) => f.file === '<string>');
  return i < 0 ? 0 : i + 1;
}

function sourceWindow(file: string, line: number): StateResult['source'] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const all = text.split('\n');
  if (text.endsWith('\n')) all.pop();
  const start = Math.max(1, line - WINDOW);
  const end = Math.min(all.length, line + WINDOW);
  return { file, startLine: start, currentLine: line, lines: all.slice(start - 1, end) };
}

export function breakpointsOf(bps: BreakpointInfo[]): StateResult['breakpoints'] {
  return bps.map((b) => ({
    number: b.number,
    file: b.file,
    line: b.line,
    ...(b.func ? { function: b.func } : {}),
    ...(b.condition ? { condition: b.condition } : {}),
    hits: b.hits,
    enabled: b.enabled,
    temporary: b.temporary,
  }));
}

function stopParts(stop: StopEvent | undefined): Pick<StateResult, 'location' | 'source' | 'locals' | 'stack' | 'selectedFrame'> {
  if (!stop) return { locals: [], stack: [] };
  const first = programStart(stop.frames);
  const program = stop.frames.slice(first);
  const sel = stop.frames[stop.selected] ?? stop.frames[stop.frames.length - 1];
  const stack = program.map((f) => ({ file: f.file, line: f.line, function: f.func }));
  if (!sel) return { locals: [], stack };
  const hidden = new Set(sel.hidden ?? []);
  const locals = Object.entries(sel.locals)
    .filter(([name]) => !hidden.has(name))
    .map(([name, value]) => ({
      name,
      value,
      ...(stop.predicted ? { predicted: true } : {}),
      ...(sel.confidence?.[name] !== undefined ? { confidence: round(sel.confidence[name]!) } : {}),
      ...(sel.origin?.[name] ? { origin: sel.origin[name] } : {}),
    }));
  const atBottom = stop.selected === stop.frames.length - 1;
  return {
    location: {
      file: sel.file,
      line: sel.line,
      function: sel.func,
      event: atBottom ? stop.event : 'line',
      ...(atBottom && stop.retval !== undefined ? { returnValue: stop.retval } : {}),
      ...(atBottom && sel.origin?.['<retval>'] ? { returnValueOrigin: sel.origin['<retval>'] } : {}),
      ...(stop.exception ? { exception: stop.exception } : {}),
      ...(stop.postMortem ? { postMortem: true } : {}),
    },
    source: sourceWindow(sel.file, sel.line),
    locals,
    stack,
    selectedFrame: stop.selected >= first ? stop.selected - first : undefined,
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

const str = (v: VerifyPair['predicted']): string | null => (v === null ? null : String(v));

/** `verify` sessions: what of the predicted stop differs from the real one. */
function verifyOf(stop: StopEvent | undefined): StateResult['verify'] {
  const v = stop?.verify;
  if (!v) return undefined;
  const differences: NonNullable<StateResult['verify']>['differences'] = [];
  const add = (what: string, p?: VerifyPair) => {
    if (p) differences.push({ what, predicted: str(p.predicted), real: str(p.real) });
  };
  add('line', v.line);
  add('event', v.event);
  add('function', v.func);
  add('stack', v.stack);
  for (const [name, p] of Object.entries(v.locals ?? {})) add(`local ${name}`, p);
  add('return value', v.retval);
  add('stdout', v.stdout);
  return { exact: v.exact, differences };
}

/** The state of `s` with what `c` collected: the structured content every state-reporting tool returns. */
export function stateResult(s: DebugSession, c: Collected, message?: string): StateResult {
  const stopped = s.status === 'stopped';
  const edits: Record<string, string> = {};
  for (const cmd of c.commands) Object.assign(edits, cmd.edits ?? {});
  const notes: string[] = [];
  if (message) notes.push(message);
  if (c.restarted) notes.push('the program ran to its end and pdb restarted it: it is at its first line again');
  if (c.eofs) notes.push(`the program read stdin ${c.eofs} time(s) and got end-of-file (give 'stdin' to start_session to feed it text)`);
  if (s.status === 'running') notes.push("the program has not stopped yet: call 'wait' to wait longer, or 'interrupt' to stop it where it is");
  if (s.status === 'exited')
    notes.push(
      `the session is over${s.exit ? ` (exit status ${s.exit.code}${s.exit.signal ? `, ${s.exit.signal}` : ''})` : ''}: call 'end_session' to remove it`,
    );
  if (s.failure) notes.push(`ndbg: ${s.failure}`);
  return {
    session: s.id,
    engine: s.engine,
    predicted: s.engine === 'neural',
    status: s.status,
    ...(stopped ? stopParts(s.lastStop) : { locals: [], stack: [] }),
    ...(stopped && s.lastStop?.verify ? { verify: verifyOf(s.lastStop) } : {}),
    output: { stdout: c.stdout, stderr: c.stderr },
    debuggerText: c.debugger,
    ...(c.diagnostics ? { diagnostics: c.diagnostics } : {}),
    ...(Object.keys(edits).length ? { edits } : {}),
    ...(c.restarted ? { restarted: true } : {}),
    ...(c.eofs ? { stdinEof: c.eofs } : {}),
    ...(s.exit ? { exitCode: s.exit.code } : {}),
    ...(stopped && s.prompt.trim() !== '(Pdb)' ? { prompt: s.prompt } : {}),
    breakpoints: breakpointsOf(s.breakpoints),
    ...(notes.length ? { message: notes.join('\n') } : {}),
  };
}

/** The short text form of a state, for clients that show text only. */
export function stateText(r: StateResult): string {
  const out: string[] = [];
  const tag = `[${r.session} ${r.engine}${r.predicted ? ', PREDICTED: nothing ran' : ''}]`;
  if (r.status === 'stopped' && r.location) {
    const l = r.location;
    let head = `${tag} stopped at ${basename(l.file)}:${l.line} in ${l.function}() (${l.event})`;
    if (l.returnValue !== undefined) head += ` returning ${l.returnValue}`;
    if (l.exception) head += ` exception ${l.exception}`;
    if (l.postMortem) head += ' [post-mortem: the program died of this uncaught exception]';
    out.push(head);
    if (r.source) {
      r.source.lines.forEach((text, k) => {
        const n = r.source!.startLine + k;
        out.push(`${n === r.source!.currentLine ? '->' : '  '}${String(n).padStart(4)}  ${text}`);
      });
    }
    if (r.locals.length) {
      const conf = (x: { confidence?: number }) => (x.confidence !== undefined ? ` (p=${x.confidence.toFixed(2)})` : '');
      out.push(`locals${r.predicted ? ' (predicted)' : ''}: ${r.locals.map((x) => `${x.name}=${x.value}${conf(x)}`).join(', ')}`);
    }
    if (r.stack.length > 1) out.push(`stack: ${r.stack.map((f) => `${f.function}:${f.line}`).join(' > ')}`);
    if (r.verify) {
      const d = r.verify.differences.map((x) => `${x.what} predicted ${x.predicted ?? '-'}, real ${x.real ?? '-'}`);
      out.push(`verify: ${r.verify.exact ? 'the prediction matches the real run' : `differs from the real run: ${d.join('; ')}`}`);
    }
  } else out.push(`${tag} ${r.status}`);
  if (r.output.stdout) out.push(`stdout: ${JSON.stringify(r.output.stdout)}`);
  if (r.output.stderr) out.push(`stderr: ${JSON.stringify(r.output.stderr)}`);
  const dbg = r.debuggerText.replace(/\n$/, '');
  if (r.ran) out.push(r.ran === 'expression' ? 'ran: evaluated as a Python expression' : 'ran: a debugger command');
  if (dbg) out.push(`debugger: ${dbg}`);
  if (r.prompt) out.push(`prompt: ${JSON.stringify(r.prompt)} (not pdb's: the next command goes to it)`);
  if (r.message) out.push(r.message);
  return out.join('\n');
}
