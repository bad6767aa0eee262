// Errors meant for the user: the CLI prints `message` as one line (no stack
// trace) and exits with `exitCode`.
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** Where the message goes: stderr, except where pdb itself prints it on stdout. */
    readonly stream: 'stdout' | 'stderr' = 'stderr',
  ) {
    super(message);
    this.name = 'UserError';
  }
}
