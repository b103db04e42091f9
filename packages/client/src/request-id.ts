import { REQUEST_ID_HEADER } from './headers.js';
import type { HeaderReader } from './internal/transport/reply/reply.js';

/** The request id of a response, if the service sent one. */
export const requestIdOf = (headers: HeaderReader): string | undefined =>
  headers.get(REQUEST_ID_HEADER) ?? undefined;
