// The console's transcript and the output pane's program text, as the screen
// shows them: split into lines, made safe to draw, capped in length. The
// buffers are appended in place: a program printing 20,000 lines must not
// copy the whole buffer per line; the state's revision numbers say they changed.
import { sep } from 'node:path';
import { sanitizeLine } from './ansi.js';
import type { LineKind, State, TextLine } from './state.js';

/** Lines kept (trimmed to this once twice as many have piled up). */
export const CONSOLE_LIMIT = 5000;
export const OUTPUT_LIMIT = 5000;

function cap(lines: TextLine[], limit: number): void {
  if (lines.length > limit * 2) lines.splice(0, lines.length - limit);
}

/** The program's output: text joins the last line until a newline ends it. */
export class OutputLog {
  readonly lines: TextLine[] = [];
  /** The last line has no newline yet: the next text continues it. */
  private open = false;

  constructor(private readonly limit = OUTPUT_LIMIT) {}

  /** `info` is ndbg's own note (a restart): it never joins the program's text. */
  write(stream: 'stdout' | 'stderr' | 'info', data: string): void {
    if (stream === 'info') this.open = false;
    const out = this.lines;
    data.split('\n').forEach((piece, i) => {
      const text = sanitizeLine(piece);
      if (i === 0 && this.open && out.length) {
        const last = out[out.length - 1]!;
        out[out.length - 1] = { text: last.text + text, kind: last.kind };
      } else {
        out.push({ text, kind: stream });
      }
    });
    // A trailing newline leaves an empty open line; drop it until text arrives.
    this.open = !data.endsWith('\n');
    if (!this.open) out.pop();
    cap(out, this.limit);
  }
}

/** The transcript: commands, what they printed, ndbg's notes; one entry a line. */
export class ConsoleLog {
  readonly lines: TextLine[] = [];

  /**
   * `cwd`: paths under it are shown relative to it; `mask`: how reprs are
   * shown (addresses masked under --play).
   */
  constructor(
    private readonly cwd: string,
    private readonly mask: (text: string) => string,
    private readonly limit = CONSOLE_LIMIT,
  ) {}

  add(text: string, kind: LineKind): void {
    for (const t of text.split('\n')) this.lines.push({ text: this.mask(this.shorten(sanitizeLine(t))), kind });
    cap(this.lines, this.limit);
  }

  private shorten(text: string): string {
    return this.cwd.length > 1 ? text.split(this.cwd + sep).join('') : text;
  }
}

/** What the engine says a piece of debugger text is (TextEvent.kind). */
export type DebuggerTextKind = 'error' | 'location' | undefined;

export interface DebuggerLine {
  text: string;
  kind: DebuggerTextKind;
}

/**
 * Debugger text that arrives in pieces, handed on a whole line at a time with
 * what the engine said it is. Text of another kind never joins an unfinished
 * line: that line is handed on first.
 */
export class LineAssembler {
  private rest = '';
  private restKind: DebuggerTextKind;

  /** The lines `data` completes (without their newline). */
  push(data: string, kind?: DebuggerTextKind): DebuggerLine[] {
    const out: DebuggerLine[] = [];
    if (this.rest && kind !== this.restKind) out.push(this.flush()!);
    const lines = (this.rest + data).split('\n');
    this.rest = lines.pop()!;
    this.restKind = kind;
    for (const text of lines) out.push({ text, kind });
    return out;
  }

  /** The unfinished last line, if any (the engine waits: show it). */
  flush(): DebuggerLine | undefined {
    const l = this.rest;
    this.rest = '';
    return l ? { text: l, kind: this.restKind } : undefined;
  }
}

/**
 * The store's text: pdb's as console lines, the program's as the output pane's,
 * each change counted in the state's revisions (consoleRev, outputRev).
 */
export class Transcript {
  /** pdb's text, a line at a time. */
  private readonly debuggerLines = new LineAssembler();
  readonly console: ConsoleLog;
  readonly output = new OutputLog();

  constructor(
    cwd: string,
    mask: (text: string) => string,
    private readonly state: () => State,
    private readonly set: (patch: Partial<State>) => void,
  ) {
    this.console = new ConsoleLog(cwd, mask);
  }

  debuggerText(data: string, kind: DebuggerTextKind): void {
    for (const l of this.debuggerLines.push(data, kind)) this.debuggerLine(l);
  }

  private debuggerLine(l: DebuggerLine): void {
    // The source pane shows where the program is; pdb's "> file(3)f()" and
    // "-> code" lines would only push the transcript off the console.
    if (l.kind === 'location') return;
    this.addConsole(l.text, l.kind === 'error' ? 'error' : 'debugger');
  }

  /** The last line of pdb's text, when it did not end with a newline. */
  flushDebugger(): void {
    const l = this.debuggerLines.flush();
    if (l !== undefined) this.debuggerLine(l);
  }

  outputText(stream: 'stdout' | 'stderr' | 'info', data: string): void {
    this.output.write(stream, data);
    this.set({ outputRev: this.state().outputRev + 1 });
  }

  addConsole(text: string, kind: LineKind): void {
    this.console.add(text, kind);
    this.set({ consoleRev: this.state().consoleRev + 1, consoleScroll: 0 });
  }
}
