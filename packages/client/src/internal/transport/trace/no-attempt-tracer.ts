// What `#attempt-tracer` resolves to outside Node (browsers, workers, Deno, Bun and workerd builds): no
// diagnostics_channel there, so nothing is published and the bundle carries no tracing code.
import type { AttemptTracer } from './attempt-tracer.js';

/** A literal `false`, so the bundler drops the transport's tracing branch altogether. */
export const TRACED: boolean = false;

export const attemptTracer: AttemptTracer | undefined = undefined;
