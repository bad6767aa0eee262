// The program's own objects on the neural engine, with the shipped model: a class
// (test/neural/fixtures/shop.py: a Cart whose methods change it in place) stepped
// with `n`, every step computed by pyval's interpreter, so the transcript is pdb's
// byte for byte, `p cart.items` opens the instance the computed steps built, and
// each value says it was computed.
import { describe, expect, it } from 'vitest';
import { NDBG, runProcess } from '../parityHarness.js';
import { join } from 'node:path';

const SHOP = join(import.meta.dirname, 'fixtures', 'shop.py');
const STEPS = 'n\n'.repeat(6);
const LOOK = 'p cart.items\np cart.total()\np len(cart.items), count\n';

describe('objects of the program on the neural engine', () => {
  it('shop.py: `n` over methods that change the instance, then `p cart.items`: the same transcript as pdb', async () => {
    const input = `${STEPS}${LOOK}n\nn\nn\nn\nq\n`;
    const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, SHOP], input), runProcess('python3', ['-m', 'pdb', SHOP], input)]);
    expect(pdb.stdout).toContain("{'apple': (3, 0.5), 'pear': (2, 0.75), 'milk': (1, 1.2)}");
    expect(ours.stdout).toBe(pdb.stdout);
  });

  it("--json: the instance a method changed in place is computed, not the model's", async () => {
    const r = await runProcess(process.execPath, [NDBG, '--json', SHOP], STEPS);
    const stops = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === 'stop');
    const frames = stops.map((s) => s.frames.at(-1));
    // line 14 onwards: `cart.add(...)` ran on the instance line 12 built
    const after = frames.filter((f) => f.line >= 14);
    expect(after.length).toBeGreaterThanOrEqual(4);
    for (const f of after) {
      expect(f.locals.cart, `line ${f.line}`).toBe('<__main__.Cart object>');
      expect(f.origin.cart, `line ${f.line}`).toBe('computed');
    }
    expect(frames.find((f) => f.line === 18)?.locals.count).toBe('3');
  });
});

describe('an exception the program raises, on the neural engine', () => {
  it('`c`: every step computed, post-mortem in the frame that raised it, as under pdb; the model never asked', async () => {
    const script = join(import.meta.dirname, 'fixtures', 'average.py');
    const input = 'c\nw\np xs, total\nup\np xs\nq\n';
    const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, script], input), runProcess('python3', ['-m', 'pdb', script], input)]);
    expect(pdb.stdout).toContain('Uncaught exception. Entering post mortem debugging');
    expect(ours.stdout).toBe(pdb.stdout);
    expect(ours.stderr).toContain('ZeroDivisionError: division by zero');
    expect(ours.stdout + ours.stderr).not.toContain('the model');
  });
});
