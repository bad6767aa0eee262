import { evaluate, execute } from '../../../src/pyval/index.js';
const src = process.argv[2]!;
const x = execute(src, { locals: {} }, { pythonMinor: Number(process.env.MINOR ?? 11) });
console.log(JSON.stringify(x.ok ? { changes: x.changes, out: x.output } : x.error));
void evaluate;
