// Coverage probe: which methods of each builtin type, which builtin functions
// and which names of the modelled standard-library modules pyval implements,
// against what CPython defines (python3, or PY=/path/to/python3).
// Run: npx esbuild test/pyval/probe/coverage.ts --bundle --platform=node --format=esm > /tmp/probe.mjs && node /tmp/probe.mjs
import { spawnSync } from 'node:child_process';
import { BUILTIN_FUNCTIONS, METHODS, TYPE_CONSTRUCTORS } from '../../../src/pyval/builtins/index.js';
import { CPYTHON_NAMES } from '../../../src/pyval/modules/module.js';
import { MODULES } from '../../../src/pyval/modules/index.js';

const TYPES = ['str', 'bytes', 'int', 'float', 'bool', 'list', 'tuple', 'dict', 'set', 'frozenset'];
const py = spawnSync(
  process.env.PY ?? 'python3',
  [
    '-c',
    `import json, builtins
t = {n: sorted(a for a in dir(getattr(builtins, n)) if not a.startswith('_')) for n in ${JSON.stringify(TYPES)}}
t['builtins'] = sorted(n for n in dir(builtins) if not n[0].isupper() and not n.startswith('_') and callable(getattr(builtins, n)))
print(json.dumps(t))`,
  ],
  { encoding: 'utf8' },
);
const want = JSON.parse(py.stdout) as Record<string, string[]>;
const DATA = new Set(['real', 'imag', 'numerator', 'denominator']);
for (const t of TYPES) {
  const table = METHODS[t] ?? {};
  const names = want[t]!.filter((n) => !DATA.has(n));
  const missing = names.filter((n) => !Object.hasOwn(table, n));
  console.log(`${t}: ${names.length - missing.length}/${names.length} methods${missing.length ? `  missing: ${missing.join(' ')}` : ''}`);
}
const fns = want.builtins!;
const have = (n: string) => Object.hasOwn(BUILTIN_FUNCTIONS, n) || Object.hasOwn(TYPE_CONSTRUCTORS, n);
const miss = fns.filter((n) => !have(n));
console.log(`builtins: ${fns.length - miss.length}/${fns.length} callables  missing: ${miss.join(' ')}`);
for (const [name, names] of Object.entries(CPYTHON_NAMES)) {
  const def = MODULES[name]!;
  const pub = [...names].filter((n) => !n.startsWith('_'));
  const has = (n: string) => Object.hasOwn(def.functions, n) || Object.hasOwn(def.constants ?? {}, n);
  const miss = pub.filter((n) => !has(n));
  console.log(`${name}: ${pub.length - miss.length}/${pub.length} names (3.9-3.13)${miss.length ? `  refused: ${miss.join(' ')}` : ''}`);
}
