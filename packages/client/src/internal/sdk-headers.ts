import { VERSION } from '../generated/version.js';
import { SDK_HEADER } from '../headers.js';
import { isBrowserLike } from './runtime.js';

/**
 * Headers naming this SDK and its version, computed once per client. `User-Agent` only where the
 * runtime lets a program set it (Node, Bun, Deno, workerd): a browser forbids it.
 */
export function sdkHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [SDK_HEADER]: `typescript/${VERSION}` };
  if (!isBrowserLike()) headers['user-agent'] = `svc-sdk-typescript/${VERSION}`;
  return headers;
}
