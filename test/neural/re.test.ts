// The re module on the neural engine, with the shipped model: a script that
// finds, compiles, searches and substitutes (test/neural/fixtures/tokens.py),
// stepped with `n`. pyval computes every step, so each value says it was
// computed and the transcript is pdb's byte for byte.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NDBG, runProcess } from '../parityHarness.js';

const TOKENS = join(import.meta.dirname, 'fixtures', 'tokens.py');

describe('re on the neural engine', () => {
  it('--json: re.findall, a compiled pattern, its match and re.sub are computed', async () => {
    const r = await runProcess(process.execPath, [NDBG, '--json', TOKENS], 'n\n'.repeat(8) + 'p nums\nq\n');
    const events = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const frames = events.filter((e) => e.type === 'stop').map((s) => s.frames.at(-1));
    const last = frames.find((f) => f.line === 10);
    expect(last, r.stdout + r.stderr).toBeDefined();
    expect(last.locals).toMatchObject({
      nums: "['1', '22', '333']",
      n: '3',
      pat: "re.compile('(\\\\w)(\\\\d+)', re.IGNORECASE)",
      m: "<re.Match object; span=(0, 2), match='a1'>",
      first: "'1'",
      words: "'1a 22b 333c'",
    });
    for (const name of ['nums', 'n', 'pat', 'm', 'first', 'words']) expect(last.origin[name], name).toBe('computed');
    expect(events.find((e) => e.type === 'result' && e.command === 'p nums')?.output).toBe("['1', '22', '333']\n");
  });

  it('`n` over every line, then `p`: the same transcript as pdb', async () => {
    const input = `${'n\n'.repeat(7)}p nums, n\np pat.groups, m.span(2), m.groups()\np re.split(r'\\s+', text)\nq\n`;
    const [ours, pdb] = await Promise.all([runProcess(process.execPath, [NDBG, TOKENS], input), runProcess('python3', ['-m', 'pdb', TOKENS], input)]);
    expect(pdb.stdout).toContain("['a1', 'b22', 'c333']");
    expect(ours.stdout).toBe(pdb.stdout);
  });
});
