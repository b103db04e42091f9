// What the transport asks of a tracer: whether anyone listens (checked per attempt, so nothing is
// built while nobody does), and to run one attempt traced. One implementation per build (`#attempt-tracer`).
import type { Secrets } from '../../redact.js';
import type { Reply } from '../reply/reply.js';

/** The attempt a tracer publishes, as the transport knows it. */
export interface TracedAttempt {
  method: string;
  url: string;
  /** The call's `METHOD /template`; undefined for a request a middleware replaced. */
  what: string | undefined;
  /** 0 for a first attempt, 1 for the first retry, … */
  resendCount: number;
}

export interface AttemptTracer {
  /** Whether anyone subscribes: when not, the attempt runs as it would without a tracer. */
  listened(): boolean;
  /**
   * Runs one attempt, published on the attempt channel; `secrets` redact an error before it is published;
   * `decide` gives, before the attempt's end is published, the wait before the client sends the call
   * again (undefined: it will not).
   */
  trace<R extends Reply>(
    run: () => Promise<R>,
    attempt: TracedAttempt,
    secrets: Secrets,
    decide: (reply?: R, error?: unknown) => number | undefined,
  ): Promise<R>;
}
