import { randomFor, uuidFrom } from '../../internal/random.js';

/**
 * A user's id, from the world's seed and the `client_user_id` alone (never a counter): the same user
 * gets the same id whichever order users are first resolved in. A second salt is taken only should two
 * ids ever collide (a 128-bit hash: never seen), at most 16.
 */
export function userIdOf(seed: string, clientUserId: string, taken: (id: string) => boolean): string {
  for (let salt = 0; salt < 16; salt++) {
    const id = uuidFrom(randomFor(`${seed}:user:${salt === 0 ? '' : `${salt}:`}${clientUserId}`));
    if (!taken(id)) return id;
  }
  throw new Error(`no free user id for ${clientUserId}`);
}
