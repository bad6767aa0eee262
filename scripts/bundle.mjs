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
// Four substitutions, all for speed and all invisible in behaviour:
//   - react, react-reconciler and scheduler resolve to their production builds
//     (their index.js picks one by NODE_ENV at run time; the TUI always ran the
//     production one: src/repl/tui/index.tsx);
//   - Yoga (Ink's layout engine) reads its WebAssembly from a base64 data: URL. Its
//     loader fetch()es that URL wherever fetch exists, and Node's first fetch loads
//     undici, Node's HTTP client: 60 ms of CPU on the way to the TUI's first screen.
//     It decodes the same bytes from the string itself instead (its own fallback).
//   - string-width, which Ink and its helpers call for every line of every frame,
//     keeps what it measured and measures plain text itself
//     (src/repl/tui/stringWidth.ts): string-width puts a line with one non-ASCII
//     character (a border, the current-line arrow) through Intl.Segmenter and
//     Unicode-property regular expressions, 30-45 ms of the TUI's first frame
//     here. Calls with options are passed through; each version its own cache.
//   - Ink's Output (the grid a frame is drawn into) gets a fast path for lines that
//     are already cut to their place (src/repl/tui/inkOutput.ts): Ink's own cuts
//     every cell of every frame into an object, 40-60 ms of the first frame.
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

