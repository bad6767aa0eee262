// What a session is asked to run: the script, the engine and its settings, as the
// command line, the MCP tools and the editor's launch configuration give them. It
// lives with the engines because they read it; the command layer passes it on.

import type { SpawnedBridge } from './spawnBridge.js';

export interface SessionOptions {
  engine: 'python' | 'neural';
  /** Script path, or module name when `module` is true. */
  target: string;
  module?: boolean;
  args?: string[];
  /** Commands run at the first stop (pdb's -c). */
  commands?: string[];
  /** python engine: interpreter path (default python3). */
  python?: string;
  /** Report locals in stop events (TUI, --json). Line mode leaves it off. */
  withLocals?: boolean;
  /** python engine: the program's stdout block-buffered (line mode to a pipe or file; BridgeSpawnOptions). */
  blockStdout?: boolean;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** neural engine: model directory and device. */
  model?: string;
  device?: 'auto' | 'cpu' | 'cuda' | 'webgpu';
  /** neural engine: constrained decoding (default true; --no-constrain turns it off). */
  constrain?: boolean;
  /** neural engine: `c` with breakpoints as the model's jump ('step', default) or chained single steps ('rollout'). */
  jump?: 'step' | 'rollout';
  /** neural engine: most predictions one rollout, `until` or inverse chain may take (default 200). */
  rolloutCap?: number;
  /** neural engine: start at the return of `func` with `value` (--at-return FUNC --value REPR). */
  atReturn?: { func: string; value: string };
  /** neural engine: run the python engine in lockstep and compare every stop (--verify). */
  verify?: boolean;
  /**
   * The program's stdin (--stdin FILE): python engine: its reads are answered from this
   * text, line by line, then EOF, instead of asking the front end; neural engine: the
   * model reads it with the code (docs/format.md, `<|stdin|>`).
   */
  stdin?: string;
  /** python engine: a bridge bin/ndbg.js already started (used if the options match). */
  spawned?: SpawnedBridge;
}
