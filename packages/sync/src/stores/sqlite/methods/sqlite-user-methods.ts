// The SQLite store's users: saving and finding one, reading them a page at a time, failed users.
import { type UserRow, userOf } from '../../store-rows.js';
import { immediate } from '../driver.js';
import type { SqliteStoreParts, StoreMethods } from './sqlite-store-parts.js';

export function sqliteUserMethods({
  db,
  guard,
  ready,
  erasure,
}: SqliteStoreParts): StoreMethods<
  'saveUser' | 'findUser' | 'readUsers' | 'failedUsers' | 'clearFailedUsers'
> {
  return {
    saveUser: guard((user) => {
      immediate(db, () => {
        if (erasure.refuse(user)) return;
        ready().saveUser.run(
          user.clientUserId,
          user.userId,
          JSON.stringify(user.providers),
          user.error,
          new Date().toISOString(),
        );
      });
    }),
    findUser: guard((clientUserId) => {
      const row = ready().findUser.get<UserRow>(clientUserId);
      return row ? userOf(row) : undefined;
    }),
    clearFailedUsers: guard((clientUserIds) =>
      immediate(db, () => {
        const s = ready();
        return clientUserIds.filter((id) => s.clearFailedUser.get(id) !== undefined).length;
      }),
    ),
    failedUsers: guard((limit, after) =>
      ready()
        .failedUsers.all<UserRow>(after ?? '', limit)
        .map(userOf),
    ),
    readUsers: guard((limit, after) =>
      ready()
        .readUsers.all<UserRow>(after ?? '', limit)
        .map(userOf),
    ),
  };
}
