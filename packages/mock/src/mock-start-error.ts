/** Prism did not become ready; `log` holds everything it printed, so the cause is never hidden. */
export class MockStartError extends Error {
  override readonly name = 'MockStartError';
  constructor(
    message: string,
    readonly log: string,
    /** `showLog: false` when the message already names the cause and the fix (a busy port): the log stays on `log`. */
    options: { showLog?: boolean } = {},
  ) {
    super(options.showLog === false ? message : `${message}\n--- Prism output ---\n${log || '(nothing)'}`);
  }
}
