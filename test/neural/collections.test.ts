// collections on the neural engine, with the shipped model: a step that builds
// a Counter, one that asks it for most_common and a deque's append are computed
// by pyval, not predicted, and the values read back from the frame's reprs.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { NDBG, runProcess } from '../parityHarness.js';

const SCRIPT = join(import.meta.dirname, 'fixtures', 'counter.py');
const POINTS = join(import.meta.dirname, 'fixtures', 'points.py');

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

  it('points.py: a namedtuple class and its instances, every step computed, the same transcript as pdb', async () => {
    const input = 'n\nn\nn\nn\nn\nn\np q.x, isinstance(q, tuple), q\nn\nn\np g\nq\n';
    const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, POINTS], input), runProcess('python3', ['-m', 'pdb', POINTS], input)]);
    expect(pdb.stdout).toContain('(1, True, Point(x=1, y=5))');
    expect(ours.stdout).toBe(pdb.stdout);
    const r = await runProcess(process.execPath, [NDBG, '--json', POINTS], 'n\nn\nn\nn\nn\nn\nn\nq\n');
    const last = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === 'stop')
      .at(-1)
      .frames.at(-1);
    expect(last.line).toBe(9);
    expect(last.locals).toEqual({ p: 'Point(x=1, y=2)', q: 'Point(x=1, y=5)', s: '6', g: "defaultdict(<class 'list'>, {'a': [6]})" });
    for (const k of ['p', 'q', 's', 'g']) expect(last.origin[k], k).toBe('computed');
  });
});
