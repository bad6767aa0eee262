// groupAttributes: a state's dotted attribute entries (docs/format.md, "Objects") read
// back as a tree, from entries the Python tracer really wrote (test/golden/format/objects.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attributesOf, groupAttributes, plainLocals, splitAttributes } from '../../src/model/format/attributes.js';

const golden = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'golden', 'format', 'objects.json'), 'utf8')) as {
  segments: Array<{ steps: Array<{ state: { locals: Record<string, string> } }> }>;
};

describe('groupAttributes', () => {
  it('nests the tracer entries under their local, in order', () => {
    const all = golden.segments.flatMap((s) => s.steps.map((x) => x.state.locals));
    const withLast = all.find((l) => 'cart.last.name' in l)!;
    const g = groupAttributes(withLast);
    expect(Object.keys(g)).toEqual(Object.keys(plainLocals(withLast)));
    const cart = g.cart!;
    expect(cart.value).toBe('<__main__.Cart object>');
    expect(Object.keys(cart.attributes!)).toEqual(
      Object.keys(withLast)
        .filter((k) => /^cart\.[^.]+$/.test(k))
        .map((k) => k.slice(5)),
    );
    expect(cart.attributes!.last!.attributes!.name!.value).toBe(withLast['cart.last.name']);
    expect(cart.partial).toBeUndefined();
    expect(attributesOf(withLast, 'cart.last')).toEqual([
      ['name', withLast['cart.last.name']],
      ['qty', withLast['cart.last.qty']],
    ]);
  });

  it('marks what may be cut: depth 3, and a local at the entry cap', () => {
    const deep = groupAttributes({ a: '<__main__.N object>', 'a.n': '<__main__.N object>', 'a.n.n': '<__main__.N object>', 'a.n.n.n': '<__main__.N object>' });
    expect(deep.a!.attributes!.n!.attributes!.n!.attributes!.n!.partial).toBe(true);
    expect(deep.a!.partial).toBeUndefined();
    const wide: Record<string, string> = { t: '<__main__.T object>' };
    for (let k = 0; k < 12; k++) wide[`t.f${k}`] = String(k);
    expect(groupAttributes(wide).t!.partial).toBe(true);
    expect(groupAttributes({ x: '1', 'y.z': '2' })).toEqual({ x: { value: '1' } }); // no parent: dropped
  });

  it('splits locals for --json: plain ones, and attributes per local by their path', () => {
    expect(splitAttributes({ c: 'C()', 'c.a': '1', 'c.b': 'B()', 'c.b.x': "'x'", n: '0' })).toEqual({
      locals: { c: 'C()', n: '0' },
      attributes: { c: { a: '1', b: 'B()', 'b.x': "'x'" } },
    });
    expect(splitAttributes({ n: '0' })).toEqual({ locals: { n: '0' } });
  });
});
