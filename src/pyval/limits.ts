// Bounds on the work one expression may do. The real program could build
// `'a' * 10**9` or loop over `range(10**12)`; we refuse instead of hanging.

import { Refusal } from './value.js';

export interface Limits {
  /** Most items a list, tuple, dict, set or iteration may hold or produce. */
  maxItems: number;
  /** Longest str or bytes (code points or bytes). */
  maxStrLen: number;
  /** Largest int, in bits. */
  maxIntBits: number;
  /** Most elementary steps (operations, iterations) in one evaluation. */
  maxWork: number;
  /** Deepest nesting of lambda calls (Python's RecursionError stands in). */
  maxDepth: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxItems: 1_000_000,
  maxStrLen: 10_000_000,
  maxIntBits: 1_000_000,
  maxWork: 1_000_000,
  maxDepth: 200,
};

const fmt = (n: number): string => n.toLocaleString('en-US');

/** The evaluation in progress: its bounds, and the CPython minor version (3.x) whose messages and rules it follows. */
export class Budget {
  private work = 0;
  constructor(
    readonly limits: Limits = DEFAULT_LIMITS,
    readonly pythonMinor = 11,
  ) {}

  tick(n = 1): void {
    this.work += n;
    if (this.work > this.limits.maxWork) {
      throw new Refusal(`it needs more than ${fmt(this.limits.maxWork)} steps (ndbg bounds the work of an expression)`, undefined, true);
    }
  }

  items(n: number | bigint): void {
    if (n > this.limits.maxItems) {
      throw new Refusal(`the result would have more than ${fmt(this.limits.maxItems)} items (ndbg bounds the size of values)`);
    }
    this.tick(Number(n));
  }

  strLen(n: number | bigint): void {
    if (n > this.limits.maxStrLen) {
      throw new Refusal(`the result would be longer than ${fmt(this.limits.maxStrLen)} characters (ndbg bounds the size of values)`);
    }
    this.tick(Number(n) / 256);
  }

  intBits(n: number | bigint): void {
    if (n > this.limits.maxIntBits) {
      throw new Refusal(`the result would be an integer of more than ${fmt(this.limits.maxIntBits)} bits (ndbg bounds the size of values)`);
    }
  }
}

/** The budget of the evaluation in progress (evaluation is synchronous and not re-entrant). */
export let budget = new Budget();

export function withBudget<T>(b: Budget, f: () => T): T {
  const saved = budget;
  budget = b;
  try {
    return f();
  } finally {
    budget = saved;
  }
}
