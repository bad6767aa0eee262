#!/usr/bin/env node
// Bundles the compiled CLI (dist/, from tsc) into dist/bundle/: what bin/ndbg.js
// loads and what the npm package ships, so that ndbg starts fast.
//
// Why: Node resolves, reads and compiles every module file on its own. Ink and its
// two dozen dependencies took 0.7-1.0 s to import as separate files on a 2-core
// machine, and 0.16-0.20 s as one bundled chunk (bench/startup.js measures the whole
// start). Chunks are split at each dynamic import, so line mode still loads no
// React, Ink or onnxruntime, and the python engine no model code.
//
// Three substitutions, all for start-up and all invisible in behaviour:
//   - react, react-reconciler and scheduler resolve to their production builds
//     (their index.js picks one by NODE_ENV at run time; the TUI always ran the
//     production one: src/repl/tui/index.tsx);
//   - highlight.js (used by cli-highlight, which ndbg calls only for Python) is its
//     core with the Python grammar registered, not all 190 languages;
//   - Yoga (Ink's layout engine) reads its WebAssembly from a base64 data: URL. Its
//     loader fetch()es that URL wherever fetch exists, and Node's first fetch loads
//     undici, Node's HTTP client: 60 ms of CPU on the way to the TUI's first screen.
//     It decodes the same bytes from the string itself instead (its own fallback).
//
// The bundle sits two folders below the package root, like every dist/<dir>/<file>.js,
// so the paths modules compute from import.meta.url (models/, python/) stay right.
//
// Usage: node scripts/bundle.mjs   (npm run build runs it after tsc)

import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bundle');

// Each package's production build, beside its index.js (their "exports" hide the files).
const PRODUCTION = {
  react: ['react', 'react.production.js'],
  'react/jsx-runtime': ['react', 'react-jsx-runtime.production.js'],
  'react-reconciler': ['react-reconciler', 'react-reconciler.production.js'],
  'react-reconciler/constants': ['react-reconciler', 'react-reconciler-constants.production.js'],
  scheduler: ['scheduler', 'scheduler.production.js'],
};

/** Resolve `spec` as the package that imports it would (cli-highlight has its own copies). */
function resolveFrom(spec, importer) {
  return createRequire(importer || join(root, 'package.json')).resolve(spec);
}

function production(spec, importer) {
  const [pkg, file] = PRODUCTION[spec];
  return join(dirname(resolveFrom(pkg, importer)), 'cjs', file);
}

const substitutions = {
  name: 'ndbg-substitutions',
  setup(b) {
    b.onResolve({ filter: /^(react|react\/jsx-runtime|react-reconciler|react-reconciler\/constants|scheduler)$/ }, (a) => ({
      path: production(a.path, a.importer),
    }));
    b.onResolve({ filter: /^highlight\.js$/ }, (a) => ({
      path: 'highlight.js',
      namespace: 'ndbg-hljs',
      pluginData: { core: resolveFrom('highlight.js/lib/core', a.importer), python: resolveFrom('highlight.js/lib/languages/python', a.importer) },
    }));
    b.onLoad({ filter: /yoga-wasm-base64-esm\.js$/ }, (a) => {
      const text = readFileSync(a.path, 'utf8');
      const fetching = 'function ya(){return w||"function"!=typeof fetch?';
      if (!text.includes(fetching)) {
        console.warn(`scripts/bundle.mjs: ${a.path} no longer fetches its data: URL as it did; left as it is (check the TUI's start-up)`);
        return undefined;
      }
      return { contents: text.replace(fetching, 'function ya(){return true?'), loader: 'js' };
    });
    b.onLoad({ filter: /.*/, namespace: 'ndbg-hljs' }, (a) => ({
      contents:
        `const hljs = require(${JSON.stringify(a.pluginData.core)});\n` +
        `hljs.registerLanguage('python', require(${JSON.stringify(a.pluginData.python)}));\n` +
        'module.exports = hljs;\n',
      loader: 'js',
      resolveDir: root,
    }));
  },
};

