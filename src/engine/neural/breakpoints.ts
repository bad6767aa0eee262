// bdb's breakpoint table, for predicted frames: numbering, hits, ignore counts,
// conditions (evaluated by pyval over the predicted values, never by Python),
// temporary breakpoints and function breakpoints, with bdb's texts.

import { evaluateCondition, type Scope } from '../../pyval/index.js';

export interface Breakpoint {
  number: number;
  file: string;
  line: number;
  temporary: boolean;
  cond: string | null;
  enabled: boolean;
  ignore: number;
  hits: number;
  /** Set for `b func`: it stops at the function's first line event. */
  funcname: string | null;
  /** The line where a function breakpoint stops (its first executable line). */
  funcFirstLine: number | null;
}

/** bdb.Breakpoint.__str__ */
export const bpStr = (b: Breakpoint): string => `breakpoint ${b.number} at ${b.file}:${b.line}`;

/** bdb.Breakpoint.bpformat */
export function bpFormat(b: Breakpoint): string {
  let disp = b.temporary ? 'del  ' : 'keep ';
  disp += b.enabled ? 'yes  ' : 'no   ';
  let ret = `${String(b.number).padEnd(4)}breakpoint   ${disp} at ${b.file}:${b.line}`;
  if (b.cond) ret += `\n\tstop only if ${b.cond}`;
  if (b.ignore) ret += `\n\tignore next ${b.ignore} hits`;
  if (b.hits) ret += `\n\tbreakpoint already hit ${b.hits} time${b.hits > 1 ? 's' : ''}`;
  return ret;
}

/** A breakpoint that stopped the program; `deleted`: a temporary one, deleted as it stopped (pdb says so). */
export interface Hit {
  bp: Breakpoint;
  deleted: boolean;
}

export class Breakpoints {
  /** bdb.Breakpoint.bpbynumber: index = number; null once deleted. */
  private byNumber: Array<Breakpoint | null> = [null];

  all(): Breakpoint[] {
    return this.byNumber.filter((b): b is Breakpoint => b !== null);
  }

  /** The number of the last breakpoint created (pdb: len(bpbynumber) - 1). */
  get lastNumber(): number {
    return this.byNumber.length - 1;
  }

  get any(): boolean {
    return this.all().length > 0;
  }

  add(file: string, line: number, temporary: boolean, cond: string | null, funcname: string | null, funcFirstLine: number | null): Breakpoint {
    const b: Breakpoint = {
      number: this.byNumber.length,
      file,
      line,
      temporary,
      cond: cond || null,
      enabled: true,
      ignore: 0,
      hits: 0,
      funcname,
      funcFirstLine,
    };
    this.byNumber.push(b);
    return b;
  }

  /** bdb.get_bpbynumber; throws Error with bdb's message. */
  byNumberArg(arg: string): Breakpoint {
    if (!arg) throw new Error('Breakpoint number expected');
    if (!/^\s*[-+]?\d+\s*$/.test(arg)) throw new Error(`Non-numeric breakpoint number ${arg}`);
    const n = Number(arg);
    const idx = n < 0 ? this.byNumber.length + n : n;
    if (idx < 0 || idx >= this.byNumber.length) throw new Error(`Breakpoint number ${n} out of range`);
    const b = this.byNumber[idx];
    if (!b) throw new Error(`Breakpoint ${n} already deleted`);
    return b;
  }

  delete(b: Breakpoint): void {
    const i = this.byNumber.indexOf(b);
    if (i > 0) this.byNumber[i] = null;
  }

  at(file: string, line: number): Breakpoint[] {
    return this.all().filter((b) => b.file === file && b.line === line);
  }

  /** Lines of `file` with a breakpoint (for listings' 'B'). */
  linesOf(file: string): Set<number> {
    return new Set(
      this.all()
        .filter((b) => b.file === file)
        .map((b) => b.line),
    );
  }

  /** Lines where an enabled breakpoint of `file` can stop a line event. */
  stopLines(file: string): number[] {
    const set = new Set<number>();
    for (const b of this.all()) {
      if (b.enabled && b.file === file) set.add(b.funcname ? (b.funcFirstLine ?? b.line) : b.line);
    }
    return [...set];
  }

  /**
   * bdb.break_here + effective() at a line event of frame `f`, conditions evaluated
   * in `scope`: the breakpoint that stops here (hits and ignore counts updated as
   * bdb does), whether a temporary one may be deleted, and a condition that could
   * not be evaluated (bdb stops then).
   */
  breakHere(f: { file: string; line: number; func: string }, scope: Scope): { bp: Breakpoint; deleteTemp: boolean; condError?: string } | null {
    let candidates = this.at(f.file, f.line).filter((b) => !b.funcname);
    for (const b of this.all()) {
      if (b.funcname && b.file === f.file && b.funcname === f.func && (b.funcFirstLine ?? -1) === f.line) candidates.push(b);
    }
    // bdb.Breakpoint.bplist order: by creation
    candidates = candidates.sort((a, b) => a.number - b.number);
    for (const b of candidates) {
      if (!b.enabled) continue;
      b.hits++;
      if (!b.cond) {
        if (b.ignore > 0) {
          b.ignore--;
          continue;
        }
        return { bp: b, deleteTemp: true };
      }
      const r = evaluateCondition(b.cond, scope);
      if (r.error !== undefined) return { bp: b, deleteTemp: false, condError: r.error };
      if (r.stop) {
        if (b.ignore > 0) b.ignore--;
        else return { bp: b, deleteTemp: true };
      }
    }
    return null;
  }
}
