// The names a complete state of the module frame may show: only those a module line
// that can have run before the stop binds (constraints.ts, cfg.ts moduleNamesAt).
// A `c` to a breakpoint writes the module's locals whole, and a model that has seen
// the methods' parameters and later lines' targets in the code writes them too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { allowedTargets, type FrameOption } from '../../src/model/decode/constraints.js';
import type { ActionName, EventName, State } from '../../src/model/format/format.js';
import { testPython } from './helpers.js';
import { lineState } from './states.js';

const SHOP = readFileSync(join(import.meta.dirname, '..', 'neural', 'fixtures', 'shop.py'), 'utf8');

const at = lineState;

/** The names a complete module state on (event, line) may list after `action` from `before`. */
function moduleNames(program: Program, action: ActionName, before: State, event: Exclude<EventName, 'exit'>, line: number, arg?: number): string[] {
  const m = allowedTargets(program, action, before, arg).events.get(event) as Map<number, FrameOption[]>;
  const opts = (m.get(line) ?? []).filter((o) => o.func === '<module>' && o.mode === 'complete');
  expect(opts.length).toBeGreaterThan(0);
  const names = new Set<string>();
  for (const o of opts) for (const n of o.names ?? ['(any)']) names.add(n);
  return [...names].sort();
}

const analyze = (src: string) => Program.analyze(src, { python: testPython(), target: '3.11' });

describe('a module stop shows only names bound on the way to it', () => {
  let shop: Program;
  beforeAll(async () => {
    shop = await analyze(SHOP);
  });

  it("`c` to line 20 of the Cart script: not the methods' parameters, not `t` (bound on line 20 itself)", () => {
    const names = moduleNames(shop, 'breakpoint', at(1), 'line', 20, 20);
    expect(names).toEqual(['cart', 'count']);
    // the whole module's names, without the narrowing: what the model could write before
    for (const n of ['name', 'p', 'q', 'qty', 'price', 't', 'self']) expect(shop.module.names.has(n)).toBe(true);
  });

  it('a line further on sees what the lines before it bound; a return sees its own line too', () => {
    expect(moduleNames(shop, 'breakpoint', at(1), 'line', 21, 21)).toEqual(['cart', 'count', 't']);
    expect(moduleNames(shop, 'breakpoint', at(1), 'line', 12, 12)).toEqual([]);
    // the module's return on its last line: every name bound on the way, and that line's own
    expect(moduleNames(shop, 'step_return', at(20, { cart: '<__main__.Cart object>', count: '3' }), 'return', 21)).toEqual(['cart', 'count', 't']);
  });

  it("returning into the module from a method: the caller's next line, names bound before it", () => {
    const inTotal = at(9, { self: '<__main__.Cart object>' }, 'total', [20]);
    const ret = { ...inTotal, event: 'return' as const, retval: '4.2' };
    expect(moduleNames(shop, 'step_over', ret, 'line', 21)).toEqual(['cart', 'count', 't']);
  });

  it('a loop body may see its own bindings from the iteration before', async () => {
    const p = await analyze('total = 0\nfor i in range(3):\n    x = i * 2\n    total += x\nprint(total)\ny = 1\n');
    expect(moduleNames(p, 'breakpoint', at(1), 'line', 3, 3)).toEqual(['i', 'total', 'x']);
    expect(moduleNames(p, 'breakpoint', at(1), 'line', 2, 2)).toEqual(['i', 'total', 'x']);
    expect(moduleNames(p, 'breakpoint', at(1), 'line', 5, 5)).toEqual(['i', 'total', 'x']);
  });

  it('a name a function binds by `global` may be there after any call; one an edit set stays allowed', async () => {
    const p = await analyze('def f():\n    global g\n    g = 1\n\nf()\nh = 2\nprint(g, h)\n');
    expect(moduleNames(p, 'breakpoint', at(5), 'line', 6, 6)).toEqual(['g']);
    const edited = await analyze('a = 1\nb = 2\nc = 3\n');
    // `!c = 9` at line 2 binds c in the module (pdb's frame): a later stop may show it
    expect(moduleNames(edited, 'breakpoint', at(2, { a: '1', c: '9' }), 'line', 3, 3)).toEqual(['a', 'b', 'c']);
    expect(moduleNames(edited, 'breakpoint', at(2, { a: '1' }), 'line', 3, 3)).toEqual(['a', 'b']);
  });

  it('a try body may have bound its names before its handler runs', async () => {
    const p = await analyze('try:\n    v = int("x")\n    w = 2\nexcept ValueError:\n    v = None\nprint(v)\n');
    expect(moduleNames(p, 'breakpoint', at(1), 'line', 5, 5)).toEqual(['v', 'w']);
  });
});
