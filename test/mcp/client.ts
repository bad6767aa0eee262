// The SDK's own MCP client against the real `node bin/ndbg.js mcp` process
// over stdio (dist/ built first, as for the other tests).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { NDBG, PYTHON, ROOT } from '../parityHarness.js';

export interface Ndbg {
  client: Client;
  transport: StdioClientTransport;
  /** Call a tool; the result as the client got it. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Call a tool that must succeed; its structured content. */
  ok<T = Record<string, any>>(name: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

export async function connect(): Promise<Ndbg> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [NDBG, 'mcp', '--python', PYTHON],
    cwd: ROOT,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'ndbg-test', version: '0.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  return {
    client,
    transport,
    call,
    ok: async (name, args = {}) => {
      const r = await call(name, args);
      if (r.isError) throw new Error(`${name} failed: ${textOf(r)}`);
      return r.structuredContent as any;
    },
    close: () => client.close(),
  };
}

export function textOf(r: CallToolResult): string {
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** A temporary directory with the given files; removed by the returned function. */
export function scripts(files: Record<string, string>): { dir: string; path: (name: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'ndbg-mcp-test-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir, path: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
