/** The team API key, or a (possibly async) function returning it, called once per call (for rotation). */
export type ApiKey = string | (() => string | Promise<string>);
