#!/usr/bin/env node
// Runs the bundled CLI (dist/bundle/, built by `npm run build`: tsc, then
// scripts/bundle.mjs), never TypeScript, and starts the Python bridge first
// (prestart) so that Python boots while the rest of ndbg loads.
import * as nodeModule from 'node:module';

// Node >= 22.1 keeps V8's compiled code for the bundle between runs (in the OS's
// temporary folder); on Node 20 this is absent and nothing changes.
try {
  nodeModule.enableCompileCache?.();
} catch {
  // a read-only temporary folder only costs the cache
}
const { prestart } = await import('../dist/bundle/prestart.js');

const argv = process.argv.slice(2);
const spawned = prestart(argv);
const { run } = await import('../dist/bundle/cli.js');
run(argv, spawned);
