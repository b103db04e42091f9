// The errors this package adds to the client's one hierarchy: each extends SvcError from @svc/client,
// so `catch (e) { if (e instanceof SvcError) … }` covers the client and the helpers alike. Bad input
// is the client's ValidationError and a caller's abort is the client's AbortError.
import { SvcError } from '@svc/client';

/**
 * An error holding one record read from the service (personal and health data): reachable on the
 * error under `key`, but non-enumerable, so `toJSON`, loggers and `console.log` never print it.
 */
abstract class RecordHoldingError extends SvcError {
  protected constructor(message: string, key: string, record: unknown, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, key, {
      value: record,
      enumerable: false,
      writable: false,
      configurable: false,
    });
  }
}

/** What a timed-out wait last saw: the raw status and its stage, in words. */
function lastSeen(stage: string | undefined, status: string | undefined, attempts: number): string {
  if (attempts === 0) return 'no read finished';
  if (status === undefined) return 'last seen: a record without a status';
  if (stage === undefined || stage === 'unknown')
    return `last seen: status ${status}, which this version does not know`;
  return `last seen: status ${status} (stage ${stage})`;
}

/** A wait (parsing job, PSC confirmation) did not reach a final state within `timeoutMs`. */
export class PollTimeoutError extends RecordHoldingError {
  override name = 'PollTimeoutError';
  /** The last record read before the deadline (undefined if none arrived); not serialized. */
  declare readonly lastValue: unknown;
  /** The raw status of the last record read (e.g. `pending`), when it carried one. */
  readonly lastStatus: string | undefined;
  /** What to do about it, when the server said why nothing moves (e.g. the sandbox's frozen clock). */
  readonly hint: string | undefined;

  constructor(
    /** What was awaited, e.g. `parsing job job_123`. */
    readonly operation: string,
    readonly timeoutMs: number,
    /** Reads completed before the deadline. */
    readonly attempts: number,
    /** The stage of the last record read (e.g. `reserved`), when one arrived. */
    readonly lastStage: string | undefined,
    lastValue: unknown,
    options: { cause?: unknown; lastStatus?: string; hint?: string | undefined } = {},
  ) {
    const { lastStatus, hint, ...errorOptions } = options;
    super(
      `${operation} did not finish within ${timeoutMs} ms (${attempts} reads, ${lastSeen(lastStage, lastStatus, attempts)})` +
        (hint ? `. ${hint}` : ''),
      'lastValue',
      lastValue,
      errorOptions,
    );
    this.lastStatus = lastStatus;
    this.hint = hint;
  }
}

/**
 * The service answered with a body this helper cannot read (for example a list where an object was
 * expected). `body` is the parsed body (not serialized: it may hold personal data).
 */
export class UnexpectedResponseError extends RecordHoldingError {
  override name = 'UnexpectedResponseError';
  declare readonly body: unknown;

  constructor(
    /** The operation, e.g. `GET /v3/lab_test/lab_account`. */
    readonly operation: string,
    /** What was expected, in words. */
    readonly expected: string,
    body: unknown,
  ) {
    super(`${operation} answered with a body that is not ${expected}`, 'body', body);
  }
}

/** A lab report parsing job ended in `failed`; `job` is the job record (not serialized). */
export class ParsingJobFailedError extends RecordHoldingError {
  override name = 'ParsingJobFailedError';
  declare readonly job: unknown;

  constructor(
    readonly jobId: string,
    job: unknown,
  ) {
    super(`Parsing job ${jobId} failed`, 'job', job);
  }
}

/**
 * A parsing job finished (`completed` or `pending_review`) but its results are not in a shape this
 * helper can read (no list under `results`), so no biomarkers are given rather than an empty list.
 * `job` is the job record exactly as received (not serialized): read its results from it.
 */
export class ParsingResultsUnreadableError extends RecordHoldingError {
  override name = 'ParsingResultsUnreadableError';
  declare readonly job: unknown;

  constructor(
    readonly jobId: string,
    /** The final stage the job reached. */
    readonly stage: 'completed' | 'pending_review',
    job: unknown,
  ) {
    super(
      `Parsing job ${jobId} is ${stage}, but its results are not a list this helper can read; the job record is on \`error.job\``,
      'job',
      job,
    );
  }
}

/** A PSC booking was cancelled instead of confirmed; `appointment` is the record (not serialized). */
export class PscBookingFailedError extends RecordHoldingError {
  override name = 'PscBookingFailedError';
  declare readonly appointment: unknown;

  constructor(
    readonly orderId: string,
    /** The raw `status` the appointment ended in, e.g. `cancelled`. */
    readonly status: string,
    appointment: unknown,
  ) {
    super(
      `PSC appointment of order ${orderId} was not confirmed: status ${status}`,
      'appointment',
      appointment,
    );
  }
}
