// The program's own classes and functions run by pyval (objects.ts, interp.ts,
// program.ts), pinned against CPython: seeded random class-based programs
// (attributes, methods, inheritance and super(), properties, dataclasses, custom
// dunders, exceptions raised by the program and by builtins, try/except/finally,
// with over the program's context managers, recursion) are run statement by
// statement by both, and every statement's output and every local's repr
// (addresses removed) compared. CPython is only the oracle: it runs the
// programs this test generates.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { execute, type Value } from '../../src/pyval/index.js';
import type { ProgramContext } from '../../src/pyval/evaluate.js';
import { readProgram } from '../../src/pyval/program.js';

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  defs: string;
  stmts: string[];
}

/** A random program: class definitions, then module-level statements using them. */
function generate(seed: number): Generated {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const op = pick(['+', '-', '*', '//', '%']);
  const k = int(1, 5);
  const withRepr = r() < 0.5;
  const withEq = r() < 0.5;
  const order = r() < 0.5;
  const defs = `from dataclasses import dataclass, field


class Err(ValueError):
    pass


class A:
    scale = ${k}

    def __init__(self, x):
        self.x = x
        self.log = []
${
  withRepr
    ? `
    def __repr__(self):
        return f"A<{self.x}>"
`
    : ''
}${
  withEq
    ? `
    def __eq__(self, other):
        return isinstance(other, A) and self.x == other.x

    def __lt__(self, other):
        return self.x < other.x
`
    : ''
}
    def m(self, n):
        self.log.append(n)
        self.x = self.x ${op} (n + self.scale)
        return self.x

    @property
    def double(self):
        return self.x * 2

    @double.setter
    def double(self, v):
        self.x = v // 2

    def check(self, v):
        if v < 0:
            raise Err(f"bad {v}")
        return v

    def safe(self, d):
        try:
            q = self.x // d
        except ZeroDivisionError as e:
            self.log.append(str(e))
            return -1
        else:
            return q
        finally:
            self.log.append("done")

    def __len__(self):
        return len(self.log)

    def __iter__(self):
        return iter(self.log)

    def __getitem__(self, i):
        return self.log[i]

    def __contains__(self, v):
        return v in self.log


class B(A):
    def __init__(self, x, y=${int(0, 3)}):
        super().__init__(x)
        self.y = y

    def m(self, n):
        base = super().m(n)
        return base + self.y

    def __str__(self):
        return "B(" + str(self.x) + ", " + str(self.y) + ")"


@dataclass(order=${order ? 'True' : 'False'})
class P:
    a: int
    b: int = ${int(0, 4)}
    tags: list = field(default_factory=list)

    def norm(self):
        return abs(self.a) + abs(self.b)


class Ctx:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("in")
        return self

    def __exit__(self, t, v, tb):
        self.log.append("out" if t is None else t.__name__)
        return ${r() < 0.5 ? 'True' : 'False'}


def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


def lookup(d, key):
    try:
        return d[key]
    except KeyError as e:
        return "missing " + str(e)
`;
  const stmts: string[] = [`a = A(${int(-5, 9)})`, `b = B(${int(-5, 9)})`, `p = P(${int(-3, 3)})`, `q = P(${int(-3, 3)}, ${int(-3, 3)})`];
  const pool = [
    () => `t = a.m(${int(-3, 5)})`,
    () => `t = b.m(${int(-3, 5)})`,
    () => `a.double = ${int(-8, 8)}`,
    () => `t = (a.double, b.double, a.x)`,
    () => `t = a.check(${int(-2, 2)})`,
    () => `t = b.safe(${int(0, 2)})`,
    () => `t = (len(a), list(a), a[0] if len(a) else None, ${int(0, 3)} in a)`,
    () => `t = repr(a), str(b), repr(b)`,
    () => `print(a, b, p)`,
    () => `t = isinstance(b, A), isinstance(a, B), type(b).__name__, hasattr(a, "x"), getattr(a, "zz", 7)`,
    () => `t = a == b, a == A(a.x), p == q`,
    () => `t = sorted([A(3), A(1), A(2)])`,
    () => `t = p < q`,
    () => `p.tags.append(${int(0, 9)}); t = p`,
    () => `t = [x.norm() for x in (p, q)]`,
    () => `t = sum(v for v in b.log if isinstance(v, int))`,
    () => `t = fact(${int(0, 12)})`,
    () => `t = lookup({"k": 1}, ${pick(['"k"', '"z"', '3'])})`,
    () => `c = Ctx([]); t = c.log`,
    () => `setattr(a, "w", ${int(0, 9)}); t = a.w, sorted(vars(a))`,
    () => `t = a.nope`,
    () => `t = P()`,
    () => `t = A.scale, B.scale, A.m, B.__mro__`,
    () => `a.x += ${int(1, 4)}; t = a.x`,
    () => `del a.log[0]`,
    () => `t = 1 / a.x`,
    () => `t = {b.x: b.y}`,
  ];
  for (let i = 0; i < 12; i++) stmts.push(pick(pool)());
  return { defs, stmts };
}

