// What the command loop tells front ends, as the python engine tells them: the
// events to listeners (held back until one listens), pdb's text and the reply of
// the command being run (what it printed, whether it failed, what it bound) as
// its `result` and `command` events, the breakpoint table when it changed, the
// stepping core's reports as the program's output or ndbg's diagnostics, and the
// prompt. debugger.ts decides when; this file owns what each event holds
// (docs/json.md; test/neural/events.test.ts compares them with the python engine's).

import type { BreakpointInfo, EngineEvent, Listener, TextEvent } from '../engine.js';
import type { Report } from './core.js';

/** What the command being run printed and bound: its ResultEvent and CommandEvent. */
interface Reply {
  label: string;
  output: string;
  ok: boolean;
  /** The first error message, without `*** `. */
  error?: string;
  /** Names of the selected frame the command bound -> repr. */
  edits?: Record<string, string>;
  /** Its CommandEvent was sent (exit() sends it for `q`). */
  reported: boolean;
}

export class Events {
  private listeners: Listener[] = [];
  private backlog: EngineEvent[] = [];
  private reply: Reply = { label: '', output: '', ok: true, reported: true };
  /** The breakpoint table last sent (a `breakpoints` event goes out when it changes). */
  private sentBreakpoints = '[]';
  private lastWarning?: string;
  /** Predictions of the current command that reported a problem. */
  private predictionProblems = 0;

  on(listener: Listener): void {
    this.listeners.push(listener);
    for (const e of this.backlog) listener(e);
    this.backlog = [];
  }

  emit(e: EngineEvent): void {
    if (this.listeners.length === 0) this.backlog.push(e);
    else for (const l of this.listeners) l(e);
  }

  /** A command begins: its reply is empty and it has not failed. */
  begin(label: string): void {
    this.reply = { label, output: '', ok: true, reported: false };
  }

  /** pdb's own output (part of the command's result). */
  say(text: string, kind?: TextEvent['kind']): void {
    if (!text) return;
    this.reply.output += text;
    this.emit({ type: 'text', stream: 'debugger', data: text, ...(kind ? { kind } : {}) });
  }

  /** pdb's error(): `*** msg`; the command failed. */
  error(msg: string): void {
    this.failed(msg);
    this.say(`*** ${msg}\n`, 'error');
  }

  /** Marks the command as failed (`msg`: its error message, the first one kept). */
  failed(msg?: string): void {
    if (this.reply.error === undefined && msg !== undefined) this.reply.error = msg;
    this.reply.ok = false;
  }

  /** The names the command bound in the selected frame, with their new reprs (the command event's `edits`). */
  edited(changes: Record<string, string>): void {
    if (Object.keys(changes).length) this.reply.edits = { ...(this.reply.edits ?? {}), ...changes };
  }

  /** The command's `result` event (a command that stays). */
  result(): void {
    const r = this.reply;
    this.emit({ type: 'result', command: r.label, output: r.output, ok: r.ok });
  }

  /** The command's `command` event, once. */
  outcome(resumed: boolean): void {
    const r = this.reply;
    if (r.reported) return;
    r.reported = true;
    this.emit({
      type: 'command',
      command: r.label,
      ok: r.ok,
      resumed,
      ...(!r.ok && r.error !== undefined ? { error: r.error } : {}),
      ...(r.edits && Object.keys(r.edits).length ? { edits: r.edits } : {}),
    });
  }

  /** Send the breakpoint table when it differs from the one last sent. */
  breakpoints(table: BreakpointInfo[]): void {
    const key = JSON.stringify(table);
    if (key === this.sentBreakpoints) return;
    this.sentBreakpoints = key;
    this.emit({ type: 'breakpoints', breakpoints: table });
  }

  /** Text on the program's streams (its predicted output, tracebacks). */
  write(stream: 'stdout' | 'stderr', text: string): void {
    if (text) this.emit({ type: 'text', stream, data: text });
  }

  /** ndbg's own diagnostics (model notes, warnings): stream `ndbg`, neither the program's nor pdb's. */
  diagnostic(text: string): void {
    if (text) this.emit({ type: 'text', stream: 'ndbg', data: text });
  }

  /** What the stepping core reports on the way, as it happens. */
  report(r: Report): void {
    switch (r.kind) {
      case 'output':
        return this.write('stdout', r.text);
      case 'failed':
        return this.error(r.text);
      case 'warning':
        if (r.text === this.lastWarning) return;
        this.lastWarning = r.text;
        return this.diagnostic(`ndbg: ${r.text} (the script is windowed)\n`);
      case 'notice':
        return this.diagnostic(`ndbg: ${r.text}\n`);
      case 'problem':
        // a rollout (until, c, n over a long call) may predict hundreds of states: say the first problem, count the rest
        if (++this.predictionProblems === 1) this.diagnostic(`ndbg: ${r.text}\n`);
        return;
    }
  }

  /** The prompt (`(com) ` while a breakpoint's commands are typed), after the count of the command's other prediction problems. */
  prompt(defining: boolean): void {
    if (this.predictionProblems > 1) {
      const more = this.predictionProblems - 1;
      this.diagnostic(`ndbg: ${more} more prediction${more === 1 ? '' : 's'} of that command had such a problem\n`);
    }
    this.predictionProblems = 0;
    this.emit({ type: 'prompt', prompt: defining ? '(com) ' : '(Pdb) ' });
  }
}
