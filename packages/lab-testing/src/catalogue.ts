import type { NamedParams, RequestOptions, SvcClient } from '@svc/client';
import { ValidationError } from '@svc/client';
import type {
  PageIterator,
  PaginatedParams,
  PaginateOptions,
  PaginationApi,
  paginatedOperations,
} from '@svc/pagination';
import type { operations, Schema } from '@svc/types';
import { labAccountsOf } from './internal/lab-accounts-of.js';

export type Marker = Schema<'Marker'>;
export type LabAccount = Schema<'LabAccount'>;

/** The parameter a page walk sets itself (the page number or cursor), read from the generated pagination table. */
type WalkedParam<Op extends keyof typeof paginatedOperations> =
  (typeof paginatedOperations)[Op]['rule'] extends {
    pageParam: infer Name extends string;
  }
    ? Name
    : never;

/**
 * Filters of the marker catalogue (`listMarkers`), as the spec states them; all optional, all combine.
 * When both `lab_slug` and `lab_id` are given, only `lab_slug` is sent, as the service would use only it.
 */
export type MarkerSearch = Omit<PaginatedParams<'listMarkers'>, WalkedParam<'listMarkers'>>;

/** Filters of the markers of one lab test (`listLabTestMarkers`); the helper supplies `lab_test_id`. */
export type LabTestMarkerSearch = Omit<
  PaginatedParams<'listLabTestMarkers'>,
  'lab_test_id' | WalkedParam<'listLabTestMarkers'>
>;

/** Filters of the team's lab accounts (`listLabAccounts`). */
export type LabAccountFilter = NamedParams<operations['listLabAccounts']>;

export interface Catalogue {
  /**
   * Every marker matching the filters, across pages (through @svc/pagination): `for await`, or
   * `.toArray({ limit })`, or `.pages()`. All markers of a lab: `searchMarkers({ lab_slug })`.
   */
  searchMarkers(search?: MarkerSearch, options?: PaginateOptions): PageIterator<Marker, Schema<'MarkerList'>>;
  /** Every marker of one lab test (uuid), across pages. */
  labTestMarkers(
    labTestId: string,
    search?: LabTestMarkerSearch,
    options?: PaginateOptions,
  ): PageIterator<Marker, Schema<'NestedMarkerList'>>;
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

export function createCatalogue(client: SvcClient, pages: PaginationApi): Catalogue {
  return {
    searchMarkers: (search, options) => pages.listMarkers(markerSearchQuery(search), options),
    labTestMarkers: (labTestId, search = {}, options) =>
      pages.listLabTestMarkers({ ...search, lab_test_id: labTestId }, options),
    labAccounts: async (filter = {}, options) =>
      labAccountsOf(await client.listLabAccounts({ ...filter }, options)),
  };
}
