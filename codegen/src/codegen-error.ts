/** A generator cannot do its job for a reason the user can fix: the CLI prints the message alone and exits 1. */
export class CodegenError extends Error {
  override name = 'CodegenError';
}
