// How a failed evaluation reads at pdb's prompt: a Python error as pdb prints
// it (`*** NameError: ...`), a refusal as `*** ndbg: cannot evaluate '...'
// without running the program (neural engine): <why>`, naming the piece of the
// source that could not be evaluated, shortened to one line.

import { strRepr } from '../repr.js';
import { PyError, Refusal, type Value } from '../value.js';

const MAX_SNIPPET = 60;

export function shorten(s: string): string {
  s = s.replace(/\s+/g, ' ').trim();
  return s.length > MAX_SNIPPET ? s.slice(0, MAX_SNIPPET - 3) + '...' : s;
}

export interface Failure {
  error: string;
  message: string;
  refused: boolean;
  exception?: string;
  /** Raised by the program's own `raise` / `assert` (PyError.explicit). */
  explicit?: boolean;
  /** The exception as a value, where the program made it (its class may be the program's). */
  raised?: Value;
}

export function describeFailure(e: unknown, src: string, verb: 'evaluate' | 'execute'): Failure {
  if (e instanceof PyError)
    return {
      error: `*** ${e.message}`,
      message: e.message,
      refused: false,
      exception: e.type,
      ...(e.explicit ? { explicit: true } : {}),
      ...(e.exc ? { raised: e.exc } : {}),
    };
  if (e instanceof Refusal) {
    const subject = e.whole ? shorten(src) : (e.subject ?? shorten(src));
    const message = `ndbg: cannot ${verb} ${strRepr(subject)} without running the program (neural engine): ${e.reason}`;
    return { error: `*** ${message}`, message, refused: true };
  }
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    const message = `ndbg: cannot ${verb} ${strRepr(shorten(src))} without running the program (neural engine): it is nested too deeply`;
    return { error: `*** ${message}`, message, refused: true };
  }
  const message = `ndbg: internal error while evaluating ${strRepr(shorten(src))}: ${e instanceof Error ? e.message : String(e)}`;
  return { error: `*** ${message}`, message, refused: true };
}
