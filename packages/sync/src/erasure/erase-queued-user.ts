// A user's traces in a BullMQ queue: their window jobs (a job id starts with the service user id), the
// event-stream entries naming those jobs, and any key left naming them. Redis's own persistence files
// (RDB, AOF) are Redis's to rewrite (BGREWRITEAOF, a new snapshot): the README says so.
import type { Queue, RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { SyncWindow } from '../stores/store.js';
import type { QueueErasure } from './receipt.js';

const SCAN_COUNT = 1_000;
const STREAM_PAGE = 1_000;

/** Whether a job id (`user|resource|provider|start|end|generation`) is the user's, of `provider` if given. */
const jobOf = (userId: string, provider: string | undefined) => (jobId: string) => {
  const parts = jobId.split('|');
  return parts[0] === userId && (provider === undefined || parts[2] === provider);
};

/** Over its own connection to the queue's Redis (`connection`), closed before it returns. */
export async function eraseQueuedUser(
  queue: Queue<SyncWindow>,
  connection: RedisOptions,
  userId: string,
  provider?: string,
): Promise<QueueErasure> {
  const client = new Redis({ ...connection, lazyConnect: true });
  client.on('error', () => {}); // a failure reaches the caller through the command that fails
  try {
    return await erase(queue, client, userId, provider);
  } finally {
    client.disconnect();
  }
}

async function erase(
  queue: Queue<SyncWindow>,
  client: Redis,
  userId: string,
  provider: string | undefined,
): Promise<QueueErasure> {
  const prefix = `${queue.qualifiedName}:`;
  const isTheirs = jobOf(userId, provider);
  const keysNaming = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', SCAN_COUNT);
      cursor = next;
      for (const key of keys) if (isTheirs(key.slice(prefix.length).split(':')[0] as string)) found.push(key);
    } while (cursor !== '0');
    return found;
  };
  const jobIds = new Set((await keysNaming()).map((key) => key.slice(prefix.length).split(':')[0] as string));
  let jobs = 0;
  const active = new Set<string>();
  for (const jobId of jobIds) {
    // 0: a live worker holds the job's lock; it finishes, and the store refuses what it would write.
    if ((await queue.remove(jobId)) === 1) jobs++;
    else active.add(jobId);
  }
  // The event stream names jobs added, moved and removed: its entries naming the user's go too.
  let events = 0;
  const stream = queue.keys.events as string;
  for (let start = '-'; ; ) {
    const page = await client.xrange(stream, start, '+', 'COUNT', STREAM_PAGE);
    const theirs = page
      .filter(([, fields]) =>
        fields.some((value) => value.split(/[\s"',:{}[\]]+/).some((word) => isTheirs(word))),
      )
      .map(([id]) => id);
    if (theirs.length > 0) events += await client.xdel(stream, ...theirs);
    if (page.length < STREAM_PAGE) break;
    start = `(${(page.at(-1) as [string, string[]])[0]}`;
  }
  // Whatever else still names them (a log list of a job removed meanwhile), but a held job's own keys.
  let keys = 0;
  const left = (await keysNaming()).filter(
    (key) => !active.has(key.slice(prefix.length).split(':')[0] as string),
  );
  if (left.length > 0) keys = await client.del(...left);
  return { jobs, events, keys, leftActive: active.size };
}
