/**
 * Request headers in any of the shapes handlers receive them: a fetch `Headers`, Node's `req.headers`
 * (`IncomingHttpHeaders`, values may be arrays), or a plain record. Names are matched case-insensitively.
 */
export type WebhookHeadersInput =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Case-insensitive read access to the headers, the one shape a verifier sees. */
export interface WebhookHeaders {
  /**
   * The header's value; repeated headers are joined with a space, as Standard Webhooks lists signatures.
   * Throws `WebhookHeaderError` (`malformed`) when the value handed in was not a string or strings.
   */
  get(name: string): string | null;
}
