// The constraints and the state grammar without a model: every real step of the
// golden trajectories must be allowed (soundness), and random walks through the
// grammar must always end in a state that parses (well-formedness).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Program, type CfgResult } from '../../src/model/format/cfg.js';
import { allowedTargets, openAllowed, type FrameOption } from '../../src/model/decode/constraints.js';
import { decodeState, encodeState, type ActionName, type State } from '../../src/model/format/format.js';
import { attributeRule } from '../../src/model/decode/attrNames.js';
import { StateGrammar } from '../../src/model/decode/grammar.js';
import { BYTE_OFFSET, Tokenizer } from '../../src/model/format/tokenizer.js';
import { testPython } from './helpers.js';

const GOLDEN = join(import.meta.dirname, '..', 'golden');
const tok = Tokenizer.load(join(GOLDEN, 'tokenizer.json'));

interface G {
  source: string;
  segments: Array<{
    initial: { state: State & { depth: number } };
    steps: Array<{ action: ActionName; arg: number | null; state: State & { depth: number } }>;
  }>;
}
const strip = (s: State & { depth?: number }): State => {
  const { depth: _d, ...rest } = s;
  return rest;
};
const files = readdirSync(join(GOLDEN, 'format')).filter((f) => f.endsWith('.json'));
const programs = new Map<string, { g: G; program: Program }>();

beforeAll(async () => {
  await Promise.all(
    files.map(async (f) => {
      const g = JSON.parse(readFileSync(join(GOLDEN, 'format', f), 'utf8')) as G;
      programs.set(f, { g, program: await Program.analyze(g.source, { python: testPython(), target: '3.11' }) });
    }),
  );
});

/** Feed ids through the grammar; the index of the first rejected token, or -1. */
function rejects(grammar: StateGrammar, ids: number[]): number {
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    const bytes = tok.bytesOf[id]!;
    if (!grammar.allows(id, bytes)) return k;
    grammar.feed(id, bytes);
  }
  return grammar.done ? -1 : ids.length;
}

describe('constraints are sound on the golden trajectories', () => {
  it.each(files)('%s', (f) => {
    const { g, program } = programs.get(f)!;
    let n = 0;
    for (const seg of g.segments) {
      let prev = strip(seg.initial.state);
      for (const step of seg.steps) {
        const after = strip(step.state);
        const ids = tok.encodeItems(encodeState(after, prev, step.action));
        const grammar = new StateGrammar(allowedTargets(program, step.action, prev, step.arg), false, attributeRule(2, program.attributes, prev));
        const at = rejects(grammar, ids);
        expect(at, `${step.action} from ${JSON.stringify(prev)} to ${tok.decode(ids)}: rejected at token ${at} (${tok.decode(ids.slice(0, at + 1))})`).toBe(-1);
        prev = after;
        n++;
      }
    }
    expect(n).toBeGreaterThan(5);
  });
});

