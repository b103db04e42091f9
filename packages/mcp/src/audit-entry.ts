/**
 * One line of the audit trail: one per tool call. It says which operation was called, how it ended
 * and how to find it at the service (request id), never what was asked or answered: no arguments, no
 * health values, no key.
 */
/**
 * Why a call was refused: a write the operator did not allow; a tool this server does not serve (not
 * enabled, no such tool, or no name as text); a store tool on a server started without `--store`;
 * arguments that are not an object or fail the tool's schema (or the client's checks), so nothing was sent.
 */
export type RefusalReason =
  | 'write-not-allowed'
  | 'tool-not-enabled'
  | 'store-not-configured'
  | 'invalid-arguments';

export interface AuditEntry {
  /** When the call ended (ISO 8601). */
  time: string;
  /**
   * The tool called: an operation's name, or one of the discover tools; `(no name)` when the call named
   * none as text.
   */
  tool: string;
  /** The operation called, when there was one. */
  operation?: string;
  /**
   * `ok`; `refused` (nothing was run or sent: `reason` says why); `error` (the service answered with an
   * error, or did not answer; or the store could not be read).
   */
  outcome: 'ok' | 'refused' | 'error';
  /** Why a call was refused; only on `refused`. */
  reason?: RefusalReason;
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
