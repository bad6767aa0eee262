// The TUI's quiet inspections: the watches evaluated and the open nodes of the
// variables tree fetched again in the selected frame after each command, and a
// node opened by a key, one conversation with the engine at a time. Commands wait
// for them (`idle`); one the engine never answers is given up after a while so it
// cannot hang the session. The store owns the state; this asks the engine.
import type { ChildrenPage, Engine, Inspected, ValueView } from '../../engine/engine.js';
import { paneItems } from './paneItems.js';
import type { State } from './state.js';
import { PAGE, withPage } from './varTree.js';
import { withResult } from './watches.js';

/** What the inspections need of the store. */
export interface InspectionHost {
  readonly engine: Engine;
  state(): State;
  set(patch: Partial<State>): void;
  /** Run the commands typed ahead (they waited for the inspections). */
  drain(): void;
}

export class Inspections {
  /** The inspections under way, chained: commands wait for them. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly host: InspectionHost) {}

  /** Resolves when the inspections queued so far are done. */
  get idle(): Promise<void> {
    return this.chain;
  }

  /**
   * Evaluate the watches in the selected frame, quietly, when the engine waits
   * at a prompt; the results are for the current stop (stopSeq).
   */
  afterCommand(): void {
    const s = this.host.state();
    if (s.busy || s.awaitingInput || !s.stop || (s.program !== 'stopped' && s.program !== 'post-mortem')) return;
    if (s.watches.length === 0 && s.open.size === 0) return;
    this.queue(async () => {
      const seq = this.host.state().stopSeq;
      const frame = this.host.state().selected;
      for (const w of this.host.state().watches) {
        const r = await this.evaluate(w.expr, frame);
        // The list may have changed meanwhile: update the watch by its expression.
        this.host.set({ watches: this.host.state().watches.map((x) => (x.expr === w.expr ? withResult(x, r, seq) : x)) });
      }
      // The open nodes of the tree, again, as many children as were shown (the values may have changed).
      // Only those on show (their parents open), outer ones first: each pass may show deeper ones.
      const done = new Set<string>();
      for (;;) {
        const next = paneItems(this.host.state()).find((v) => v.open === true && !done.has(v.key ?? v.name));
        if (!next) break;
        const expr = next.key ?? next.name;
        done.add(expr);
        const had = this.host.state().tree.get(expr)?.children.length ?? 0;
        await this.loadChildren(expr, 0, Math.max(PAGE, had), frame);
      }
    });
  }

  /** Run `job` after the inspections before it; commands wait until all are done. */
  private queue(job: () => Promise<void>): void {
    this.host.set({ inspecting: true });
    const run = this.chain.then(job).catch(() => {});
    this.chain = run;
    void run.then(() => {
      if (this.chain !== run) return; // more were queued: the last one ends it
      this.host.set({ inspecting: false });
      this.host.drain();
    });
  }

  /** Open a node of the tree, or its next page (a key did it). */
  open(expr: string, start: number): void {
    const s = this.host.state();
    if (s.busy || !s.stop || (s.program !== 'stopped' && s.program !== 'post-mortem')) return;
    this.queue(() => this.loadChildren(expr, start, PAGE, this.host.state().selected));
  }

  private async loadChildren(expr: string, start: number, count: number, frame: number): Promise<void> {
    let r: Inspected<ChildrenPage>;
    if (typeof this.host.engine.children !== 'function') r = { ok: false, error: 'this engine cannot list children' };
    else {
      try {
        r = await answered(this.host.engine.children(expr, { frame, start, count }));
      } catch (e) {
        r = { ok: false, error: (e as Error).message };
      }
    }
    const tree = new Map(this.host.state().tree);
    if (r.ok) tree.set(expr, withPage(tree.get(expr), r.result));
    else tree.set(expr, { children: [], size: 0, error: r.error });
    this.host.set({ tree });
  }

  private async evaluate(expr: string, frame: number): Promise<Inspected<ValueView>> {
    if (typeof this.host.engine.evaluate !== 'function') return { ok: false, error: 'this engine cannot evaluate quietly' };
    try {
      return await answered(this.host.engine.evaluate(expr, { frame }));
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }
}

/**
 * How long a quiet inspection may take before the TUI gives up on it: commands
 * wait for inspections, so one the engine never answers must not hang the session.
 */
const INSPECT_TIMEOUT_MS = 15_000;

function answered<T>(p: Promise<Inspected<T>>): Promise<Inspected<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Inspected<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: 'no answer from the engine' }), INSPECT_TIMEOUT_MS);
    timer.unref?.();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
