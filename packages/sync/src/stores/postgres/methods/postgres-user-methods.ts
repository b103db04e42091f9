// The PostgreSQL store's users: saving and finding one, reading them a page at a time, failed users.
import { userOf } from '../../store-rows.js';
import type { PostgresStoreParts, StoreMethods } from './postgres-store-parts.js';

export function postgresUserMethods({
  inTransaction,
  query,
  rowsOf,
  erasure,
}: PostgresStoreParts): StoreMethods<
  'saveUser' | 'findUser' | 'readUsers' | 'failedUsers' | 'clearFailedUsers'
> {
  return {
    async saveUser(user) {
      await inTransaction(async (client) => {
        if (await erasure.refuse(client, user)) return;
        await client.query(
          `INSERT INTO svc_users (client_user_id, user_id, providers, error, updated_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (client_user_id) DO UPDATE SET user_id = coalesce(excluded.user_id, svc_users.user_id), providers = excluded.providers,
           error = excluded.error, updated_at = excluded.updated_at`,
          [user.clientUserId, user.userId, JSON.stringify(user.providers), user.error],
        );
      });
    },
    async findUser(clientUserId) {
      const [user] = await rowsOf(
        'SELECT client_user_id, user_id, providers, error FROM svc_users WHERE client_user_id = $1',
        [clientUserId],
        userOf,
      );
      return user;
    },
    async failedUsers(limit, after) {
      return rowsOf(
        `SELECT client_user_id, user_id, providers, error FROM svc_users
         WHERE error IS NOT NULL AND client_user_id > $1 ORDER BY client_user_id LIMIT $2`,
        [after ?? '', limit],
        userOf,
      );
    },
    async readUsers(limit, after) {
      return rowsOf(
        `SELECT client_user_id, user_id, providers, error FROM svc_users
         WHERE user_id IS NOT NULL AND client_user_id > $1 ORDER BY client_user_id LIMIT $2`,
        [after ?? '', limit],
        userOf,
      );
    },
    async clearFailedUsers(clientUserIds) {
      const result = await query(
        'DELETE FROM svc_users WHERE client_user_id = ANY($1) AND error IS NOT NULL',
        [clientUserIds],
      );
      return result.rowCount ?? 0;
    },
  };
}
