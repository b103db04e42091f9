// What `#request-headers` resolves to outside Node: fetch's own `Headers`, which checks names and
// values itself, so no code of ours ships for it.
import type { RequestHeaders } from './request-headers.js';

export const requestHeaders = (): RequestHeaders => new Headers();
