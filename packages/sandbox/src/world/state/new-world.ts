import { randomFor, uuidFrom } from '../../internal/random.js';
import type { Timer, WorldState } from './world-state.js';

/** The most events a world keeps; older ones are dropped (and counted) first. */
export const MAX_EVENTS_PER_WORLD = 1_000;

/** Days of generated history every user has before its world began, unless `historyDays` says otherwise. */
export const DEFAULT_HISTORY_DAYS = 90;

/** The fields of a world that are tables keyed by an id, a token or a key a request names. */
export type TableName = {
  [K in keyof WorldState]-?: NonNullable<WorldState[K]> extends unknown[]
    ? never
    : NonNullable<WorldState[K]> extends Record<string, unknown>
      ? K
      : never;
}[keyof WorldState];

/** Every table of a world: a table added to `WorldState` is a compile error here until it is listed. */
export const TABLES: Record<TableName, true> = {
  users: true,
  userIdsByClientId: true,
  linkTokens: true,
  signInTokens: true,
  orders: true,
  appointments: true,
  parsingJobs: true,
  idempotency: true,
};

/**
 * Makes every table of `world` a null-prototype object, in place: an id such as `__proto__` or
 * `constructor` is then an id like any other, never a member every object inherits. Every world a
 * registry holds passes through here (new, reset, restored, imported), since a copy (`structuredClone`,
 * `JSON.parse`) gives plain objects back.
 */
export function ownTables(world: WorldState): WorldState {
  for (const name of Object.keys(TABLES) as TableName[]) Object.setPrototypeOf(world[name], null);
  return world;
}

/** A fresh world for a seed: the same seed always gives the same ids and data. */
export function createWorld(seed: string, startTime: string, historyDays = DEFAULT_HISTORY_DAYS): WorldState {
  const dayStart = Math.floor(new Date(startTime).getTime() / 86_400_000) * 86_400_000;
  return ownTables({
    version: 1,
    seed,
    team_id: uuidFrom(randomFor(`${seed}:team`)),
    now: startTime,
    historyFrom: new Date(dayStart - historyDays * 86_400_000).toISOString(),
    sequence: 0,
    timerSequence: 0,
    users: {},
    userIdsByClientId: {},
    linkTokens: {},
    signInTokens: {},
    orders: {},
    appointments: {},
    parsingJobs: {},
    idempotency: {},
    timers: [],
    events: [],
  });
}

/** The next id of a world: drawn from its seed and a counter, so replays give the same ids. */
export function nextUuid(world: WorldState, purpose: string): string {
  world.sequence += 1;
  return uuidFrom(randomFor(`${world.seed}:${purpose}:${world.sequence}`));
}

/** A random-looking token of a world, with a prefix (`lt_`, `st_`…). */
export function nextToken(world: WorldState, prefix: string): string {
  return `${prefix}${nextUuid(world, prefix).replace(/-/g, '').slice(0, 24)}`;
}

/** Schedules `event` on a resource at `at` (sandbox time). */
export function schedule(world: WorldState, at: Date | string, timer: Omit<Timer, 'at' | 'seq'>): void {
  world.timerSequence += 1;
  world.timers.push({ ...timer, at: new Date(at).toISOString(), seq: world.timerSequence });
}

export const addSeconds = (iso: string, seconds: number): string =>
  new Date(new Date(iso).getTime() + seconds * 1000).toISOString();
