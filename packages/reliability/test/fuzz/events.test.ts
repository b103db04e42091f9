// Webhook parsing and verification on any input: an event or a WebhookError, never anything else.
import {
  createTestWebhook,
  describeEvent,
  listEventNames,
  parseEvent,
  providerSlug,
  replacementOf,
  splitEventName,
  standardWebhooksVerifier,
  unwrap,
  WebhookError,
} from '@svc/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, SEED } from '../counts.js';

const names = listEventNames();
const secret = 'whsec_cmVsaWFiaWxpdHktZnV6ei1zZWNyZXQ=';
const eventName = fc.oneof(
  fc.constantFrom(...names),
  fc.string(),
  fc.stringMatching(/^[a-z_]{1,12}(\.[a-z_]{1,12}){0,4}$/),
);
const payload = fc.oneof(
  fc.record({ event_type: eventName, data: fc.jsonValue() }, { requiredKeys: [] }),
  fc.dictionary(fc.string(), fc.jsonValue()),
  fc.jsonValue(),
);
const rawBody = fc.oneof(
  payload.map((value) => JSON.stringify(value) ?? ''),
  fc.string({ unit: 'binary' }),
  fc.uint8Array({ maxLength: 256 }),
  payload.map((value) => new TextEncoder().encode(JSON.stringify(value) ?? '').buffer as ArrayBuffer),
);

const settle = async (run: () => unknown) => {
  try {
    return { value: await run() };
  } catch (error) {
    return { error };
  }
};

describe('webhook events', () => {
  it('parses any body into an event or rejects it with a WebhookError', async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, async (body) => {
        const result = await settle(() => parseEvent(body));
        if ('error' in result) {
          expect(result.error).toBeInstanceOf(WebhookError);
          return;
        }
        const event = result.value as ReturnType<typeof parseEvent>;
        expect(typeof event.type).toBe('string');
        expect(providerSlug(event) === undefined || typeof providerSlug(event) === 'string').toBe(true);
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });

  it('unwraps a correctly signed delivery of any payload into an event or a WebhookError about the payload', async () => {
    await fc.assert(
      fc.asyncProperty(payload, async (value) => {
        const { body, headers } = await createTestWebhook(value as Record<string, unknown>, { secret });
        const result = await settle(() => unwrap(body, headers, { secret }));
        if ('error' in result) {
          expect(result.error).toBeInstanceOf(WebhookError);
          expect((result.error as WebhookError).code).toBe('payload');
        }
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });

  it('rejects any unsigned or wrongly signed delivery with a WebhookError', async () => {
    const headers = fc.dictionary(
      fc.constantFrom('webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type'),
      fc.oneof(
        fc.string(),
        fc.integer().map(String),
        fc.constantFrom('v1,AAAA', `${Math.floor(Date.now() / 1000)}`),
      ),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, headers, async (body, given) => {
        const result = await settle(() => unwrap(body, given, { secret }));
        expect('error' in result && result.error).toBeInstanceOf(WebhookError);
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });

  it('splits, describes and maps any event name without throwing', () => {
    fc.assert(
      fc.property(eventName, (name) => {
        const parts = splitEventName(name);
        expect(parts).toBeTypeOf('object');
        describeEvent(name);
        const replacement = replacementOf(name);
        if (replacement !== undefined) expect(names).toContain(replacement);
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });

  it('refuses a malformed webhook secret at construction with a TypeError that does not quote it', () => {
    fc.assert(
      // Distinctive secrets (12+ characters), so a quote of one cannot pass for ordinary message text.
      fc.property(fc.string({ minLength: 12 }), fc.boolean(), (text, prefixed) => {
        const candidate = prefixed ? `whsec_${text}` : text;
        try {
          standardWebhooksVerifier({ secret: candidate });
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).not.toContain(text);
        }
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });
});
