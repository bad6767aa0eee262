#!/usr/bin/env node
// Runs the compiled CLI (dist/), never TypeScript: start-up stays fast.
import { run } from '../dist/cli.js';

run(process.argv.slice(2));
