// Retention: the rows of each resource older than the partner's policy, removed with the same secure
// deletion as an erasure, on the schedule the partner runs (`svc-sync retain`, or the worker's option).
import { SyncInputError } from '../errors/errors.js';
import { isResource, RESOURCES, type ResourceName } from '../resources.js';
import type { SyncStore } from '../stores/store.js';
import type { ScrubWhen } from './erase-user.js';
import { type ErasureReceipt, scrubAfter } from './receipt.js';

/** Days of data kept per resource; a resource not named is kept whole. */
export type RetentionPolicy = Partial<Record<ResourceName, number>>;

const DAY_MS = 86_400_000;
const MAX_DAYS = 36_500;

/** `steps=30,sleep=365` (per resource) or `30` (every resource), checked. */
export function parseRetainDays(text: string): RetentionPolicy {
  const policy: RetentionPolicy = {};
  const days = (value: string) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < 1 || n > MAX_DAYS)
      throw new SyncInputError(
        `retain days must be a whole number from 1 to ${MAX_DAYS} (got ${JSON.stringify(value)})`,
      );
    return n;
  };
  if (!text.includes('=')) {
    const n = days(text);
    for (const resource of RESOURCES) policy[resource] = n;
    return policy;
  }
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim());
    if (!isResource(name))
      throw new SyncInputError(`retain days: unknown resource "${name}"; use ${RESOURCES.join(', ')}`);
    policy[name] = days(value);
  }
  return policy;
}

/**
 * Removes, per resource of the policy, the rows older than its days before `now`: a steps point that
 * starts before the cutoff, a summary whose calendar day is before the cutoff's UTC day. Checkpoints stay,
 * so a backfill does not read the removed days again.
 */
export async function applyRetention(
  store: SyncStore,
  policy: RetentionPolicy,
  options: { now?: Date; scrub?: ScrubWhen } = {},
): Promise<ErasureReceipt> {
  const entries = Object.entries(policy) as [ResourceName, number][];
  if (entries.length === 0) throw new SyncInputError('a retention policy names at least one resource');
  for (const [resource, days] of entries)
    if (!isResource(resource) || !Number.isInteger(days) || days < 1 || days > MAX_DAYS)
      throw new SyncInputError(`retention of ${resource}: days must be a whole number from 1 to ${MAX_DAYS}`);
  const startedAt = new Date().toISOString();
  const now = (options.now ?? new Date()).getTime();
  const removed: Record<string, number> = {};
  const cutoffs: Partial<Record<ResourceName, string>> = {};
  let kind: ErasureReceipt['store'] | undefined;
  for (const [resource, days] of entries) {
    const cutoff = new Date(now - days * DAY_MS).toISOString();
    cutoffs[resource] = cutoff;
    const run = await store.retain(resource, cutoff);
    kind = run.store;
    for (const [table, n] of Object.entries(run.removed)) removed[table] = (removed[table] ?? 0) + n;
  }
  const scrub = await scrubAfter(store, removed, options.scrub);
  return {
    kind: 'retention',
    startedAt,
    finishedAt: new Date().toISOString(),
    store: kind as ErasureReceipt['store'],
    tombstone: null,
    retainDays: Object.fromEntries(entries),
    cutoffs,
    removed,
    scrub,
  };
}
