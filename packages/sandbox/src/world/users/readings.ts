// What a user's connected providers report, read from a world: one day of steps by provider and the
// daily summaries of a range, within the world's history window. Reads only; world/data generates.
import { PROVIDERS } from '../data/catalogue-data.js';
import { stepsOfDay } from '../data/steps-of-day.js';
import { type ProviderSource, type SummaryKind, summariesOf } from '../data/summaries.js';
import type { SandboxUser, WorldState } from '../state/world-state.js';
import { userById } from './users.js';

export interface ConnectedSources {
  user: SandboxUser;
  sources: ProviderSource[];
}

/** The user's connected providers, narrowed to `provider` when one is given; an unknown user is a 404. */
export function connectedSources(world: WorldState, userId: string | undefined, provider?: string) {
  const user = userById(world, userId);
  const slugs = user.connected_sources
    .map((c) => c.source.slug)
    .filter((slug) => !provider || slug === provider);
  return {
    user,
    sources: slugs.map((slug) => ({ provider: slug, type: PROVIDERS[slug]?.type ?? 'unknown' })),
  } satisfies ConnectedSources;
}

/** The first day with data: the world's history window (a world from an older snapshot has no bound). */
function historyStartOf(world: WorldState): number {
  const from = Date.parse(world.historyFrom ?? '');
  return Number.isNaN(from) ? Number.NEGATIVE_INFINITY : from;
}

/**
 * One UTC day's steps (`day`: its midnight, ms) of each connected provider as `{ data, source }` groups
 * keyed by slug; empty before the world's history.
 */
export function stepsGroupsOfDay(world: WorldState, { user, sources }: ConnectedSources, day: number) {
  const now = new Date(world.now).getTime();
  const inHistory = day >= historyStartOf(world);
  // Keyed by provider slug, which a caller may have chosen (`__proto__` is a slug like any other).
  const groups: Record<string, unknown[]> = Object.create(null);
  for (const source of sources) {
    const data = inHistory ? stepsOfDay(world.seed, user.user_id, source.provider, day, now) : [];
    groups[source.provider] = [{ data, source }];
  }
  return groups;
}

/** The summaries of a kind from `first` to `last` (UTC midnights, ms): one per day over and provider. */
export function summariesOfDays(
  world: WorldState,
  kind: SummaryKind,
  { user, sources }: ConnectedSources,
  { first, last }: { first: number; last: number },
) {
  return summariesOf(kind, {
    seed: world.seed,
    userId: user.user_id,
    sources,
    first,
    last,
    now: new Date(world.now).getTime(),
    since: historyStartOf(world),
  });
}
