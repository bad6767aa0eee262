// The line front end: reads command lines from stdin and prints what the
// engine says, byte for byte what `python3 -m pdb` prints for the same input
// (pdb prints its prompt and never echoes the command when stdin is a pipe).
// With `json`, each event is printed as one JSON object per line instead
// (docs/json.md). All output goes through one sink so a cast can tee it.

import type { Readable } from 'node:stream';
import type { Engine, EngineEvent, StopEvent } from '../engine/engine.js';
import { splitAttributes } from '../model/format/attributes.js';
import { isAttributeEntry } from '../model/format/format.js';

export type Stream = 'stdout' | 'stderr';
/** Where the REPL writes; `stream` is the real file descriptor to use. */
export type Sink = (data: string, stream: Stream) => void;

export interface LineReplOptions {
  input: Readable;
  write: Sink;
  /** Print events as JSON lines (schema v1) instead of pdb's text. */
  json?: boolean;
  /**
   * Called with each line read (commands and program input), as a terminal
   * would echo it: a recorded cast shows what was typed. Not for stdout, which
   * must stay pdb's (pdb does not echo piped input).
   */
  echo?: (line: string) => void;
  /**
   * Whether stderr is a terminal (default: process.stderr.isTTY). On one, the
   * neural engine's notice that frames are predicted is printed there at start.
   */
  stderrIsTTY?: boolean;
}

export const JSON_SCHEMA_VERSION = 1;

/** Runs the session to its end; resolves with the exit status to use. */
export async function runLineRepl(engine: Engine, opts: LineReplOptions): Promise<number> {
  const reader = new LineReader(opts.input);
  const render = opts.json ? jsonRenderer(opts.write) : textRenderer(opts.write, opts.stderrIsTTY ?? process.stderr.isTTY === true);
  let waiting: 'prompt' | 'input' | 'exit' | undefined;
  let exitCode = 0;
  engine.on((e) => {
    render(e);
    if (e.type === 'prompt' || e.type === 'input') waiting = e.type;
    if (e.type === 'exit') {
      waiting = 'exit';
      exitCode = e.code;
    }
  });
  await engine.start();
  while (waiting !== 'exit') {
    const now = waiting;
    waiting = undefined;
    const line = await reader.next();
    if (line !== null && (now === 'input' || now === 'prompt')) opts.echo?.(line.endsWith('\n') ? line : `${line}\n`);
    if (now === 'input') {
      await engine.input(line);
    } else if (now === 'prompt') {
      // At the end of stdin pdb's cmd loop reads '' and runs 'EOF'.
      await engine.command(line === null ? 'EOF' : line.replace(/\r?\n$/, ''));
    } else {
      break; // the engine resolved without asking for anything: it is over
    }
  }
  await engine.close();
  return exitCode;
}

function textRenderer(write: Sink, stderrIsTTY: boolean): (e: EngineEvent) => void {
  return (e) => {
    // ndbg's own diagnostics go with the program's stderr: stdout stays pdb's transcript
    if (e.type === 'text') write(e.data, e.stream === 'stderr' || e.stream === 'ndbg' ? 'stderr' : 'stdout');
    else if (e.type === 'engine' && e.notice && stderrIsTTY) write(`${e.notice}\n`, 'stderr');
    else if (e.type === 'prompt') write(e.prompt, 'stdout');
    else if (e.type === 'exit' && e.signal) write(`ndbg: the program was killed by signal ${e.signal}\n`, 'stderr');
  };
}

function jsonRenderer(write: Sink): (e: EngineEvent) => void {
  return (e) => write(`${JSON.stringify({ v: JSON_SCHEMA_VERSION, ...(e.type === 'stop' ? groupedStop(e) : e) })}\n`, 'stdout');
}

/** A stop's frames with each program object's attribute entries (`cart.items`) under `attributes`, not `locals` (docs/json.md). */
function groupedStop(e: StopEvent): StopEvent {
  if (!e.frames.some((f) => Object.keys(f.locals).some(isAttributeEntry))) return e;
  return { ...e, frames: e.frames.map((f) => ({ ...f, ...splitAttributes(f.locals) })) };
}

/** Lines of a stream, each with its '\n' (the last one may lack it); null at EOF. */
export class LineReader {
  private buf = '';
  private ended = false;
  private wake?: () => void;

  constructor(private readonly input: Readable) {
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      this.buf += chunk;
      // Read no further ahead than needed: the debuggee may share this stdin.
      if (this.buf.includes('\n')) input.pause();
      this.wake?.();
    });
    input.on('end', () => {
      this.ended = true;
      this.wake?.();
    });
    input.on('error', () => {
      this.ended = true;
      this.wake?.();
    });
    input.pause();
  }

  async next(): Promise<string | null> {
    for (;;) {
      const nl = this.buf.indexOf('\n');
      if (nl >= 0) {
        const line = this.buf.slice(0, nl + 1);
        this.buf = this.buf.slice(nl + 1);
        return line;
      }
      if (this.ended) {
        if (this.buf === '') return null;
        const last = this.buf;
        this.buf = '';
        return last;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.input.resume();
      });
      this.wake = undefined;
    }
  }
}
