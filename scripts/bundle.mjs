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
// Two substitutions, both for start-up and both invisible in behaviour:
//   - react, react-reconciler and scheduler resolve to their production builds
//     (their index.js picks one by NODE_ENV at run time; the TUI always ran the
//     production one: src/repl/tui/index.tsx);
//   - highlight.js (used by cli-highlight, which ndbg calls only for Python) is its
//     core with the Python grammar registered, not all 190 languages.
//
// The bundle sits two folders below the package root, like every dist/<dir>/<file>.js,
// so the paths modules compute from import.meta.url (models/, python/) stay right.
//
// Usage: node scripts/bundle.mjs   (npm run build runs it after tsc)

import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
const result = await build({
  entryPoints: { prestart: join(root, 'dist', 'prestart.js'), cli: join(root, 'dist', 'cli.js') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // identifiers kept: NDBG_DEBUG=1 stack traces stay readable without source maps
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  // onnxruntime-node is a native addon with its binaries beside it; react-devtools-core
  // is Ink's optional DEV=true tool, not a dependency.
  external: ['onnxruntime-node', 'react-devtools-core'],
  // CommonJS dependencies call require(); ESM output has none of its own.
  banner: { js: "import { createRequire as __ndbgRequire } from 'node:module'; const require = __ndbgRequire(import.meta.url);" },
  plugins: [substitutions],
  logLevel: 'warning',
  metafile: Boolean(process.env.NDBG_BUNDLE_META),
});
if (result.metafile) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.NDBG_BUNDLE_META, JSON.stringify(result.metafile));
}
