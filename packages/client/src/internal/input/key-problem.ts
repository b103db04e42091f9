import { hasControlChar } from './control-chars.js';

/**
 * Why a key cannot go into the `x-svc-api-key` header as given, or undefined when it can: control
 * characters would split or be refused by the header, and `Headers` would silently trim outer spaces
 * (sending another key than the one given). One rule for a string `apiKey` and an `apiKey` function's result.
 */
export function keyProblem(key: string): string | undefined {
  return hasControlChar(key) || key.trim() !== key
    ? 'control characters (CR, LF, …) or outer spaces'
    : undefined;
}
