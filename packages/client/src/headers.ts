// The header names the client sends and reads, written once: the rest of the client and the helpers
// import them from here. The API key and idempotency key are the spec's shared parameters `apiKey` and
// `idempotencyKey` (the generators read them there; test/header-names checks these match). The service has not named its request-id header
// yet: `x-request-id` is the common convention, kept in this one constant until it is confirmed.

/** The team API key header, sent on every call. */
export const API_KEY_HEADER = 'x-svc-api-key';
/** The header carrying a link token (complete_mfa). */
export const LINK_TOKEN_HEADER = 'x-svc-link-token';
/** Sent with a generated key on idempotent operations (unless the client is given another name). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Response header carrying the service's request id: `requestId` of errors and of `.withResponse()`. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The header every request carries so the service can tell SDK versions apart; browsers allow it. */
export const SDK_HEADER = 'x-svc-sdk';

/** Request headers the client sets itself, so the named methods never ask for them. */
export const CLIENT_HEADER_NAMES = [API_KEY_HEADER, IDEMPOTENCY_KEY_HEADER] as const;
export type ClientHeaderName = (typeof CLIENT_HEADER_NAMES)[number];
