// The source pane highlights only what it shows: a window of a 20,000-line file costs
// one highlight call a visible line, once (counted, not timed: the machine is shared).
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/repl/tui/highlight.js', () => ({
  highlightPython: (code: string) => {
    calls.n++;
    return code;
  },
}));

const { SourceFile } = await import('../../src/repl/tui/source.js');

describe('source', () => {
  it('highlights a window of a 20,000-line file line by line, each line once', () => {
    const text = Array.from({ length: 20000 }, (_, i) => `x${i} = ${i} + 1  # line ${i}`).join('\n');
    const f = new SourceFile('/big.py', text);
    for (let n = 19950; n < 19990; n++) f.highlighted(n);
    expect(calls.n).toBe(40);
    for (let n = 19950; n < 19990; n++) f.highlighted(n);
    expect(calls.n).toBe(40);
    expect(f.highlighted(19960)).toBe('x19959 = 19959 + 1  # line 19959');
  });
});
