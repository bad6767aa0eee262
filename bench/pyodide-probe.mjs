// Measures CPython-in-WebAssembly (the npm package pyodide) as a candidate for ndbg's
// evaluator, beside pyval: cold load, memory, time per statement, and whether the
// program it runs can reach the machine. pyodide is not a dependency of ndbg; install
// it somewhere else first:
//
//   npm install --prefix /tmp/pyo pyodide@314.0.8 && node bench/pyodide-probe.mjs /tmp/pyo
//
// A probe that prints "REACHED" ran on the host: the sandbox does not hold.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const prefix = process.argv[2];
const entry = prefix && join(prefix, 'node_modules', 'pyodide', 'pyodide.mjs');
if (!entry || !existsSync(entry)) {
  console.error('usage: node bench/pyodide-probe.mjs DIR   (DIR holds node_modules/pyodide: npm install --prefix DIR pyodide)');
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(entry).href);
const t0 = performance.now();
const py = await loadPyodide({ jsglobals: {}, stdout: () => {}, stderr: () => {} });
console.log(`cold load ${(performance.now() - t0).toFixed(0)} ms, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
py.runPython('x = [3, 1, 2]');
const N = 2000;
const t1 = performance.now();
for (let i = 0; i < N; i++) py.runPython(`y = sorted(x, key=lambda v: -v); z = repr(y) + str(${i})`);
console.log(`per statement ${((performance.now() - t1) / N).toFixed(3)} ms (${N} statements)`);

const marker = join(prefix, 'escaped');
rmSync(marker, { force: true });
const probes = [
  ['js.process', 'import js\njs.process'],
  ['open("/etc/hostname")', 'open("/etc/hostname").read()'],
  ['subprocess.run', 'import subprocess\nsubprocess.run(["true"])'],
  ['os.system writes a file on the host', `import os\nos.system("touch ${marker}")\nopen("/dev/null")`],
  ['socket to 127.0.0.1', 'import socket\nsocket.create_connection(("127.0.0.1", 22), timeout=1)'],
  ['pyodide_js is importable', 'import pyodide_js\ntype(pyodide_js).__name__'],
];
for (const [name, code] of probes) {
  try {
    const r = py.runPython(code);
    const reached = name.startsWith('os.system') ? existsSync(marker) : true;
    console.log(`${reached ? 'REACHED' : 'refused'}  ${name} -> ${String(r).slice(0, 80)}`);
  } catch (e) {
    console.log(`refused  ${name} -> ${String(e.message).split('\n').filter(Boolean).pop()?.slice(0, 80)}`);
  }
}
rmSync(marker, { force: true });
