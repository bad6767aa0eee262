import { describe, expect, it } from 'vitest';
import { computeLayout } from '../../src/repl/tui/layout.js';
import { follow, moveCursor, resized, sourceRows } from '../../src/repl/tui/sourceView.js';
import { initialState, type State } from '../../src/repl/tui/state.js';

const base = (more: Partial<State> = {}): State => ({
  ...initialState({ title: 't', cols: 100, rows: 30, cwd: '/', info: { name: 'python' }, showLatency: false, maskAddresses: false, console: [], output: [] }),
  ...more,
});

describe('sourceView', () => {
  const s = base();
  const h = sourceRows(s);

  it('leaves the window alone while the line is inside it with context', () => {
    expect(h).toBeGreaterThan(8);
    expect(follow({ ...s, sourceTop: 1 }, 5, 200, false)).toEqual({ sourceTop: 1, sourceCursor: 5 });
  });

  it('scrolls a third of the way down when the line leaves the window, or on force', () => {
    const top = 50 - Math.floor(h / 3);
    expect(follow({ ...s, sourceTop: 1 }, 50, 200, false)).toEqual({ sourceTop: top, sourceCursor: 50 });
    expect(follow({ ...s, sourceTop: 1 }, 5, 200, true)).toEqual({ sourceTop: 1, sourceCursor: 5 });
    // never past the end of the file
    expect(follow({ ...s, sourceTop: 1 }, 199, 200, false).sourceTop).toBe(200 - h + 1);
  });

  it("brings --verify's real line into view too when both fit, else keeps the current one", () => {
    expect(follow({ ...s, sourceTop: 45 }, 50, 200, false, 40)).toEqual({ sourceTop: 39, sourceCursor: 50 });
    expect(follow({ ...s, sourceTop: 45 }, 50, 200, false, 47 + h)).toEqual({ sourceTop: 49, sourceCursor: 50 });
    const far = follow({ ...s, sourceTop: 45 }, 50, 200, false, 50 - 2 * h);
    expect(far.sourceTop).toBe(50 - h + 1);
  });

  it('moves the cursor with the pane keys, in the file and in view', () => {
    const at = { ...s, sourceTop: 1, sourceCursor: 1 };
    expect(moveCursor(at, { name: 'up' }, 100, 7)).toEqual({ sourceCursor: 1, sourceTop: 1 });
    expect(moveCursor(at, { name: 'text', text: 'j' }, 100, 7)).toEqual({ sourceCursor: 2, sourceTop: 1 });
    expect(moveCursor(at, { name: 'pagedown' }, 100, 7)).toEqual({ sourceCursor: 1 + h, sourceTop: 2 });
    expect(moveCursor(at, { name: 'text', text: 'G' }, 100, 7)).toEqual({ sourceCursor: 100, sourceTop: 100 - h + 1 });
    expect(moveCursor({ ...at, sourceCursor: 60, sourceTop: 55 }, { name: 'text', text: '.' }, 100, 7)).toEqual({ sourceCursor: 7, sourceTop: 7 });
    expect(moveCursor(at, { name: 'text', text: 'x' }, 100, 7)).toBeUndefined();
    expect(moveCursor(at, { name: 'text', text: 'jj' }, 100, 7)).toBeUndefined(); // a run of text is typing, not a key
  });

  it('re-fits the window to a new size, keeping the cursor where it was', () => {
    const at = { ...s, sourceTop: 1, sourceCursor: 3 };
    const r = resized(at, 80, 24, 40, 200);
    expect(r.layout).toEqual(computeLayout(80, 24));
    expect(r.sourceCursor).toBe(3);
    expect(r.sourceTop).toBe(40 - Math.floor((r.layout!.source.height - 1) / 3));
    expect(resized(at, 80, 24, undefined, 0)).toEqual({ cols: 80, rows: 24, layout: computeLayout(80, 24), sourceCursor: 3 });
  });
});
