// The VS Code side of ndbg: runs `ndbg dap` as the debug adapter for the
// `ndbg` debug type, and gives F5 without a launch.json a configuration for
// the Python file in the editor. No build step: plain CommonJS.
'use strict';

const vscode = require('vscode');

/** `ndbg dap`, or `node path/to/bin/ndbg.js dap` when the setting names the script. */
function adapterExecutable() {
  const path = vscode.workspace.getConfiguration('ndbg').get('path') || 'ndbg';
  if (path.endsWith('.js')) return new vscode.DebugAdapterExecutable('node', [path, 'dap']);
  return new vscode.DebugAdapterExecutable(path, ['dap']);
}

function activate(context) {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('ndbg', {
      createDebugAdapterDescriptor: () => adapterExecutable(),
    }),
    vscode.debug.registerDebugConfigurationProvider('ndbg', {
      resolveDebugConfiguration(folder, config) {
        if (!config.type && !config.request && !config.name) {
          const editor = vscode.window.activeTextEditor;
          if (editor && editor.document.languageId === 'python') {
            config.type = 'ndbg';
            config.request = 'launch';
            config.name = 'ndbg: current file';
            config.program = '${file}';
          }
        }
        if (!config.program && !config.module) {
          return vscode.window
            .showInformationMessage('ndbg: the launch configuration needs "program": the Python script to debug.')
            .then(() => undefined);
        }
        return config;
      },
    }),
  );
}

function deactivate() {}

module.exports = { activate, deactivate };
