// Issue 43: every client of Redis has a deadline. A Redis that stops answering without closing its
// socket (SIGSTOP) fails a queue call with QueueUnavailableError within the queue's 5 s, never hangs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncQueue } from '../../src/bullmq.js';
import { QueueUnavailableError } from '../../src/errors/errors.js';
import { type RunningServer, startRedis } from '../fixtures/servers.js';

let redis: RunningServer & { pid(): number | undefined };
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

const window = {
  userId: 'u-frozen',
  resource: 'steps' as const,
  provider: 'oura',
  start: '2025-11-03',
  end: '2025-11-09',
  asOf: '2025-11-10T00:00:00.000Z',
};

describe('issue 43: a Redis that stops answering', () => {
  it('fails counts() and dispatch() with QueueUnavailableError within the 5 s a queue call waits', async () => {
    const queue = createSyncQueue({ redis: redis.url, queueName: 'frozen' });
    await queue.counts();
    process.kill(redis.pid() as number, 'SIGSTOP');
    try {
      for (const call of [() => queue.counts(), () => queue.dispatch(window)]) {
        const started = Date.now();
        await expect(call()).rejects.toBeInstanceOf(QueueUnavailableError);
        expect(Date.now() - started).toBeLessThan(8_000);
      }
    } finally {
      process.kill(redis.pid() as number, 'SIGCONT');
    }
    await queue.close();
  }, 30_000);
});
