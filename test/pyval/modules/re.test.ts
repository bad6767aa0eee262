// re (modules/re.ts, modules/re-translate.ts): random patterns from a grammar
// of the constructs pyval translates (and some it refuses or CPython rejects),
// random subjects (ASCII, Latin-1, Greek, Arabic-Indic digits, astral
// characters, newlines), every function and method, against CPython on each
// installed version. What pyval refuses is counted, not compared; everything
// else must be exact, errors included.

import { describe, expect, test } from 'vitest';
import { type Case, Rng, cpython, installedPythons, pyval } from '../differential.js';

const lit = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

interface Grammar {
  groups: number;
  names: string[];
}

/** A random pattern: mostly valid ones (errors come from BAD and from the odd backreference or repeat). */
function pattern(r: Rng, depth = 0, g: Grammar = { groups: 0, names: [] }): string {
  const sub = (): string => pattern(r, depth + 1, g);
  const group = (): string => {
    if (depth >= 2) return 'a';
    const kind = r.int(0, 2);
    if (kind === 1) return `(?:${sub()})`;
    g.groups++;
    if (kind === 0) return `(${sub()})`;
    const name = `g${g.names.length}`;
    g.names.push(name);
    return `(?P<${name}>${sub()})`;
  };
  const weighted: [number, () => string][] = [
    [6, () => r.pick(['a', 'b', 'c', 'A', '1', ' ', '_', '-', 'é', '😀', '\\.', '\\-', '\\n', '\\t', '\\x61', '\\u00e9', '{', '}', ','])],
    [3, () => r.pick(['.', '\\d', '\\w', '\\s', '\\D', '\\W', '\\S'])],
    [3, () => r.pick(['[abc]', '[^a-c]', '[a-z]', '[\\d_]', '[\\W]', '[^\\s1]', '[]a]', '[a-]', '[.\\]]', '[é-ü]', '[\\w-]', '[^\\D]'])],
    [4, group],
    [1, () => (depth < 2 ? `(?${r.pick(['s', 'm', 'x', 'a', 'i', '-s', 'm-s'])}:${sub()})` : 'a')],
    [0.6, () => r.pick([' ', '#c\n', '(?#note)', '\\ ', '[ ]'])],
  ];
  const unquantified: [number, () => string][] = [
    [1.5, () => r.pick(['^', '$', '\\b', '\\B', '\\A', '\\Z'])],
    [1, () => (depth < 2 ? `(?${r.pick(['=', '!'])}${sub()})` : 'a')],
    [0.7, () => `(?<${r.pick(['=', '!'])}${r.pick(['a', 'ab', '\\d', '[ab]c', 'a|b', '(a)', '\\b'])})`],
    [0.7, () => (g.groups && r.chance(0.8) ? `\\${r.int(1, g.groups)}` : g.names.length ? `(?P=${r.pick(g.names)})` : '\\1')],
  ];
  const choose = (xs: [number, () => string][]): string => {
    let t = r.next() * xs.reduce((a, [w]) => a + w, 0);
    for (const [w, f] of xs) {
      t -= w;
      if (t < 0) return f();
    }
    return xs[0]![1]();
  };
  const quant = (): string => (r.chance(0.6) ? '' : r.pick(['*', '+', '?', '{2}', '{1,3}', '{,2}', '{2,}', '{}', '{x']) + (r.chance(0.25) ? '?' : ''));
  const seq = (): string => r.list(1, 4, () => (r.chance(0.2) ? choose(unquantified) : choose(weighted) + quant())).join('');
  return r.chance(0.2) ? `${seq()}|${seq()}` : seq();
}

const BAD = [
  '(?P<g1>a)(?P<g1>b)',
  '(?P=zz)',
  '[\\d-z]',
  'a{,2',
  '\\x4',
  '\\u00',
  '[\\q]',
  '(a))',
  '+',
  '(?<=a|bc)',
  '(?P<g1>a)(?P=g1',
  '(a)\\3',
  '\\8',
  ')',
  '*a',
  'a**',
  '[a',
  '\\q',
  '[z-a]',
  'a{3,2}',
  '(?<=a+)b',
  '(a)\\2',
  'a\\',
  '(?P<x>a)(?P=y)',
  '(?(1)a|b)',
  '(?>a)',
  'a*+',
  '(?i)a(?m)',
];

