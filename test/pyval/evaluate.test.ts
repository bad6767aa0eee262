// Cross-check `p EXPR` against CPython: each expression is evaluated by
// python3 (eval in a frame's globals and locals, as pdb does) and by our
// evaluator over the same repr strings; the printed results must be identical.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluate, setHashSeed, type Scope } from '../../src/pyval/index.js';
import { oracle, type OracleCase } from './oracle.js';

const LOCALS: Record<string, string> = {
  x: '5', y: '-3', f: '2.5', s: "'Hello, World'", e: "''", xs: '[3, 1, 4, 1, 5, 9, 2, 6]', t: "(1, 'two', 3.0)",
  d: "{'a': 1, 'b': 2, 'c': [1, 2]}", st: '{1, 2, 3}', n: 'None', b: 'True', big: '123456789012345678901234567890',
  words: "['apple', 'Banana', 'cherry', 'date']", nested: '[[1, 2], [3, 4], [5]]', bs: "b'bytes\\x00'",
  r: 'range(0, 10, 2)', fs: 'frozenset({1, 2})', neg: '-7', z: '0', fl: '[0.1, 0.2, 0.3]',
  pairs: "[(1, 'a'), (2, 'b'), (3, 'c')]", text: "'the quick brown fox jumps over the lazy dog'", u: "'naïve café 中文'",
  nan: 'nan', inf: 'inf', ninf: '-inf', m: '{1: [2, 3], (4, 5): {6}}', empty: '[]',
};
const GLOBALS: Record<string, string> = { G: '100', gl: '[1, 2]', __name__: "'__main__'" };

