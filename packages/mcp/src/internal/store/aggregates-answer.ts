import { type SummaryAggregateQuery, type SyncStore, summaryAggregates } from '@svc/sync';
import type { Answer } from './store-answer.js';
import type { Stat } from './store-schemas.js';
import { aggregatesText } from './store-text.js';

/** `store_user_aggregates`: the users whose aggregate passes the filter, ranked by it, one page of them. */
export async function aggregatesAnswer(store: SyncStore, args: Record<string, unknown>): Promise<Answer> {
  const stat = (args.stat as Stat | undefined) ?? 'avg';
  const order = args.order === 'desc' ? -1 : 1;
  const rows = (
    await summaryAggregates(store, {
      resource: args.resource as SummaryAggregateQuery['resource'],
      field: args.field as string,
      from: args.from as string,
      to: args.to as string,
      ...(typeof args.provider === 'string' ? { provider: args.provider } : {}),
    })
  )
    .filter((row) => (typeof args.below === 'number' ? row[stat] < args.below : true))
    .filter((row) => (typeof args.above === 'number' ? row[stat] > args.above : true))
    .sort(
      (a, b) =>
        order * (a[stat] - b[stat]) || (a.clientUserId ?? a.userId).localeCompare(b.clientUserId ?? b.userId),
    );
  const offset = Number(args.cursor ?? 0);
  const limit = (args.limit as number | undefined) ?? 20;
  const users = rows.slice(offset, offset + limit).map((row) => ({
    client_user_id: row.clientUserId,
    user_id: row.userId,
    count: row.count,
    days: row.days,
    avg: row.avg,
    min: row.min,
    max: row.max,
    sum: row.sum,
  }));
  return {
    total: rows.length,
    items: users.length,
    offset,
    page: (shown, more) => {
      const page = users.slice(0, shown);
      return {
        structured: { total: rows.length, users: page },
        text: aggregatesText(args, stat, rows.length, offset, page, more),
      };
    },
  };
}
