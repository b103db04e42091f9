import type { Violation } from './violation.js';

/** A refusal of the HTTP layer, answered with `status` and a JSON body naming the problem. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly violations?: Violation[],
    /** Headers the answer carries besides the body (`retry-after` on a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { error: { code: string; message: string; violations?: Violation[] } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.violations ? { violations: this.violations } : {}),
      },
    };
  }
}
