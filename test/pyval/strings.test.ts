// str methods and slicing over random text (case mapping, whitespace, code points vs UTF-16),
// checked against python3.

import { expect, test } from 'vitest';
import { evaluate, setHashSeed } from '../../src/pyval/index.js';
import { pythonJson } from './oracle.js';
test('1500 random str method calls and slices match python3', () => {
  setHashSeed(0);
  const cases = pythonJson<[string, string][]>(String.raw`
import json, random, traceback
random.seed(5)
alpha = ['a', 'b', ' ', 'A', '\t', '\n', ',', 'é', 'ß', '1', '_', 'İ', 'ǆ', 'Σ', '中', '😀', 'x', '  ']
def s(): return ''.join(random.choice(alpha) for _ in range(random.randint(0, 8)))
def i(): return str(random.randint(-10, 10))
calls = ['upper()', 'lower()', 'title()', 'capitalize()', 'swapcase()', 'casefold()', 'strip()', 'lstrip(%s)', 'rstrip(%s)', 'strip(%s)',
  'split()', 'split(%s)', 'split(%s, %i)', 'rsplit(None, %i)', 'rsplit(%s, %i)', 'splitlines()', 'splitlines(True)', 'partition(%s)',
  'rpartition(%s)', 'find(%s)', 'find(%s, %i)', 'rfind(%s, %i, %i)', 'count(%s)', 'count(%s, %i, %i)', 'startswith(%s, %i)',
  'endswith(%s, %i, %i)', 'replace(%s, %s)', 'replace(%s, %s, %i)', 'center(%i)', 'ljust(%i, "*")', 'rjust(%i)', 'zfill(%i)',
  'isalpha()', 'isdigit()', 'isalnum()', 'isspace()', 'isupper()', 'islower()', 'istitle()', 'isidentifier()', 'isprintable()',
  'expandtabs(%i)', 'removeprefix(%s)', 'removesuffix(%s)', 'join([%s, %s])', 'encode()', 'index(%s)', 'rindex(%s)',
  '__len__()', 'isascii()', 'isdecimal()', 'isnumeric()']
out = []
for _ in range(1500):
    c = random.choice(calls)
    parts = c.split('%')
    args = []
    for p in parts[1:]:
        args.append(repr(s()) if p[0] == 's' else i())
    call = parts[0] + ''.join(a + p[1:] for a, p in zip(args, parts[1:]))
    e = '%r.%s' % (s(), call)
    e2 = random.choice([e, '%s[%s:%s:%s]' % (repr(s()), random.choice(['', i()]), random.choice(['', i()]), random.choice(['', i(), '-1', '2']))])
    try:
        v = repr(eval(e2))
    except Exception as ex:
        v = '*** ' + traceback.format_exception_only(type(ex), ex)[-1].strip()
    out.append([e2, v])
print(json.dumps(out))
`);
  const bad: string[] = [];
  for (const [e, want] of cases) {
    if (e.includes('__len__')) continue;
    const r = evaluate(e, { locals: {} });
    const got = r.ok ? r.repr : r.error;
    if (got !== want) bad.push(`${e}\n    python: ${want}\n    ndbg:   ${got}`);
  }
  setHashSeed(null);
  expect(bad.slice(0, 30).join('\n')).toBe('');
});