/** Expressions evaluated in a function frame (locals and globals differ). */
const EXPRS = [
  // arithmetic
  'x + 1', 'x - y', 'x * y', 'x / 2', 'x // 2', 'x % 3', '-x // 2', '-x % 3', 'x // -2', 'x % -3', 'y ** 2', 'x ** -1',
  '2 ** 100', '2 ** 0.5', '(-8) ** 2', '10 / 4', '7.5 // 2', '-7.5 // 2', '7.5 % 2', '-7.5 % 2', '7.5 % -2', '1e300 * 1e10',
  'f * 2', 'f + x', 'x / f', 'big * big', 'big // 7', 'big % 1000', '-big // 3', 'big / 3', 'big ** 2 % 97', '1 / 3',
  '0.1 + 0.2', '1e16 + 1', '2 ** 53 + 1.0', 'divmod(17, 5)', 'divmod(-17, 5)', 'divmod(17.5, -5)', 'abs(y)', 'abs(-2.5)',
  'round(2.5)', 'round(3.5)', 'round(-2.5)', 'round(2.675, 2)', 'round(1234, -2)', 'round(1250, -2)', 'round(f)', 'round(0.5 + 1e-16, 3)',
  'pow(2, 10)', 'pow(2, 10, 1000)', 'pow(3, -1, 7)', 'x << 3', 'x >> 1', '-x >> 1', 'x & 3', 'x | 8', 'x ^ 1', '~x', '~y',
  'True + True', 'True * 3', 'b & False', 'b | False', '-True', 'x == 5.0', '1 == 1.0 == True', '2 ** 64 == 2.0 ** 64',
  '2 ** 53 + 1 == 2.0 ** 53', '2 ** 53 + 1 > 2.0 ** 53', 'nan == nan', 'nan != nan', 'nan < 1', 'inf > big', '-inf < -big',
  'int(f)', 'int(-2.7)', 'int("42")', 'int(" -17 ")', 'int("0x1f", 16)', 'int("0b101", 0)', 'int("1_000")', "int('ff', 16)",
  'float("1.5")', 'float(" inf ")', 'float("-nan")', 'float(x)', 'float("1e400")', 'float(big)', 'int(1e20)', 'int(2.5e-3)',
  'hex(255)', 'oct(-8)', 'bin(5)', 'hex(big)', 'chr(65)', 'ord("é")', 'chr(0x1F600)', 'bool(e)', 'bool(xs)', 'bool(n)',
  'x.bit_length()', 'big.bit_length()', '(255).to_bytes(2, "big")', 'f.is_integer()', 'f.as_integer_ratio()', '(0.1).as_integer_ratio()',
  'x.real', 'f.imag', 'r.start', 'r.step',
  // comparisons and logic
  '1 < x < 10', '1 < x > 10', 'x > 1 and y', 'x < 1 or s', 'n or e or 0', 'not xs', 'xs and words', 'e and 1/0',
  "x if x > 3 else 'small'", '3 in xs', '7 not in xs', "'a' in d", "'World' in s", '2 in r', '3 in r', '(4, 5) in m',
  'n is None', 'x is not None', '[1, 2] < [1, 3]', '[1, 2] < [1, 2, 0]', '(1, 2) >= (1, 2)', "'abc' < 'abd'", "'Z' < 'a'",
  'st < {1, 2, 3, 4}', 'st <= st', 'fs < st', 'st == {3, 2, 1}', 'fs == {1, 2}', '[1, 2] == (1, 2)', 'd == {"c": [1, 2], "a": 1, "b": 2}',
  'r == range(0, 9, 2)', 'range(0) == range(5, 5)',
  // sequences
  'xs[0]', 'xs[-1]', 'xs[2:5]', 'xs[::-1]', 'xs[::2]', 'xs[1:-1:3]', 'xs[5:1:-2]', 'xs[100:]', 'xs[-100:2]', 's[0]', 's[-5:]',
  's[::-1]', 't[1]', 't[1:]', 'u[6:]', 'u[-2]', 'bs[0]', 'bs[1:3]', 'r[2]', 'r[-1]', 'r[1:3]', 'r[::-1]', 'nested[1][0]',
  'xs + [7]', 'xs * 2', '2 * t', '[0] * 3', 's * 2', "'-' * 10", 'e * 5', 'bs + b"!"', 't + (4,)', 'len(s)', 'len(u)', 'len(d)',
  'len(r)', 'len(range(10 ** 12))', 'len(bs)', 'sum(xs)', 'sum(fl)', 'sum(xs, 10)', 'sum(nested, [])', 'min(xs)', 'max(words)',
  'max(xs, key=lambda v: -v)', 'min(words, key=len)', 'max([], default=0)', 'min(3, 1, 2)', 'max("abc")', 'sorted(xs)',
  'sorted(xs, reverse=True)', 'sorted(words)', 'sorted(words, key=str.lower)', 'sorted(pairs, key=lambda p: -p[0])',
  'sorted(d)', 'sorted(d.items())', 'sorted(st, reverse=True)', 'list(reversed(xs))', 'list(reversed(r))', 'list(enumerate(words))',
  'list(enumerate(words, 1))', 'list(zip(xs, words))', 'list(zip(*pairs))', 'dict(zip(words, xs))', 'list(map(str, xs))',
  'list(map(lambda a, b: a * b, xs, xs))', 'list(filter(None, [0, 1, "", "a", None]))', 'list(filter(lambda v: v > 2, xs))',
  'any(v > 8 for v in xs)', 'all(v > 0 for v in xs)', 'any([])', 'all([])', 'list(range(5))', 'list(range(10, 0, -3))',
  'tuple(s[:3])', 'list(d)', 'list(d.values())', 'set(xs)', 'frozenset(xs)', 'dict(a=1, b=2)', 'dict([(1, 2)], c=3)', 'list("abc")',
  'xs.index(1)', 'xs.index(1, 2)', 'xs.count(1)', 'xs.copy()', 't.index("two")', 't.count(1)', 'r.index(4)', 'r.count(3)',
  // strings
  's.upper()', 's.lower()', 's.swapcase()', 's.title()', 'text.capitalize()', 's.split(", ")', 'text.split()', 'text.split(" ", 2)',
  'text.rsplit(" ", 2)', '"a,b,,c".split(",")', '"  pad  ".strip()', '"xxhixx".strip("x")', '"  pad".lstrip()', '"pad  ".rstrip()',
  '"-".join(words)', '", ".join(map(str, xs))', 's.replace("l", "L")', 's.replace("l", "L", 2)', '"abc".replace("", "-")',
  's.startswith("Hell")', 's.endswith(("x", "ld"))', 's.find("o")', 's.rfind("o")', 's.find("z")', 's.index("W")', 's.count("l")',
  '"123".isdigit()', '"12a".isdigit()', '"abc".isalpha()', '"   ".isspace()', '"Hello".istitle()', '"ABC".isupper()', '"abc".islower()',
  '"x1".isalnum()', '"x1".isidentifier()', 's.center(20, "*")', 's.center(21)', 's.ljust(15, ".")', 's.rjust(15)', '"42".zfill(5)',
  '"-42".zfill(6)', 's.partition(", ")', 's.rpartition("o")', '"a\\nb\\r\\nc".splitlines()', '"a\\nb\\n".splitlines(True)',
  's.removeprefix("Hello")', 's.removesuffix("World")', '"a\\tb".expandtabs(4)', 'u.upper()', 'u.encode()', 'bs.decode("latin-1")',
  'bs.hex()', '"ß".upper()', '"ǅ".lower()', 's.casefold()', '"%s is %d" % ("x", 5)', '"%5.2f|%-4d|%03d" % (3.14159, 7, 7)',
  '"%x %X %o %e" % (255, 255, 8, 12345.678)', '"%r" % (s,)', '"%(a)s-%(b)s" % d', '"%.3s" % text', '"%c" % 97', '"%%d" % ()',
  "f'{x}'", "f'{x!r:>4}|{s!r}'", "f'{f:.3f}'", "f'{big:,}'", "f'{x:08b}'", "f'{x:#x}'", "f'{f:10.2e}'", "f'{0.5:%}'", "f'{x=}'",
  "f'{s:^20}'", "f'{s:*<15}'", "f'{n}'", "f'{xs}'", "f'{1e20:g}'", "f'{1234.5678:.2g}'", "f'{x:+d}'", "f'{-f: .1f}'",
  '"{} and {}".format(x, s)', '"{1}{0}".format("a", "b")', '"{a}".format(a=1)', '"{0[1]}".format(xs)', '"{:>6.2f}".format(f)',
  'format(x, "05d")', 'format(f, ".1%")', 'format(1234567.891, ",.2f")', 'format(big, "_")', 'format(s, ".5")', 'format(0.1, ".20f")',
  'format(1e-7)', 'format(123.456, "e")', 'format(0.000123, "g")', 'format(123456789.0, "g")', 'format(1.0, ".3")', 'format(-0.0, "z.1f")',
  'repr(s)', 'repr(u)', 'ascii(u)', 'str(xs)', 'str(f)', 'str(b)', 'str(bs)', 'repr(1e16)', 'str(-0.0)',
  // dicts and sets
  'd["a"]', 'd.get("z")', 'd.get("z", 0)', 'd.keys()', 'd.values()', 'd.items()', 'list(d.items())[0]', "d['c'][1]", 'm[(4, 5)]',
  'm[1]', 'd | {"z": 26}', '{**d, "a": 0}', 'dict.fromkeys("ab", 0)', 'd.copy()', 'len(d.keys())', '"a" in d.keys()',
  'd.keys() & {"a", "z"}', 'd.keys() - {"a"}', 'st | {4}', 'st & {2, 3, 4}', 'st - {1}', 'st ^ {3, 4}', 'st.union([5, 6])',
  'st.intersection([2, 3])', 'st.difference({1})', 'st.issubset({1, 2, 3, 4})', 'st.isdisjoint({7})', 'fs | st', 'st | fs',
  '{1: "a", 1.0: "b", True: "c"}', '{(1, 2): 3}', '{n: 1}',
  // comprehensions and lambdas (function frame: bodies do not see the frame's locals in 3.11)
  '[v * 2 for v in xs]', '[v for v in xs if v > 2]', '{v % 3 for v in xs}', '{k: v for k, v in pairs}', '[a + b for a in "ab" for b in "xy"]',
  '[[c for c in w] for w in ["ab", "c"]]', 'list(v ** 2 for v in range(5))', 'sum(v for v in range(101))', '[v * x for v in xs]',
  '[G + v for v in gl]', '(lambda a, b=2: a * b)(3)', '(lambda *a: a)(1, 2)', '(lambda **k: k)(a=1)', '(lambda: x)()',
  'sorted(words, key=lambda w: (len(w), w))', 'max(pairs, key=lambda p: p[1])',
  // builtins
  'isinstance(x, int)', 'isinstance(b, int)', 'isinstance(f, (int, float))', 'isinstance(s, list)', 'type(x)', 'type(s).__name__',
  'type(xs) is list', 'type(n)', 'type(d) == dict', 'callable(len)', 'callable(x)', 'len', 'int', 'hash(x)', 'hash(-1)', 'hash(t)',
  'hash(1.5)', 'hash(fs)', 'next(iter(xs))', 'next(iter([]), "done")', 'list(iter(r))', 'getattr(s, "upper")()', 'hasattr(s, "upper")',
  'hasattr(x, "nope")', 'getattr(x, "nope", 7)', 'slice(1, 5)', 'xs[slice(1, 5, 2)]', 'G', 'gl', '__name__', 'locals()["x"]',
  'print(x, s, sep="|")', 'print()', 'str()', 'list()', 'dict()', 'tuple()', 'set()', 'frozenset()', 'int()', 'float()', 'range(3)',
  'bytes(3)', 'bytes([65, 66])', 'bytes("é", "utf-8")', '"é".encode("utf-8")', 'str(b"abc", "ascii")', 'Ellipsis', '...',
  // errors Python raises
  'zz', 'zz + 1', 'x + zz', '1 / 0', '1 // 0', '1 % 0', 'f / 0', 'f // 0', 'f % 0', 'divmod(x, 0)', '0 ** -1', '0.0 ** -1.5',
  'xs[100]', 't[-4]', 's[50]', 'r[5]', 'bs[9]', 'd["zz"]', 'd[(1, 2)]', 'm[[1]]', 'x + s', 's + x', 'xs + t', 't + xs',
  's * 1.5', 'x < s', 'xs < t', 'st < xs', 'len(x)', 'len(n)', '-s', '~f', 'abs(s)', 'int("abc")', 'int("3.5")', 'float("abc")',
  'int(nan)', 'int(inf)', 'float(10 ** 400)', '10 ** 400 / 3', '2.0 ** 5000', 'x()', 's()', 'n.foo', 'x.foo', 's.nope()',
  'xs.index(99)', 't.index(99)', 's.index("zz")', 'min([])', 'max([])', 'sorted([1, "a"])', 'sum(["a", "b"])', 'sum(["a"], "")',
  '"".join([1, 2])', '",".join(x)', 'iter(x)', 'next(x)', 'next(iter([]))', 'chr(-1)', 'ord("ab")', 'hash(xs)', '{xs: 1}', '{st}',
  'set([[1]])', 'dict([1, 2])', 'dict([(1, 2, 3)])', 'range(1.5)', 'range(0, 10, 0)', 'xs[::0]', 'xs["a"]', 's["a"]', 't[1.0]',
  'x[0]', 'n[0]', 'st[0]', 'isinstance(x, 5)', '"%d" % s', '"%s %s" % (x,)', '"%s" % (1, 2)', '"{} {}".format(1)', '"{x}".format()',
  'format(s, "d")', 'format(x, "s")', 'format(xs, "5")', "f'{x:q}'", 'int("5", 1)', 'pow(2.0, 3, 5)', '10 ** 5000',
  'a, b = 1, 2', '(', 'x +', '1 if x', 'lambda', '"unterminated', '[1, 2', 'x y', 'x = ', 'return x', '   ', '1 +* 2',
  'xs[1:2:3:4]', 'f"{}"', '(lambda a: a)()', '(lambda a: a)(1, 2)', '(lambda: 1)(x=1)', 'len(xs, 1)', 'len()', 'sorted()',
  'max()', 'divmod(1)', 'abs()', 'xs.count()', 'd.get()', 's.split(1)', 's.startswith(1)', 's.replace(1, 2)', 's.center(10, "ab")',
  'len(x=1)', 'sorted(xs, nope=1)', 's.upper(1)', 'str.upper(x)', 'list(x)', 'tuple(n)', 'zip(x)', 'enumerate()', 'reversed(st)',
  'abs(n)', 'round(s)', 'round(f, "a")', 'divmod(s, 1)', 'bytes(s)',
  // more formatting, views, unicode
  "f'{x:{x}}'", "f'{f:{x}.{x - 3}f}'", "f'{s!a}'", "f'{u!a}'", "f'{{literal}} {x}'", "f'{xs[1:3]}'", "f'{d[\"a\"]}'",
  "f'{x if x else 0:>3}'", "f'{\"nested\"}'", "f'{big:e}'", "f'{x:c}'", "f'{255:#o}'", "f'{-x:=+8}'", "f'{x:_>9,}'",
  "f'{1234567:_x}'", "f'{3.0:g}'", "f'{1e-5:g}'", "f'{123456789:.3e}'", "f'{0.00001234:.3}'", "f'{nan}'", "f'{-inf:10}'",
  "format(1e16, '')", "format(1.5, '10')", "format(0.1, '.17g')", "format(1/3, '.30f')", "format(2.5, '.0f')", "format(3.5, '.0f')",
  "format(-1e-20, 'f')", "format(5e-324, 'e')", "format(1.7976931348623157e308, 'f')[:20]", "format(x, ',')", "format(-big, ',')",
  '"%.2e" % 0.000123', '"%g" % 1e-5', '"%g" % 123456789', '"%#x" % 255', '"%+.1f" % -0.04', '"% d" % 5', '"%-8s|" % s', '"%5s" % "ab"',
  "'{:^9.3s}'.format('abcdef')", "'{0!r:>8}'.format('a')", "'{:%}'.format(0.25)", "'{:.2%}'.format(1/3)", "'{:,.3f}'.format(1234.5)",
  'd.items() & {("a", 1)}', 'd.keys() | {"z"}', 'd.keys() ^ {"a", "q"}', '{"a": 1}.items() <= d.items()', 'list(reversed(d))',
  'list(reversed(d.values()))', 'd.keys() == {"a", "b", "c"}', 'sorted(d.values(), key=str)', 'u.title()', 'u.split()', 'u[::-1]',
  'u.encode("utf-8")', 'len(u.encode())', '"Straße".upper()', '"ΑΣ".lower()', '"ǉ".title()', '"hello world".title()',
  '"they\'re".title()', '"ß".casefold()', '"a1b2".isalnum()', '"²".isdigit()', '"²".isdecimal()', '"½".isnumeric()',
  '"\u00a0".isspace()', '"\x1f".isspace()', '"tab\there".expandtabs()', '" ".join("abc")', '"a b\tc\nd".split()',
  '"a  b".split(" ")', '"  a b  ".rsplit(None, 1)', '"a,b,c".rsplit(",", 1)', '"abc".center(6)', '"abc".center(7, "-")',
  '"ab".center(5)', '"x".zfill(3)', '"+x".zfill(4)', '"abcabc".rfind("b", 0, 4)', '"abcabc".count("")', '"aaa".count("aa")',
  '"abc".find("", 5)', '"abc".startswith("")', '"abc".startswith("b", 1)', '"abc".endswith("b", 0, 2)',
  'chr(0x85)', 'chr(0xad)', 'chr(0x378)', "'\\x41'", 'repr(chr(0x10ffff))', '[chr(c) for c in range(0x7f, 0xa2)]',
  // ints, floats, numbers
  '10 ** 20 // 3', '-(10 ** 20) // 3', '(10 ** 20) % -7', '7 // 0.5', '-7 // 0.5', '7 % 0.5', '2 ** 62 * 2 ** 62', '(-2) ** 63',
  '1e308 * 10', '-1e308 * 10', '(1e308 * 10) - (1e308 * 10)', '0.1 * 3', '1 / 7', '2 / 3 * 3', '10 ** -2', '(-2) ** -2', '4 ** 0.5',
  '2 ** 0.5 * 2 ** 0.5', '1.1 ** 2', '1.1 ** 10', '3 ** 40 / 7', '(2 ** 100 + 1) / 2 ** 50', '(10 ** 30 + 1) / 10 ** 15', '1 / big',
  'big / 10 ** 20', 'round(1e20)', 'round(0.1 + 0.2, 15)', 'round(-0.5)', 'round(1.5)', 'round(2.5, 0)', 'round(1e300, 2)',
  'round(123.456, -1)', 'round(-123.456, -2)', 'round(5e-324, 400)', 'int("١٢٣")', 'float("  1_000.5  ")', 'float("1e-400")',
  'float("-0")', 'int(-0.0)', '-0.0 == 0', 'hash(-0.0)', 'divmod(-0.0, 1)', 'divmod(1, -0.5)', '5 % -0.0 if False else 0',
  'True / 2', 'False ** 0', 'max(1, 1.0)', 'max(1.0, 1)', 'min([1, 1.0, True])', 'sorted([3, 1.5, True, 2])', 'sum([0.1] * 10)',
  'sum([1, 2.5])', 'abs(-big)', 'abs(-0.0)', 'big.to_bytes(16, "little")',
  '(-5).bit_length()', '(255).bit_count()', 'x.as_integer_ratio()', '(-0.75).as_integer_ratio()',
];

