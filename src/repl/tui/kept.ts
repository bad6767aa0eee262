// What the TUI keeps across sessions, per script: the watch expressions
// (watchFile.ts) and the breakpoints (breakpointFile.ts). At the program's first
// stop the saved watches come back and the saved breakpoints are set again as
// commands before anything typed (as PuDB does); the table is saved whenever it
// changes, except while those commands run and after the program ended.
import { loadBreakpoints, restoreCommands, saveBreakpoints, toSave } from './breakpointFile.js';
import type { LineKind, State } from './state.js';
import { loadWatches, saveWatches } from './watchFile.js';
import { addWatch, type Watch } from './watches.js';

/** What keeping needs of the store. */
export interface KeptHost {
  state(): State;
  set(patch: Partial<State>): void;
  addConsole(text: string, kind: LineKind): void;
}

export class Kept {
  /** The program's script (its outermost frame's file at the first stop): what watches and breakpoints are kept under. */
  script: string | undefined;
  /** The saved breakpoints are being set again: the table is not saved until they all are. */
  private restoring = false;

  constructor(
    private readonly host: KeptHost,
    private readonly watchesPath: string | null,
    private readonly breakpointsPath: string | null,
  ) {}

  /** The program's first stop, in `script`: its saved watches and breakpoints come back. */
  firstStop(script: string): void {
    this.loadWatches(script);
    this.restoreBreakpoints();
  }

  /** The watches saved for the program's script, after any added before its first stop. */
  private loadWatches(script: string): void {
    this.script = script;
    if (!this.watchesPath) return;
    const s = this.host.state();
    let ws = [...s.watches];
    for (const e of loadWatches(this.watchesPath, script)) ws = addWatch(ws, e);
    if (ws.length !== s.watches.length) this.host.set({ watches: ws });
  }

  /** The breakpoints saved for the script, set again before anything typed (as PuDB does). */
  private restoreBreakpoints(): void {
    if (!this.breakpointsPath || this.script === undefined) return;
    const s = this.host.state();
    const have = new Set(s.breakpoints.map((b) => `${b.file}:${b.line}`));
    const saved = loadBreakpoints(this.breakpointsPath, this.script).filter((b) => !have.has(`${b.file}:${b.line}`));
    if (!saved.length) return;
    this.host.addConsole(
      `Setting the ${saved.length === 1 ? 'breakpoint' : `${saved.length} breakpoints`} kept from the last session (cl clears them).`,
      'info',
    );
    this.restoring = true;
    this.host.set({ pending: [...restoreCommands(saved), ...this.host.state().pending] });
  }

  /** Nothing is left to run: the restored breakpoints are all set, and the table is saved again from now on. */
  restored(): void {
    if (!this.restoring) return;
    this.restoring = false;
    this.saveBreakpoints();
  }

  saveBreakpoints(): void {
    const s = this.host.state();
    if (!this.breakpointsPath || this.script === undefined || this.restoring || s.quitting) return;
    if (s.program === 'finished') return; // the table of a program that ended is not the user's choice
    saveBreakpoints(this.breakpointsPath, this.script, toSave(s.breakpoints));
  }

  /** A new watch list, kept for the script. */
  saveWatches(ws: Watch[]): void {
    if (!this.watchesPath || this.script === undefined) return;
    if (
      !saveWatches(
        this.watchesPath,
        this.script,
        ws.map((w) => w.expr),
      )
    )
      this.host.set({ message: `cannot write ${this.watchesPath}` });
  }
}
