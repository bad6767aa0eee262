// What the adapter tells the editor it can do: only what works on both
// engines (tests in test/dap/ exercise each one). docs/dap.md lists them.

import type { DebugProtocol } from '@vscode/debugprotocol';

export const UNCAUGHT_FILTER = 'uncaught';

export const CAPABILITIES: DebugProtocol.Capabilities = {
  supportsConfigurationDoneRequest: true,
  supportsFunctionBreakpoints: true,
  supportsConditionalBreakpoints: true,
  supportsHitConditionalBreakpoints: true,
  supportsLogPoints: true,
  supportsEvaluateForHovers: true,
  supportsStepBack: true,
  supportsSetVariable: true,
  supportsSetExpression: true,
  supportsRestartRequest: true,
  supportsGotoTargetsRequest: true,
  supportsExceptionInfoRequest: true,
  supportsTerminateRequest: true,
  // the adapter launched the program: ending the session always ends it
  supportTerminateDebuggee: false,
  exceptionBreakpointFilters: [
    {
      filter: UNCAUGHT_FILTER,
      label: 'Uncaught Exceptions',
      description: 'Stop (post mortem) where an exception nothing caught was raised',
      default: true,
    },
  ],
};
