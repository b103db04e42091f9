/**
 * One line of the audit trail: one per tool call. It says which operation was called, how it ended
 * and how to find it at the service (request id), never what was asked or answered: no arguments, no
 * health values, no key.
 */
export interface AuditEntry {
  /** When the call ended (ISO 8601). */
  time: string;
  /** The tool called: an operation's name, or one of the discover tools. */
  tool: string;
  /** The operation called, when there was one. */
  operation?: string;
  /**
   * `ok`; `refused` (a write this server does not allow); `invalid` (refused before sending: bad
   * arguments); `error` (the service answered with an error, or did not answer).
   */
  outcome: 'ok' | 'refused' | 'invalid' | 'error';
  /** The HTTP status of the service's answer (the last one, for a call that reads several times). */
  status?: number;
  /** The service's request id of that answer. */
  request_id?: string;
  /** Reads made by a call that followed long work (`wait_seconds`). */
  reads?: number;
  /** The error's class, when the call failed. */
  error?: string;
  /** Milliseconds the call took. */
  ms: number;
}
