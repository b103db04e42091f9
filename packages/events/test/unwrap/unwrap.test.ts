import { describe, expect, it, vi } from 'vitest';
import {
  createTestWebhook,
  signWebhook,
  standardWebhooksVerifier,
  unwrap,
  WebhookBodyTooLargeError,
  WebhookHeaderError,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  type WebhookVerifier,
} from '../../src/index.js';

const SECRET = 'whsec_dW53cmFwLXRlc3Qtc2VjcmV0LWtleQ==';
const NEW_SECRET = 'whsec_bmV3LXNpZ25pbmcta2V5LWFmdGVyLXJvdGF0aW9u';
const payload = {
  event_type: 'daily.data.sleep.created',
  data: { source: { provider: 'oura', type: 'ring' } },
};

describe('unwrap', () => {
  it('verifies and parses a signed delivery into its event', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    const event = await unwrap(body, headers, { secret: SECRET });
    expect(event.type).toBe('daily.data.sleep.created');
    expect(event.payload).toEqual(payload);
  });

  it('passes an unknown event through once it is verified', async () => {
    const { body, headers } = await createTestWebhook({ event_type: 'brand.new.thing' }, { secret: SECRET });
    await expect(unwrap(body, headers, { secret: SECRET })).resolves.toMatchObject({ type: 'unknown' });
  });

  it('rejects a tampered body with a signature error', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    const tampered = body.replace('oura', 'evil');
    await expect(unwrap(tampered, headers, { secret: SECRET })).rejects.toThrow(WebhookSignatureError);
  });

  it('rejects a delivery signed with another secret', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret: NEW_SECRET });
    await expect(unwrap(body, headers, { secret: SECRET })).rejects.toThrow(WebhookSignatureError);
  });

  it('accepts deliveries signed with the old or the new secret while both are configured', async () => {
    for (const signer of [SECRET, NEW_SECRET]) {
      const { body, headers } = await createTestWebhook(payload, { secret: signer });
      await expect(unwrap(body, headers, { secret: [SECRET, NEW_SECRET] })).resolves.toMatchObject({
        type: 'daily.data.sleep.created',
      });
    }
  });

  it('rejects stale and future deliveries with a timestamp error', async () => {
    const now = Date.now();
    for (const offset of [-301, 301]) {
      const { body, headers } = await createTestWebhook(payload, {
        secret: SECRET,
        timestamp: Math.floor(now / 1000) + offset,
      });
      await expect(unwrap(body, headers, { secret: SECRET, now: () => now })).rejects.toThrow(
        WebhookTimestampError,
      );
    }
  });

  it('rejects a delivery without signature headers', async () => {
    await expect(unwrap(JSON.stringify(payload), {}, { secret: SECRET })).rejects.toThrow(WebhookHeaderError);
  });

  it('checks the signature before the payload: a signed non-JSON body is a payload error, an unsigned one a signature error', async () => {
    const signed = await createTestWebhook('not json', { secret: SECRET });
    await expect(unwrap(signed.body, signed.headers, { secret: SECRET })).rejects.toThrow(
      WebhookPayloadError,
    );
    const headers = await signWebhook('{"event_type":"x"}', { secret: SECRET });
    await expect(unwrap('not json', headers, { secret: SECRET })).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses an oversize body before the verifier sees it', async () => {
    const verify = vi.fn<WebhookVerifier['verify']>(async () => {});
    const verifier: WebhookVerifier = { scheme: 'spy', verify };
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    await expect(unwrap(body, headers, { verifier, maxBodyBytes: body.length - 1 })).rejects.toThrow(
      WebhookBodyTooLargeError,
    );
    expect(verify).not.toHaveBeenCalled();
  });

  it('uses a pluggable verifier for other signing schemes, and parses only what it accepted', async () => {
    const verify = vi.fn<WebhookVerifier['verify']>(async ({ headers }) => {
      if (headers.get('x-shared-token') !== 'let-me-in') throw new WebhookSignatureError('no_match');
    });
    const verifier: WebhookVerifier = { scheme: 'shared-token', verify };
    const body = JSON.stringify(payload);
    await expect(unwrap(body, { 'X-Shared-Token': 'let-me-in' }, { verifier })).resolves.toMatchObject({
      type: 'daily.data.sleep.created',
    });
    await expect(unwrap(body, { 'x-shared-token': 'nope' }, { verifier })).rejects.toThrow(
      WebhookSignatureError,
    );
    expect(verify.mock.calls[0]?.[0].body).toEqual(new TextEncoder().encode(body));
  });

  it('reuses one verifier built at start-up', async () => {
    const verifier = standardWebhooksVerifier({ secret: SECRET });
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    await expect(unwrap(body, headers, { verifier })).resolves.toMatchObject({
      type: 'daily.data.sleep.created',
    });
  });

  it('needs a secret or a verifier', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    // @ts-expect-error neither `secret` nor `verifier` is given.
    await expect(unwrap(body, headers, {})).rejects.toThrow(TypeError);
  });
});
