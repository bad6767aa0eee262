// The builtins an expression may call, as the evaluator sees them: only
// side-effect-free ones (plus, in `!` statements, the methods that mutate a
// list, dict or set of the predicted state). Every other builtin exists as a
// name, so that `p open` prints as in Python, but calling it is refused.

import { percentFormat } from '../format.js';
import { setPercentFormatter } from '../ops.js';

// str % args is formatting, which lives in format.ts; ops.ts cannot import it
// (format.ts needs ops.ts), so the operator is handed its formatter here.
setPercentFormatter(percentFormat);

export type { Ctx } from './signature.js';
export { BUILTIN_FUNCTIONS } from './functions.js';
export { TYPE_CONSTRUCTORS } from './constructors.js';
export { PYTHON_BUILTIN_FUNCTIONS, PYTHON_BUILTIN_TYPES, REFUSED_OBJECTS, refusedCallReason } from './names.js';
export { callBuiltin, callMethod, dataAttribute, findMethod, METHODS } from './call.js';
