// The breakpoint table, kept in step by reading what pdb says after each command
// ("Breakpoint 1 at f.py:5", "Deleted breakpoint 1 at f.py:5", "Disabled ...",
// the `b` listing). pdb's messages are the truth for both engines: the command
// layer prints the same ones for the neural engine.

export interface Breakpoint {
  num: number;
  file: string;
  line: number;
  enabled: boolean;
  temporary: boolean;
  condition?: string;
}

const ADDED = /^Breakpoint (\d+) at (.+):(\d+)\s*$/;
const CHANGED = /^(Deleted|Disabled|Enabled) breakpoint (\d+) at (.+):(\d+)\s*$/;
const COND_SET = /^New condition set for breakpoint (\d+)\.?\s*$/;
const COND_CLEARED = /^Breakpoint (\d+) is now unconditional\.?\s*$/;
const LIST_HEAD = /^Num\s+Type\s+Disp\s+Enb\s+Where\s*$/;
const LIST_ROW = /^(\d+)\s+breakpoint\s+(keep|del)\s+(yes|no)\s+at (.+):(\d+)\s*$/;
const LIST_COND = /^\s+stop only if (.*)$/;

/** `[cmd, args]` of a pdb command line. */
function split(command: string): [string, string] {
  const m = /^\s*(\S+)\s*(.*)$/.exec(command);
  return m ? [m[1]!, m[2]!.trim()] : ['', ''];
}

/** Condition given when a breakpoint was created: `b f.py:5, x > 3`. */
function conditionOf(args: string): string | undefined {
  const comma = args.indexOf(',');
  if (comma < 0) return undefined;
  const cond = args.slice(comma + 1).trim();
  return cond || undefined;
}

/**
 * The table after `command` printed `output`. Returns the same array when
 * nothing changed, so a render can skip the pane.
 */
export function applyCommandOutput(
  table: readonly Breakpoint[],
  command: string,
  output: string,
): readonly Breakpoint[] {
  const [cmd, args] = split(command);
  const lines = output.split('\n');
  let next = table.slice();
  let changed = false;

  if (lines.some((l) => LIST_HEAD.test(l))) {
    next = parseListing(lines);
    return same(table, next) ? table : next;
  }
  if ((cmd === 'b' || cmd === 'break') && args === '' && output.trim() === '') {
    return table.length === 0 ? table : [];
  }
  // condition N [expr]: pdb confirms with a sentence naming only the number.
  const condArgs = /^(\d+)\s*(.*)$/.exec(args);

  for (const raw of lines) {
    const l = raw.trimEnd();
    let m: RegExpExecArray | null;
    if ((m = ADDED.exec(l))) {
      const bp: Breakpoint = {
        num: Number(m[1]),
        file: m[2]!,
        line: Number(m[3]),
        enabled: true,
        temporary: cmd === 'tbreak',
        condition: conditionOf(args),
      };
      next = next.filter((b) => b.num !== bp.num).concat(bp);
      changed = true;
    } else if ((m = CHANGED.exec(l))) {
      const num = Number(m[2]);
      if (m[1] === 'Deleted') next = next.filter((b) => b.num !== num);
      else next = next.map((b) => (b.num === num ? { ...b, enabled: m![1] === 'Enabled' } : b));
      changed = true;
    } else if ((m = COND_SET.exec(l)) && condArgs) {
      const num = Number(m[1]);
      next = next.map((b) => (b.num === num ? { ...b, condition: condArgs[2] || undefined } : b));
      changed = true;
    } else if ((m = COND_CLEARED.exec(l))) {
      const num = Number(m[1]);
      next = next.map((b) => (b.num === num ? { ...b, condition: undefined } : b));
      changed = true;
    }
  }
  next.sort((a, b) => a.num - b.num);
  return changed ? next : table;
}

function parseListing(lines: string[]): Breakpoint[] {
  const out: Breakpoint[] = [];
  for (const l of lines) {
    let m: RegExpExecArray | null;
    if ((m = LIST_ROW.exec(l))) {
      out.push({
        num: Number(m[1]),
        file: m[4]!,
        line: Number(m[5]),
        enabled: m[3] === 'yes',
        temporary: m[2] === 'del',
      });
    } else if ((m = LIST_COND.exec(l)) && out.length) {
      out[out.length - 1]!.condition = m[1]!.trim();
    }
  }
  return out;
}

function same(a: readonly Breakpoint[], b: readonly Breakpoint[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Breakpoints on `file:line` (several are possible). */
export function breakpointsAt(table: readonly Breakpoint[], file: string, line: number): Breakpoint[] {
  return table.filter((b) => b.line === line && b.file === file);
}

/** One-character gutter marker for the strongest breakpoint on a line. */
export function markerOf(bps: Breakpoint[]): { char: string; enabled: boolean } | undefined {
  if (bps.length === 0) return undefined;
  const bp = bps.find((b) => b.enabled) ?? bps[0]!;
  if (bp.temporary) return { char: bp.enabled ? '◉' : '○', enabled: bp.enabled };
  if (bp.condition) return { char: bp.enabled ? '◆' : '◇', enabled: bp.enabled };
  return { char: bp.enabled ? '●' : '○', enabled: bp.enabled };
}
