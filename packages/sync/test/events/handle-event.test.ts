import { createClient } from '@svc/client';
import { generateWebhookSecret, parseEvent, unwrap, type WebhookEvent } from '@svc/events';
import { createSandbox } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { createSync } from '../../src/index.js';
import { API_KEY, sandboxSync, TEAM } from '../fixtures/sandbox.js';
import { sandboxTruth } from '../fixtures/sandbox-truth.js';
import { storedRows } from '../fixtures/stored-rows.js';
import { tempStores } from '../fixtures/temp-store.js';

const stores = tempStores();

/** A sandbox delivering its signed webhooks to `receive`, verified with @svc/events on the way. */
function sandboxWithWebhooks(receive: (event: WebhookEvent) => Promise<void>) {
  const secret = generateWebhookSecret();
  const sandbox = createSandbox({
    apiKey: API_KEY,
    seed: 'sync-events',
    webhooks: { url: 'https://receiver.example.test/webhooks', secret },
    webhookRetryDelaysMs: [1],
    webhookFetch: async (request: Request) => {
      await receive(await unwrap(await request.text(), request.headers, { secret }));
      return new Response(null, { status: 204 });
    },
  });
  const client = createClient({ apiKey: API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch, maxRetries: 0 });
  return { sandbox, client };
}

describe('handleEvent', () => {
  it('re-reads the day a daily.data event names, so the day is complete', async () => {
    const { store, address } = await stores.open();
    let handle: (event: WebhookEvent) => Promise<void> = async () => {};
    const { sandbox, client } = sandboxWithWebhooks((event) => handle(event));
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps'] });
    const queued: number[] = [];
    handle = async (event) => {
      queued.push((await sync.handleEvent(event)).queued);
    };
    await sync.backfill({ users: ['alice'], from: '2026-01-01', to: '2026-01-05' }).result;
    const before = await storedRows(address);
    // Sandbox time passes midnight: daily.data.steps.created for 2026-01-05 is sent.
    sandbox.clock.advance({ seconds: 86_400 });
    await sandbox.webhooks.flush();
    await sync.idle();
    expect(queued.filter((n) => n > 0).length).toBeGreaterThan(0);
    // Everything the sandbox holds: a historical.data event (the user's history) is applied as well.
    const truth = await sandboxTruth(client, ['alice'], ['steps'], '2025-06-01', '2026-01-05');
    const stored = await storedRows(address);
    expect(stored).toEqual(truth);
    expect(stored.size).toBeGreaterThan(before.size);
  });

  it('issue 39: a user first seen through a webhook gets its user row, from the service', async () => {
    const { store } = await stores.open();
    let handle: (event: WebhookEvent) => Promise<void> = async () => {};
    const { sandbox, client } = sandboxWithWebhooks((event) => handle(event));
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps'] });
    handle = async (event) => {
      await sync.handleEvent(event);
    };
    // The partner's own app made the user; this sync never backfilled it.
    const user = await client.resolveUser({ client_user_id: 'webhook-only' });
    sandbox.clock.advance({ seconds: 86_400 });
    await sandbox.webhooks.flush();
    await sync.idle();
    expect((await store.status()).rows.steps).toBeGreaterThan(0);
    expect(await store.findUser('webhook-only')).toEqual({
      clientUserId: 'webhook-only',
      userId: user.user_id,
      providers: ['oura'],
      error: null,
    });
  });

  it('issue 39: an event naming only the user_id stores its data without a user row; the first event naming the client user id adds the row', async () => {
    const { store } = await stores.open();
    const { sandbox, client } = sandboxWithWebhooks(async () => {});
    const sync = sandboxSync(sandbox, client, store, { resources: ['steps'] });
    const user = await client.resolveUser({ client_user_id: 'named-later' });
    const provider = user.connected_sources?.[0]?.source?.slug as string;
    const day = (extra: object) =>
      parseEvent(
        JSON.stringify({
          id: `evt_${Object.keys(extra).length}`,
          event_type: 'daily.data.steps.created',
          user_id: user.user_id,
          ...extra,
          data: { user_id: user.user_id, calendar_date: '2026-01-04', source: { provider } },
        }),
      );
    // The service has no way to read a user by user_id: the data is stored, and no user row is made up.
    expect(await sync.handleEvent(day({}))).toEqual({ queued: 1 });
    await sync.idle();
    expect((await store.status()).rows.steps).toBe(24);
    expect(await store.findUser('named-later')).toBeUndefined();
    // An event that names the client user id resolves the user through the service: its row arrives.
    await sync.handleEvent(day({ client_user_id: 'named-later' }));
    await sync.idle();
    expect(await store.findUser('named-later')).toEqual({
      clientUserId: 'named-later',
      userId: user.user_id,
      providers: [provider],
      error: null,
    });
  });

  it('ignores events of resources it does not keep and events without data', async () => {
    const { store } = await stores.open();
    const { client } = sandboxWithWebhooks(async () => {});
    const sync = createSync({ client, store, team: TEAM, resources: ['sleep'] });
    const event = (event_type: string, data: unknown) =>
      parseEvent(JSON.stringify({ id: 'evt_1', event_type, user_id: 'u-1', client_user_id: 'alice', data }));
    expect(
      await sync.handleEvent(event('daily.data.steps.created', { source: { provider: 'oura' } })),
    ).toEqual({ queued: 0 });
    expect(await sync.handleEvent(event('lab_report.parsing_job.created', {}))).toEqual({ queued: 0 });
    expect(await sync.handleEvent(event('provider.connection.created', { provider: 'oura' }))).toEqual({
      queued: 0,
    });
  });

  it('re-reads the history of a resource on historical.data, recording the work before it resolves', async () => {
    const { store } = await stores.open();
    const { client } = sandboxWithWebhooks(async () => {});
    const sync = createSync({
      client,
      store,
      team: TEAM,
      resources: ['sleep'],
      historyDays: 60,
      now: () => new Date('2026-01-05T09:00:00Z'),
    });
    const user = await client.resolveUser({ client_user_id: 'erin' });
    const event = parseEvent(
      JSON.stringify({
        id: 'evt_2',
        event_type: 'historical.data.sleep.created',
        user_id: user.user_id,
        client_user_id: 'erin',
        data: { user_id: user.user_id, source: { provider: 'oura', type: 'ring' } },
      }),
    );
    const { queued } = await sync.handleEvent(event);
    // 60 days up to 2026-01-05 in 30-day windows aligned on 1970-01-01.
    expect(queued).toBe(3);
    await sync.idle();
    // 2025-11-06 to 2026-01-04: the sandbox gives a summary for days already over.
    expect((await store.status()).rows.sleep).toBe(60);
  });
});
