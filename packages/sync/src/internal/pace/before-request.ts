import type { AimdLimiter } from './aimd.js';
import type { RatePacer } from './rate-pacer.js';
import { sleep } from './sleep.js';

/** What a request waits on: the shared `Retry-After` pause and the pacer's turn. */
export interface RequestTurn {
  limiter: AimdLimiter;
  pacer: RatePacer;
  signal: AbortSignal;
  /** Counts the request once it may go. */
  onRequest: () => void;
}

/** Waits out a `Retry-After` pause shared by every read, then the pacer's turn, then counts the request. */
export async function beforeRequest(turn: RequestTurn): Promise<void> {
  for (let wait = turn.limiter.pauseLeft(); wait > 0; wait = turn.limiter.pauseLeft()) {
    await sleep(wait, turn.signal);
  }
  await sleep(turn.pacer.reserve(), turn.signal);
  turn.onRequest();
}
