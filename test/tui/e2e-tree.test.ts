// The variables tree, watches and the help overlay in a real terminal (tmux, 80x24)
// with the real ndbg: the python engine (open a list, an object and a dict, page a
// long list, edit a child, step with the edit, a watch's change), and the neural
// engine (predicted watches and children marked ≈).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureBuilt, hasTmux, killServer, ROOT, term, type Term } from './tmux.js';

const hasPython = spawnSync('python3', ['--version']).status === 0;
const hasModel = existsSync(join(ROOT, 'models', 'default'));
const tmp = mkdtempSync(join(tmpdir(), 'ndbg-e2e-tree-'));
const WATCHES = join(tmp, 'watches.json');
const ENV = `XDG_STATE_HOME=${tmp}/state NDBG_WATCHES=${WATCHES}`;
const SCRIPT = join(tmp, 'tree_demo.py');
writeFileSync(
  SCRIPT,
  [
    'class Item:',
    '    def __init__(self, name, tags):',
    '        self.name = name',
    '        self.tags = tags',
    '',
    '',
    'def main():',
    '    tokens = [2, 7, 1, 8]',
    '    item = Item("box", {"a": 1, "b": [1, 2]})',
    '    big = list(range(120))',
    '    total = 0',
    '    total = sum(tokens)',
    '    print(total, item.name, len(big))',
    '    return total',
    '',
    '',
    'main()',
    '',
  ].join('\n'),
);
const open: Term[] = [];
const start = (cmd: string, cols = 80, rows = 24) => {
  const t = term(`${ENV} ${cmd}`, cols, rows);
  open.push(t);
  return t;
};
/** The right column (variables, stack, breakpoints) of an 80-column screen, rows trimmed. */
const right = (s: string) => s.split('\n').map((l) => (l.split('│')[1] ?? '').trimEnd());

