// What no value can be, held while the decoder writes it (src/model/decode/reprAuto.ts): a
// runaway (the same element past REPEAT_MAX in a row, a dict or set key twice), or
// `Cart(...)` for a class whose instances print object's default repr.
import { describe, expect, it } from 'vitest';
import { Program } from '../../src/model/format/cfg.js';
import { openAllowed } from '../../src/model/decode/constraints.js';
import { StateGrammar } from '../../src/model/decode/grammar.js';
import { REPEAT_MAX, Repr } from '../../src/model/decode/reprAuto.js';
import { makeState, SPECIAL_ID } from '../../src/model/format/format.js';
import { testPython } from './helpers.js';

/** How many bytes of `text` the value automaton takes, and whether it may end there. */
function take(text: string, plain: ReadonlySet<string> | null = null): { taken: number; complete: boolean } {
  const r = new Repr(false, plain);
  const bytes = Buffer.from(text, 'utf8');
  let k = 0;
  for (; k < bytes.length; k++) if (!r.push(bytes[k]!)) break;
  return { taken: k, complete: k === bytes.length && r.complete() };
}
const ok = (text: string, plain?: ReadonlySet<string>) => expect(take(text, plain).complete, text).toBe(true);
const refusedAt = (text: string, at: number, plain?: ReadonlySet<string>) => expect(take(text, plain).taken, text).toBe(at);

describe('a value never runs away', () => {
  it(`the same element at most ${REPEAT_MAX} times in a row in a list or tuple`, () => {
    const run = (n: number, e = '1') => Array(n).fill(e).join(', ');
    ok(`[${run(REPEAT_MAX)}]`);
    ok(`(${run(REPEAT_MAX, "'a'")})`);
    const over = `[${run(REPEAT_MAX + 1)}]`;
    refusedAt(over, over.length - 1); // the byte that would end the 17th `1`
    const overStr = `[${run(REPEAT_MAX + 1, "'x'")}]`;
    refusedAt(overStr, overStr.length - 2); // its closing quote
    // a run broken by another element starts again; nested lists count as elements
    ok(`[${run(REPEAT_MAX)}, 2, ${run(REPEAT_MAX)}]`);
    ok(`[${run(REPEAT_MAX, '[0]')}]`);
    refusedAt(`[${run(REPEAT_MAX + 1, '[0]')}]`, `[${run(REPEAT_MAX + 1, '[0]')}]`.length - 2); // the 17th's own `]`
    // the tracer's cut of a long list of distinct elements is fine
    ok(`[${Array.from({ length: 40 }, (_, i) => i).join(', ')}]`.slice(0, 100) + '...');
  });

  it('a dict or set holds a key whose repr says what it equals once', () => {
    const dup = "{'apple': 3, 'pear': 3, 'apple'";
    refusedAt(`${dup}: 3}`, dup.length - 1);
    refusedAt('{1, 2, 1}', 8); // the byte after the second `1` ends it
    refusedAt("{b'k': 1, b'k'", 13);
    ok("{'apple': 3, 'pear': 3}");
    ok("{'a': 1, 'b': 1, 'c': 1}"); // values may repeat
    ok('{nan: 1, nan: 2}'); // two nan keys are two objects
    ok('{(1, 2): 1, (1, 2): 2}'); // not judged: tuples of objects may print alike
    ok("[{'a': 1}, {'a': 1}]"); // each dict has its own keys
  });
});

describe("a program class with object's default repr is never written as Cls(...)", () => {
  const plain = new Set(['Cart']);
  it('at the top and inside containers; its real repr and other names are fine', () => {
    refusedAt("Cart({'apple': 3})", 4, plain);
    refusedAt('[Cart(1)]', 5, plain);
    refusedAt('Cart', 4, plain); // complete() is false: it must go on as a longer name
    ok('<__main__.Cart object>', plain);
    ok('[<__main__.Cart object>, <__main__.Cart object>]', plain);
    ok('Carton(1)', plain);
    ok("Cart({'apple': 3})"); // a class that is not plain (its own __repr__) may
  });
  it('a finished value is written from a plain name too (the budget completion)', () => {
    const r = new Repr(false, plain);
    for (const b of Buffer.from('Cart')) r.push(b);
    const rest = r.completion();
    for (const b of rest) expect(r.push(b)).toBe(true);
    expect(r.complete()).toBe(true);
  });
  it("cfg.py lists the Cart script's class; a grammar for its states refuses `cart=Cart(`", async () => {
    const src = 'class Cart:\n    def __init__(self):\n        self.items = {}\n\ncart = Cart()\nprint(cart)\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    expect([...program.plainClasses]).toEqual(['Cart']);
    const g = new StateGrammar(openAllowed('step_over', makeState('line', { line: 5 }), 6), false, undefined, program.plainClasses);
    g.feed(SPECIAL_ID.line, new Uint8Array(0));
    for (const b of Buffer.from('6')) g.feed(256, Uint8Array.of(b));
    g.feed(SPECIAL_ID.var, new Uint8Array(0));
    for (const b of Buffer.from('cart=Cart')) g.feed(256, Uint8Array.of(b));
    expect(g.allowsText(Buffer.from('('))).toBe(false);
    expect(g.allowsText(Buffer.from('o'))).toBe(true);
  });
  it('not for a dataclass, an exception, a class with its own __repr__ or one that inherits it', async () => {
    const src = [
      'from dataclasses import dataclass',
      '@dataclass',
      'class P:',
      '    x: int',
      'class E(Exception):',
      '    pass',
      'class R:',
      '    def __repr__(self):',
      '        return "r"',
      'class S(R):',
      '    pass',
      'class A:',
      '    pass',
      'class B(A):',
      '    pass',
      'N = type("N", (), {})',
      'class N2:',
      '    pass',
      'x = "N2"',
      '',
    ].join('\n');
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    expect([...program.plainClasses].sort()).toEqual(['A', 'B']);
  });
});
