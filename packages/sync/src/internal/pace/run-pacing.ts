import type { ProgressFeed } from '../../progress.js';
import type { Settings } from '../settings.js';
import type { AimdLimiter } from './aimd.js';
import type { RetryContext } from './attempts.js';
import type { RequestTurn } from './before-request.js';
import type { RatePacer } from './rate-pacer.js';
import type { RunHealth } from './run-health.js';

/** What a run's calls share: the concurrency and rate controls, the run's signal, its progress counters. */
export type RunPacing = RetryContext & RequestTurn & { health: RunHealth };

/** The shared controls of one sync: every run of it reads at the pace they find. */
export interface Controls {
  limiter: AimdLimiter;
  pacer: RatePacer;
}

export function runPacing(
  settings: Settings,
  controls: Controls,
  feed: ProgressFeed,
  signal: AbortSignal,
  health: RunHealth,
): RunPacing {
  return {
    ...controls,
    health,
    limits: settings.limits,
    signal,
    onRequest: () => feed.update((s) => s.requests++),
    onRateLimited: () => feed.update((s) => s.rateLimited++),
  };
}
