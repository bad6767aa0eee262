// The MCP server: ndbg's debugger as tools (src/mcp/tools/), over the
// official TypeScript SDK. Holds the sessions and the world model.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WorldModel } from './predict.js';
import { SessionRegistry } from './registry.js';
import { registerBreakpointTools } from './tools/breakpoints.js';
import { registerControlTools } from './tools/control.js';
import { registerInspectTools } from './tools/inspect.js';
import { registerPredictTools } from './tools/predict.js';
import { registerSessionTools, type ServerDefaults } from './tools/sessions.js';

export interface NdbgMcp {
  server: McpServer;
  sessions: SessionRegistry;
  world: WorldModel;
  /** End every session and release the model. */
  close(): Promise<void>;
}

const INSTRUCTIONS =
  "ndbg: a Python debugger. start_session on a script (engine 'python' runs it under pdb; 'neural' predicts its " +
  'execution with a model and never runs it), then set_breakpoint, step (also backwards: reverse_*), evaluate, ' +
  'set_variable, get_state, debugger_command (any pdb command). Calls that resume the program take a timeout and ' +
  "return status 'running' when it has not stopped: then wait or interrupt. predict_return and predict_arguments " +
  'ask the model about a function without running anything.';

export function createNdbgMcp(version: string, defaults: ServerDefaults = {}): NdbgMcp {
  const server = new McpServer({ name: 'ndbg', version }, { instructions: INSTRUCTIONS });
  const sessions = new SessionRegistry();
  const world = new WorldModel(defaults);
  registerSessionTools(server, sessions, defaults);
  registerControlTools(server, sessions);
  registerBreakpointTools(server, sessions);
  registerInspectTools(server, sessions);
  registerPredictTools(server, world);
  return {
    server,
    sessions,
    world,
    close: async () => {
      await sessions.closeAll();
      await world.close();
    },
  };
}
