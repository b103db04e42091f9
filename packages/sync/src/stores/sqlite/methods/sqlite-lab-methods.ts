// The SQLite store's lab data: order events (and the order they move), parsing jobs.
import {
  type LabOrderColumns,
  type LabOrderEventColumns,
  labOrderEventOf,
  labOrderOf,
  type ParsingJobColumns,
  parsingJobOf,
} from '../../store-rows.js';
import { immediate } from '../driver.js';
import type { SqliteStoreParts, StoreMethods } from './sqlite-store-parts.js';

export function sqliteLabMethods({
  db,
  guard,
  ready,
}: SqliteStoreParts): StoreMethods<
  'saveLabOrderEvent' | 'readLabOrders' | 'readLabOrderEvents' | 'saveParsingJob' | 'readParsingJobs'
> {
  return {
    saveLabOrderEvent: guard((event) => {
      const at = new Date(event.occurredAt).toISOString();
      const data = JSON.stringify(event.data);
      immediate(db, () => {
        const s = ready();
        s.saveLabOrderEvent.run(event.orderId, event.userId, at, event.status, event.eventType, data);
        s.saveLabOrder.run(event.orderId, event.userId, event.status, at, data);
        s.labEventsUser.run(event.orderId, event.orderId);
      });
    }),
    readLabOrders: guard((limit, after) =>
      ready()
        .readLabOrders.all<LabOrderColumns>(after ?? '', limit)
        .map(labOrderOf),
    ),
    readLabOrderEvents: guard((orderId, limit) =>
      ready()
        .readLabOrderEvents.all<LabOrderEventColumns & { user_id: string | null }>(orderId, limit)
        .map(labOrderEventOf),
    ),
    saveParsingJob: guard((job) => {
      ready().saveParsingJob.run(
        job.jobId,
        job.userId,
        job.status,
        new Date(job.updatedAt).toISOString(),
        new Date(job.storedAt).toISOString(),
        JSON.stringify(job.job),
      );
    }),
    readParsingJobs: guard((limit, after) =>
      ready()
        .readParsingJobs.all<ParsingJobColumns>(after ?? '', limit)
        .map(parsingJobOf),
    ),
  };
}
