// How the evaluated code reaches the modelled modules: `import` and
// `from ... import` in '!' statements, in the program's module body (what a
// computed step sees) and in its function bodies, a module's repr in a frame;
// and that every other import stays refused (nothing is imported for real).

import { describe, expect, test } from 'vitest';
import { evaluate, execute } from '../../../src/pyval/index.js';
import type { ProgramContext } from '../../../src/pyval/evaluate.js';
import { readProgram } from '../../../src/pyval/program.js';

const run = (src: string) => execute(src, { locals: {} }, { mode: 'exec' } as never);

describe('import statements', () => {
  test('bind modules and their names', () => {
    const r = run('import math, itertools as it; from functools import reduce as red, partial; y = (math.floor(2.5), red(max, [3, 9, 2]))');
    expect(r.ok).toBe(true);
    expect(r.changes.y).toBe('(2, 9)');
    expect(r.changes.math).toBe("<module 'math' (built-in)>");
    expect(r.changes.it).toBe("<module 'itertools' (built-in)>");
    expect(r.changes.red).toBe('<built-in function reduce>');
    expect(r.changes.partial).toBe('<built-in function partial>');
    expect(run('from bisect import (bisect_left,\n insort)').ok).toBe(true);
  });

  test('a missing attribute is an AttributeError naming the module', () => {
    expect(run('import math; y = math.nope').error).toBe("*** AttributeError: module 'math' has no attribute 'nope'");
    expect(run('import math; y = math.exp(1)').error).toContain('math.exp is not modelled by pyval');
  });

  test('other modules, star and relative imports are refused', () => {
    for (const [src, why] of [
      ['import os', 'the module os is not one pyval models'],
      ['import os.path', 'the module os.path is not one pyval models'],
      ['from subprocess import run', 'the module subprocess is not one pyval models'],
      ['from math import *', 'star imports are not something pyval runs'],
      ['from . import x', 'relative imports are not something pyval runs'],
      ['import json', 'the module json is not one pyval models'],
    ] as const) {
      const r = run(src);
      expect(r.ok, src).toBe(false);
      expect(r.error, src).toContain(why);
    }
  });

  test('a module in a frame is read back from its repr', () => {
    const locals = { m: "<module 'math' (built-in)>", h: "<module 'heapq' from '/usr/lib/python3.11/heapq.py'>", o: "<module 'os' (frozen)>" };
    expect(evaluate('m.gcd(12, 18)', { locals })).toMatchObject({ ok: true, repr: '6' });
    expect(evaluate('h.nsmallest(2, [5, 1, 3])', { locals })).toMatchObject({ ok: true, repr: '[1, 3]' });
    expect(evaluate('o.getcwd()', { locals }).ok).toBe(false);
  });
});

describe("the program's imports", () => {
  const lines = [
    'import math',
    'from heapq import heappush, heappop',
    'import os',
    '',
    'def norm(v):',
    '    import operator',
    '    return math.sqrt(sum(map(operator.mul, v, v)))',
    '',
  ];
  const ctx = (): ProgramContext => ({ nodes: readProgram(lines), before: null, objects: new Map() });

  test('module-level imports resolve for a computed step', () => {
    const r = execute('h = [4, 1]; heappush(h, 0); y = (math.isqrt(17), heappop(h), h)', { locals: {} }, { program: ctx() });
    expect(r.ok).toBe(true);
    expect(r.changes.y).toBe('(4, 0, [1, 4])');
  });

  test("a function's own import runs in pyval's interpreter", () => {
    const r = evaluate('norm([3, 4])', { locals: {} }, { program: ctx() });
    expect(r).toMatchObject({ ok: true, repr: '5.0' });
  });

  test('an import pyval does not model leaves its name unknown', () => {
    const r = evaluate('os.getcwd()', { locals: {} }, { program: ctx() });
    expect(r.ok).toBe(false);
  });
});

describe('no-exec: the modules are TypeScript tables, nothing is run', () => {
  test('no file of the evaluator reaches a process, the file system or a JS evaluator', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (e.name.endsWith('.ts')) files.push(join(d, e.name));
      }
    };
    walk('src/pyval');
    expect(files.some((f) => f.includes('modules'))).toBe(true);
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      // (the evaluator's own method is named eval, declared abstract below expressions.ts; a global eval call would stand alone)
      expect(/from 'node:|require\(|\bnew Function\b|globalThis|(?<![.\w]|^\s*|^\s*abstract )eval\(|\bimport\(['"][^.]/m.test(src), f).toBe(false);
    }
  });
});
