/** Prism did not become ready; `log` holds everything it printed, so the cause is never hidden. */
export class MockStartError extends Error {
  override readonly name = 'MockStartError';
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(`${message}\n--- Prism output ---\n${log || '(nothing)'}`);
  }
}
