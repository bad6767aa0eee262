import { describe, expect, it } from 'vitest';
import { NOT_WALKING, walkHistory, type HistoryCursor } from '../../src/repl/tui/historyNav.js';

const H = ['p x', 's', 'n'];

describe('walkHistory', () => {
  it('goes back from the newest entry and stops at the oldest', () => {
    let h: HistoryCursor = NOT_WALKING;
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = walkHistory(h, H, -1, 'typed')!;
      h = r.history;
      seen.push(r.input);
    }
    expect(seen).toEqual(['n', 's', 'p x', 'p x']);
    expect(h).toEqual({ index: 0, draft: 'typed' });
  });

  it('comes forward to what was being typed before the walk', () => {
    let r = walkHistory(NOT_WALKING, H, -1, 'p to')!;
    r = walkHistory(r.history, H, -1, r.input)!;
    r = walkHistory(r.history, H, 1, r.input)!;
    expect(r.input).toBe('n');
    r = walkHistory(r.history, H, 1, r.input)!;
    expect(r).toEqual({ history: { index: -1, draft: 'p to' }, input: 'p to' });
  });

  it('changes nothing without history, or Down when not walking', () => {
    expect(walkHistory(NOT_WALKING, [], -1, 'x')).toBeUndefined();
    expect(walkHistory(NOT_WALKING, H, 1, 'x')).toBeUndefined();
  });
});
