import { describe, expect, it } from 'vitest';
import {
  createTestWebhook,
  unwrap,
  verifyWebhook,
  WebhookError,
  WebhookHeaderError,
} from '../../src/index.js';

const SECRET = 'whsec_dW53cmFwLXRlc3Qtc2VjcmV0LWtleQ==';
const payload = {
  event_type: 'daily.data.sleep.created',
  data: { source: { provider: 'oura', type: 'ring' } },
};
const POSITIONS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 1_700_000_000],
  ['an array of numbers', [1, 2]],
  ['an array holding null', ['v1,abc', null]],
  ['an object', { value: 'x' }],
  ['a boolean', true],
];

/** Runs a call that must reject; returns what it rejected with (or fails when it resolves). */
const rejection = (call: () => Promise<unknown>) =>
  call().then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

describe('issue 11: webhook headers that are not strings are a WebhookError, never a TypeError', () => {
  describe.each(POSITIONS)('%s', (position) => {
    it.each(BAD_VALUES)('as %s in a plain record (any letter case)', async (_name, value) => {
      const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
      for (const name of [position, position.toUpperCase()]) {
        const bad = { ...headers, [position]: undefined, [name]: value } as never;
        const error = await rejection(() => unwrap(body, bad, { secret: SECRET }));
        expect(error).toBeInstanceOf(WebhookHeaderError);
        expect(error).toMatchObject({ code: 'header', header: position });
      }
    });

    it.each(BAD_VALUES)('as %s from a Headers-like get()', async (_name, value) => {
      const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
      const good = new Headers(headers);
      const bad = {
        get: (name: string) => (name.toLowerCase() === position ? value : good.get(name)),
      } as never;
      const error = await rejection(() => verifyWebhook(body, bad, { secret: SECRET }));
      expect(error).toBeInstanceOf(WebhookHeaderError);
      expect(error).toMatchObject({ code: 'header', header: position });
    });
  });

  it('reads an unrelated header of a bad type as no problem', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    const event = await unwrap(body, { ...headers, 'x-retry-count': 3 } as never, { secret: SECRET });
    expect(event.type).toBe('daily.data.sleep.created');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'webhook-id: x'],
    ['a number', 42],
  ])('treats headers given as %s as no headers: the first required one is missing', async (_name, input) => {
    const { body } = await createTestWebhook(payload, { secret: SECRET });
    const error = await rejection(() => unwrap(body, input as never, { secret: SECRET }));
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ code: 'header', header: 'webhook-id' });
  });

  it('still accepts Node-style arrays of strings, joined with a space', async () => {
    const { body, headers } = await createTestWebhook(payload, { secret: SECRET });
    const nodeStyle = { ...headers, 'webhook-signature': [headers['webhook-signature']] };
    await expect(unwrap(body, nodeStyle, { secret: SECRET })).resolves.toMatchObject({
      type: 'daily.data.sleep.created',
    });
  });
});
