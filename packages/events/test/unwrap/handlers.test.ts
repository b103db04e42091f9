import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWebhook, generateWebhookSecret, type WebhookEvent } from '../../src/index.js';
import { fetchHandler, nodeHandler } from './handlers.js';

const secret = generateWebhookSecret();
const payload = { event_type: 'lab_report.parsing_job.updated', data: { status: 'completed' } };

describe('Node http server handler from the README', () => {
  const received: WebhookEvent[] = [];
  const server = createServer((req, res) => {
    void nodeHandler(secret, async (event) => {
      received.push(event);
    })(req, res);
  });
  let url = '';

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 204 to a signed delivery and hands the handler the typed event', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret });
    const response = await fetch(url, { method: 'POST', body, headers });
    expect(response.status).toBe(204);
    expect(received.at(-1)?.type).toBe('lab_report.parsing_job.updated');
  });

  it('answers 400 with the error code to a tampered delivery, and never calls the handler', async () => {
    const before = received.length;
    const { body, headers } = await createTestWebhook(payload, { secret });
    const response = await fetch(url, { method: 'POST', body: body.replace('completed', 'failed'), headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'signature' });
    expect(received.length).toBe(before);
  });
});

describe('fetch-style handler from the README', () => {
  it('answers 204 to a signed Request and 400 to one without signature headers', async () => {
    const received: WebhookEvent[] = [];
    const handler = fetchHandler(secret, async (event) => {
      received.push(event);
    });
    const { body, headers } = await createTestWebhook(payload, { secret });
    const ok = await handler(new Request('https://example.test/webhooks', { method: 'POST', body, headers }));
    expect(ok.status).toBe(204);
    const bad = await handler(new Request('https://example.test/webhooks', { method: 'POST', body }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'header' });
    expect(received.map((event) => event.type)).toEqual(['lab_report.parsing_job.updated']);
  });
});