function subject(r: Rng): string {
  const alphabet = ['a', 'b', 'c', 'A', 'B', '1', '2', ' ', '_', '-', '.', '\n', 'é', 'ß', 'Σ', '٣', '\u00a0', '😀', 'x', ','];
  return r.list(0, 9, () => r.pick(alphabet)).join('');
}

const FLAGS = ['0', 're.I', 're.M', 're.S', 're.X', 're.A', 're.I|re.M', 're.M|re.S', 're.A|re.I', 're.X|re.S'];

/** A match summarised as data (a frame cannot carry a match object). */
const summary = (m: string): string =>
  `r = (${m}.span(), ${m}.groups(), ${m}.groups('-'), ${m}.lastindex, ${m}.lastgroup, ${m}.groupdict(), repr(${m}), ${m}[0], ${m}.group(0, ${m}.re.groups), ${m}.start(${m}.re.groups), ${m}.end(${m}.re.groups), ${m}.pos, ${m}.endpos, ${m}.string) if ${m} else ${m}`;

function cases(seed: number, n: number): Case[] {
  const r = new Rng(seed);
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const p = lit(r.chance(0.06) ? r.pick(BAD) : pattern(r));
    const s = lit(subject(r));
    const f = r.pick(FLAGS);
    const tpl = lit(
      r.pick(['-', '<\\g<0>>', '\\1', '[\\g<1>]', '\\n', '\\\\', 'x\\2y', '\\g<g1>', '\\q', '\\0', '\\-', '\\g<5>', '\\g<zz>', 'a\\', '\\g<1>\\g<0>', '\\10']),
    );
    const setup = r.pick([
      () => `m = re.search(${p}, ${s}, ${f}); ${summary('m')}`,
      () => `m = re.match(${p}, ${s}, ${f}); ${summary('m')}`,
      () => `m = re.fullmatch(${p}, ${s}, ${f}); ${summary('m')}`,
      () => `m = re.compile(${p}, ${f}).search(${s}, ${r.int(-1, 4)}, ${r.int(0, 9)}); ${summary('m')}`,
      () => `m = re.compile(${p}, ${f}).match(${s}, ${r.int(0, 3)}); ${summary('m')}`,
      () => `r = re.findall(${p}, ${s}, ${f})`,
      () => `r = [m.span() for m in re.finditer(${p}, ${s}, ${f})]`,
      () => `r = re.sub(${p}, ${tpl}, ${s}, ${r.int(0, 2)}, ${f})`,
      () => `r = re.subn(${p}, ${tpl}, ${s}, flags=${f})`,
      () => `r = re.sub(${p}, lambda m: m.group(0).upper() + str(m.start()), ${s}, flags=${f})`,
      () => `r = re.split(${p}, ${s}, ${r.int(0, 2)}, ${f})`,
      () => `p = re.compile(${p}, ${f}); r = (repr(p), p.pattern, p.flags, p.groups, p == re.compile(p.pattern, p.flags))`,
      () => `r = re.escape(${s})`,
      () => `r = re.compile(${p}, ${f}).split(${s}, maxsplit=${r.int(0, 3)})`,
      () => `r = re.compile(${p}, ${f}).findall(${s}, ${r.int(0, 9)}, ${r.int(0, 9)})`,
      () => `r = [m.span(1) if m.re.groups else m.span() for m in re.compile(${p}, ${f}).finditer(${s}, ${r.int(0, 3)})]`,
      () => `r = re.sub(${p}, ${tpl}, ${s}); r = (r, re.subn(${p}, '', ${s}, ${r.int(0, 3)}))`,
      () => `r = repr(${f})`,
    ])();
    out.push({ setup: `import re; ${setup}`, expr: 'r' });
  }
  // flags, wrong arguments, group lookups by name and number, callable replacements
  const misc = [
    () => `r = (repr(${r.pick(FLAGS)} ${r.pick(['|', '&', '^'])} ${r.pick(FLAGS.slice(1))}), re.I == 2, re.M != 8)`,
    () => `r = repr(re.compile('a', ${r.pick(['re.U', 're.L', 're.A|re.U', 're.U|re.I', 're.S|re.U'])}))`,
    () => `r = re.${r.pick(['search', 'match', 'findall', 'split'])}(${r.pick(["'a'", '3', 'None'])}, ${r.pick(["'a'", '3', '[1]', 'None'])})`,
    () => `r = re.search(re.compile('a'), 'ba', ${r.pick(['0', 're.I'])})`,
    () =>
      `m = re.search('(?P<x>a)(?P<y>b)?(c)', ${lit(subject(r))} + 'ac'); r = (m.group('x'), m.group('y', 3), m.start('x'), m.span('y'), m.groupdict('?'), m.expand(r'[\\g<x>\\3]'), m.re.pattern, m[${r.pick(['0', '1', '3', "'x'"])}])`,
    () => `m = re.search('(?P<x>a)', 'a'); r = m.group(${r.pick(['4', "'zz'", '-1', '1.5', 'True'])})`,
    () => `r = re.sub('(a)|(b)', lambda m: m.group(${r.pick(['1', '2', '0'])}) or '_', ${lit(subject(r))}, count=${r.int(0, 3)})`,
    () => `r = re.split('(a)|(b)', ${lit(subject(r))}, maxsplit=${r.int(0, 3)})`,
    () => `r = re.findall('(a)(b)?|c', ${lit(subject(r))} + 'abc')`,
  ];
  for (let i = 0; i < n / 10; i++) out.push({ setup: `import re; ${r.pick(misc)()}`, expr: 'r' });
  // a pattern read back from its repr (as a frame shows it), then used
  for (let i = 0; i < n / 10; i++) {
    const p = lit(pattern(r));
    out.push({
      setup: `import re; p = re.compile(${p}, ${r.pick(FLAGS)})`,
      expr: `(p, p.pattern, p.flags, p.groups, p.findall(${lit(subject(r))}), p.sub('-', ${lit(subject(r))}))`,
    });
  }
  return out;
}

