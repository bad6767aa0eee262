#!/usr/bin/env node
// Runs the bundled CLI (dist/bundle/, built by `npm run build`: tsc, then
// scripts/bundle.mjs), never TypeScript, and starts the Python processes first
// (prestart) so that Python boots while ndbg sets up the session (and, for the
// neural engine, loads its code).
//
// The bundle's chunks are scripts, not ES modules (scripts/bundle.mjs, toScripts):
// Node 20 keeps no compiled code for modules, and compiling ndbg's code was most
// of what loading it cost. Each chunk is compiled with the code V8 made for it on
// an earlier run, kept in $XDG_CACHE_HOME/ndbg/v8 (default ~/.cache/ndbg/v8;
// NDBG_CODE_CACHE names another folder, or `off`). A cache file is named by the
// chunk's bytes and Node's version and arch, and V8 checks its own version and
// flags, so a stale one is never used; one that is missing, stale or unreadable
// is written at exit, and a folder that cannot be written only costs the cache.
//
// This file is CommonJS (bin/package.json): an ES module entry point costs Node
// its ESM loader's start, 7-9 ms of CPU, and nothing here needs it.
'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { builtinModules } = require('node:module');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const BUNDLE = join(__dirname, '..', 'dist', 'bundle');

function cacheDir() {
  const env = process.env;
  if (env.NDBG_CODE_CACHE === 'off') return null;
  if (env.NDBG_CODE_CACHE) return env.NDBG_CODE_CACHE;
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'ndbg', 'v8');
}
const CACHE = cacheDir();

const chunks = new Map(); // file -> Promise of its exports
const unsaved = []; // [script, cache file] to write at exit
const BUILTIN = new Set(builtinModules);
const builtins = new Map(); // specifier -> Promise of its namespace, as import() gives it

/**
 * A chunk's exports (loaded once); a builtin's namespace (its exports and a
 * default, as import() gives it, without starting the ESM loader); any other
 * specifier imported as a module.
 */
function load(spec) {
  if (!spec.startsWith('./')) {
    if (!BUILTIN.has(spec.replace(/^node:/, ''))) return import(spec);
    let ns = builtins.get(spec);
    if (!ns) {
      const m = require(spec);
      builtins.set(spec, (ns = Promise.resolve(Object.freeze({ ...m, default: m }))));
    }
    return ns;
  }
  const file = join(BUNDLE, spec.slice(2));
  let p = chunks.get(file);
  if (!p) chunks.set(file, (p = runChunk(file)));
  return p;
}

async function runChunk(file) {
  const source = readFileSync(file, 'utf8');
  let cachePath;
  let cachedData;
  if (CACHE) {
    const key = createHash('sha1').update(source).update(`\0${process.version}\0${process.arch}`).digest('hex').slice(0, 20);
    const name = file.slice(BUNDLE.length + 1).replace(/\.js$/, '');
    cachePath = join(CACHE, `${name}.${key}.bin`);
    try {
      cachedData = readFileSync(cachePath);
    } catch {
      // first run of this chunk
    }
  }
  const script = new Script(source, { filename: file, cachedData });
  if (cachePath && (!cachedData || script.cachedDataRejected)) {
    if (!unsaved.length) process.once('exit', saveCaches);
    unsaved.push([script, cachePath]);
  }
  const chunk = { load, exports: undefined, meta: { url: pathToFileURL(file).href, filename: file, dirname: dirname(file) } };
  await script.runInThisContext()(chunk);
  return chunk.exports;
}

/** At exit, when the code that ran is compiled: the chunks without a usable cache. */
function saveCaches() {
  try {
    mkdirSync(CACHE, { recursive: true });
    for (const [script, path] of unsaved) {
      const data = script.createCachedData();
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, data);
      renameSync(tmp, path);
      // the same chunk's caches for other bytes (an older build) go
      const base = path.slice(CACHE.length + 1).replace(/\.[0-9a-f]+\.bin$/, '.');
      for (const f of readdirSync(CACHE)) {
        if (f.startsWith(base) && f.endsWith('.bin') && join(CACHE, f) !== path && /^[0-9a-f]+\.bin$/.test(f.slice(base.length)))
          rmSync(join(CACHE, f), { force: true });
      }
    }
  } catch {
    // an unwritable cache folder only costs the cache
  }
}

// One file: what line mode needs (scripts/bundle.mjs, mergeCore).
load('./cli.js').then(({ prestart, run }) => {
  const argv = process.argv.slice(2);
  run(argv, prestart(argv));
});
