// The parent of the spans this package makes. A sync window's span is the parent of the client spans of
// its requests; the application's context manager cannot be told of it from a channel subscriber, so the
// window's work runs with it in a store of our own (bound to the window channel), read first here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Context, context } from '@opentelemetry/api';

/** The context of the span of ours whose work is running (a sync window), if any. */
export const ownContext = new AsyncLocalStorage<Context>();

/** Where a new span of ours hangs: under our running span, else under the application's active one. */
export const parentContext = (): Context => ownContext.getStore() ?? context.active();