/** Resolve `spec` as the package that imports it would (wrap-ansi has its own string-width). */
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
    b.onLoad({ filter: /yoga-wasm-base64-esm\.js$/ }, (a) => {
      const text = readFileSync(a.path, 'utf8');
      const fetching = 'function ya(){return w||"function"!=typeof fetch?';
      if (!text.includes(fetching)) {
        console.warn(`scripts/bundle.mjs: ${a.path} no longer fetches its data: URL as it did; left as it is (check the TUI's start-up)`);
        return undefined;
      }
      return { contents: text.replace(fetching, 'function ya(){return true?'), loader: 'js' };
    });
    b.onResolve({ filter: /^\.\/output\.js$/ }, (a) => {
      if (!/[\\/]ink[\\/]build[\\/]renderer\.js$/.test(a.importer)) return undefined;
      return { path: join(dirname(a.importer), 'output.js'), namespace: 'ndbg-ink-output' };
    });
    b.onLoad({ filter: /.*/, namespace: 'ndbg-ink-output' }, (a) => ({
      contents:
        `import InkOutput from ${JSON.stringify(a.path)};\n` +
        `import stringWidth from 'string-width';\n` +
        `import { fasterOutput } from ${JSON.stringify(join(root, 'dist', 'repl', 'tui', 'inkOutput.js'))};\n` +
        'export default fasterOutput(InkOutput, stringWidth);\n',
      loader: 'js',
      // string-width as Ink's Output resolves it (through the memo below)
      resolveDir: dirname(a.path),
    }));
    b.onResolve({ filter: /^string-width$/ }, (a) => {
      if (a.namespace === 'ndbg-width') return undefined; // the wrapper's own import: the real one
      return { path: resolveFrom('string-width', a.importer), namespace: 'ndbg-width' };
    });
    b.onLoad({ filter: /.*/, namespace: 'ndbg-width' }, (a) => ({
      contents:
        `import measure from ${JSON.stringify(a.path)};\n` +
        `import { rememberedWidth } from ${JSON.stringify(join(root, 'dist', 'repl', 'tui', 'stringWidth.js'))};\n` +
        'export default rememberedWidth(measure);\n',
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
await toScripts();

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

/**
 * Third pass: every chunk becomes a script that bin/ndbg.js compiles with
 * `vm.Script` and V8's code cache, an async function of one argument:
 *
 *   (async function (__ndbgChunk) { "use strict"; ...the module's code... })
 *
 * Why: Node 20 caches no compiled code for ES modules (module.enableCompileCache
 * is Node 22), and compiling is most of what loading ndbg costs: the TUI's chunk
 * (1 MB: Ink, React, the highlighter) took 140 ms of CPU to load, 60 of them
 * again on every start. A script can be given the code V8 compiled for it the
 * last time (`cachedData`), and an async function runs the chunks' top-level
 * awaits (Ink's and Yoga's) as a module would.
 *
 * The module syntax maps one to one: static imports (hoisted, in order) become
 * `const {a: b} = await __ndbgChunk.load("./x.js")` at the top; `import("./x.js")`
 * becomes `__ndbgChunk.load("./x.js")` (both load a chunk once, or import() any
 * other specifier from bin/ndbg.js); `import.meta` is `__ndbgChunk.meta` (the
 * chunk's own url, filename, dirname, so paths computed from it are unchanged);
 * the export list becomes getters set before the code runs, live like a module's.
 * An importer's names are read once, when the chunk it imports has run; the
 * build fails if a chunk exports a name it assigns more than once, where that
 * would differ from a module's live binding.
 */
async function toScripts() {
  const { init, parse } = await import('es-module-lexer');
  await init;
  const PREFIX = '(async function(__ndbgChunk){"use strict";';
  for (const f of readdirSync(out)) {
    if (!f.endsWith('.js')) continue;
    const path = join(out, f);
    const text = readFileSync(path, 'utf8');
    const [imports, exports] = parse(text, f);
    const edits = []; // [start, end, replacement], in order
    const hoisted = [];
    for (const i of imports) {
      if (i.d === -2) {
        edits.push([i.s, i.e, '__ndbgChunk.meta']);
      } else if (i.d > -1) {
        // import(spec): the keyword only, the argument stays
        edits.push([i.ss, i.d, '__ndbgChunk.load']);
      } else {
        const statement = text.slice(i.ss, i.se);
        const end = text[i.se] === ';' ? i.se + 1 : i.se;
        edits.push([i.ss, end, '']);
        hoisted.push(importAsConst(statement, i.n, f));
      }
    }
    if (exports.length) {
      const ss = exports[0].ss;
      if (exports.some((e) => e.ss !== ss) || !text.startsWith('export{', ss))
        throw new Error(`scripts/bundle.mjs: ${f}: exports other than one export{...} list`);
      let end = text.indexOf('}', exports.at(-1).e) + 1;
      if (text[end] === ';') end++;
      edits.push([ss, end, '']);
      for (const e of exports) checkAssignedOnce(text, e.ln, f);
      const getters = exports.map((e) => `get ${JSON.stringify(e.n)}(){return ${e.ln}}`).join(',');
      hoisted.unshift(`__ndbgChunk.exports={${getters}};`);
    } else hoisted.unshift('__ndbgChunk.exports={};');
    edits.sort((a, b) => a[0] - b[0]);
    let body = '';
    let at = 0;
    for (const [s, e, r] of edits) {
      if (s < at) throw new Error(`scripts/bundle.mjs: ${f}: overlapping module syntax at ${s}`);
      body += text.slice(at, s) + r;
      at = e;
    }
    body += text.slice(at);
    writeFileSync(path, `${PREFIX}${hoisted.join('')}\n${body}\n})`);
  }
}

/** One static import statement (esbuild's minified form) as a const declaration. */
function importAsConst(statement, spec, file) {
  const m = /^import\s*([^"']*?)\s*(?:from\s*)?["'][^"']*["']$/.exec(statement);
  if (!m) throw new Error(`scripts/bundle.mjs: ${file}: unexpected import: ${statement}`);
  const load = `await __ndbgChunk.load(${JSON.stringify(spec)})`;
  const clause = m[1];
  if (!clause) return `${load};`;
  const parts = [];
  let ns;
  const re = /\s*(?:\*\s*as\s+([\w$]+)|\{([^}]*)\}|([\w$]+))\s*(?:,|$)/gy;
  let p;
  let seen = 0;
  while (seen < clause.length && (p = re.exec(clause))) {
    seen = re.lastIndex;
    if (p[1]) ns = p[1];
    else if (p[3]) parts.push(`default:${p[3]}`);
    else
      for (const spec of p[2]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [name, local] = spec.split(/\s+as\s+/);
        parts.push(local ? `${name}:${local}` : name);
      }
  }
  if (seen !== clause.length) throw new Error(`scripts/bundle.mjs: ${file}: unexpected import clause: ${statement}`);
  if (ns && parts.length) return `const ${ns}=${load},{${parts.join(',')}}=${ns};`;
  if (ns) return `const ${ns}=${load};`;
  return `const{${parts.join(',')}}=${load};`;
}

/** A module's export is live; the script's importers read it once: refuse names assigned again. */
function checkAssignedOnce(text, name, file) {
  const id = name.replaceAll('$', '\\$');
  const declared = new RegExp(`(?:^|[^\\w$.])(?:let|var)\\s+(?:[\\w$]+(?:=[^,;]*)?,)*${id}\\b`).test(text);
  if (!declared) return;
  const assigned = text.match(
    new RegExp(`(?:^|[^\\w$.])${id}\\s*(?:[-+*/%&|^]|\\?\\?|&&|\\|\\||<<|>>>?|\\*\\*)?=(?![=>])|(?:\\+\\+|--)${id}\\b|${id}(?:\\+\\+|--)`, 'g'),
  );
  if ((assigned?.length ?? 0) > 1) throw new Error(`scripts/bundle.mjs: ${file} exports '${name}' and assigns it again: importers would not see the change`);
}
