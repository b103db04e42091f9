import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_BODY_BYTES,
  parseEvent,
  WebhookBodyTooLargeError,
  WebhookError,
  WebhookPayloadError,
} from '../../src/index.js';

const reasonOf = (body: Parameters<typeof parseEvent>[0], options?: Parameters<typeof parseEvent>[1]) => {
  try {
    parseEvent(body, options);
  } catch (error) {
    if (error instanceof WebhookPayloadError) return error.reason;
    throw error;
  }
  throw new Error('expected a WebhookPayloadError');
};

describe('malformed bodies', () => {
  it('rejects text that is not JSON as a payload error', () => {
    for (const body of ['', '{', 'not json', '{"event_type":"x",}', "{'event_type':'x'}"]) {
      expect(reasonOf(body)).toBe('json');
    }
  });

  it('rejects JSON that is not an object', () => {
    for (const body of ['null', '[]', '[{"event_type":"x"}]', '"daily.data.sleep.created"', '42', 'true']) {
      expect(reasonOf(body)).toBe('not_object');
    }
  });

  it('rejects an object without a string event name in event_type', () => {
    for (const payload of [{}, { event_type: '' }, { event_type: 3 }, { event_type: null }, { type: 'x' }]) {
      expect(reasonOf(JSON.stringify(payload))).toBe('event_type');
    }
    expect(reasonOf('{"__proto__":{"event_type":"daily.data.sleep.created"}}')).toBe('event_type');
  });

  it('reads the event name from another field when told to', () => {
    const body = JSON.stringify({ type: 'daily.data.sleep.created' });
    expect(parseEvent(body, { eventTypeField: 'type' }).type).toBe('daily.data.sleep.created');
    expect(reasonOf(body)).toBe('event_type');
  });

  it('rejects bytes that are not UTF-8', () => {
    expect(reasonOf(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toBe('encoding');
  });

  it('parses UTF-8 bytes, ArrayBuffers and text alike', () => {
    const text = '{"event_type":"daily.data.sleep.created","data":{"note":"Schlaf gut – 😴"}}';
    const bytes = new TextEncoder().encode(text);
    for (const body of [text, bytes, bytes.buffer, Buffer.from(text)]) {
      expect(parseEvent(body).payload).toEqual(JSON.parse(text));
    }
  });

  it('refuses a body past the size limit before parsing it, counting UTF-8 bytes', () => {
    const body = JSON.stringify({ event_type: 'daily.data.sleep.created', pad: 'é'.repeat(60) });
    const bytes = new TextEncoder().encode(body).byteLength;
    expect(() => parseEvent(body, { maxBodyBytes: bytes - 1 })).toThrow(WebhookBodyTooLargeError);
    expect(parseEvent(body, { maxBodyBytes: bytes }).type).toBe('daily.data.sleep.created');
    expect(() => parseEvent(`${'x'.repeat(DEFAULT_MAX_BODY_BYTES + 1)}`)).toThrow(WebhookBodyTooLargeError);
    expect(() => parseEvent(new Uint8Array(11), { maxBodyBytes: 10 })).toThrowError(
      expect.objectContaining({ code: 'body_too_large', limitBytes: 10, receivedBytes: 11 }),
    );
  });
});

describe('property: parseEvent on arbitrary input', () => {
  const onlyTypedErrors = (body: string | Uint8Array) => {
    try {
      const event = parseEvent(body);
      expect(typeof event.name).toBe('string');
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookError);
      expect(error).toBeInstanceOf(WebhookPayloadError);
    }
  };

  it('returns an event or throws a WebhookPayloadError for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), onlyTypedErrors), { numRuns: 500 });
  });

  it('returns an event or throws a WebhookPayloadError for any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), onlyTypedErrors), { numRuns: 500 });
  });

  it('returns an event or throws a WebhookPayloadError for any JSON value', () => {
    fc.assert(fc.property(fc.json(), onlyTypedErrors), { numRuns: 500 });
  });

  it('parses any JSON object carrying a string event_type, keeping the payload intact', () => {
    const payloads = fc
      .tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.string({ minLength: 1 }))
      .map(([fields, name]) => ({ ...fields, event_type: name }));
    fc.assert(
      fc.property(payloads, (payload) => {
        const event = parseEvent(JSON.stringify(payload));
        expect(event.name).toBe(payload.event_type);
        expect(event.payload).toEqual(JSON.parse(JSON.stringify(payload)));
      }),
      { numRuns: 300 },
    );
  });
});
