#!/usr/bin/env node
// Runs the compiled CLI (dist/), never TypeScript, and starts the Python
// bridge first (prestart) so that Python boots while the rest of ndbg loads.
import { prestart } from '../dist/prestart.js';

const argv = process.argv.slice(2);
const spawned = prestart(argv);
const { run } = await import('../dist/cli.js');
run(argv, spawned);
