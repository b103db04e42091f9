/** Secrets shorter than this are not masked: masking every "a" would garble every answer. */
const MIN_SECRET_LENGTH = 8;

/**
 * Masks each secret as `[redacted]` in a text, also as it appears inside a JSON string (escaped). The
 * client already masks its secrets in its errors and logs; this covers what the server itself writes,
 * a service answer that echoes the key included.
 */
export function maskWith(secrets: readonly string[]): (text: string) => string {
  const forms = [
    ...new Set(
      secrets
        .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
        .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]),
    ),
  ].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => forms.reduce((masked, form) => masked.replaceAll(form, '[redacted]'), text);
}
