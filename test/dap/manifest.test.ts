// The VS Code extension in editors/vscode: its manifest contributes the `ndbg`
// debug type with exactly the launch attributes the adapter reads, and its
// extension.js, loaded against a stand-in for the `vscode` module, runs
// `ndbg dap` as the adapter.

import { existsSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCH_ATTRIBUTES } from '../../src/dap/launchArgs.js';
import { ROOT } from './harness.js';

const DIR = join(ROOT, 'editors', 'vscode');

interface Debugger {
  type: string;
  languages?: string[];
  configurationAttributes: { launch: { properties: Record<string, { type: string; enum?: string[] }> } };
  initialConfigurations: Array<Record<string, unknown>>;
  configurationSnippets: Array<{ label: string; body: Record<string, unknown> }>;
}

const manifest = JSON.parse(readFileSync(join(DIR, 'package.json'), 'utf8')) as {
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  contributes: { debuggers: Debugger[]; breakpoints: Array<{ language: string }> };
};

describe('editors/vscode', () => {
  const dbg = manifest.contributes.debuggers.find((d) => d.type === 'ndbg')!;

  it('contributes the ndbg debug type for Python, with breakpoints in Python files', () => {
    expect(dbg).toBeDefined();
    expect(dbg.languages).toEqual(['python']);
    expect(manifest.contributes.breakpoints).toEqual([{ language: 'python' }]);
    expect(manifest.engines.vscode).toMatch(/^\^1\.\d+/);
  });

  it("declares exactly the launch attributes the adapter reads; engine is 'neural' or 'python'", () => {
    const props = dbg.configurationAttributes.launch.properties;
    expect(Object.keys(props).sort()).toEqual([...LAUNCH_ATTRIBUTES].sort());
    expect(props.program!.type).toBe('string');
    expect(props.args!.type).toBe('array');
    expect(props.engine!.enum).toEqual(['neural', 'python']);
    expect(props.stopOnEntry!.type).toBe('boolean');
  });

  it('offers launch configurations and snippets of type ndbg', () => {
    expect(dbg.initialConfigurations.length).toBeGreaterThan(0);
    for (const c of dbg.initialConfigurations) expect(c).toMatchObject({ type: 'ndbg', request: 'launch', program: '${file}' });
    expect(dbg.configurationSnippets.length).toBeGreaterThan(0);
    for (const s of dbg.configurationSnippets) expect(s.body).toMatchObject({ type: 'ndbg', request: 'launch' });
    const engines = dbg.initialConfigurations.map((c) => c.engine);
    expect(engines).toEqual(expect.arrayContaining(['neural', 'python']));
  });

  it('activates for the debug type, and its main file runs `ndbg dap`', () => {
    expect(manifest.activationEvents).toContain('onDebugResolve:ndbg');
    const main = join(DIR, manifest.main);
    expect(existsSync(main)).toBe(true);

    // a stand-in for the `vscode` module: what the extension registers
    const factories: Record<string, { createDebugAdapterDescriptor: () => { command: string; args: string[] } }> = {};
    const providers: Record<string, { resolveDebugConfiguration: (f: unknown, c: Record<string, unknown>) => unknown }> = {};
    let settingPath = 'ndbg';
    const vscode = {
      DebugAdapterExecutable: class {
        constructor(
          readonly command: string,
          readonly args: string[],
        ) {}
      },
      workspace: { getConfiguration: () => ({ get: () => settingPath }) },
      window: { activeTextEditor: { document: { languageId: 'python' } }, showInformationMessage: async () => undefined },
      debug: {
        registerDebugAdapterDescriptorFactory: (type: string, f: (typeof factories)[string]) => ((factories[type] = f), { dispose() {} }),
        registerDebugConfigurationProvider: (type: string, p: (typeof providers)[string]) => ((providers[type] = p), { dispose() {} }),
      },
    };
    const M = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const load = M._load;
    M._load = (request, ...rest) => (request === 'vscode' ? vscode : load(request, ...rest));
    try {
      const ext = createRequire(main)(main) as { activate: (c: { subscriptions: unknown[] }) => void };
      ext.activate({ subscriptions: [] });
    } finally {
      M._load = load;
    }
    expect(factories.ndbg!.createDebugAdapterDescriptor()).toMatchObject({ command: 'ndbg', args: ['dap'] });
    settingPath = '/opt/ndbg/bin/ndbg.js';
    expect(factories.ndbg!.createDebugAdapterDescriptor()).toMatchObject({ command: 'node', args: ['/opt/ndbg/bin/ndbg.js', 'dap'] });
    // F5 without a launch.json: the Python file in the editor
    expect(providers.ndbg!.resolveDebugConfiguration(undefined, {})).toMatchObject({ type: 'ndbg', request: 'launch', program: '${file}' });
  });

  it('is not shipped in the npm package', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files.some((f) => f.startsWith('editors'))).toBe(false);
  });
});
