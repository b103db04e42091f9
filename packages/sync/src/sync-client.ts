import type { SvcClient } from '@svc/client';
import type { SummaryResource } from './resources.js';

/** The client methods a sync reads with: resolving users, the steps timeseries, one per summary resource. */
export type SyncClient = Pick<
  SvcClient,
  'resolveUser' | 'getStepsGrouped' | `get${Capitalize<SummaryResource>}Summary`
>;