rmSync(out, { recursive: true, force: true });
const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // identifiers kept: NDBG_DEBUG=1 stack traces stay readable without source maps
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  logLevel: 'warning',
};
const result = await build({
  ...common,
  entryPoints: { prestart: join(root, 'dist', 'prestart.js'), cli: join(root, 'dist', 'cli.js') },
  outdir: out,
  splitting: true,
  // onnxruntime-node is a native addon with its binaries beside it; react-devtools-core
  // is Ink's optional DEV=true tool, not a dependency.
  external: ['onnxruntime-node', 'react-devtools-core'],
  // CommonJS dependencies call require(); ESM output has none of its own.
  banner: { js: "import { createRequire as __ndbgRequire } from 'node:module'; const require = __ndbgRequire(import.meta.url);" },
  plugins: [substitutions],
  metafile: true,
});
if (process.env.NDBG_BUNDLE_META) writeFileSync(process.env.NDBG_BUNDLE_META, JSON.stringify(result.metafile));
await mergeCore(result.metafile);

/**
 * Second pass: everything line mode loads becomes one file, dist/bundle/cli.js.
 *
 * Why: splitting leaves the modules cli.js and prestart.js load at start in a
 * dozen and a half chunks, one per set of entries that share them, and Node's ESM
 * loader costs about 2 ms of CPU per module file (resolve, read, compile, link):
 * the chunks took 50 ms where the same code as one file takes 17 (node 20, perf
 * stat, two busy cores). The merged file exports what the chunks did, and the
 * chunks loaded later (the TUI, the neural engine, MCP...) import it from there
 * instead, so every module still has one instance (UserError, the analyses
 * started early). prestart.js goes: bin/ndbg.js takes prestart from cli.js.
 */
async function mergeCore(meta) {
  const rel = (f) => `./${relative(out, join(root, f))}`;
  const core = new Set(['dist/bundle/cli.js', 'dist/bundle/prestart.js']);
  const walk = (f) => {
    for (const i of meta.outputs[f].imports) {
      if (i.kind === 'import-statement' && !i.external && !core.has(i.path)) {
        core.add(i.path);
        walk(i.path);
      }
    }
  };
  for (const f of [...core]) walk(f);
  const owner = new Map();
  for (const f of core) {
    for (const name of meta.outputs[f].exports) {
      if (owner.has(name)) throw new Error(`scripts/bundle.mjs: ${f} and ${owner.get(name)} both export '${name}': rename one`);
      owner.set(name, f);
    }
  }
  const entry = [...core]
    .map((f) => ({ f, names: meta.outputs[f].exports }))
    .map(({ f, names }) => (names.length ? `export { ${names.join(', ')} } from ${JSON.stringify(rel(f))};` : `import ${JSON.stringify(rel(f))};`))
    .join('\n');
  const coreFiles = new Set([...core].map((f) => join(root, f)));
  const merged = join(out, 'core.tmp.js');
  await build({
    ...common,
    stdin: { contents: entry, resolveDir: out, sourcefile: 'core.js', loader: 'js' },
    outfile: merged,
    external: ['onnxruntime-node', 'react-devtools-core'],
    plugins: [
      {
        // the chunks loaded later stay where they are
        name: 'ndbg-core-only',
        setup(b) {
          b.onResolve({ filter: /^\.\// }, (a) => {
            const path = join(a.resolveDir, a.path);
            return coreFiles.has(path) ? { path } : { path: a.path, external: true };
          });
        },
      },
    ],
  });
  for (const f of core) {
    rmSync(join(root, f), { force: true });
    rmSync(join(root, `${f}.LEGAL.txt`), { force: true });
  }
  renameSync(merged, join(out, 'cli.js'));
  if (existsSync(`${merged}.LEGAL.txt`)) renameSync(`${merged}.LEGAL.txt`, join(out, 'cli.js.LEGAL.txt'));
  // the other chunks import the core modules from the merged file
  const names = [...core].map((f) => rel(f).slice(2)).filter((n) => n !== 'cli.js');
  const specifier = new RegExp(`(["'])\\./(${names.map((n) => n.replaceAll('.', '\\.')).join('|')})\\1`, 'g');
  for (const f of readdirSync(out)) {
    if (!f.endsWith('.js') || f === 'cli.js') continue;
    const path = join(out, f);
    const text = readFileSync(path, 'utf8');
    const next = text.replace(specifier, '$1./cli.js$1');
    if (next !== text) writeFileSync(path, next);
  }
}
