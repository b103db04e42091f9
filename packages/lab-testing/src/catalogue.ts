import type { RequestOptions, SvcClient } from '@svc/client';
import { ValidationError } from '@svc/client';
import type { PageIterator, PaginateOptions, PaginationApi } from '@svc/pagination';
import type { operations, Schema } from '@svc/types';
import { labAccountsOf } from './internal/lab-accounts-of.js';

export type Marker = Schema<'Marker'>;
export type LabAccount = Schema<'LabAccount'>;

/** Filters of the marker catalogue (`GET /v3/lab_tests/markers`). All optional; all combine. */
export interface MarkerSearch {
  /** Marker or panel name, or test code. */
  name?: string;
  /** One lab, by slug. Wins over `lab_id`: when both are given, only `lab_slug` is sent, as the service would use only it. */
  lab_slug?: string;
  /** One lab, by id: a number or a string, or a list of them. Not sent when `lab_slug` is given (the service uses `lab_slug` then). */
  lab_id?: NonNullable<operations['listMarkers']['parameters']['query']>['lab_id'];
  /** The lab account deciding which markers and tests are offered (those of its lab). */
  lab_account_id?: string;
  /** Markers per request, 1 to 100 (the service's default when omitted). */
  size?: number;
}

/** Filters of the markers of one lab test. */
export interface LabTestMarkerSearch {
  /** The lab account deciding which markers are offered (uuid). */
  lab_account_id?: string | null;
  /** Markers per request, 1 to 100 (default 50). */
  size?: number;
}

/** Filters of the team's lab accounts. */
export interface LabAccountFilter {
  lab_account_id?: string;
  /** e.g. `PENDING`; other statuses pass through. */
  status?: Schema<'LabAccountStatus'>;
}

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
