// The evaluator's public shapes: the frame a caller hands in (`Scope`), the
// program's own code an evaluation may run (`ProgramContext`), the options, and
// what `evaluate` and `execute` give back. evaluate.ts re-exports them; they sit
// here so that the evaluator's layers can name them without importing the
// entry points.

import type { Limits } from '../limits.js';
import type { Node } from '../program.js';
import type { ParseReprOptions } from '../repr-parse.js';
import type { Value } from '../value.js';

/** A frame's variables as the engine holds them: name -> repr string. */
export interface Scope {
  locals: Record<string, string>;
  /** The frame's globals. Omitted, or the same object as `locals`: a module-level frame. */
  globals?: Record<string, string>;
  /** The program's objects the frame's locals hold, where they are known (used unless the options give a context). */
  program?: ProgramContext;
  /**
   * The text is the program's own code in a function frame (a computed step), not an
   * expression pdb evaluates: its comprehensions and lambdas see the frame's locals,
   * as closures do. Without it, pdb's rule: in 3.11 they do not (eval over f_locals).
   */
  closures?: boolean;
  /**
   * Values of the frame's names (locals or globals) known in full where the shown repr
   * is cut: a module constant the program never changes, from its source.
   */
  known?: ReadonlyMap<string, Value>;
}

/**
 * The program's own code, for an evaluation that may call it (interp.ts): its
 * module's statements, the line the module stands at (its `def`s and `class`es
 * above it are bound; null: all of them), and the objects it has built, by name
 * (filled as they are built; kept by the caller so that identity lasts).
 */
export interface ProgramContext {
  nodes: Node[];
  before: number | null;
  objects: Map<string, Value>;
  /** Locals whose values are known as objects (an instance created by an earlier computed step), used in place of their reprs. */
  bound?: Map<string, Value>;
}

export interface EvalOptions extends ParseReprOptions {
  limits?: Partial<Limits>;
  /** Where the program's classes and functions may be run (objects of the program). */
  program?: ProgramContext;
  /** The Python version whose scoping rules to follow (minor of 3.x); default 11. */
  pythonMinor?: number;
  /**
   * Echo an expression statement's value (pdb compiles `!stmt` in 'single' mode): the
   * default. false for the program's own statements, whose values nothing prints.
   */
  echo?: boolean;
}

export type EvalResult =
  | {
      ok: true;
      value: Value;
      repr: string;
      output: string;
      /** Whether the evaluation called a function of the program (with a program context). */
      ranProgram?: boolean;
    }
  | {
      ok: false;
      /** The line pdb prints: `*** NameError: name 'x' is not defined`, or `*** ndbg: cannot evaluate ...`. */
      error: string;
      /** The same without `*** `: `NameError: name 'x' is not defined` (for display's `** raised ... **`). */
      message: string;
      /** True when ndbg refused (the program would have to run); false for Python's own errors. */
      refused: boolean;
      /** The Python exception type, for Python errors. */
      exception?: string;
      output: string;
    };

export interface ExecResult {
  ok: boolean;
  /** Locals that the statement bound or changed: name -> new repr. */
  changes: Record<string, string>;
  /** Globals changed in place (`G.append(1)`): name -> new repr. */
  globalChanges: Record<string, string>;
  /** Locals removed by `del`. */
  deleted: string[];
  /** With a program context: the values of the locals the statement read or bound, by name. */
  values?: Map<string, Value>;
  /** An exception raised in the program's code it called: the frames it passed through, innermost first, their locals as reprs. */
  traceback?: Array<{ func: string; line: number; locals: Record<string, string> }>;
  /** What the statement printed (print(), and the repr of an expression statement's value). */
  output: string;
  /** Whether it called a function of the program (with a program context; a special method included). */
  ranProgram?: boolean;
  error?: string;
  message?: string;
  refused?: boolean;
  exception?: string;
  /** The exception came from the program's own `raise` / `assert` over computed values. */
  explicit?: boolean;
  /** The exception as a value (the instance the program raised). */
  raised?: Value;
}
