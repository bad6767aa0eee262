// `ndbg dap`: a Debug Adapter Protocol server on stdin/stdout, for editors
// (VS Code, nvim-dap, dape, Zed). Everything it has to say goes through the
// protocol: nothing else may write to stdout. docs/dap.md.

import { NdbgDebugSession } from './adapter.js';

export const DAP_USAGE = `usage: ndbg dap

Speak the Debug Adapter Protocol on stdin/stdout: an editor starts this and
sends 'launch' with "program", "engine" ("neural" or "python"), "args", "cwd",
"python", "stdin", "stopOnEntry", "verify". See docs/dap.md.
`;

/** Runs the adapter until the editor disconnects (or closes stdin); resolves with the exit status. */
export async function runDap(argv: string[]): Promise<number> {
  if (argv.includes('-h') || argv.includes('--help')) {
    process.stdout.write(DAP_USAGE);
    return 0;
  }
  if (argv.length > 0) {
    process.stderr.write(`ndbg dap: unexpected argument '${argv[0]}': the launch configuration says what to debug (ndbg dap --help)\n`);
    return 2;
  }
  return new Promise<number>((resolve) => {
    const session = new NdbgDebugSession(() => resolve(0));
    session.start(process.stdin, process.stdout);
  });
}
