/**
 * Request headers in any of the shapes handlers receive them: a fetch `Headers`, Node's `req.headers`
 * (`IncomingHttpHeaders`, values may be arrays), or a plain record. Names are matched case-insensitively.
 */
export type WebhookHeadersInput =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Case-insensitive read access to the headers, the one shape a verifier sees. */
export interface WebhookHeaders {
  /** The header's value; repeated headers are joined with a space, as Standard Webhooks lists signatures. */
  get(name: string): string | null;
}

const isHeadersLike = (input: WebhookHeadersInput): input is { get(name: string): string | null } =>
  typeof (input as { get?: unknown }).get === 'function';

export function normalizeHeaders(input: WebhookHeadersInput): WebhookHeaders {
  if (isHeadersLike(input)) return { get: (name) => input.get(name) };
  const byName = new Map<string, string>();
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : value.join(' ');
    const key = name.toLowerCase();
    const seen = byName.get(key);
    byName.set(key, seen === undefined ? text : `${seen} ${text}`);
  }
  return { get: (name) => byName.get(name.toLowerCase()) ?? null };
}
