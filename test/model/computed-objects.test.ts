// Computed steps over the program's own objects (src/model/computed/objects.ts):
// the shop.py scenario (a Cart class, three `add` calls, a total, an f-string
// print) computed step by step and by `c` to a breakpoint, exactly as CPython's
// trace shows it; identity kept across steps; computing a step twice changes
// nothing; format v2's dotted entries read and kept up to date.
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { computeStep, withComputed } from '../../src/model/computed/index.js';
import { objectsAt } from '../../src/model/computed/objects.js';
import { childrenPage, evaluateView } from '../../src/engine/neural/children.js';
import type { ModelState } from '../../src/model/types.js';
import { testPython } from './helpers.js';

const at = (line: number, locals: Record<string, string>, func = '<module>', stack: number[] = []): ModelState => ({
  event: 'line',
  line,
  func,
  stack,
  locals,
  retval: null,
  exception: null,
  stdout: '',
  exit: null,
});
const over = { kind: 'step_over' } as const;

const SHOP = `"""Totals a shopping cart."""


class Cart:
    def __init__(self):
        self.items = {}

    def add(self, name, qty, price):
        self.items[name] = (qty, price)

    def total(self):
        return sum(q * p for q, p in self.items.values())


cart = Cart()
cart.add("apple", 3, 0.5)
cart.add("pear", 2, 1.25)
cart.add("plum", 5, 0.2)
t = cart.total()
print(f"total: {t:.2f}")
`;

describe('computed steps over objects of the program', () => {
  it('shop.py: each `n` computed, the instance kept between steps, the total and the print exact', async () => {
    const program = await Program.analyze(SHOP, { python: testPython(), target: '3.11' });
    const lines = SHOP.split('\n').slice(0, -1);
    let s = at(1, {});
    const seen: Array<[number, Record<string, string>, string]> = [];
    for (;;) {
      const c = computeStep(lines, s, over, program, [{ action: null, state: s }]);
      expect(c, `line ${s.line}`).not.toBeNull();
      const next = withComputed(at(0, {}, '?'), s, c!)!;
      seen.push([s.line!, next.locals, next.stdout]);
      if (next.event === 'return') break;
      s = next;
    }
    expect(seen.map((x) => x[0])).toEqual([1, 4, 15, 16, 17, 18, 19, 20]);
    expect(seen[2]![1]).toEqual({ cart: '<__main__.Cart object>' });
    expect(seen[6]![1]).toEqual({ cart: '<__main__.Cart object>', t: '5.0' });
    expect(seen[7]![2]).toBe('total: 5.00\n');
    // the same step computed twice: the second `add` does not run twice
    const at19 = at(19, { cart: '<__main__.Cart object>' });
    expect(computeStep(lines, at19, over, program)!.changes).toEqual({ t: '5.0' });
    expect(computeStep(lines, at19, over, program)!.changes).toEqual({ t: '5.0' });
  });

  it('`c` to a breakpoint runs the module through the constructor and the methods', async () => {
    const program = await Program.analyze(SHOP, { python: testPython(), target: '3.11' });
    const lines = SHOP.split('\n').slice(0, -1);
    const s = at(1, {});
    const c = computeStep(lines, s, { kind: 'breakpoint', line: 19 }, program, [{ action: null, state: s }])!;
    expect(c.state).toEqual(at(19, { cart: '<__main__.Cart object>' }));
    const end = computeStep(lines, s, { kind: 'continue' }, program, [{ action: null, state: s }])!;
    expect(end.state!.exit).toBe('normal');
    expect(end.stdout).toBe('total: 5.00\n');
  });

  it('format v2: an instance built from its dotted entries, which the step keeps up to date', async () => {
    const program = await Program.analyze(SHOP, { python: testPython(), target: '3.11' });
    const lines = SHOP.split('\n').slice(0, -1);
    const before = at(17, { cart: '<__main__.Cart object>', 'cart.items': "{'apple': (3, 0.5)}" });
    const c = computeStep(lines, before, over, program)!;
    expect(c.changes).toEqual({ 'cart.items': "{'apple': (3, 0.5), 'pear': (2, 1.25)}" });
    const t = computeStep(lines, at(19, { cart: '<__main__.Cart object>', 'cart.items': "{'a': (2, 1.5)}" }), over, program)!;
    expect(t.changes).toEqual({ t: '3.0' });
  });

  it('an instance the session does not know is left to the model', async () => {
    const program = await Program.analyze(SHOP, { python: testPython(), target: '3.11' });
    const lines = SHOP.split('\n').slice(0, -1);
    expect(computeStep(lines, at(19, { cart: '<__main__.Cart object>', x: '1' }), over, program)).toBeNull();
  });

  it('the instance the steps built opens for `p` and the variables tree, from a copy', async () => {
    const program = await Program.analyze(SHOP, { python: testPython(), target: '3.11' });
    const lines = SHOP.split('\n').slice(0, -1);
    let s = at(1, {});
    while (s.line !== 19) s = withComputed(at(0, {}, '?'), s, computeStep(lines, s, over, program, [{ action: null, state: s }])!)!;
    const ctx = objectsAt(lines, s)!;
    expect(ctx).not.toBeNull();
    const scope = { locals: s.locals, program: ctx };
    expect(evaluateView('cart.items', scope)).toMatchObject({ ok: true, result: { value: "{'apple': (3, 0.5), 'pear': (2, 1.25), 'plum': (5, 0.2)}" } });
    expect(evaluateView('cart', scope)).toMatchObject({ ok: true, result: { type: 'Cart', size: 1 } });
    const page = childrenPage('cart', scope, undefined, 0, 10);
    expect(page.ok && page.result.children.map((c) => [c.name, c.expr])).toEqual([['items', 'cart.items']]);
    // evaluating changes nothing the session keeps: a second look sees the same instance
    expect(evaluateView("cart.add('fig', 1, 2.0)", { locals: s.locals, program: objectsAt(lines, s)! }).ok).toBe(true);
    expect(evaluateView('len(cart.items)', { locals: s.locals, program: objectsAt(lines, s)! })).toMatchObject({ result: { value: '3' } });
    // a state the session never reached knows no objects
    expect(objectsAt(lines, at(19, { cart: '<__main__.Cart object>', x: '1' }))).toBeNull();
  });
});
