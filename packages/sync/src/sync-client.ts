import type { SvcClient } from '@svc/client';
import type { SummaryResource } from './resources.js';

/**
 * The client methods a sync reads with: resolving users, the steps timeseries, one per summary resource;
 * and, when the client has it, the parsing job read (a job event without its results is read whole).
 */
export type SyncClient = Pick<
  SvcClient,
  'resolveUser' | 'getStepsGrouped' | `get${Capitalize<SummaryResource>}Summary`
> &
  Partial<Pick<SvcClient, 'getParsingJob'>>;
