// The constraint that a value no mutation can change (an int, a str, a tuple of them,
// object's default repr of a plain class) changes only where the line rebinds its
// name: `g.add_edge(a, b)` may change what `g` holds, never what `a`, `b` or `g` show;
// with a `global` statement in the program a call may rebind them, and they stay open.
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { allowedTargets, type FrameOption, unchangeable } from '../../src/model/decode/constraints.js';
import type { State } from '../../src/model/format/format.js';
import { testPython } from './helpers.js';

const GRAPH = `class Graph:
    def __init__(self):
        self.adj = {}

    def add_edge(self, a, b):
        self.adj.setdefault(a, []).append(b)


g = Graph()
edges = [["a", "b"]]
for a, b in edges:
    g.add_edge(a, b)
print(g.adj)
`;

const before = (locals: Record<string, string>): State =>
  ({ event: 'line', line: 12, func: '<module>', depth: 0, stack: [], locals, retval: null, exception: null, stdout: '', exit: null }) as unknown as State;

async function diffNames(source: string, locals: Record<string, string>): Promise<Set<string>> {
  const program = await Program.analyze(source, { python: testPython(), target: '3.11' });
  const lines = allowedTargets(program, 'step_over', before(locals)).events.get('line') as Map<number, FrameOption[]>;
  const opt = lines.get(11)!.find((o) => o.mode === 'diff')!;
  return opt.diffNames!;
}

describe('values no mutation can change', () => {
  it('unchangeable: immutable all through, or a plain class default repr', () => {
    const plain = new Set(['Graph']);
    for (const v of ['1', "'a'", '(1, (2.5, None))', 'b"x"', '<__main__.Graph object>', 'range(0, 3)']) expect(unchangeable(v, plain), v).toBe(true);
    for (const v of ['[1]', "{'a': 1}", '(1, [2])', '<__main__.Other object>', 'Graph(1)', `'${'x'.repeat(100)}...`])
      expect(unchangeable(v, plain), v).toBe(false);
  });

  it('a call with them as arguments may not write them in a diff; the list it may mutate, it may', async () => {
    const locals = { g: '<__main__.Graph object>', edges: "[['a', 'b']]", a: "'a'", b: "'b'" };
    const names = await diffNames(GRAPH, locals);
    expect(names.has('a') || names.has('b') || names.has('g')).toBe(false);
    expect(names.has('edges')).toBe(true);
  });

  it('with a `global` statement in the program, a call may rebind them: they stay open', async () => {
    const src = GRAPH.replace('        self.adj.setdefault', '        global edges\n        self.adj.setdefault');
    const locals = { g: '<__main__.Graph object>', edges: "[['a', 'b']]", a: "'a'", b: "'b'" };
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    expect(program.rebindsElsewhere).toBe(true);
    const lines = allowedTargets(program, 'step_over', { ...before(locals), line: 13 } as State).events.get('line') as Map<number, FrameOption[]>;
    const opt = [...lines.values()].flat().find((o) => o.mode === 'diff')!;
    expect(opt.diffNames!.has('a')).toBe(true);
  });
});
