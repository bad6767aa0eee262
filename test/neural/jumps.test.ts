// `c` to breakpoints in other frames on the neural engine: every step on the way is
// computed as `s` takes it (into the program's calls and methods, back out, through
// loops and generator frames), so the stops, what `p` and `w` show there and the
// output on the way are pdb's, byte for byte; the steps after a jump see the states
// it went through.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NDBG, runProcess } from '../parityHarness.js';

const FIX = join(import.meta.dirname, 'fixtures');

async function bothSay(script: string, input: string) {
  const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, script], input), runProcess('python3', ['-m', 'pdb', script], input)]);
  return { ours: ours.stdout, pdb: pdb.stdout };
}

describe('c to a breakpoint in another frame', () => {
  it('report.py: a function called in a loop, then a method, each stop and the exit as pdb has them', async () => {
    const { ours, pdb } = await bothSay(join(FIX, 'report.py'), 'b 2\nb 18\nc\np xs\nc\nw\nc\nn\nn\np out\nc\np self.seen, key\nc\nc\nc\nq\n');
    expect(pdb).toContain('report.py(18)add()');
    expect(pdb).toContain('The program finished');
    expect(ours).toBe(pdb);
  });

  it('shop.py: a method hit three times, then the generator in total(), then the end', async () => {
    const { ours, pdb } = await bothSay(join(FIX, 'shop.py'), 'b 6\nb 9\nc\nc\np self.items\nc\nc\ns\ns\ns\nc\nq\n');
    expect(pdb).toContain('shop.py(9)<genexpr>()');
    expect(ours).toBe(pdb);
  });
});
