#!/usr/bin/env node
// Runs the bundled CLI (dist/bundle/, built by `npm run build`: tsc, then
// scripts/bundle.mjs), never TypeScript, and starts the Python processes first
// (prestart) so that Python boots while ndbg sets up the session (and, for the
// neural engine, loads its code).
import * as nodeModule from 'node:module';

// Node >= 22.1 keeps V8's compiled code for the bundle between runs (in the OS's
// temporary folder); on Node 20 this is absent and nothing changes.
try {
  nodeModule.enableCompileCache?.();
} catch {
  // a read-only temporary folder only costs the cache
}
// One file: what line mode needs (scripts/bundle.mjs, mergeCore).
const { prestart, run } = await import('../dist/bundle/cli.js');

const argv = process.argv.slice(2);
run(argv, prestart(argv));
