/**
 * Response header carrying the service's request id. The interface document does not name it;
 * `x-request-id` is the common convention and an assumption until the service confirms it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request id of a response, if the service sent one. */
export const requestIdOf = (headers: Headers): string | undefined =>
  headers.get(REQUEST_ID_HEADER) ?? undefined;
