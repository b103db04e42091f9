import { within } from '../within.js';

/**
 * How long a forced close is waited for. Forcing drops the sockets at once, but a client reconnecting
 * to a Redis that is down or frozen may never report its end; the process exits regardless.
 */
const FORCE_MS = 500;

/**
 * Waits for `close`, at most `ms`, then for `force`, at most FORCE_MS: closing waits for Redis to answer
 * (a QUIT queued while a connection is reconnecting, or sent to a frozen server, waits for it), and a
 * stop must end within the CLI's five seconds whatever Redis does. `force` must not be the same close
 * with a flag: BullMQ's `close(true)` after `close()` returns the first, still pending, promise.
 */
export async function closeWithin(
  ms: number,
  close: () => Promise<unknown>,
  force: () => Promise<unknown>,
): Promise<void> {
  const closed = close();
  try {
    await within(ms, () => closed);
  } catch {
    closed.catch(() => {});
    await within(FORCE_MS, force).catch(() => {});
  }
}
