import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loopbackForTest } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { createClient, type SvcClient } from '../../src/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

/** Large enough that V8 allocates the body text as a large object, which a promotion shows in `large_object_space`. */
const NOTE = 'x'.repeat(512 * 1024);
/** Serialized once: the server allocates no large string per reply. */
const BODY = JSON.stringify({ user_id: 'u-1', note: NOTE });
const CALLS = 20;

const oldLargeObjectBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'large_object_space')?.space_used_size ?? 0;

/** Ends the current job, so nothing is kept alive for it, then runs a young-generation collection. */
async function youngCollection(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc({ type: 'minor' });
}

type Call = (client: SvcClient) => Promise<{ data: unknown; response: Response }>;

const styles: Array<[string, Call]> = [
  ['named method', (client) => client.resolveUser({ client_user_id: 'u-1' }).withResponse()],
  [
    'typed path client',
    async (client) => {
      const { data, response } = await client.GET('/v2/user/resolve/{client_user_id}', {
        params: { path: { client_user_id: 'u-1' } },
      });
      return { data, response };
    },
  ],
];

// Node's fetch keeps the Response it returned reachable until a full collection (see
// src/internal/transport/reply/buffered-response.ts). The body the client read must not ride along with it: a
// dropped result frees its body in the next young-generation collection, as plain fetch's would.
describe('a response body the caller dropped is freed without a full garbage collection', () => {
  it.each(styles)('%s', async (_style, call) => {
    const server = await loopbackForTest(() => ({
      text: BODY,
      headers: { 'content-type': 'application/json' },
    }));
    const client = createClient({ apiKey: 'sk-test-0123456789', baseUrl: server.baseUrl });
    for (let i = 0; i < 3; i++) await call(client);
    gc();
    const before = oldLargeObjectBytes();

    // Each call's result lives only inside this function, so nothing of the test holds it when the
    // collection runs (a variable of the loop would keep it alive, and promoted, itself).
    const noteLength = async (): Promise<number> =>
      ((await call(client)).data as { note: string }).note.length;
    const noteLengths: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      noteLengths.push(await noteLength());
      await youngCollection();
    }
    expect(noteLengths).toEqual(Array(CALLS).fill(NOTE.length));
    // Kept by fetch, every call's text would be promoted: CALLS bodies. A collection that happens to
    // run while a call still reads its body promotes that one, as it would plain fetch's: a few.
    expect(oldLargeObjectBytes() - before).toBeLessThan((CALLS / 2) * NOTE.length);

    // A response still held keeps serving its body, across young-generation collections too.
    const held = (await call(client)).response;
    await youngCollection();
    await youngCollection();
    expect(await held.text()).toBe(BODY);
  });
});
