// The public entry: one export statement per module, types marked inline.

export { type ResourceCoverage, storeCoverage } from './console/store-coverage.js';
export { createSync } from './create-sync.js';
export {
  allowUser,
  type EraseUserOptions,
  eraseUser,
  type QueueEraser,
  type ScrubWhen,
} from './erasure/erase-user.js';
export { type ForgetProviderOptions, forgetProvider } from './erasure/forget-provider.js';
export type { ErasureReceipt, QueueErasure, SkippedScrub } from './erasure/receipt.js';
export { applyRetention, parseRetainDays, type RetentionPolicy } from './erasure/retention.js';
export { scrubStore } from './erasure/scrub-store.js';
export { writeReceipt } from './erasure/write-receipt.js';
export { classifyError, type ErrorClass } from './errors/classify-error.js';
export {
  ServiceClockError,
  ShapeError,
  StoreDamagedError,
  StoreLockedError,
  StoreTeamMismatchError,
  StoreUnavailableError,
  StoreUrlError,
  StoreVersionError,
  SyncError,
  SyncInputError,
} from './errors/errors.js';
export type { Limits } from './limits.js';
export type { SyncProgress } from './progress.js';
export { type LabOrderHistory, labOrderHistories } from './reads/lab-order-histories.js';
export { openStoreReadOnly } from './reads/open-store-read-only.js';
export {
  SUMMARY_RESOURCES,
  type SummaryAggregateQuery,
  summaryAggregates,
  type UserAggregate,
} from './reads/summary-aggregates.js';
export { type UserTimeline, userTimeline } from './reads/user-timeline.js';
export { RESOURCES, type ResourceName, WINDOW_DAYS } from './resources.js';
export { checkFleet, type FleetLimits, type FleetProblem } from './status/check-fleet.js';
export { clearFailures } from './status/clear-failures.js';
export { type FailureFilter, type Failures, findFailures } from './status/find-failures.js';
export {
  type BehindBands,
  type BehindUser,
  type FleetStatus,
  type FleetStatusOptions,
  type ResourceFreshness,
  readFleetStatus,
} from './status/read-fleet-status.js';
export { replanFailures } from './status/replan-failures.js';
export { SCHEMA_VERSION, type StoreSchema } from './stores/migrations/migrations.js';
export { checkStore, migrateStore, openStore, type StoreMigration } from './stores/open-store.js';
export { createPostgresStore, type PostgresStoreOptions } from './stores/postgres-store.js';
export { createSqliteStore, type SqliteStoreOptions } from './stores/sqlite-store.js';
export {
  type FailedWindow,
  type LabOrderEvent,
  type ResourceStatus,
  type ScrubResult,
  type StepKey,
  type StepRow,
  type StoredLabOrder,
  type StoredParsingJob,
  type StoredUser,
  type StoreErasure,
  type SummaryKey,
  type SummaryRow,
  type SyncStatus,
  type SyncStore,
  type SyncWindow,
  type UserCoverage,
  type UserCoverageKey,
  userFailureOf,
  type WindowCommit,
  type WindowFailure,
  type WindowKey,
  type WindowRows,
} from './stores/store.js';
export {
  storedLabOrders,
  storedParsingJobs,
  storedSteps,
  storedSummaries,
  storedUsers,
} from './stores/stored-rows.js';
export { teamFingerprint } from './stores/team-fingerprint.js';
export {
  CLI_EXIT_CHANNEL,
  type CliExitMessage,
  LAG_CHANNEL,
  type LagMessage,
  WINDOW_CHANNEL,
  type WindowMessage,
} from './sync-channels.js';
export type { SyncClient } from './sync-client.js';
export type {
  BackfillInput,
  BackgroundFailure,
  DispatchOutcome,
  RunResult,
  RunStatus,
  Sync,
  SyncOptions,
  SyncRun,
} from './sync-types.js';