/** Expressions evaluated at module level (locals are globals: comprehensions see them). */
const MODULE_EXPRS = [
  '[v * x for v in xs]', '(lambda: x)()', '{v: x for v in range(3)}', 'sorted(xs, key=lambda v: v * x)', 'G + x',
  '[w.upper() for w in words if w[0] in s]', 'list(map(lambda v: v + x, xs))',
];

function scopeFor(globals: boolean): Scope {
  return globals ? { locals: LOCALS, globals: GLOBALS } : { locals: { ...LOCALS, ...GLOBALS } };
}

function ours(src: string, scope: Scope): string {
  const r = evaluate(src, scope);
  return (r.output ?? '') + (r.ok ? r.repr : r.error);
}

describe('p EXPR matches python3', () => {
  beforeAll(() => setHashSeed(0));
  afterAll(() => setHashSeed(null));

  const cases: OracleCase[] = [
    ...EXPRS.map((src): OracleCase => ({ kind: 'eval', src, locals: LOCALS, globals: GLOBALS })),
    ...MODULE_EXPRS.map((src): OracleCase => ({ kind: 'eval', src, locals: { ...LOCALS, ...GLOBALS } })),
  ];
  const want = oracle(cases);

  test(`${cases.length} expressions print the same`, () => {
    const bad: string[] = [];
    cases.forEach((c, i) => {
      const expected = want[i]!.output + want[i]!.text;
      const got = ours(c.src, scopeFor(c.globals !== undefined));
      if (got !== expected) bad.push(`${c.src}\n    python: ${expected}\n    ndbg:   ${got}`);
    });
    expect(bad.join('\n')).toBe('');
  });
});

