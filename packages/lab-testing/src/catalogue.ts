import type {
  ListLabTestMarkersParams,
  ListLabTestMarkersResponse,
  ListMarkersParams,
  ListMarkersResponse,
  NamedParams,
  PagePromise,
  PaginateOptions,
  RequestOptions,
  SvcClient,
} from '@svc/client';
import { ValidationError } from '@svc/client';
import type { operations, Schema } from '@svc/types';
import { labAccountsOf } from './internal/lab-accounts-of.js';

export type Marker = Schema<'Marker'>;
export type LabAccount = Schema<'LabAccount'>;

/**
 * Filters of the marker catalogue (`listMarkers`), as the spec states them; all optional, all combine.
 * When both `lab_slug` and `lab_id` are given, only `lab_slug` is sent, as the service would use only it.
 * A `page` starts the walk from that page.
 */
export type MarkerSearch = ListMarkersParams;

/** Filters of the markers of one lab test (`listLabTestMarkers`); the helper supplies `lab_test_id`. */
export type LabTestMarkerSearch = Omit<ListLabTestMarkersParams, 'lab_test_id'>;

/** Filters of the team's lab accounts (`listLabAccounts`). */
export type LabAccountFilter = NamedParams<operations['listLabAccounts']>;

export interface Catalogue {
  /**
   * Every marker matching the filters, across pages: the client's own `listMarkers` walk. `for await`,
   * `.toArray({ limit })` or `.pages()`; awaiting it gives the first page. All markers of a lab:
   * `searchMarkers({ lab_slug })`.
   */
  searchMarkers(search?: MarkerSearch, options?: PaginateOptions): PagePromise<ListMarkersResponse, Marker>;
  /** Every marker of one lab test (uuid), across pages: the client's own `listLabTestMarkers` walk. */
  labTestMarkers(
    labTestId: string,
    search?: LabTestMarkerSearch,
    options?: PaginateOptions,
  ): PagePromise<ListLabTestMarkersResponse, Marker>;
  /** The team's lab accounts, whether the service answers with a list or an object holding it (e.g. `{ data: [...] }`). */
  labAccounts(filter?: LabAccountFilter, options?: RequestOptions): Promise<LabAccount[]>;
}

/** The query the service will act on: `lab_id` is dropped when `lab_slug` is given (it would be ignored). */
export function markerSearchQuery(search: MarkerSearch = {}): MarkerSearch {
  // Untyped callers pass anything; refuse it as input rather than failing on destructuring.
  if (search === null || typeof search !== 'object' || Array.isArray(search))
    throw new ValidationError('search', 'must be an object of marker filters');
  const { lab_id, ...rest } = search;
  return rest.lab_slug === undefined && lab_id !== undefined ? { ...rest, lab_id } : rest;
}

/** `walks`: defaults of every catalogue walk (request options, `maxPages`); a call's own options override them. */
export function createCatalogue(client: SvcClient, walks: PaginateOptions = {}): Catalogue {
  return {
    searchMarkers: (search, options) =>
      client.listMarkers(markerSearchQuery(search), { ...walks, ...options }),
    labTestMarkers: (labTestId, search = {}, options) =>
      client.listLabTestMarkers({ ...search, lab_test_id: labTestId }, { ...walks, ...options }),
    labAccounts: async (filter = {}, options) =>
      labAccountsOf(await client.listLabAccounts({ ...filter }, options)),
  };
}
