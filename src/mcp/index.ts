// `ndbg mcp`: the MCP server over stdio. stdout carries only the protocol;
// when the client goes away (stdin ends) every session and its processes end.

import { packageVersion } from '../meta/version.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { UserError } from '../engine/errors.js';
import { createNdbgMcp } from './server.js';

export const MCP_USAGE = `usage: ndbg mcp [--python PATH] [--model DIR]

Serve ndbg's debugger as MCP tools over stdio (docs/mcp.md). Client configuration:
  {"mcpServers": {"ndbg": {"command": "npx", "args": ["ndbg", "mcp"]}}}

options:
  --python PATH   Python interpreter for python-engine sessions (default: python3)
  --model DIR     neural engine: model directory
  -h, --help      show this help and exit
`;

function parse(argv: string[]): { python?: string; model?: string; help: boolean } {
  const o: { python?: string; model?: string; help: boolean } = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-h' || a === '--help') o.help = true;
    else if (a === '--python' || a === '--model') {
      const v = argv[++i];
      if (v === undefined) throw new UserError(`ndbg mcp: option ${a} needs a value\nRun 'ndbg mcp --help' for usage.`, 2);
      if (a === '--python') o.python = v;
      else o.model = v;
    } else throw new UserError(`ndbg mcp: unknown argument '${a}'\nRun 'ndbg mcp --help' for usage.`, 2);
  }
  return o;
}

export async function runMcp(argv: string[]): Promise<number> {
  const o = parse(argv);
  if (o.help) {
    process.stdout.write(MCP_USAGE);
    return 0;
  }
  const mcp = createNdbgMcp(packageVersion(), { python: o.python, model: o.model });
  const transport = new StdioServerTransport();
  const gone = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = () => resolve();
  });
  // Ctrl-C or a kill by the client: end the sessions first
  const onSignal = () => void mcp.close().finally(() => process.exit(0));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await mcp.server.connect(transport);
  await gone;
  await mcp.close();
  await mcp.server.close().catch(() => undefined);
  // nothing of a session may keep the process alive now
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}