describe('random arithmetic matches python3', () => {
  test('600 generated expressions', async () => {
    const { pythonJson } = await import('./oracle.js');
    const cases = pythonJson<[string, string][]>(String.raw`
import json, random, traceback
random.seed(2024)
def atom():
    r = random.random()
    if r < 0.35: return str(random.randint(-20, 20))
    if r < 0.5: return str(random.randint(-10**25, 10**25))
    if r < 0.75: return repr(round(random.uniform(-50, 50), random.randint(0, 4)))
    if r < 0.85: return random.choice(['0', '0.0', '-0.0', '1', '-1', '2', '0.5', '1e300', '1e-300', 'True', 'False'])
    return repr(random.uniform(-1e6, 1e6))
def expr(d=0):
    if d > 2 or random.random() < 0.3: return atom()
    op = random.choice(['+', '-', '*', '/', '//', '%', '**', '<', '<=', '==', '!=', '&', '|', '^', '<<', '>>', 'and', 'or', 'divmod', 'round', 'abs', 'neg', 'max', 'int', 'float'])
    a, b = expr(d + 1), expr(d + 1)
    if op == '**':
        b = random.choice(['2', '3', '-1', '0.5', '-2', '0', '1.5', '10', '0.3', '-2.5', '1/3'])
        if '.' in b or '/' in b: a = 'abs(%s)' % a  # no complex results
        b = '(%s)' % b
    if op in ('<<', '>>'): b = str(random.randint(0, 70))
    if op == 'divmod': return 'divmod(%s, %s)' % (a, b)
    if op == 'round': return 'round(%s, %d)' % (a, random.randint(-3, 5)) if random.random() < 0.7 else 'round(%s)' % a
    if op == 'abs': return 'abs(%s)' % a
    if op == 'neg': return '-(%s)' % a
    if op == 'max': return 'max(%s, %s)' % (a, b)
    if op == 'int': return 'int(%s)' % a
    if op == 'float': return 'float(%s)' % a
    return '(%s %s %s)' % (a, op, b)
out = []
for _ in range(600):
    e = expr()
    try:
        v = repr(eval(e))
    except Exception as ex:
        v = '*** ' + traceback.format_exception_only(type(ex), ex)[-1].strip()
    out.append([e, v])
print(json.dumps(out))
`);
    const bad: string[] = [];
    for (const [e, want] of cases) {
      const got = ours(e, { locals: {} });
      if (got !== want) bad.push(`${e}\n    python: ${want}\n    ndbg:   ${got}`);
    }
    expect(bad.join('\n')).toBe('');
  });
});

