import type { SvcClient } from '@svc/client';

/** The client methods a sync reads with: one per resource, and resolving users. */
export type SyncClient = Pick<
  SvcClient,
  | 'resolveUser'
  | 'getStepsGrouped'
  | 'getActivitySummary'
  | 'getBodySummary'
  | 'getMealSummary'
  | 'getProfileSummary'
  | 'getSleepSummary'
  | 'getWorkoutsSummary'
>;