describe('constraints are sound on traced programs (python/tests programs and generated ones)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ndbg-traj-'));
  const out = join(dir, 'traj.json');
  // NDBG_SOUNDNESS_PROGRAMS / _SEED: check more programs than the default run does
  const n = process.env.NDBG_SOUNDNESS_PROGRAMS ?? '60';
  const seed = process.env.NDBG_SOUNDNESS_SEED ?? '0';
  const r = spawnSync(testPython(), [join(import.meta.dirname, 'gen_trajectories.py'), '--programs', n, '--seed', seed, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONHASHSEED: '0' },
    timeout: 120_000,
  });
  const records = r.status === 0 ? (JSON.parse(readFileSync(out, 'utf8')) as Array<G & { name: string; stdin: string; cfg: CfgResult }>) : [];
  rmSync(dir, { recursive: true, force: true });

  it.skipIf(r.status !== 0)(`every step is allowed${r.status !== 0 ? ` (skipped: ${r.stderr})` : ''}`, () => {
    let steps = 0;
    const failures: string[] = [];
    for (const rec of records) {
      const program = new Program(rec.source, rec.cfg);
      for (const seg of rec.segments) {
        let prev = strip(seg.initial.state);
        for (const step of seg.steps) {
          const after = strip(step.state);
          const ids = tok.encodeItems(encodeState(after, prev, step.action));
          const at = rejects(new StateGrammar(allowedTargets(program, step.action, prev, step.arg), false, attributeRule(2, program.attributes, prev)), ids);
          if (at !== -1 && failures.length < 8) {
            failures.push(
              `${rec.name}: ${step.action}${step.arg ? ' ' + step.arg : ''} from ${JSON.stringify(prev)} to ${tok.decode(ids)} rejected at ${tok.decode(ids.slice(0, at + 1))}\n${rec.source}`,
            );
          }
          prev = after;
          steps++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(steps).toBeGreaterThan(2000);
  });
});

/** A tiny deterministic PRNG. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function randomWalk(grammar: StateGrammar, rand: () => number, cap: number): number[] {
  const out: number[] = [];
  while (!grammar.done) {
    const left = cap - out.length;
    const finish = grammar.finishTokens(BYTE_OFFSET);
    if (finish.length + 20 >= left) {
      for (const id of finish) {
        grammar.feed(id, tok.bytesOf[id]!);
        out.push(id);
      }
      break;
    }
    const allowed: number[] = [];
    for (let id = 0; id < tok.vocabSize; id++) if (grammar.allows(id, tok.bytesOf[id]!)) allowed.push(id);
    expect(allowed.length).toBeGreaterThan(0);
    // favour specials now and then so walks end
    const specials = allowed.filter((id) => id < BYTE_OFFSET);
    const pool = specials.length && rand() < 0.3 ? specials : allowed;
    const id = pool[Math.floor(rand() * pool.length)]!;
    grammar.feed(id, tok.bytesOf[id]!);
    out.push(id);
  }
  return out;
}

describe('random walks through the grammar always parse', () => {
  it('constrained by control flow (golden states, every action)', () => {
    const rand = rng(7);
    const actions: ActionName[] = ['step_into', 'step_over', 'step_return', 'breakpoint', 'continue', 'inv_step_into', 'inv_step_over', 'inv_step_call'];
    let walks = 0;
    for (const f of files) {
      const { g, program } = programs.get(f)!;
      const states = g.segments.flatMap((s) => [s.initial.state, ...s.steps.map((x) => x.state)]).map(strip);
      for (let k = 0; k < states.length; k += 3) {
        const before = states[k]!;
        const action = actions[walks % actions.length]!;
        const allowed = allowedTargets(program, action, before, action === 'breakpoint' ? 1 + (walks % program.nLines) : null);
        const grammar = new StateGrammar(allowed);
        if (!grammar.satisfiable()) continue;
        let ids: number[];
        try {
          ids = randomWalk(grammar, rand, 60 + (walks % 50));
        } catch (e) {
          throw new Error(`${action} from ${JSON.stringify(before)}: ${String(e)} ${JSON.stringify((grammar as unknown as { auto: unknown }).auto)}`);
        }
        const items = tok.decodeItems(ids);
        expect(() => decodeState(items, before), tok.decode(ids)).not.toThrow();
        walks++;
      }
    }
    expect(walks).toBeGreaterThan(50);
  });

  it('open constraints (no control-flow knowledge), long caps and tight ones', () => {
    const rand = rng(11);
    const before: State = {
      event: 'line',
      line: 3,
      func: 'f',
      stack: [9],
      locals: { a: '1', b: "'x'" },
      retval: null,
      exception: null,
      stdout: '',
      exit: null,
    };
    for (let k = 0; k < 150; k++) {
      const action = (['step_into', 'step_over', 'continue', 'inv_step_into'] as ActionName[])[k % 4]!;
      const grammar = new StateGrammar(openAllowed(action, before, 40));
      const ids = randomWalk(grammar, rand, k % 3 === 0 ? 30 : 200);
      expect(() => decodeState(tok.decodeItems(ids), before), tok.decode(ids)).not.toThrow();
    }
  });
});

describe('values', () => {
  const before: State = { event: 'line', line: 1, func: '<module>', stack: [], locals: {}, retval: null, exception: null, stdout: '', exit: null };
  const grammarAtValue = () => {
    const g = new StateGrammar(openAllowed('step_into', before, 5));
    for (const id of tok.encodeItems([5, '2', 10, 'x='])) g.feed(id, tok.bytesOf[id]!);
    return g;
  };
  const accepts = (value: string) => {
    const g = grammarAtValue();
    const ids = tok.encode(value);
    return rejects(g, [...ids, 15]) === -1;
  };
  it('accepts reprs, rejects unbalanced or overlong ones', () => {
    for (const v of [
      "[1, 'a]', {'b': (2,)}]",
      '<__main__.P object>',
      "'it\\'s'",
      '"it\'s"',
      'deque([1])',
      "b'\\x00'",
      '-1.5e-07',
      'é',
      'x'.repeat(100),
      'x'.repeat(100) + '...',
      '[' + '1, '.repeat(40) + '...'.slice(0, 0),
    ]) {
      if (v.length <= 100 || v.endsWith('...')) expect(accepts(v), v).toBe(v.length <= 100 || v.length === 103);
    }
    for (const v of ['[1, 2', "'abc", '(]', 'a\nb', 'x'.repeat(101), 'x'.repeat(100) + '..', '}']) expect(accepts(v), v).toBe(false);
    // a cut repr may be unbalanced (distinct elements: 33 equal ones in a row are a runaway, test/model/runaway.test.ts)
    expect(accepts(`[${Array.from({ length: 40 }, (_, i) => i + 10).join(', ')}`.slice(0, 100) + '...')).toBe(true);
  });
  it('finishes an open value within the limit', () => {
    const g = grammarAtValue();
    for (const id of tok.encode("[{'a': (1, 'x")) g.feed(id, tok.bytesOf[id]!);
    const rest = g.finishTokens(BYTE_OFFSET);
    expect(tok.decode(rest)).toBe("')}]<|end|>");
  });
});

describe('output a step may write', () => {
  it('none from a line whose code cannot print (cfg.py quiet); any from one that can', async () => {
    const src = 'import os\nx = [1, 2, 3]\ny = sum(x)\nprint(y)\nz = 0\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    expect([1, 2, 3, 4, 5].map((l) => program.quiet(l))).toEqual([false, true, true, false, true]);
    const at = (line: number, locals: Record<string, string>): State => ({
      event: 'line',
      line,
      func: '<module>',
      stack: [],
      locals,
      retval: null,
      exception: null,
      stdout: '',
      exit: null,
    });
    const before = at(3, { x: '[1, 2, 3]' });
    for (const action of ['step_over', 'step_into'] as ActionName[]) {
      expect(allowedTargets(program, action, before).out).toBe(false);
      expect(allowedTargets(program, action, at(4, { x: '[1, 2, 3]', y: '6' })).out).toBe(true);
    }
    expect(allowedTargets(program, 'continue', before).out).toBe(true); // c runs line 4 too
    // the decoder cannot write output after `y = sum(x)`: a state with output is refused
    const after = at(4, { x: '[1, 2, 3]', y: '6' });
    const ids = (st: State) => tok.encodeItems(encodeState(st, before, 'step_over'));
    expect(rejects(new StateGrammar(allowedTargets(program, 'step_over', before)), ids(after))).toBe(-1);
    expect(rejects(new StateGrammar(allowedTargets(program, 'step_over', before)), ids({ ...after, stdout: '1 2\n' }))).not.toBe(-1);
    const printed = at(5, after.locals);
    const idsFrom4 = tok.encodeItems(encodeState({ ...printed, stdout: '6\n' }, at(4, after.locals), 'step_over'));
    expect(rejects(new StateGrammar(allowedTargets(program, 'step_over', at(4, after.locals))), idsFrom4)).toBe(-1);
  });
});

describe('output past a quiet line', () => {
  it('a step_over from a generator to the exit or to where it is resumed may carry output', async () => {
    const src = 'vals = [1, 2]\ng = (v for v in vals)\na = next(g)\nprint(a)\nb = next(g)\ntotal = sum(v for v in vals)\nprint(total)\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    expect([2, 6].map((l) => program.quiet(l))).toEqual([true, true]);
    const at = (line: number, locals: Record<string, string>, event: State['event'] = 'line', stdout = ''): State => ({
      event,
      line,
      func: '<genexpr>',
      stack: [line === 6 ? 6 : 3],
      locals,
      retval: null,
      exception: null,
      stdout,
      exit: null,
    });
    const ids = (s: State, from: State) => tok.encodeItems(encodeState(s, from, 'step_over'));
    const inSum = at(6, { v: '1' });
    const allowed = allowedTargets(program, 'step_over', inSum);
    expect(allowed.out).toBe(false);
    // pdb waits for a frame that never runs again while the module prints and ends
    const exit: State = { event: 'exit', line: null, func: null, stack: [], locals: {}, retval: null, exception: null, stdout: '3\n', exit: 'normal' };
    expect(rejects(new StateGrammar(allowed), ids(exit, inSum))).toBe(-1);
    // a line of the same frame next adds none
    expect(rejects(new StateGrammar(allowed), ids(at(6, { v: '2' }, 'line', '1\n'), inSum))).not.toBe(-1);
    // the generator resumed after its caller printed
    const inG = at(2, { v: '1' });
    expect(rejects(new StateGrammar(allowedTargets(program, 'step_over', inG)), ids({ ...at(2, { v: '1' }, 'call', '1\n'), stack: [5] }, inG))).toBe(-1);
  });
});

describe('names a state may show', () => {
  it('module and class bodies: no dunders, no names bound only by def, class or import', async () => {
    const src =
      'import math\n\nclass P:\n    def __init__(self):\n        self.v = 1\n    k = 2\n\ndef f(x):\n    return __name__ + x\n\ny = f(math.pi)\nfor i in range(3):\n    print(len([i]))\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const names = (key: string) => program.scopes.find((s) => s.key === key)!.names;
    expect(names('<module>').has('y')).toBe(true);
    for (const hidden of ['math', 'P', 'f', '__name__', '__init__']) expect(names('<module>').has(hidden)).toBe(false);
    expect(names('P').has('k')).toBe(true);
    expect(names('P').has('__init__')).toBe(false);
    expect(names('<module>').has('i')).toBe(true);
    // never keywords, builtins the program does not bind, or attribute names
    for (const never of ['for', 'in', 'return', 'print', 'len', 'range', 'pi', 'v']) expect(names('<module>').has(never)).toBe(false);
    expect(names('P.__init__').has('self')).toBe(true);
    expect(names('P.__init__').has('v')).toBe(false);
    expect(names('f').has('x')).toBe(true);
  });
  it('a diff in a module or class body never sets a name the body hides (bound by import, def or class)', async () => {
    const src = 'import os\nx = [1, 2, 3]\ndef f():\n    import sys\n    return sys\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const at = (line: number, func: string, stack: number[]): State => ({
      event: 'line',
      line,
      func,
      stack,
      locals: {},
      retval: null,
      exception: null,
      stdout: '',
      exit: null,
    });
    const diffNames = (before: State, line: number) => {
      const opts = (allowedTargets(program, 'step_over', before).events.get('line') as Map<number, FrameOption[]>).get(line)!;
      return opts.filter((o) => o.mode === 'diff').map((o) => [...(o.diffNames ?? ['(any)'])]);
    };
    expect(diffNames(at(1, '<module>', []), 2)).toEqual([[]]);
    expect(diffNames(at(4, 'f', [6]), 5)).toEqual([['sys']]); // a function's frame shows the module it imports
  });
  it('names frames show that the text does not spell: __class__, mangled privates, NFKC', async () => {
    const src = 'class B:\n    pass\n\nclass C(B):\n    def m(self):\n        __y = 1\n        return super().m\n\n\ufb01le = 3\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const m = program.scopes.find((s) => s.key === 'C.m')!.names;
    expect(m.has('__class__')).toBe(true);
    expect(m.has('_C__y')).toBe(true);
    expect(program.module.names.has('file')).toBe(true); // \ufb01 (the fi ligature) + le is read as "file"
  });
  it("a function's names are its own: parameters, bindings, free variables, never the globals it uses", async () => {
    const src =
      'def f(xs):\n    out = []\n    for x in xs:\n        out.append(g(x))\n    return out\n\ndef g(v):\n    k = 2\n    return (lambda: v * k)()\n\nresult = f([1])\n';
    const program = await Program.analyze(src, { python: testPython(), target: '3.11' });
    const names = (key: string) => [...program.scopes.find((s) => s.key === key)!.names].sort();
    expect(names('f')).toEqual(['out', 'x', 'xs']);
    expect(names('g')).toEqual(['k', 'v']);
    expect(names('g.<locals>.<lambda>')).toEqual(['k', 'v']);
  });
  it('after a star import or exec any identifier may be a name', async () => {
    const ex = await Program.analyze('exec("q = 1")\nprint(q)\n', { python: testPython(), target: '3.11' });
    expect(ex.module.names.has('q')).toBe(true);
    const program = await Program.analyze('from os import *\nprint(sep)\n', { python: testPython(), target: '3.11' });
    expect(program.module.names.has('sep')).toBe(true);
    expect(program.module.names.has('print')).toBe(true);
  });
});

describe('a breakpoint stop has a stack the call graph allows', () => {
  const source = ['def leaf(x):', '    return x + 1', '', 'def mid(y):', '    return leaf(y) * 2', '', 'print(mid(3))', 'print(leaf(4))', ''].join('\n');
  const before: State = { event: 'line', line: 7, func: '<module>', stack: [], locals: {}, retval: null, exception: null, stdout: '', exit: null };
  const stateAt2 = (stack: number[]): State => ({
    event: 'line',
    line: 2,
    func: 'leaf',
    stack,
    locals: { x: '3' },
    retval: null,
    exception: null,
    stdout: '',
    exit: null,
  });
  const start: State = { ...before, line: 1 };

  it('the chains of call sites, and no other stack', async () => {
    const program = await Program.analyze(source, { python: testPython(), target: '3.11' });
    const leaf = program.scopes.find((s) => s.coName === 'leaf')!;
    expect(
      program
        .callStacks(leaf)
        ?.map((s) => s.join(' '))
        .sort(),
    ).toEqual(['7 5', '8']);
    const ok = (stack: number[]) =>
      rejects(new StateGrammar(allowedTargets(program, 'breakpoint', start, 2)), tok.encodeItems(encodeState(stateAt2(stack), start, 'breakpoint')));
    expect(ok([7, 5])).toBe(-1);
    expect(ok([8])).toBe(-1);
    expect(ok([7])).not.toBe(-1); // leaf is not called from line 7 itself
    expect(ok([5])).not.toBe(-1); // nor is mid's frame at the bottom
  });

  it('any stack where recursion makes them endless', async () => {
    const rec = ['def down(n):', '    if n:', '        down(n - 1)', '', 'down(3)', ''].join('\n');
    const program = await Program.analyze(rec, { python: testPython(), target: '3.11' });
    expect(program.callStacks(program.scopes.find((s) => s.coName === 'down')!)).toBeNull();
  });

  it('no <|var|> where the frame written has no names to show', async () => {
    const program = await Program.analyze('def inner():\n    pass\n\ninner()\n', { python: testPython(), target: '3.11' });
    const call: State = { event: 'call', line: 1, func: 'inner', stack: [4], locals: {}, retval: null, exception: null, stdout: '', exit: null };
    const g = new StateGrammar(allowedTargets(program, 'inv_step_call', call, null));
    // walks that write the frame may end it, never open a variable with no name possible
    const rand = rng(3);
    for (let k = 0; k < 20; k++) expect(() => randomWalk(g.clone(), rand, 80)).not.toThrow();
  });
});
