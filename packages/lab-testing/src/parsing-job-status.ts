import type { Schema } from '@svc/types';
import { type KnownValues, lookup } from './internal/known-values.js';

/** The raw parsing job status (open enum). */
export type ParsingJobStatus = Schema<'ParsingJobStatus'>;

/**
 * Where a lab report parsing job stands. Closed: switch over it exhaustively (see `assertNever`).
 * `completed`, `failed` and `pending_review` (flagged for human review) are final; `unknown` (a value
 * not documented, e.g. while the job is still running, or none) is not.
 */
export type ParsingJobStage = 'completed' | 'failed' | 'pending_review' | 'unknown';

/**
 * The document writes the review status "pending review" without showing its wire spelling: both
 * `pending_review` (the spec's assumption) and `pending review` are read as the review stage.
 */
const JOB_STAGES: Readonly<Record<string, ParsingJobStage>> = {
  completed: 'completed',
  failed: 'failed',
  pending_review: 'pending_review',
  'pending review': 'pending_review',
} satisfies Record<KnownValues<ParsingJobStatus> | 'pending review', ParsingJobStage>;

/** The stage of a parsing job status; unknown or missing values give `unknown`. */
export function classifyParsingJobStatus(status: ParsingJobStatus | null | undefined): ParsingJobStage {
  return lookup(JOB_STAGES, status) ?? 'unknown';
}
