import { SyncInputError } from '../errors/errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { isResource, RESOURCES, type ResourceName } from '../resources.js';
import type { SyncStore } from '../stores/store.js';
import { assertFingerprint } from '../stores/team-fingerprint.js';
import type { SyncClient } from '../sync-client.js';
import type { SyncOptions } from '../sync-types.js';
import { ServiceClock } from './service-clock.js';

/** A sync's options, checked and with their defaults: what every step reads. */
export interface Settings {
  client: SyncClient;
  store: SyncStore;
  resources: ResourceName[];
  limits: Required<Limits>;
  /** The clock runs end at: the caller's `now`, else the service's. */
  now: () => Date;
  /** Learns the service's time from its answers. */
  clock: ServiceClock;
  historyDays: number;
  dispatch: SyncOptions['dispatch'];
  /** Binds the store to the sync's team (once it has succeeded, at no further cost). */
  bindTeam: () => Promise<void>;
}

/** The store bound to `team` once: a failed attempt (the store out of reach) is tried again next time. */
export function teamBinder(store: SyncStore, team: string): () => Promise<void> {
  if (team === undefined)
    throw new SyncInputError('team is required: pass team: teamFingerprint(apiKey), the key the client uses');
  assertFingerprint(team);
  let bound: Promise<void> | undefined;
  return () => {
    bound ??= store.bindTeam(team).catch((error: unknown) => {
      bound = undefined;
      throw error;
    });
    return bound;
  };
}

/** Checks the options before anything is sent: an unknown resource or a limit out of range is a SyncInputError. */
export function settingsOf(options: SyncOptions): Settings {
  const resources = [...(options.resources ?? RESOURCES)];
  for (const resource of resources)
    if (!isResource(resource))
      throw new SyncInputError(`unknown resource "${resource}": use one of ${RESOURCES.join(', ')}`);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isFinite(value) || value < (name.endsWith('Ms') ? 0 : 1))
      throw new SyncInputError(`limits.${name} must be a number of at least ${name.endsWith('Ms') ? 0 : 1}`);
  const clock = new ServiceClock();
  const bindTeam = teamBinder(options.store, options.team);
  return {
    client: options.client,
    store: options.store,
    resources,
    limits,
    now: options.now ?? (() => clock.now()),
    clock,
    historyDays: options.historyDays ?? 90,
    dispatch: options.dispatch,
    bindTeam,
  };
}
