// The program's own code in a function frame (Scope.closures, used by computed
// steps): its comprehensions and lambdas see the frame's locals as closures, on
// every Python, where pdb's `p` (eval over f_locals) does not before 3.12. Each
// expression is compared with CPython running it inside a function.
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { evaluate } from '../../src/pyval/index.js';
import { Rng, installedPythons } from './differential.js';

const LOCALS = { k: '3', xs: '[1, 2, 5]', words: "['ab', 'c', 'de']", small: "('c',)" };

function cases(seed: number, n: number): string[] {
  const r = new Rng(seed);
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      r.pick([
        () => `[v * k for v in xs if v > ${r.int(0, 4)}]`,
        () => `{w: len(w) * k for w in words if w not in small}`,
        () => `[w for i, w in enumerate(words) if i or w in small]`,
        () => `sorted(xs, key=lambda v: (v % k, -v))`,
        () => `list(map(lambda w: w * k, words))`,
        () => `sum(v + k for v in xs)`,
        () => `[[v + k for v in xs] for _ in range(${r.int(0, 2)})]`,
        () => `{v % k for v in xs}`,
      ])(),
    );
  return out;
}

const CASES = cases(20261205, 40);

describe.each(installedPythons())('program code in a function frame sees its locals, as CPython 3.$minor runs it', (py) => {
  test(`${CASES.length} comprehensions and lambdas`, () => {
    const src = `import json\ndef f(k, xs, words, small):\n    return [repr(e) for e in (${CASES.map((c) => `(${c})`).join(', ')},)]\nprint(json.dumps(f(3, [1, 2, 5], ['ab', 'c', 'de'], ('c',))))`;
    const r = spawnSync(py.bin, ['-c', src], { encoding: 'utf8', env: { ...process.env, PYTHONHASHSEED: '0' } });
    const want = JSON.parse(r.stdout) as string[];
    const got = CASES.map((c) => {
      const v = evaluate(c, { locals: { ...LOCALS }, globals: {}, closures: true }, { pythonMinor: py.minor });
      return v.ok ? v.repr : v.error;
    });
    expect(got).toEqual(want);
  });
});
