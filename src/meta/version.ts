// ndbg's version, from the package's package.json. Read relative to this file,
// which sits two folders below the package root in src/, in dist/ and in the
// bundle (dist/bundle/, scripts/bundle.mjs), like every path ndbg computes from
// import.meta.url.
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
