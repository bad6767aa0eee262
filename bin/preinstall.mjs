#!/usr/bin/env node
// ndbg's preinstall: keeps onnxruntime-node's install script off the network.
//
// On Linux x64, onnxruntime-node's postinstall downloads its CUDA provider
// libraries from NuGet unless they are already present or the user set
// ONNXRUNTIME_NODE_INSTALL / --onnxruntime-node-install. On a machine that
// reaches only the npm registry, that download fails and so does the whole
// `npm install -g ndbg` / `npx ndbg`. ndbg runs on the CPU binaries the npm
// package ships; CUDA is an opt-in (README, docs/runtime.md).
//
// A dependent package cannot pass that setting to its dependency's script,
// but npm runs every package's preinstall before any postinstall (npm 10 and
// 11), and the script skips the download when the files it would fetch exist.
// So this writes a short text file at each of those paths (the list is read
// from onnxruntime-node's own install metadata), saying how to get the real
// ones. src/model/runtime/onnx.ts tells a placeholder from a library by its ELF magic;
// `ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node` overwrites them.
//
// Never fails the install: on any surprise it says why and leaves things be.

import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLACEHOLDER_NOTE =
  "ndbg placeholder, not a library: written by ndbg's preinstall so that onnxruntime-node's\n" +
  'install script does not download the CUDA provider from outside the npm registry.\n' +
  "For CUDA: ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node (see ndbg's docs/runtime.md).\n";

/** Whether the user chose what onnxruntime-node installs (its own script honours that). */
export function userChoseInstall(env) {
  return ['ONNXRUNTIME_NODE_INSTALL', 'npm_config_onnxruntime_node_install', 'ONNXRUNTIME_NODE_INSTALL_CUDA', 'npm_config_onnxruntime_node_install_cuda'].some(
    (k) => env[k] !== undefined && env[k] !== '',
  );
}

/** The paths onnxruntime-node's install script would download on this platform. */
export function downloadTargets(ortDir, platform = process.platform, arch = process.arch) {
  const require = createRequire(join(ortDir, 'package.json'));
  const meta = require('./script/install-metadata.js');
  const key = `${platform}/${arch}`;
  const bin = join(ortDir, 'bin', 'napi-v6', platform, arch);
  const targets = [];
  for (const name of meta.requirements?.[key] ?? []) {
    for (const file of Object.keys(meta.manifests?.[`${key}:${name}`] ?? {})) targets.push(join(bin, file));
  }
  return targets;
}

/** Writes the placeholders; returns the paths written. */
export function seedPlaceholders(ortDir) {
  const written = [];
  for (const path of downloadTargets(ortDir)) {
    if (existsSync(path)) continue;
    writeFileSync(path, PLACEHOLDER_NOTE);
    written.push(path);
  }
  return written;
}

function main() {
  const env = process.env;
  if (userChoseInstall(env)) return;
  const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  // A checkout of ndbg itself (npm ci in the repository): package.json's
  // allowScripts keeps onnxruntime-node's script from running there.
  if (env.npm_config_local_prefix && resolve(env.npm_config_local_prefix) === here) return;
  let ortDir;
  try {
    ortDir = dirname(createRequire(join(here, 'package.json')).resolve('onnxruntime-node/package.json'));
  } catch {
    return; // not installed (yet): nothing of it will run
  }
  try {
    seedPlaceholders(ortDir);
  } catch (err) {
    process.stderr.write(`ndbg preinstall: left onnxruntime-node as it is (${err?.message ?? err})\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
