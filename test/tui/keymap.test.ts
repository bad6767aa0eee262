// The TUI's own readings of a command line (does it move the program, does it
// quit) follow the engine's pdb: from 3.13 `c.a` or `q.x` is Python there.
import { describe, expect, it } from 'vitest';
import { isMoving, isQuit } from '../../src/repl/tui/keymap.js';

describe('command lines the TUI acts on', () => {
  it.each([
    ['n', true, true],
    ['c 3', true, true],
    ['rs', true, true],
    ['c.a', true, false],
    ["s['k']", true, false],
    ['p x', false, false],
    ['total + 1', false, false],
  ])('%j moves: before 3.13 %s, on 3.13 %s', (line, old, now) => {
    expect(isMoving(line, '3.11.7')).toBe(old);
    expect(isMoving(line, '3.13.0')).toBe(now);
  });

  it('quits on q, quit and exit alone; q.x is Python on 3.13', () => {
    for (const l of ['q', ' quit ', 'exit']) expect(isQuit(l, '3.13.0')).toBe(true);
    expect(isQuit('q.x', '3.13.0')).toBe(false);
    expect(isQuit('q 1', '3.11.7')).toBe(false);
  });
});
