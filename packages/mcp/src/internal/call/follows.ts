import type { GetParsingJobParams, GetPscAppointmentParams, OperationId } from '@svc/client';
import {
  appointmentStatus,
  classifyParsingJobStatus,
  type LabTesting,
  ParsingJobFailedError,
  ParsingResultsUnreadableError,
  type PollOptions,
  PscBookingFailedError,
} from '@svc/lab-testing';

/** Longest `wait_seconds` a call may ask for: a wait holds one request of the client open. */
export const MAX_WAIT_SECONDS = 600;

/**
 * Long work a read can follow: the tool takes `wait_seconds` and reads again, with backoff, until the
 * work settles, reporting each read as progress. The waits are `@svc/lab-testing`'s own, so the stages,
 * the backoff and what counts as settled are written once, there.
 */
export interface Follow {
  /** What is awaited, in the tool description: "until the job is completed, failed or flagged for review". */
  until: string;
  /** Waits with lab-testing; resolves with the settled record. */
  wait(lab: LabTesting, args: Record<string, unknown>, poll: PollOptions): Promise<unknown>;
  /** The record an error of the wait carries when the work settled badly (a failed job): the answer, not an error. */
  settledBy(error: unknown): unknown;
  /** The stage of a record read on the way, for progress. */
  stageOf(record: unknown): string;
}

/** Records read on the way are the operations' answers: the lab-testing classifiers read them as such. */
type ParsingJob = Awaited<ReturnType<LabTesting['reports']['get']>>;
type AppointmentRecord = Parameters<typeof appointmentStatus>[0];

/** The follows, keyed by the operation whose tool waits; a renamed operation is a compile error here. */
export const FOLLOWS: Partial<Record<OperationId, Follow>> = {
  getParsingJob: {
    until: 'the job is completed, failed or flagged for review',
    wait: async (lab, args, poll) =>
      (await lab.reports.waitForJob((args as GetParsingJobParams).job_id, poll)).job,
    settledBy: (error) =>
      error instanceof ParsingJobFailedError || error instanceof ParsingResultsUnreadableError
        ? error.job
        : undefined,
    stageOf: (record) => classifyParsingJobStatus((record as ParsingJob | null)?.status),
  },
  getPscAppointment: {
    until: 'the booking is confirmed (or has moved on) or cancelled',
    wait: (lab, args, poll) =>
      lab.appointments.psc.waitForConfirmation((args as GetPscAppointmentParams).order_id, poll),
    settledBy: (error) => (error instanceof PscBookingFailedError ? error.appointment : undefined),
    stageOf: (record) => appointmentStatus(record as AppointmentRecord).stage,
  },
};
