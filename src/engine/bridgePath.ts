import { fileURLToPath } from 'node:url';

// dist/engine/*.js and src/engine/*.ts both sit two levels below the package
// root, which ships python/ndbg/ (see package.json "files").
export function bridgeScript(): string {
  return fileURLToPath(new URL('../../python/ndbg/bridge.py', import.meta.url));
}
