// collections on the neural engine, with the shipped model: a step that builds
// a Counter, one that asks it for most_common and a deque's append are computed
// by pyval, not predicted, and the values read back from the frame's reprs.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { NDBG, runProcess } from '../parityHarness.js';

const SCRIPT = join(import.meta.dirname, 'fixtures', 'counter.py');

describe('collections on the neural engine', () => {
  it('--json: Counter(words), c.most_common(1) and q.append are computed', async () => {
    const r = await runProcess(process.execPath, [NDBG, '--json', SCRIPT], 'n\nn\nn\nn\nn\nn\np top\np q\nq\n');
    const events = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const frames = events.filter((e) => e.type === 'stop').map((s) => s.frames.at(-1));
    const last = frames.at(-1);
    expect(last.locals.c).toBe("Counter({'a': 2, 'b': 1})");
    expect(last.locals.top).toBe("[('a', 2)]");
    expect(last.origin.c).toBe('computed');
    expect(last.origin.top).toBe('computed');
    expect(last.locals.q).toBe("deque(['a', 'z'], maxlen=2)");
    expect(last.origin.q).toBe('computed');
    const results = events.filter((e) => e.type === 'result').map((e) => e.output);
    expect(results).toEqual(["[('a', 2)]\n", "deque(['a', 'z'], maxlen=2)\n"]);
  });
});
