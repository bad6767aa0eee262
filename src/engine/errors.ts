// Errors meant for the user: the CLI prints `message` as one line (no stack
// trace) and exits with `exitCode`.
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'UserError';
  }
}
