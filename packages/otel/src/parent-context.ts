// The parent of the spans an instrumentation makes. A sync window's span is the parent of the client spans
// of its requests; the application's context manager cannot be told of it from a channel subscriber, so the
// window's work runs with it in a store of the instrumentation's own (bound to the window channel), read
// first here. One store per instrumentation: two of them in a process each nest their own spans.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Context, context } from '@opentelemetry/api';

export interface SpanParents {
  /** The context of the instrumentation's span whose work is running (a sync window), if any. */
  own: AsyncLocalStorage<Context>;
  /** Where a new span hangs: under the running span of ours, else under the application's active one. */
  parent(): Context;
}

export function spanParents(): SpanParents {
  const own = new AsyncLocalStorage<Context>();
  return { own, parent: () => own.getStore() ?? context.active() };
}
