import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestWebhook, unwrap, WebhookError, WebhookSignatureError } from '../../src/index.js';

const secret = 'whsec_cHJvcGVydHktdGVzdC1zZWNyZXQ=';
const signed = await createTestWebhook(
  { event_type: 'daily.data.steps.updated', data: { source: { provider: 'garmin', type: 'watch' } } },
  { secret },
);
const bytes = new TextEncoder().encode(signed.body);

describe('property: unwrap on altered or hostile input', () => {
  it('rejects every body that differs from the signed one by a signature error', async () => {
    const edits = fc.oneof(
      fc
        .record({ at: fc.nat(bytes.length - 1), xor: fc.integer({ min: 1, max: 255 }) })
        .map(({ at, xor }) => {
          const copy = bytes.slice();
          copy[at] = (copy[at] as number) ^ xor;
          return copy;
        }),
      fc.uint8Array({ minLength: 1, maxLength: 8 }).map((extra) => new Uint8Array([...bytes, ...extra])),
      fc.nat(bytes.length - 1).map((length) => bytes.slice(0, length)),
    );
    await fc.assert(
      fc.asyncProperty(edits, async (body) => {
        await expect(unwrap(body, signed.headers, { secret })).rejects.toThrow(WebhookSignatureError);
      }),
      { numRuns: 200 },
    );
  });

  it('answers any headers and any body with an event or a WebhookError, nothing else', async () => {
    const headerValue = fc.oneof(fc.string(), fc.constantFrom(...Object.values(signed.headers)));
    const headers = fc.dictionary(
      fc.constantFrom('webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-other'),
      headerValue,
    );
    const body = fc.oneof(fc.string(), fc.constant(signed.body), fc.json());
    await fc.assert(
      fc.asyncProperty(body, headers, async (raw, given) => {
        try {
          await unwrap(raw, given, { secret });
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
