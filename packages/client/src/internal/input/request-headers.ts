// A named call's request headers, as the route builds them: on Node (this file, `#request-headers`
// under the `node` condition) a HeaderList checked as `Headers` checks, elsewhere fetch's own `Headers`
// (fetch-headers.ts). Both transports read either.
import { HeaderList } from './header-list.js';

/** The `Headers` methods a call's headers are built and read with: a Headers, or on Node a HeaderList. */
export interface RequestHeaders extends Iterable<[string, string]> {
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
}

/** Headers checked as `Headers` checks them, without a Headers per call (header-list.ts): empty, or a copy of `from`. */
export const requestHeaders = (from?: RequestHeaders): RequestHeaders => new HeaderList(from as HeaderList);
