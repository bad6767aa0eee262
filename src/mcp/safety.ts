// What each engine does with the user's program, said in every tool's
// description, where an agent reads it before calling.

export const SAFETY =
  "Engines: 'neural' never executes the program (a model predicts every frame, values and output; they may be wrong, " +
  "each is marked predicted with the model's confidence); 'python' really runs the program under CPython's pdb, " +
  'with the rights of the user who started the server (it can read, write and delete what that user can).';

export const PREDICT_SAFETY = 'The code is never executed: the model predicts the answer (it may be wrong; check its confidence).';

/** Seconds a resuming call waits for the program to stop, by default. */
export const DEFAULT_TIMEOUT_S = 30;

export const TIMEOUT_HELP =
  `seconds to wait for the program to stop (default ${DEFAULT_TIMEOUT_S}); when it has not stopped by then the call ` +
  "returns status 'running' and the program goes on: call 'wait' or 'interrupt'";
