/**
 * A webhook body exactly as it came off the wire: a `Uint8Array` (Node `Buffer`), an `ArrayBuffer`, or the
 * untouched text. Never `JSON.stringify(req.body)`: re-serialised JSON is not what the service signed.
 */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** The body size limit unless told otherwise. The service publishes none; this covers data events with room. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
