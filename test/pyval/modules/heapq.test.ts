// heapq and bisect (modules/heapq.ts, modules/bisect.ts): random sequences of
// heap and insort operations, the list compared after each, and searches with
// lo / hi / key, against CPython on each installed version (key from 3.10).

import { describe, expect, test } from 'vitest';
import { type Case, Rng, disagreements, installedPythons } from '../differential.js';
import { homogeneous, int, listOf, scalar } from '../values.js';

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const ops = r.list(1, 6, () =>
      r.pick([
        () => `out.append(heapq.heappush(h, ${int(r)}))`,
        () => 'out.append(heapq.heappop(h))',
        () => 'out.append(heapq.heapify(h))',
        () => `out.append(heapq.heapreplace(h, ${int(r)}))`,
        () => `out.append(heapq.heappushpop(h, ${int(r)}))`,
        () => `out.append(heapq.${r.pick(['nsmallest', 'nlargest'])}(${r.int(-1, 4)}, h${r.pick(['', ', key=lambda v: -v', ', key=abs'])}))`,
      ])(),
    );
    out.push({ setup: `import heapq; h = ${listOf(r, int, 7)}; out = []; ${ops.join('; ')}; r = (out, h)`, expr: 'r' });
  }
  for (let i = 0; i < n / 3; i++) {
    const e = r.pick([
      () => `heapq.heappush(${r.pick(['()', "'ab'", '3'])}, 1)`,
      () => `heapq.heappop([])`,
      () => `heapq.heapify([3, 'a', 1])`,
      () => `heapq.nsmallest(2, ${homogeneous(r)})`,
      () => `heapq.nlargest(3, ${homogeneous(r)}, key=str)`,
    ])();
    out.push({ setup: `import heapq; r = ${e}`, expr: 'r' });
  }
  for (let i = 0; i < n; i++) {
    const xs = `sorted(${listOf(r, int, 8)})`;
    const x = r.chance(0.9) ? int(r) : scalar(r);
    const extra = r.pick([
      '',
      `, ${r.int(-1, 3)}`,
      `, ${r.int(0, 3)}, ${r.int(0, 9)}`,
      `, lo=${r.int(0, 2)}`,
      `, hi=${r.pick(['None', '3'])}`,
      ', key=lambda v: -v',
    ]);
    const call = r.pick(['bisect_left', 'bisect_right', 'bisect', 'insort_left', 'insort_right', 'insort']);
    out.push({ setup: `import bisect; a = ${xs}; r = (bisect.${call}(a, ${x}${extra}), a)`, expr: 'r' });
  }
  return out;
}

const CASES = cases(20261208, 250);

describe.each(installedPythons())('heapq and bisect match CPython 3.$minor', (py) => {
  test(`${CASES.length} random operations`, () => {
    expect(disagreements(py, CASES).join('\n')).toBe('');
  });
});
