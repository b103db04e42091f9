/** One way a request or a response breaks the spec, named the way the mock names it. */
export interface Violation {
  location: string[];
  code: string;
  message: string;
}

/** A refusal the sandbox answers with `status` and a JSON body naming the problem. */
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

export const notFound = (what: string) =>
  new HttpError(404, 'not_found', `${what} was not found in this sandbox world`);
