// Statements over several lines that call the program's code or print
// (spans.ts, callsRunLast) against CPython's trace (againstTrace.ts): the line
// events before the last one evaluate only the arguments, so they are computed;
// a call on the first line whose arguments end there (`total([4]) + total(`)
// runs between them, and those stay the model's.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstTrace } from './againstTrace.js';

describe('statements over several lines, against CPython', () => {
  it('calls.py: every computed s / n step is the real one, the argument lines included', async () => {
    const { wrong, computedFrom, steps, whole } = await checkAgainstTrace(join(import.meta.dirname, 'fixtures', 'spans', 'calls.py'));
    expect(wrong).toEqual([]);
    expect(computedFrom).toContain('step_over line <module>');
    expect(whole).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(10);
  });
});
