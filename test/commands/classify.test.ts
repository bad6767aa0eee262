// The command/expression rule: pdb's reading per Python version (checked
// against the local CPython's own pdb.Pdb.parseline), and the editor
// console's, which also evaluates lines over the frame's names.

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandOf, consoleLine, pdbLine } from '../../src/commands/classify.js';

const cmd = (name: string, arg = '') => ({ kind: 'command', name, arg });
const py = (source: string) => ({ kind: 'expression', source });

describe("pdb's reading", () => {
  it.each([
    ['n', cmd('n')],
    ['  b 12 ', cmd('b', '12')],
    ['p x + 1', cmd('p', 'x + 1')],
    ['n + 41', cmd('n', '+ 41')],
    ['?', cmd('help')],
    ['', cmd('')],
    ['rn', cmd('rn')],
    ['reverse-continue', cmd('reverse-continue')],
    ['!n = 5', py('n = 5')],
    ['total + 1', py('total + 1')],
  ])('%j is the same on 3.9 and 3.13', (line, want) => {
    expect(pdbLine(line, '3.9.18')).toEqual(want);
    expect(pdbLine(line, '3.13.0')).toEqual(want);
  });

  it.each([
    ['c.a', cmd('c', '.a'), py('c.a')],
    ["c['a']", cmd('c', "['a']"), py("c['a']")],
    ['s.upper()', cmd('s', '.upper()'), py('s.upper()')],
    ['n+41', cmd('n', '+41'), py('n+41')],
    ['exceptions', py('exceptions'), cmd('exceptions')],
  ])('%j: older pdb reads %j, 3.13 reads %j', (line, old, now) => {
    expect(pdbLine(line, '3.12.4')).toEqual(old);
    expect(pdbLine(line, '3.13.1')).toEqual(now);
  });

  it('an unknown Python reads as an older pdb', () => {
    expect(pdbLine('c.a', 'unknown')).toEqual(cmd('c', '.a'));
    expect(commandOf('c.a')).toEqual({ name: 'c', arg: '.a' });
  });

  it("agrees with the local CPython's pdb", () => {
    const lines = ['n', 'n + 41', 'n+41', 'c.a', "c['x']", 's.upper()', 'b 3', 'w', 'p x', 'x = 1', 'xs.append(1)', 'unt 9', 'whatis n', 'l .', 'q'];
    const script =
      'import json, pdb, sys\np = pdb.Pdb()\nout = []\n' +
      'for line in json.loads(sys.argv[1]):\n' +
      '    c, arg, _ = p.parseline(line)\n' +
      '    out.append([c, arg] if c and hasattr(p, "do_" + c) else None)\n' +
      "print(json.dumps({'v': '%d.%d.%d' % sys.version_info[:3], 'out': out}))\n";
    const python = process.env.NDBG_TEST_PYTHON ?? 'python3';
    const got = JSON.parse(execFileSync(python, ['-c', script, JSON.stringify(lines)], { encoding: 'utf8' })) as {
      v: string;
      out: Array<[string, string] | null>;
    };
    const ours = lines.map((l) => {
      const c = commandOf(l, got.v);
      return c ? [c.name, c.arg] : null;
    });
    expect(ours).toEqual(got.out);
  });
});

describe("the editor console's reading", () => {
  const names = ['n', 's', 'c', 'xs'];
  it.each([
    ['n + 41', py('n + 41')],
    ['c * 2', py('c * 2')],
    ['s.upper()', py('s.upper()')],
    ['n = 1', py('n = 1')],
    ['r = 3', py('r = 3')],
    ['b += 1', py('b += 1')],
    ['!n', py('n')],
    ['xs', py('xs')],
  ])('%j is Python', (line, want) => {
    expect(consoleLine(line, names)).toEqual(want);
  });

  it.each([
    ['n', cmd('n')],
    ['c', cmd('c')],
    ['b 3', cmd('b', '3')],
    ['w', cmd('w')],
    ['p n', cmd('p', 'n')],
    ['u 2', cmd('u', '2')],
    ['l 1, 5', cmd('l', '1, 5')],
    ['r + 1', cmd('r', '+ 1')],
    ['b == 3', cmd('b', '== 3')],
    ['rs', cmd('rs')],
    ['', cmd('')],
  ])('%j is a command', (line, want) => {
    expect(consoleLine(line, names)).toEqual(want);
  });
});
