// setBreakpoints / setFunctionBreakpoints as pdb commands (`b file:line, cond`,
// `b func`, `cl N`, `ignore N count`), read back from the engine's breakpoint
// table. Log points are pdb breakpoints too: when one stops the program the
// adapter prints its message (expressions evaluated in the frame) and goes on.
// Each editor breakpoint keeps its pdb number across requests while it is
// unchanged, so hit counts and ignore counts are not reset by editing another.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BreakpointInfo, StopEvent } from '../engine/engine.js';
import type { Runner } from './runner.js';

/** What the editor asked for, for one pdb breakpoint. */
interface Wanted {
  /** `path:line` or a function name. */
  where: string;
  condition?: string;
  hitCondition?: string;
  logMessage?: string;
}

interface Owned extends Wanted {
  number: number;
}

export class BreakpointBook {
  /** Per source path (or '' for function breakpoints): the pdb breakpoints set for it. */
  private owned = new Map<string, Owned[]>();

  constructor(private readonly runner: Runner) {}

  /** The log message of breakpoint `number`, when it is a log point. */
  logMessage(number: number): string | undefined {
    for (const list of this.owned.values()) for (const b of list) if (b.number === number) return b.logMessage;
    return undefined;
  }

  /** The pdb numbers of every log point. */
  logPoints(): number[] {
    return [...this.owned.values()]
      .flat()
      .filter((b) => b.logMessage !== undefined)
      .map((b) => b.number);
  }

  async setSource(path: string, wanted: DebugProtocol.SourceBreakpoint[]): Promise<DebugProtocol.Breakpoint[]> {
    return this.replace(
      path,
      wanted.map((w) => ({ where: `${path}:${w.line}`, ...opts(w) })),
      (_w, i) => ({ line: wanted[i]!.line, source: { path } }),
    );
  }

  async setFunctions(wanted: DebugProtocol.FunctionBreakpoint[]): Promise<DebugProtocol.Breakpoint[]> {
    return this.replace(
      '',
      wanted.map((w) => ({ where: w.name.trim(), ...opts(w) })),
      () => ({}),
    );
  }

  /**
   * The breakpoints that stopped the program at `stop`: their hit count went up
   * (bdb counts every crossing, so the place must match too).
   */
  hitBy(stop: StopEvent, before: BreakpointInfo[]): BreakpointInfo[] {
    const frame = stop.frames[stop.frames.length - 1];
    if (!frame) return [];
    const hitsBefore = new Map(before.map((b) => [b.number, b.hits]));
    return this.runner.breakpoints.filter((b) => {
      if (b.hits <= (hitsBefore.get(b.number) ?? 0)) return false;
      return b.func ? b.func === frame.func && b.file === frame.file : b.file === frame.file && b.line === frame.line;
    });
  }

  private async replace(
    key: string,
    wanted: Wanted[],
    place: (w: Wanted, i: number) => Partial<DebugProtocol.Breakpoint>,
  ): Promise<DebugProtocol.Breakpoint[]> {
    return this.runner.serial(async () => {
      const kept = new Map<string, Owned>();
      const old = this.owned.get(key) ?? [];
      const next: Owned[] = [];
      // keep the unchanged ones (their hit counts go on); clear the rest
      for (const b of old) {
        if (wanted.some((w) => same(w, b)) && !kept.has(id(b))) kept.set(id(b), b);
        else await this.runner.runNow(`cl ${b.number}`);
      }
      const out: DebugProtocol.Breakpoint[] = [];
      for (const [i, w] of wanted.entries()) {
        const here = place(w, i);
        const k = kept.get(id(w));
        if (k) {
          kept.delete(id(w));
          next.push(k);
          out.push(this.describe(k.number, here));
          continue;
        }
        const ignore = ignoreCount(w.hitCondition);
        if (typeof ignore === 'string') {
          out.push({ verified: false, message: ignore, ...here });
          continue;
        }
        const line = w.condition?.trim() ? `b ${w.where}, ${w.condition.trim()}` : `b ${w.where}`;
        const before = new Set(this.runner.breakpoints.map((b) => b.number));
        const r = await this.runner.runNow(line);
        const made = this.runner.breakpoints.find((b) => !before.has(b.number));
        const failed = r.commands.find((c) => !c.ok);
        if (!made || failed) {
          out.push({ verified: false, message: failed?.error ?? `pdb did not set a breakpoint at ${w.where}`, ...here });
          continue;
        }
        if (ignore > 0) await this.runner.runNow(`ignore ${made.number} ${ignore}`);
        next.push({ ...w, number: made.number });
        out.push(this.describe(made.number, here));
      }
      this.owned.set(key, next);
      return out;
    });
  }

  private describe(number: number, here: Partial<DebugProtocol.Breakpoint>): DebugProtocol.Breakpoint {
    const b = this.runner.breakpoints.find((x) => x.number === number);
    if (!b) return { verified: false, message: 'the breakpoint is gone', ...here };
    return { id: b.number, verified: true, line: b.line, source: { path: b.file } };
  }
}

function opts(w: { condition?: string; hitCondition?: string; logMessage?: string }): Omit<Wanted, 'where'> {
  const o: Omit<Wanted, 'where'> = {};
  if (w.condition?.trim()) o.condition = w.condition.trim();
  if (w.hitCondition?.trim()) o.hitCondition = w.hitCondition.trim();
  if (w.logMessage !== undefined && w.logMessage !== '') o.logMessage = w.logMessage;
  return o;
}

const id = (w: Wanted): string => JSON.stringify([w.where, w.condition ?? '', w.hitCondition ?? '', w.logMessage ?? null]);
const same = (a: Wanted, b: Wanted): boolean => id(a) === id(b);

/**
 * pdb's ignore count for an editor's hit condition: `N` or `>= N` stops from
 * the Nth hit on (ignore N-1), `> N` after the Nth (ignore N). Hits count as
 * pdb counts them with a condition: only the times the condition is true.
 * Anything else: the message saying what is accepted.
 */
export function ignoreCount(hit: string | undefined): number | string {
  if (hit === undefined) return 0;
  const m = /^(>=|>|==)?\s*(\d+)$/.exec(hit.trim());
  if (!m) {
    return `ndbg: hit count '${hit}' is not supported: give N or >= N (stop from the Nth hit on), or > N (after the Nth)`;
  }
  const n = Number(m[2]);
  if (m[1] === '==') return `ndbg: hit count '${hit}' (only the Nth hit) is not supported: give N or >= N (stop from the Nth hit on), or > N`;
  if (m[1] === '>') return n;
  return Math.max(0, n - 1);
}
