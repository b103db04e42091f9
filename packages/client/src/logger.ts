/** Receives debug lines when given to `createClient({ logger })`; nothing is logged by default. */
export interface Logger {
  /** May be async; whatever it throws or rejects with is ignored. */
  debug(message: string, meta: Record<string, unknown>): void;
}
