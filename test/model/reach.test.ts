// reach.ts: which of a caller's values the code a call runs can get hold of, read
// from the source, where cfg.py's may_mutate_args says "the heap".
import { describe, expect, it } from 'vitest';
import { callReaches } from '../../src/model/computed/reach.js';

const SRC = `class Tally:
    def __init__(self):
        self.seen = {}

    def add(self, key, n):
        self.seen[key] = self.seen.get(key, 0) + n
        return self.seen[key]


class Log:
    def write(self, m):
        history.append(m)


def keep(xs):
    xs.append(1)


history = []
data = {"a": [1, 2]}
t = Tally()
for k, xs in data.items():
    t.add(k, len(xs))
`.split('\n');

describe('what a call can reach', () => {
  it('a constructor and a method that touch only their own object reach no module variable', () => {
    expect(callReaches(SRC, 'Tally()', 'data')).toBe(false);
    // len(xs) hands the method a number, not the list
    expect(callReaches(SRC, 't.add(k, len(xs))', 'xs')).toBe(false);
    expect(callReaches(SRC, 't.add(k, len(xs))', 'data')).toBe(false);
  });

  it('an argument that names the value, or code that names a module variable, reaches it', () => {
    expect(callReaches(SRC, 'keep(xs)', 'xs')).toBe(true);
    expect(callReaches(SRC, 't.add(k, xs)', 'xs')).toBe(true);
    // Log.write names `history`, a module variable: any value could be behind it
    expect(callReaches(SRC, 'Log()', 'data')).toBe(true);
  });
});
