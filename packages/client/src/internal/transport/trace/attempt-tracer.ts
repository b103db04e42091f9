// What the transport asks of a tracer: whether anyone listens (checked per attempt, so nothing is
// built while nobody does), and to run one attempt traced. One implementation per build (`#attempt-tracer`).
import type { Secrets } from '../../redact.js';
import type { Reply } from '../reply/reply.js';

export interface AttemptTracer {
  /** Whether anyone subscribes: when not, the attempt runs as it would without a tracer. */
  listened(): boolean;
  /**
   * Runs one attempt, published on the attempt channel. `what` is the call's `METHOD /template`
   * (undefined for a request a middleware replaced); `secrets` redact an error before it is published.
   */
  trace<R extends Reply>(
    run: () => Promise<R>,
    method: string,
    url: string,
    what: string | undefined,
    resendCount: number,
    secrets: Secrets,
  ): Promise<R>;
}
