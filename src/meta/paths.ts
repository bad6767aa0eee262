// Where the package's shipped folders are, for modules that find them from their own
// location. This file sits two levels below the package root wherever it runs
// (src/meta/*.ts, dist/meta/*.js, or inside a chunk of dist/bundle/*.js), so the path
// from import.meta.url is right in each. A module in a deeper folder takes its paths
// from here: its own depth differs between dist/ and the bundle.
import { fileURLToPath } from 'node:url';

/** models/ of this package. */
export const MODELS_DIR = fileURLToPath(new URL('../../models/', import.meta.url));

/** python/ of this package (the analysis runs with it on PYTHONPATH). */
export const PYTHON_DIR = fileURLToPath(new URL('../../python/', import.meta.url));
