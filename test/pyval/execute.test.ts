// `!stmt` edits: each statement runs in python3 (exec in 'single' mode, as pdb
// does) and in our evaluator; the locals that changed and what was printed
// must agree.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execute, setHashSeed } from '../../src/pyval/index.js';
import { oracle, type OracleCase } from './oracle.js';

const LOCALS: Record<string, string> = {
  x: '5',
  y: '7',
  s: "'abc'",
  xs: '[3, 1, 2]',
  d: "{'a': 1, 'b': [1, 2]}",
  st: '{1, 2, 3}',
  t: '(1, 2)',
  grid: '[[0, 0], [0, 0]]',
  n: 'None',
  f: '1.5',
  words: "['b', 'a', 'c']",
};
const GLOBALS: Record<string, string> = { G: '[10]', C: '3' };

const STMTS = [
  'x = 6',
  'x = x + 1',
  'x += 1',
  'x -= 10',
  'x *= 3',
  'x //= 2',
  'x **= 3',
  'x %= 3',
  'x <<= 2',
  'x |= 8',
  'f /= 2',
  's += "d"',
  's *= 2',
  'x, y = y, x',
  'a, b = "hi"',
  'a, *rest = xs',
  '*init, last = xs',
  'first, (p, q) = 1, (2, 3)',
  '[a, b] = t',
  'a = b = 0',
  'xs[0] = 99',
  'xs[-1] = 0',
  'xs[1:2] = [7, 8, 9]',
  'xs[::2] = ["a", "b"]',
  'xs[:] = []',
  'xs[len(xs):] = [4]',
  'd["c"] = 3',
  'd["a"] += 10',
  'd["b"].append(3)',
  'd["b"][0] = -1',
  'grid[1][0] = 5',
  'xs += [4, 5]',
  'xs += "ab"',
  'xs *= 2',
  'st |= {9}',
  'st &= {1, 2}',
  'st -= {1}',
  'st ^= {3, 4}',
  'd |= {"z": 0}',
  'xs.append(4)',
  'xs.extend(range(3))',
  'xs.insert(0, -1)',
  'xs.insert(-1, 50)',
  'xs.pop()',
  'xs.pop(0)',
  'xs.remove(1)',
  'xs.sort()',
  'xs.sort(reverse=True)',
  'words.sort(key=lambda w: w)',
  'xs.reverse()',
  'xs.clear()',
  'd.pop("a")',
  'd.pop("zz", None)',
  'd.popitem()',
  'd.setdefault("q", [])',
  'd.update(a=0, e=5)',
  'd.update([("k", "v")])',
  'd.clear()',
  'st.add(0)',
  'st.discard(2)',
  'st.remove(3)',
  'st.pop()',
  'st.update([7, 8])',
  'st.clear()',
  'st.difference_update({1, 9})',
  'st.intersection_update({2, 3, 4})',
  'st.symmetric_difference_update({3, 5})',
  'del x',
  'del xs[0]',
  'del xs[::2]',
  'del d["a"]',
  'del x, y',
  'ys = xs; ys.append(0)',
  'G.append(1)',
  'C = 4',
  'z = [v * 2 for v in xs]',
  'x = 1; y = 2',
  'x',
  'xs',
  'x + 1',
  'print(x, y)',
  'n',
  'pass',
  'e = {}',
  'e = set()',
  'r = range(3)',
  'u = "é" * 3',
  'big = 2 ** 70',
  'g = (v for v in xs)',
  'lst = list(reversed(xs))',
  // errors
  'x = zz',
  'zz += 1',
  'del zz',
  'xs[10] = 1',
  'del xs[10]',
  'd["nope"] += 1',
  'del d["nope"]',
  't[0] = 1',
  's[0] = "z"',
  'a, b = xs',
  'a, b, c, d2 = t',
  'a, b = 5',
  'xs[::2] = [1]',
  'x = 1 / 0',
  'x = 1; y = 1 / 0',
  'xs.remove(99)',
  'st.remove(99)',
  'xs.pop(10)',
  '[].pop()',
  'set().pop()',
  'x.y = 1',
  'del x.y',
  'x = ',
  '1 = x',
  'f() = 1',
  'x + 1 = 2',
  'x += 1, 2 = 3',
  'None = 1',
  '{a} = 1',
  '[1] = x',
  'x == 1 = 2',
  '-x = 1',
  'del 1',
  '*a = 1',
  '*a, = xs',
  'f() += 1',
];

describe('!stmt edits match python3', () => {
  beforeAll(() => setHashSeed(0));
  afterAll(() => setHashSeed(null));
  const cases: OracleCase[] = STMTS.map((src) => ({ kind: 'exec', src, locals: LOCALS, globals: GLOBALS }));
  const want = oracle(cases);

  test(`${cases.length} statements change the same locals`, () => {
    const bad: string[] = [];
    cases.forEach((c, i) => {
      const w = want[i]!;
      const expectedChanges: Record<string, string> = {};
      for (const [k, v] of Object.entries(w.locals ?? {})) if (LOCALS[k] !== v) expectedChanges[k] = v;
      const expectedDeleted = Object.keys(LOCALS)
        .filter((k) => !(k in (w.locals ?? {})))
        .sort();
      const r = execute(c.src, { locals: LOCALS, globals: GLOBALS });
      const expected = { ok: w.ok, error: w.ok ? undefined : w.text, changes: expectedChanges, deleted: expectedDeleted, output: w.output };
      // Generators print with an address: compare only the shape.
      const norm = (o: typeof expected): string =>
        JSON.stringify({ ...o, changes: Object.fromEntries(Object.entries(o.changes).sort()) }).replace(/ at 0x[0-9a-f.]+>/g, ' at 0x>');
      const got = { ok: r.ok, error: r.error, changes: r.changes, deleted: [...r.deleted].sort(), output: r.output };
      if (norm(got) !== norm(expected)) bad.push(`${c.src}\n    python: ${norm(expected)}\n    ndbg:   ${norm(got)}`);
    });
    expect(bad.join('\n')).toBe('');
  });

  test('in-place changes to globals are reported apart', () => {
    const r = execute('G.append(1); C = 4', { locals: LOCALS, globals: GLOBALS });
    expect(r.globalChanges).toEqual({ G: '[10, 1]' });
    expect(r.changes).toEqual({ C: '4' });
  });

  test('mutating methods are refused in expressions, allowed in statements', async () => {
    const { evaluate } = await import('../../src/pyval/index.js');
    const r = evaluate('xs.append(4)', { locals: LOCALS });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(
      "*** ndbg: cannot evaluate 'xs.append(...)' without running the program (neural engine): list.append() would change the predicted state; to change it, use a '!' statement",
    );
    expect(execute('xs.append(4)', { locals: LOCALS }).changes).toEqual({ xs: '[3, 1, 2, 4]' });
  });

  test("an expression statement's value is echoed as at pdb's prompt, unless it is the program's own", () => {
    const prompt = execute('xs.pop()', { locals: LOCALS });
    expect(prompt).toMatchObject({ ok: true, output: '2\n', changes: { xs: '[3, 1]' } });
    const program = execute('xs.pop()', { locals: LOCALS }, { echo: false });
    expect(program).toMatchObject({ ok: true, output: '', changes: { xs: '[3, 1]' } });
    // what it prints itself still prints
    expect(execute('print(xs.pop())', { locals: LOCALS }, { echo: false }).output).toBe('2\n');
  });
});
