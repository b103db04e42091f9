// Where the client runs decides two things: whether a team API key may be used (not in a page a
// visitor can read) and whether `User-Agent` may be set (browsers forbid it).

type Globals = { window?: { document?: unknown }; navigator?: unknown; importScripts?: unknown };

/** A web page: openai-node's test, so Deno (which had `window` but no `document`) and workers are not pages. */
export function isBrowserPage(): boolean {
  const g = globalThis as Globals;
  return (
    typeof g.window !== 'undefined' &&
    typeof g.window.document !== 'undefined' &&
    typeof g.navigator !== 'undefined'
  );
}

/** Browser pages and web workers: their fetch refuses or silently drops a `User-Agent` header. */
export function isBrowserLike(): boolean {
  return isBrowserPage() || typeof (globalThis as Globals).importScripts === 'function';
}
