// Computed steps against CPython on class-based programs (againstTrace.ts): the
// methods' call frames (methods.ts), the return into the caller (returns.ts), the
// class bodies and the exceptions the program raises (exceptions.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstTrace } from './againstTrace.js';

const DIR = join(import.meta.dirname, 'fixtures', 'classes');

describe('computed steps on class-based programs, against CPython', () => {
  for (const name of readdirSync(DIR).filter((f) => f.endsWith('.py'))) {
    it(`${name}: every computed s / n step is the real one`, async () => {
      const { wrong, whole, wholeFrom, computedFrom, steps } = await checkAgainstTrace(join(DIR, name));
      if (process.env.NDBG_TEST_VERBOSE) console.log(name, `${whole} whole of ${steps}`);
      expect(wrong).toEqual([]);
      expect(whole).toBeGreaterThan(5);
      // an `__init__` of a class with its own `__repr__`: `self` shows the repr failing
      // until the attributes it reads are set, and the return binds the instance
      if (name === 'money.py') {
        expect(computedFrom).toContain('step_into line __init__');
        expect(wholeFrom).toContain('step_into return __init__');
      }
      // several calls side by side in one statement: from each return into the next call, then the statement done
      if (name === 'several_calls.py') {
        for (const k of ['step_into return __init__', 'step_over return __init__', 'step_into return square', 'step_over return square'])
          expect(wholeFrom).toContain(k);
      }
      // exceptions: the program's own raise, out of its frame, into the caller, to the
      // matching clause (a base class of the program's, a tuple of builtins)
      if (name === 'refusals.py') {
        for (const k of ['step_into line take', 'step_into exception take', 'step_into return take', 'step_over exception <module>'])
          expect(wholeFrom).toContain(k);
        expect(computedFrom).toContain('step_over line <module>');
      }
      // a class body whose methods use super() returns its __class__ cell; a dataclasses import binds only hidden names
      // decorated classes and methods (decorators.ts): each decorator line evaluated, the body, each applied, the binding
      if (name === 'decorated.py') {
        for (const k of ['step_into call Item', 'step_into return Item', 'step_into return Box', 'step_over line Temperature'])
          expect(wholeFrom.has(k) || computedFrom.has(k)).toBe(true);
        expect(computedFrom).toContain('step_over line <module>');
      }
      if (name === 'inherit.py') {
        expect(computedFrom).toContain('step_into line Square');
        expect(computedFrom).toContain('step_over line <module>');
      }
    });
  }
});