describe('formatting matches python3', () => {
  test('format(), %-formatting and f-strings over random numbers and specs', async () => {
    const { pythonJson } = await import('./oracle.js');
    const cases = pythonJson<[string, string][]>(String.raw`
import json, random, traceback
random.seed(77)
out = []
def num():
    r = random.random()
    if r < 0.3: return repr(random.randint(-10**8, 10**8))
    if r < 0.8: return repr(random.uniform(-1, 1) * 10 ** random.randint(-12, 22))
    return random.choice(['0.0', '-0.0', '0.5', '1.5', '2.5', '0.125', '1e16', '123456789.0', 'float("inf")', 'float("nan")', '1', '-1', '0', 'True'])
for _ in range(500):
    fill = random.choice(['', '', '*', '0'])
    align = random.choice(['', '', '<', '>', '^', '='])
    sign = random.choice(['', '', '+', '-', ' '])
    alt = random.choice(['', '', '#'])
    zero = random.choice(['', '', '0'])
    width = random.choice(['', '', str(random.randint(1, 25))])
    group = random.choice(['', '', ',', '_'])
    prec = random.choice(['', '', '.' + str(random.randint(0, 17))])
    typ = random.choice(['', 'e', 'E', 'f', 'F', 'g', 'G', '%', 'd', 'x', 'b', 'o', 'n'])
    spec = (fill + align if align else '') + sign + alt + zero + width + group + prec + typ
    n = num()
    e = random.choice(['format(%s, %r)' % (n, spec), "f'{%s:%s}'" % (n, spec), "'%%%s%s%s%s' %% (%s,)" % (sign.strip() and sign or '', alt, width, prec, n) + '' if False else 'format(%s, %r)' % (n, spec)])
    if random.random() < 0.3:
        conv = random.choice(['d', 'i', 'f', 'e', 'g', 'x', 'o', 'r', 's', 'E', 'G'])
        flags = ''.join(random.sample(['-', '+', ' ', '#', '0'], random.randint(0, 2)))
        e = "'%%%s%s%s%s' %% (%s,)" % (flags, width, prec, conv, n)
    try:
        v = repr(eval(e))
    except Exception as ex:
        v = '*** ' + traceback.format_exception_only(type(ex), ex)[-1].strip()
    out.append([e, v])
print(json.dumps(out))
`);
    const bad: string[] = [];
    for (const [e, want] of cases) {
      const got = ours(e, { locals: {} });
      if (got !== want) bad.push(`${e}\n    python: ${want}\n    ndbg:   ${got}`);
    }
    expect(bad.join('\n')).toBe('');
  });
});
