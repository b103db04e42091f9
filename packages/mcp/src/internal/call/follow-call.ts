import type { APIPromise, OperationId, SvcClient } from '@svc/client';
import { labTesting, PollTimeoutError } from '@svc/lab-testing';
import type { Follow } from './follows.js';

/** What one call to the service gave: the data, and the answer's status and request id. */
export interface CallOutcome {
  data: unknown;
  status: number | undefined;
  requestId: string | undefined;
  /** Reads made, when the call followed long work. */
  reads?: number;
  /** Said to the model beside the data (a wait that ended before the work did). */
  note?: string;
}

type Read = { status: number; requestId: string | undefined; data: unknown };
type Method = (params: unknown, options: unknown) => APIPromise<unknown>;

/**
 * The client, with every call of `operationId` reported once it answers: the wait is lab-testing's own,
 * and this is how the server sees each of its reads (for progress and the audit line) without a second
 * polling loop of its own.
 */
function observed(client: SvcClient, operationId: OperationId, onRead: (read: Read) => void): SvcClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== operationId || typeof value !== 'function') return value;
      return (params: unknown, options: unknown) => {
        const call = (value as Method).call(target, params, options);
        // The same request the wait awaits (an APIPromise answers once); its failure is the wait's to handle.
        call.withResponse().then(
          ({ data, response, requestId }) => {
            try {
              onRead({ status: response.status, requestId, data });
            } catch {
              // Reporting a read (progress) never fails the wait: a record it cannot read is the wait's to judge.
            }
          },
          () => {},
        );
        return call;
      };
    },
  });
}

/**
 * Follows long work: reads with lab-testing's wait until it settles or `waitSeconds` pass, calling
 * `progress` after each read. A job that failed or a booking that was cancelled is the answer, not an
 * error; a wait that ran out returns the last record read and says so.
 */
export async function followCall(
  client: SvcClient,
  operationId: OperationId,
  follow: Follow,
  args: Record<string, unknown>,
  waitSeconds: number,
  signal: AbortSignal,
  progress: (reads: number, message: string) => void,
): Promise<CallOutcome> {
  let reads = 0;
  let last: Read | undefined;
  const lab = labTesting(
    observed(client, operationId, (read) => {
      reads += 1;
      last = read;
      progress(
        reads,
        `${operationId}: ${follow.stageOf(read.data)} after ${reads} read${reads === 1 ? '' : 's'}`,
      );
    }),
  );
  const outcome = (data: unknown, note?: string): CallOutcome => ({
    data,
    status: last?.status,
    requestId: last?.requestId,
    reads,
    ...(note ? { note } : {}),
  });
  try {
    return outcome(await follow.wait(lab, args, { timeoutMs: waitSeconds * 1000, signal }));
  } catch (error) {
    const settled = follow.settledBy(error);
    if (settled !== undefined) return outcome(settled);
    if (error instanceof PollTimeoutError && last !== undefined)
      return outcome(
        last.data,
        `Not settled yet: ${error.message} Call again with wait_seconds to keep following.`,
      );
    throw error;
  }
}
