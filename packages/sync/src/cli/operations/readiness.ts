// What `/readyz` asks: can this process reach what it works with, right now? The store always; Redis when
// the command queues or reads jobs. Each probe is bounded, so a server that stopped answering reads as down.

import type { SyncStore } from '../../stores/store.js';
import { within } from '../../within.js';

/** How long one probe may wait. */
const PROBE_MS = 2_000;

export type Probe = () => Promise<unknown>;

export interface Readiness {
  /** Each dependency by name (`store`, `redis`): `ok`, or why it is not (its error's message, no secret). */
  check(): Promise<{ ready: boolean; checks: Record<string, string> }>;
}

/** A read of one row: the smallest query every store answers (it needs a connection and the schema). */
export const storeProbe =
  (store: SyncStore): Probe =>
  () =>
    store.failedUsers(1);

export function createReadiness(probes: Record<string, Probe>): Readiness {
  return {
    async check() {
      const results = await Promise.all(
        Object.entries(probes).map(async ([name, probe]) => {
          try {
            await within(PROBE_MS, probe);
            return [name, 'ok'] as const;
          } catch {
            // The error's text could name a host or a password: the probe's name says enough.
            return [name, 'unreachable'] as const;
          }
        }),
      );
      return { ready: results.every(([, state]) => state === 'ok'), checks: Object.fromEntries(results) };
    },
  };
}
