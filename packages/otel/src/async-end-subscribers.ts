// What the client's and the sync's subscribers share: both channels are traced with `tracePromise`, and
// every such operation, a failed one too, ends at `asyncEnd`; that is where its span is closed.
import type { TracingChannelSubscribers } from 'node:diagnostics_channel';

const ignore = () => {};

/**
 * Subscribers that keep, in `open`, what an operation's start opened for its message (`start` sets it,
 * or a store bound to the start channel does) and hand it to `close` once, at asyncEnd. The other
 * events are ignored: asyncEnd carries the error as well.
 */
export function asyncEndSubscribers<M extends object, E>(
  open: WeakMap<M, E>,
  close: (message: M, entry: E) => void,
  start: (message: M) => void = ignore,
): TracingChannelSubscribers<M> {
  return {
    start,
    end: ignore,
    asyncStart: ignore,
    error: ignore,
    asyncEnd(message) {
      const entry = open.get(message);
      if (!entry) return;
      open.delete(message);
      close(message, entry);
    },
  };
}
