import { providerSource } from '../data/catalogue-data.js';
import { homeZoneOf } from '../data/home-zone.js';
import { userIdOf } from '../data/user-id.js';
import { nextToken } from '../state/new-world.js';
import { invalid, notFound, Refusal } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import { scenarioOfClientUserId } from '../state/scenarios.js';
import type { SandboxUser, WorldState } from '../state/world-state.js';

/** `client_user_id`s with this prefix are never created: resolving one answers 404, to test that path. */
export const UNKNOWN_USER_PREFIX = 'unknown_';

/** The provider every new sandbox user starts connected to, so data reads have something to return. */
export const DEMO_PROVIDER = 'oura';

export function userRecord(world: WorldState, user: SandboxUser) {
  return {
    user_id: user.user_id,
    team_id: world.team_id,
    client_user_id: user.client_user_id,
    created_on: user.created_on,
    connected_sources: user.connected_sources,
    fallback_time_zone: {
      id: homeZoneOf(world.seed, user.user_id).id,
      source_slug: 'sandbox',
      updated_at: user.created_on,
    },
    ingestion_start: null,
    ingestion_end: null,
  };
}

export function userById(world: WorldState, userId: string | undefined): SandboxUser {
  const user = userId === undefined ? undefined : world.users[userId];
  if (!user) throw notFound(`user ${userId}`);
  return user;
}

/**
 * The user a request body names by `user_id`, for a resource that belongs to one (an order, a link):
 * a missing `user_id` is a 422 naming the field, an unknown one a 404, as the service answers; the
 * sandbox never makes up a user.
 */
export function userOfBody(world: WorldState, body: Record<string, unknown>, what: string): SandboxUser {
  if (typeof body.user_id !== 'string' || body.user_id === '')
    throw invalid('invalid_request', `user_id is required: the user ${what} is for`, [
      { location: ['request', 'body', 'user_id'], code: 'required', message: 'user_id is required' },
    ]);
  return userById(world, body.user_id);
}

/** Connects a provider to a user (once) and emits `provider.connection.created`. */
export function connectProvider(runtime: WorldRuntime, user: SandboxUser, slug: string): void {
  if (user.connected_sources.some((c) => c.source.slug === slug)) return;
  const source = providerSource(slug);
  user.connected_sources.push({ created_on: runtime.world.now, source });
  runtime.emit({
    event_type: 'provider.connection.created',
    user_id: user.user_id,
    client_user_id: user.client_user_id,
    data: { user_id: user.user_id, provider: source, resource: 'connection' },
  });
  runtime.schedule({ at: 60, kind: 'data', id: user.user_id, event: slug });
}

/**
 * The user of a `client_user_id`, created the first time it is asked for (the API shows no
 * user-creation operation); `unknown_…` ids are never created.
 */
export function resolveUserOf(runtime: WorldRuntime, clientUserId: string): SandboxUser {
  const known = runtime.world.userIdsByClientId[clientUserId];
  if (known !== undefined) return userById(runtime.world, known);
  if (clientUserId.startsWith(UNKNOWN_USER_PREFIX)) throw notFound(`user ${clientUserId}`);
  return runtime.transact(() => {
    const { world } = runtime;
    const userId = userIdOf(world.seed, clientUserId, (id) => world.users[id] !== undefined);
    const user: SandboxUser = {
      user_id: userId,
      client_user_id: clientUserId,
      created_on: world.now,
      scenario: scenarioOfClientUserId(clientUserId) ?? 'happy_path',
      connected_sources: [],
    };
    world.users[userId] = user;
    world.userIdsByClientId[clientUserId] = userId;
    connectProvider(runtime, user, DEMO_PROVIDER);
    const midnight = new Date(`${world.now.slice(0, 10)}T00:00:00.000Z`).getTime() + 86_400_000;
    runtime.schedule({ at: new Date(midnight).toISOString(), kind: 'daily', id: userId, event: 'DAY_ENDED' });
    return user;
  });
}

/** A sign-in token for a known user. */
export function issueSignInToken(runtime: WorldRuntime, userId: string | undefined) {
  return runtime.transact(() => {
    const user = userById(runtime.world, userId);
    const token = nextToken(runtime.world, 'st_');
    runtime.world.signInTokens[token] = user.user_id;
    return { user, token };
  });
}

/** Disconnects a provider from a user; a provider the user has not connected is a 404. */
export function disconnectProvider(runtime: WorldRuntime, userId: string | undefined, slug: string): void {
  runtime.transact(() => {
    const user = userById(runtime.world, userId);
    const index = user.connected_sources.findIndex((c) => c.source.slug === slug);
    if (index < 0)
      throw new Refusal('not_found', 'not_found', `user ${user.user_id} has no ${slug} connection`);
    user.connected_sources.splice(index, 1);
  });
}
