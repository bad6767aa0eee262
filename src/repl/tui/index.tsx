// runTui: the entry point cli.ts imports (dynamically, only when stdin and stdout
// are terminals or --play is given). It loads React and Ink in their production
// builds, several times faster per render than the development ones that a bare
// `node` picks, without leaving NODE_ENV set for the debuggee to inherit.
import type { Engine } from '../../engine/engine.js';
import type { TuiOptions } from './run.js';

export type { TuiOptions } from './run.js';

/** Run the TUI until the user quits; resolves to the exit code, terminal restored. */
export async function runTui(engine: Engine, opts: TuiOptions): Promise<number> {
  // The engine starts once the screen is up (runTuiLoaded): the python engine's
  // bridge is already booting (bin/ndbg.js prestarts it), and the neural engine's
  // model load would hold up the first screen it does not need (the script's
  // source is shown before the first stop).
  const had = process.env.NODE_ENV !== undefined;
  if (!had) process.env.NODE_ENV = 'production';
  let mod: typeof import('./run.js');
  try {
    mod = await import('./run.js');
  } finally {
    if (!had) delete process.env.NODE_ENV;
  }
  try {
    return await mod.runTuiLoaded(engine, opts);
  } catch (e) {
    // Before the screen was ours (a bad --play script): nothing to restore.
    await engine.close().catch(() => {});
    throw e;
  }
}
