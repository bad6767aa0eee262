import { fileURLToPath } from 'node:url';

// The bridge is the package directory python/ndbg/bridge/, run as
// `python3 DIR` (its __main__.py loads the package from there).
// dist/engine/*.js and src/engine/*.ts both sit two levels below the package
// root, which ships python/ndbg/bridge/ (see package.json "files").
export function bridgeDir(): string {
  return fileURLToPath(new URL('../../python/ndbg/bridge', import.meta.url));
}

/** A script of the shipped python/ndbg/analysis/ (stdlib only), to run as `python3 -I FILE`. */
export function analysisScript(name: string): string {
  return fileURLToPath(new URL(`../../python/ndbg/analysis/${name}`, import.meta.url));
}
