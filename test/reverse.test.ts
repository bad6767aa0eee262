// Reverse execution in the python engine: rs / rn / rc / reverse-finish land
// on live states (p, !x = 1 work there), history start, inputs, edits,
// post-mortem, and replay divergence. Driven through the CLI and pipes.

import { describe, expect, it } from 'vitest';
import { NDBG, PYTHON, runProcess } from './parityHarness.js';

const F = '/work/main/fixtures';
async function ndbg(script: string, commands: string[]): Promise<string> {
  const r = await runProcess(process.execPath, [NDBG, '--engine', 'python', '--python', PYTHON, `fixtures/${script}`], `${commands.join('\n')}\n`);
  if (!script.startsWith('postmortem')) expect(r.stderr).toBe('');
  return r.stdout.replaceAll(`${process.cwd()}/fixtures`, F);
}

/** The locations ('file(line)func()') pdb printed, in order. */
function stops(out: string): string[] {
  return [...out.matchAll(/> \S+?\/(\w+\.py)\((\d+)\)(\S+?)\(\)/g)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
}

describe.concurrent('reverse execution (python engine)', () => {
  it('rs steps back into calls, rn over them, reverse-finish to the call', async () => {
    const out = await ndbg('reverse_demo.py', [
      'b square',
      'c',
      'c', // second call: v == 1
      'rs',
      'p i, acc', // back in total(), before the call
      'rs',
      'rs',
      'p result', // into the first call's return line
      'rn',
      'rn',
      'p i', // back in square(), then from its first line to the caller
      'reverse-finish', // to total()'s --Call--
      'q',
    ]);
    expect(stops(out)).toEqual([
      'reverse_demo.py:2 <module>',
      'reverse_demo.py:3 square',
      'reverse_demo.py:3 square',
      'reverse_demo.py:10 total',
      'reverse_demo.py:9 total',
      'reverse_demo.py:4 square',
      'reverse_demo.py:3 square',
      'reverse_demo.py:10 total',
      'reverse_demo.py:7 total',
    ]);
    expect(out).toContain('(Pdb) (1, 0)\n');
    expect(out).toContain('(Pdb) 0\n(Pdb) > '); // p result in the first call
    expect(out).toMatch(/--Call--\n> \S+reverse_demo\.py\(7\)total\(\)\n-> def total\(n\):\n\(Pdb\) $/);
  });

  it('the state reached is live: p, edits and stepping on work there', async () => {
    const out = await ndbg('reverse_demo.py', [
      'b 4',
      'c',
      'c',
      'p result', // result == 1 (second call)
      'rs',
      'p v',
      '!v = 7',
      'n',
      'p result', // the edit takes effect
      'c',
      'p result',
      'q',
    ]);
    expect(out).toContain('(Pdb) 1\n');
    expect(out).toContain('(Pdb) 1\n(Pdb) (Pdb) > ');
    expect(out).toMatch(/\(Pdb\) 49\n/);
    expect(out).toMatch(/\(Pdb\) 4\n\(Pdb\) $/);
  });

  it('an empty line repeats the last reverse command', async () => {
    const out = await ndbg('loops.py', ['n', 'n', 'n', 'n', 'rn', '', '', 'p i, total', 'q']);
    expect(stops(out).slice(-3)).toEqual(['loops.py:3 <module>', 'loops.py:4 <module>', 'loops.py:3 <module>']);
    expect(out).toContain("(Pdb) *** NameError: name 'i' is not defined\n");
  });

  it("help covers the reverse commands; pdb's own help is untouched", async () => {
    const out = await ndbg('loops.py', ['h rs', 'help reverse-finish', 'h rc', 'h n', 'q']);
    expect(out).toContain('(Pdb) rs | reverse-step\n        Go back to the previous line executed');
    expect(out).toContain('(Pdb) reverse-finish\n        Go back to the call of the current frame');
    expect(out).toContain('(Pdb) rc | reverse-continue\n');
    expect(out).toMatch(/\(Pdb\) (\s*Usage: )?n\(ext\)\n/); // 3.13 words it differently
  });

  it('says so at the start of history', async () => {
    const out = await ndbg('reverse_demo.py', ['rs', 'rn', 'rc', 'reverse-finish', 'n', 'rs', 'rs', 'q']);
    expect(out.split('No more reverse-execution history.').length - 1).toBe(5);
    expect(stops(out)).toEqual(['reverse_demo.py:2 <module>', 'reverse_demo.py:7 <module>', 'reverse_demo.py:2 <module>']);
  });

  it('rc goes back breakpoint hit by hit, then to the start', async () => {
    const out = await ndbg('reverse_demo.py', ['b square', 'c', 'c', 'c', 'p v', 'rc', 'p v', 'rc', 'p v', 'rc', 'rc', 'q']);
    expect(out).toMatch(/\(Pdb\) 2\n[\s\S]*\(Pdb\) 1\n[\s\S]*\(Pdb\) 0\n/);
    expect(stops(out).at(-1)).toBe('reverse_demo.py:2 <module>');
    expect(out).toContain('No more reverse-execution history.');
  });

  it('replays the input the program read, and asks again past the point reached', async () => {
    const out = await ndbg('reverse_demo.py', [
      'n',
      'n',
      'n',
      'n',
      'bob', // name = 'bob'
      'n',
      'rs',
      'p name', // replayed with 'bob'
      'rs',
      'n',
      'carol',
      'p name', // before input(): a new future
      'q',
    ]);
    expect(out).toContain("(Pdb) 'bob'\n");
    expect(out).toContain("(Pdb) 'carol'\n");
  });

  it('works from post-mortem and after continuing without breakpoints', async () => {
    const out = await ndbg('postmortem.py', ['c', 'rs', 'p a, b', 'rn', 'p a, b', 'q']);
    expect(out).toContain('Uncaught exception. Entering post mortem debugging');
    expect(out).toContain('(Pdb) (5, 0)\n');
    expect(out).toContain('(Pdb) (3, 4)\n');
    const bp = await ndbg('breakpoint_builtin.py', ['c', 'p total', 'rs', 'p total', 'rs', 'p total', 'q']);
    // Back from the stop after breakpoint() (3.13 stops on its line, older
    // versions on the next) through the program's lines, not pdb's code.
    const lines = stops(bp).slice(1);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^breakpoint_builtin\.py:[4-7] compute$/);
    expect(lines[1]).not.toBe(lines[0]);
  });

  it('abandons runs of a program that catches every exception', async () => {
    const out = await ndbg('swallow.py', ['b 6', 'c', 'c', 'c', 'c', 'rs', 'p i, results', 'rc', 'p i', 'q']);
    expect(out).toContain('(Pdb) (3, [-5, -10, None])\n');
    // (q then lets it run on, catching pdb's BdbQuit too: as under pdb.)
    expect(out).toMatch(/-> results\.append\(10 \/\/ \(i - 2\)\)\n\(Pdb\) 2\n/);
  });

  it('goes back over the first import of a library module, with the random numbers the run drew', async () => {
    const out = await ndbg('random_unseeded.py', ['n', 'n', 'n', 'n', 'n', 'p first, second', 'rn', 'rn', 'p first', 'n', 'n', 'p second', 'q']);
    expect(out).not.toContain('diverged');
    const drawn = /\(Pdb\) \((0\.\d+), (\d+)\)\n/.exec(out);
    expect(drawn).not.toBeNull();
    expect(stops(out).slice(-5)).toEqual([
      'random_unseeded.py:9 <module>',
      'random_unseeded.py:8 <module>',
      'random_unseeded.py:7 <module>',
      'random_unseeded.py:8 <module>',
      'random_unseeded.py:9 <module>',
    ]);
    expect(out).toContain(`(Pdb) ${drawn![1]}\n`);
    expect(out).toContain(`(Pdb) ${drawn![2]}\n`);
  });

  it('reports a diverging replay instead of showing a wrong state', async () => {
    const out = await ndbg('nondeterministic.py', ['n', 'n', 'n', 'rs', 'p length', 'q']);
    expect(out).toContain('*** Replay diverged from the recorded history');
    expect(stops(out).at(-1)).toBe('nondeterministic.py:2 <module>');
    expect(out).toContain("*** NameError: name 'length' is not defined");
  });
});
