import { describe, expect, it } from 'vitest';
import { createTestWebhook, unwrapRequest, WebhookBodyTooLargeError } from '../../src/index.js';

const secret = 'whsec_cmVxdWVzdC10ZXN0LXNlY3JldA==';
const url = 'https://example.test/webhooks';

const streamOf = (chunks: Uint8Array[], pulled: { count: number }) =>
  new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[pulled.count++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 0 }),
  );

describe('unwrapRequest', () => {
  it('reads the raw body of a Request and unwraps it', async () => {
    const { body, headers } = await createTestWebhook(
      { event_type: 'provider.connection.created' },
      { secret },
    );
    const event = await unwrapRequest(new Request(url, { method: 'POST', body, headers }), { secret });
    expect(event.type).toBe('provider.connection.created');
  });

  it('refuses a declared Content-Length past the limit without reading the body', async () => {
    const pulled = { count: 0 };
    const request = new Request(url, {
      method: 'POST',
      body: streamOf([new Uint8Array(10)], pulled),
      headers: { 'content-length': '1000' },
      duplex: 'half',
    } as RequestInit);
    await expect(unwrapRequest(request, { secret, maxBodyBytes: 100 })).rejects.toThrow(
      WebhookBodyTooLargeError,
    );
    expect(pulled.count).toBe(0);
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const pulled = { count: 0 };
    const chunks = Array.from({ length: 100 }, () => new Uint8Array(64));
    const request = new Request(url, {
      method: 'POST',
      body: streamOf(chunks, pulled),
      duplex: 'half',
    } as RequestInit);
    const error = await unwrapRequest(request, { secret, maxBodyBytes: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookBodyTooLargeError);
    expect(error).toMatchObject({ limitBytes: 200, receivedBytes: 256 });
    expect(pulled.count).toBeLessThan(10);
  });
});
