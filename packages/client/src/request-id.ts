import { REQUEST_ID_HEADER } from './headers.js';

/** The request id of a response, if the service sent one. */
export const requestIdOf = (headers: Headers): string | undefined =>
  headers.get(REQUEST_ID_HEADER) ?? undefined;
