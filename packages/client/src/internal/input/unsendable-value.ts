/**
 * What no transport on Node sends inside a header value: NUL, CR, LF, other control characters than a tab, and
 * any character beyond one byte. `Headers` lets control characters through, but node:http and Node's
 * fetch both refuse them when sending: refused before anything is sent, they are a ValidationError.
 */
export const UNSENDABLE_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** What a refused value is called in an error: the header's name, never the value (it may be a secret). */
export const unsendableValueReason = (name: string): string => `invalid value of header ${name}`;