const CASES = cases(20261203, 1500);
const REFUSED = /^\*\*\* ndbg: cannot /;

describe.each(installedPythons())('re matches CPython 3.$minor', (py) => {
  test(`${CASES.length} random patterns and calls`, () => {
    const want = cpython(py, CASES);
    const got = pyval(CASES, py.minor);
    let refused = 0;
    let raised = 0;
    const bad: string[] = [];
    CASES.forEach((c, i) => {
      if (REFUSED.test(got[i]!)) {
        refused++;
        return;
      }
      if (want[i]!.startsWith('*** ')) raised++;
      if (got[i] !== want[i] && bad.length < Number(process.env.NDBG_DIFF_MAX ?? 25))
        bad.push(`${c.setup}\n    python 3.${py.minor}: ${want[i]}\n    ndbg:        ${got[i]}`);
    });
    const compared = CASES.length - refused;
    console.log(
      `re, python 3.${py.minor}: ${CASES.length} cases, ${refused} refused (${((100 * refused) / CASES.length).toFixed(1)}%), ${compared} compared (${raised} of them CPython errors)`,
    );
    expect(bad.join('\n')).toBe('');
    // the grammar is mostly what pyval translates: most cases are compared
    expect(refused / CASES.length).toBeLessThan(0.5);
  });
});

describe('re refuses what JS would match differently', () => {
  const refused = (setup: string): boolean => REFUSED.test(pyval([{ setup: `import re; ${setup}`, expr: 'r' }], 11)[0]!);
  test.each([
    ["r = re.match('(?:(a)|b)+', 'ab')", 'a group JS resets between iterations'],
    ["r = re.match('(a)?b\\\\1', 'b')", 'a backreference to a group that did not take part'],
    ["r = re.match('(?:a|)*', 'aa')", 'a repeat whose body can match empty'],
    ["r = re.match('é', 'É', re.I)", 'IGNORECASE beyond ASCII'],
    ["r = re.match('a*+', 'aa')", 'a possessive quantifier'],
    ["r = re.match('(?>a)', 'a')", 'an atomic group'],
    ["r = re.match('(a)(?(1)b|c)', 'ab')", 'a conditional group'],
    ["r = re.match('\\\\w', '\\u0870')", 'a letter newer than 3.9'],
    ["r = re.match('(a+)+b', 'a' * 300)", 'nested repeats on a long text'],
    ['r = re.purge()', 'purge'],
    ["r = re.compile('(?P<n>a)').groupindex", 'groupindex (a mappingproxy)'],
  ])('%s (%s)', (setup) => {
    expect(refused(setup)).toBe(true);
  });

  test('a pattern repr read back from a frame is the pattern', () => {
    const got = pyval([{ setup: "import re; p = re.compile('(\\\\d)+', re.I|re.M)", expr: "(p, p.flags, p.groups, p.sub('#', 'a12b3'))" }], 11)[0];
    expect(got).toBe("(re.compile('(\\\\d)+', re.IGNORECASE|re.MULTILINE), 42, 1, 'a#b#')");
  });
});
