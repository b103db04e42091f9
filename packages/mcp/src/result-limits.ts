/** Default byte budget of one tool result: a 64 KB stdio line breaks some clients, so well under it. */
export const DEFAULT_MAX_RESULT_BYTES = 32_000;
/** Smallest budget: room for a page of data and the note that says how it was cut. */
export const MIN_MAX_RESULT_BYTES = 4_096;
export const MAX_MAX_RESULT_BYTES = 1_000_000;