describe.skipIf(!hasTmux)('variables tree, watches, help in a terminal', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(() => {
    for (const t of open) t.kill();
    killServer();
  });

  it.skipIf(!hasPython)('python engine: help, watch, open, page, edit a child, step', async () => {
    const t = start(`node bin/ndbg.js --engine python ${SCRIPT}`);
    await t.waitFor((s) => s.includes('(Pdb)') && /▶ class Item/.test(s), 'first stop');

    // The help overlay fits 80x24 and closes with Esc.
    t.keys('F1');
    let s = await t.waitFor((x) => /─ Help \(1-21 of \d+\) ↑↓ PgUp PgDn, Esc closes ─/.test(x), 'the help overlay');
    expect(s.split('\n').every((l) => [...l].length <= 80)).toBe(true);
    expect(s).not.toContain('─ Variables');
    t.keys('PageDown');
    await t.waitFor((x) => /─ Help \(21-41 of/.test(x), 'the help scrolled');
    t.keys('Escape');
    await t.waitFor((x) => x.includes('─ Variables'), 'the panes back');

    t.type('b 12');
    t.keys('Enter', 'F5');
    await t.waitFor((x) => /12 ▶ +total = sum\(tokens\)/.test(x), 'the breakpoint');
    t.type('watch total');
    t.keys('Enter');
    // The watch heads the pane; the local total is further down.
    await t.waitFor((x) => right(x).filter((r) => r === 'total = 0').length === 2, 'the watch');
    expect(JSON.parse(readFileSync(WATCHES, 'utf8'))).toEqual({ [SCRIPT]: ['total'] });

    // Rows: watch total, tokens, item, big, total. Open tokens, edit its first item.
    t.keys('Tab', 'Tab', 'Down', 'Right');
    s = await t.waitFor((x) => right(x).includes('▾ tokens: list (4)') && right(x).includes('  [3] = 8'), 'tokens open');
    t.keys('Down', 'Enter');
    await t.waitFor((x) => x.includes('Enter: set tokens[0]'), 'the editor on tokens[0]');
    t.keys('BSpace');
    t.type('100');
    t.keys('Enter');
    s = await t.waitFor((x) => x.includes('(Pdb) !tokens[0] = 100') && right(x).includes('  [0] = 100'), 'the edit');
    expect(right(s)).toContain('▾ tokens: list (4)');
    t.keys('Up', 'Left'); // close tokens

    // An object opens into its attributes, a dict into its keys.
    t.keys('Down', 'Right');
    await t.waitFor((x) => right(x).includes('▾ item: Item (2)') && right(x).includes("  name = 'box'"), 'item open');
    t.keys('Down', 'Down', 'Right');
    await t.waitFor((x) => right(x).includes("    ['a'] = 1"), 'item.tags open');
    t.keys('Down', 'Down'); // ['b'], below the pane's last row: the view follows
    await t.waitFor((x) => right(x).includes("    ▸ ['b'] = [1, 2]"), "item.tags['b']");
    t.keys('Left', 'Left', 'Up', 'Up', 'Left'); // to tags, close it, up to item, close it

    // A long list: 50 at a time.
    t.keys('Down', 'Right');
    s = await t.waitFor((x) => right(x).includes('▾ big: list (120)'), 'big open');
    expect(right(s).some((r) => /^… \d+ more$/.test(r))).toBe(true); // the pane says what it cannot show
    for (let i = 0; i < 12; i++) t.keys('PageDown');
    t.keys('Up'); // from the last row (total) to the "more" row
    await t.waitFor((x) => right(x).includes('  … 70 more (Enter: next 50)'), 'the more row');
    t.keys('Enter'); // the next 50: the selection is on the first of them
    await t.waitFor((x) => right(x).includes('  [50] = 50'), 'the next page');
    for (let i = 0; i < 12; i++) t.keys('PageDown');
    t.keys('Up');
    await t.waitFor((x) => right(x).includes('  … 20 more (Enter: next 20)') && right(x).includes('  [99] = 99'), 'the last more row');

    t.keys('Left', 'Left'); // from the more row to big, and close it: the watch is in view again
    await t.waitFor((x) => right(x).some((r) => r.startsWith('▸ big = ')), 'big closed');
    // The step runs with the edit: sum([100, 7, 1, 8]); the watch shows the change.
    t.keys('F6');
    s = await t.waitFor((x) => right(x).includes('total = 116 (was 0)'), 'the watch changed');
    t.keys('F6');
    await t.waitFor((x) => x.includes('116 box 120'), 'the output');
    t.type('q');
    t.keys('Enter');
    await t.waitFor((x) => x.includes('EXITED'), 'exit');

    // The next session of the script has the watch again.
    const t2 = start(`node bin/ndbg.js --engine python ${SCRIPT}`);
    s = await t2.waitFor((x) => x.includes('(Pdb)') && right(x).some((r) => r.startsWith('total = NameError')), 'the watch kept');
    t2.type('q');
    t2.keys('Enter');
    await t2.waitFor((x) => x.includes('EXITED'), 'exit');
  });

  it.skipIf(!hasModel)('neural engine: predicted watches and children read ≈', async () => {
    const t = start('node bin/ndbg.js --engine neural fixtures/neural_basic.py');
    await t.waitFor((s) => s.includes('(Pdb)') && s.includes('neural_basic.py'), 'first stop', 60_000);
    for (let i = 0; i < 3; i++) {
      t.keys('F6');
      await new Promise((r) => setTimeout(r, 200));
      await t.waitFor((s) => !s.includes('running…'), 'the step', 60_000);
    }
    await t.waitFor((s) => right(s).some((r) => r.startsWith('▸ nums = [')), 'nums', 60_000);
    t.type('watch nums[0] + 1');
    t.keys('Enter');
    await t.waitFor((s) => right(s).some((r) => /^nums\[0\] \+ 1 ≈ \S/.test(r)), 'the predicted watch', 60_000);
    t.keys('Tab', 'Tab', 'Down', 'Right');
    await t.waitFor((s) => right(s).some((r) => /^ {2}\[0\] ≈ \S/.test(r)), 'predicted children', 60_000);
    t.keys('q');
    await t.waitFor((x) => x.includes('EXITED'), 'exit', 30_000);
  });
});
