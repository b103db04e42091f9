import type { SandboxValues, Schema } from '@svc/types';
import { type KnownValues, lookup } from './internal/known-values.js';

/** The raw parsing job status (open enum). */
export type ParsingJobStatus = Schema<'ParsingJobStatus'>;

/**
 * Where a lab report parsing job stands. Closed: switch over it exhaustively (see `assertNever`).
 * `completed`, `failed` and `pending_review` (flagged for human review) are final; `processing` (status
 * `pending`, as the Svc sandbox sends while it parses) and `unknown` (a value this version does not know,
 * e.g. another in-progress status of the service, or none) are not.
 */
export type ParsingJobStage = 'processing' | 'completed' | 'failed' | 'pending_review' | 'unknown';

/** The stages at which a parsing job is over: waiting for one of these stops. */
export const FINAL_PARSING_JOB_STAGES: ReadonlySet<ParsingJobStage> = new Set([
  'completed',
  'failed',
  'pending_review',
]);

/**
 * The document writes the review status "pending review" without showing its wire spelling: both
 * `pending_review` (the spec's assumption) and `pending review` are read as the review stage.
 */
const JOB_STAGES: Readonly<Record<string, ParsingJobStage>> = {
  pending: 'processing',
  completed: 'completed',
  failed: 'failed',
  pending_review: 'pending_review',
  'pending review': 'pending_review',
} satisfies Record<
  KnownValues<ParsingJobStatus> | SandboxValues['ParsingJobStatus'] | 'pending review',
  ParsingJobStage
>;

/** The stage of a parsing job status; unknown or missing values give `unknown`. */
export function classifyParsingJobStatus(status: ParsingJobStatus | null | undefined): ParsingJobStage {
  return lookup(JOB_STAGES, status) ?? 'unknown';
}
