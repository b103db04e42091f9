// What `#request-headers` resolves to outside Node: fetch's own `Headers`, which checks names and
// values itself, so no code of ours ships for it.
import type { RequestHeaders } from './request-headers.js';

/** Empty, or a copy of `from`. */
export const requestHeaders = (from?: RequestHeaders): RequestHeaders => new Headers(from as HeadersInit);