const ORACLE = String.raw`
import io, json, re, sys
req = json.load(sys.stdin)
addr = re.compile(r' at 0x[0-9a-fA-F]+')
res = []
for prog in req:
    g = {'__name__': '__main__'}
    exec(compile(prog['defs'], 'prog', 'exec'), g)
    steps = []
    for s in prog['stmts']:
        buf = io.StringIO()
        saved = sys.stdout
        sys.stdout = buf
        err = None
        try:
            exec(compile(s, 'stmt', 'exec'), g)
        except Exception as e:
            err = type(e).__name__ + ': ' + str(e)
        finally:
            sys.stdout = saved
        names = {}
        for k, v in g.items():
            if k.startswith('__') or k in prog['hidden']:
                continue
            try:
                names[k] = addr.sub('', repr(v))
            except Exception as e:
                names[k] = '<repr error>'
        steps.append({'out': addr.sub('', buf.getvalue()), 'err': err, 'names': names})
    res.append(steps)
json.dump(res, sys.stdout)
`;

const HIDDEN = ['dataclass', 'field', 'Err', 'A', 'B', 'P', 'Ctx', 'fact', 'lookup'];
const noAddr = (s: string) => s.replace(/ at 0x[0-9a-fA-F.]+/g, '');

describe("the program's classes run by pyval, against CPython", () => {
  it("seeded random class-based programs: every statement's output, error and locals", () => {
    const progs = Array.from({ length: 40 }, (_, i) => generate(1000 + i));
    const py = spawnSync('python3', ['-c', ORACLE], { input: JSON.stringify(progs.map((p) => ({ ...p, hidden: HIDDEN }))), encoding: 'utf8' });
    expect(py.status, py.stderr).toBe(0);
    const want = JSON.parse(py.stdout) as { out: string; err: string | null; names: Record<string, string> }[][];
    let compared = 0;
    progs.forEach((prog, pi) => {
      const lines = (prog.defs + '\n'.repeat(3)).split('\n');
      const ctx: ProgramContext = { nodes: readProgram(lines), before: lines.length, objects: new Map(), bound: new Map() };
      let locals: Record<string, string> = {};
      prog.stmts.forEach((stmt, si) => {
        const w = want[pi]![si]!;
        const r = execute(stmt, { locals }, { program: ctx });
        const where = `seed ${1000 + pi}, statement ${si}: ${stmt}`;
        expect(r.refused ?? false, `${where}: ${r.error}`).toBe(false);
        if (w.err === null) expect(r.ok, `${where}: ${r.error}`).toBe(true);
        else expect(r.message, where).toBe(w.err);
        expect(noAddr(r.output), where).toBe(w.out);
        const next: Record<string, string> = { ...locals };
        for (const k of r.deleted) delete next[k];
        for (const [k, v] of Object.entries(r.changes)) next[k] = v;
        for (const [k, v] of r.values ?? new Map<string, Value>()) if (k in next) ctx.bound!.set(k, v);
        locals = next;
        const shown = Object.fromEntries(Object.entries(locals).map(([k, v]) => [k, noAddr(v)]));
        expect(shown, where).toEqual(w.names);
        compared++;
      });
    });
    expect(compared).toBe(40 * 16);
  });

  it('an uncaught exception of the program reads as CPython prints it, and recursion is bounded', () => {
    const lines = ['class E(Exception):', '    pass', '', 'def f(n):', '    return f(n + 1)', '', 'def g():', '    raise E("no", 2)'];
    const ctx = (): ProgramContext => ({ nodes: readProgram(lines), before: null, objects: new Map() });
    expect(execute('g()', { locals: {} }, { program: ctx() }).message).toBe("E: ('no', 2)");
    expect(execute('f(0)', { locals: {} }, { program: ctx() }).message).toBe('RecursionError: maximum recursion depth exceeded');
  });

  it("escapes stay refused inside the program's methods", () => {
    const lines = [
      'class C:',
      '    def run(self):',
      '        return open("/etc/passwd").read()',
      '    def imp(self):',
      '        import os',
      '        return os',
    ];
    const ctx: ProgramContext = { nodes: readProgram(lines), before: null, objects: new Map() };
    for (const s of ['C().run()', 'C().imp()', 'C().__class__.__subclasses__()', 'C.run.__globals__']) {
      const r = execute(`x = ${s}`, { locals: {} }, { program: ctx });
      expect(r.ok, s).toBe(false);
      expect(r.refused || r.exception === 'AttributeError', s).toBe(true);
    }
  });
});
