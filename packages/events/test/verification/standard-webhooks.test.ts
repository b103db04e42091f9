import { inspect } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  createTestWebhook,
  DEFAULT_TOLERANCE_SECONDS,
  generateWebhookSecret,
  signWebhook,
  standardWebhooksVerifier,
  verifyWebhook,
  WebhookError,
  WebhookHeaderError,
  WebhookSignatureError,
  WebhookTimestampError,
} from '../../src/index.js';
import { BODY, NOW_MS, NOW_S, now, OTHER_SECRET, SECRET } from './fixture.js';

const signed = (options: { secret?: string | string[]; timestamp?: number; id?: string } = {}) =>
  signWebhook(BODY, {
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? NOW_S,
    id: options.id,
  });

const flipByte = (text: string, index: number): string =>
  text.slice(0, index) + String.fromCharCode(text.charCodeAt(index) ^ 1) + text.slice(index + 1);

describe('Standard Webhooks verification', () => {
  it('accepts a body signed with the secret, as text, bytes or a Node Buffer', async () => {
    const headers = await signed();
    await expect(verifyWebhook(BODY, headers, { secret: SECRET, now })).resolves.toBeUndefined();
    await expect(
      verifyWebhook(new TextEncoder().encode(BODY), headers, { secret: SECRET, now }),
    ).resolves.toBeUndefined();
    await expect(verifyWebhook(Buffer.from(BODY), headers, { secret: SECRET, now })).resolves.toBeUndefined();
    await expect(
      verifyWebhook(new TextEncoder().encode(BODY).buffer, headers, { secret: SECRET, now }),
    ).resolves.toBeUndefined();
  });

  it('produces the signature of the Standard Webhooks reference test vector', async () => {
    const headers = await signWebhook('{"test": 2432232314}', {
      secret: SECRET,
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
    });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('rejects a body with any single byte changed', async () => {
    const headers = await signed();
    for (const index of [0, 20, BODY.length - 1]) {
      await expect(verifyWebhook(flipByte(BODY, index), headers, { secret: SECRET, now })).rejects.toThrow(
        WebhookSignatureError,
      );
    }
  });

  it('rejects re-serialised JSON even when it means the same', async () => {
    const headers = await signed();
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 1);
    await expect(verifyWebhook(reserialised, headers, { secret: SECRET, now })).rejects.toMatchObject({
      code: 'signature',
      reason: 'no_match',
    });
  });

  it('rejects a body signed with another secret', async () => {
    const headers = await signed({ secret: OTHER_SECRET });
    await expect(verifyWebhook(BODY, headers, { secret: SECRET, now })).rejects.toThrow(
      WebhookSignatureError,
    );
  });

  it('rejects a changed message id or timestamp, since both are signed', async () => {
    const headers = await signed({ id: 'msg_1' });
    await expect(
      verifyWebhook(BODY, { ...headers, 'webhook-id': 'msg_2' }, { secret: SECRET, now }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      verifyWebhook(BODY, { ...headers, 'webhook-timestamp': String(NOW_S + 1) }, { secret: SECRET, now }),
    ).rejects.toThrow(WebhookSignatureError);
  });

  it('accepts a message signed with any of several configured secrets during a key rotation', async () => {
    const secret = [OTHER_SECRET, SECRET];
    await expect(
      verifyWebhook(BODY, await signed({ secret: SECRET }), { secret, now }),
    ).resolves.toBeUndefined();
    await expect(
      verifyWebhook(BODY, await signed({ secret: OTHER_SECRET }), { secret, now }),
    ).resolves.toBeUndefined();
    const stranger = generateWebhookSecret();
    await expect(verifyWebhook(BODY, await signed({ secret: stranger }), { secret, now })).rejects.toThrow(
      WebhookSignatureError,
    );
  });

  it('accepts a message carrying several signatures when one of them matches', async () => {
    const headers = await signed({ secret: [generateWebhookSecret(), SECRET] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    await expect(verifyWebhook(BODY, headers, { secret: SECRET, now })).resolves.toBeUndefined();
  });

  it('accepts signatures that a proxy merged into one comma-separated header', async () => {
    const headers = await signed({ secret: [generateWebhookSecret(), SECRET] });
    const merged = headers['webhook-signature'].split(' ').join(', ');
    await expect(
      verifyWebhook(BODY, { ...headers, 'webhook-signature': merged }, { secret: SECRET, now }),
    ).resolves.toBeUndefined();
  });

  it('skips signature versions it does not know and says so when none is v1', async () => {
    const headers = await signed();
    const mixed = `v1a,bm90LWEtcmVhbC1zaWduYXR1cmU= ${headers['webhook-signature']}`;
    await expect(
      verifyWebhook(BODY, { ...headers, 'webhook-signature': mixed }, { secret: SECRET, now }),
    ).resolves.toBeUndefined();
    await expect(
      verifyWebhook(BODY, { ...headers, 'webhook-signature': 'v1a,bm90LXY=' }, { secret: SECRET, now }),
    ).rejects.toMatchObject({ name: 'WebhookSignatureError', reason: 'unsupported' });
  });

  it('rejects malformed or truncated signatures without throwing anything but a signature error', async () => {
    const headers = await signed();
    const valid = headers['webhook-signature'];
    for (const signature of ['v1,', 'v1,!!!', valid.slice(0, -4), `${valid}AAAA`, 'v1,,,', 'v1']) {
      await expect(
        verifyWebhook(BODY, { ...headers, 'webhook-signature': signature }, { secret: SECRET, now }),
      ).rejects.toThrow(WebhookSignatureError);
    }
  });
});

describe('timestamp tolerance', () => {
  it(`defaults to ${DEFAULT_TOLERANCE_SECONDS} seconds and accepts a message exactly at its edges`, async () => {
    for (const offset of [-DEFAULT_TOLERANCE_SECONDS, DEFAULT_TOLERANCE_SECONDS]) {
      const headers = await signed({ timestamp: NOW_S + offset });
      await expect(verifyWebhook(BODY, headers, { secret: SECRET, now })).resolves.toBeUndefined();
    }
  });

  it('rejects a stale message one second past the tolerance, even with a valid signature', async () => {
    const headers = await signed({ timestamp: NOW_S - DEFAULT_TOLERANCE_SECONDS - 1 });
    const error = await verifyWebhook(BODY, headers, { secret: SECRET, now }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookTimestampError);
    expect(error).toMatchObject({ direction: 'stale', now: NOW_S, toleranceSeconds: 300 });
  });

  it('rejects a message from the future one second past the tolerance', async () => {
    const headers = await signed({ timestamp: NOW_S + DEFAULT_TOLERANCE_SECONDS + 1 });
    await expect(verifyWebhook(BODY, headers, { secret: SECRET, now })).rejects.toMatchObject({
      name: 'WebhookTimestampError',
      direction: 'future',
    });
  });

  it('honours a custom tolerance', async () => {
    const headers = await signed({ timestamp: NOW_S - 31 });
    await expect(verifyWebhook(BODY, headers, { secret: SECRET, now, toleranceSeconds: 30 })).rejects.toThrow(
      WebhookTimestampError,
    );
    await expect(
      verifyWebhook(BODY, headers, { secret: SECRET, now, toleranceSeconds: 31 }),
    ).resolves.toBeUndefined();
  });

  it('uses the real clock when none is injected', async () => {
    const { body, headers } = await createTestWebhook({ event_type: 'x' }, { secret: SECRET });
    await expect(verifyWebhook(body, headers, { secret: SECRET })).resolves.toBeUndefined();
    const old = await signWebhook(body, { secret: SECRET, timestamp: new Date(Date.now() - 3_600_000) });
    await expect(verifyWebhook(body, old, { secret: SECRET })).rejects.toThrow(WebhookTimestampError);
  });
});

describe('headers', () => {
  it('names the missing header', async () => {
    const headers = await signed();
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const { [name]: _dropped, ...rest } = headers;
      await expect(verifyWebhook(BODY, rest, { secret: SECRET, now })).rejects.toMatchObject({
        name: 'WebhookHeaderError',
        header: name,
      });
    }
  });

  it('rejects a timestamp that is not whole Unix seconds as a malformed header', async () => {
    const headers = await signed();
    for (const timestamp of ['abc', '1.5', '-1', `${NOW_MS}000000000`, '']) {
      const error = await verifyWebhook(
        BODY,
        { ...headers, 'webhook-timestamp': timestamp },
        { secret: SECRET, now },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookHeaderError);
    }
  });

  it('reads fetch Headers, Node header records with arrays, and any letter case', async () => {
    const headers = await signed();
    await expect(verifyWebhook(BODY, new Headers(headers), { secret: SECRET, now })).resolves.toBeUndefined();
    const upper = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    await expect(verifyWebhook(BODY, upper, { secret: SECRET, now })).resolves.toBeUndefined();
    const node = { ...headers, 'webhook-signature': headers['webhook-signature'].split(' ') };
    await expect(verifyWebhook(BODY, node, { secret: SECRET, now })).resolves.toBeUndefined();
  });

  it('reads custom header names for senders that prefix them differently', async () => {
    const headers = await signed();
    const svix = {
      'svix-id': headers['webhook-id'],
      'svix-timestamp': headers['webhook-timestamp'],
      'svix-signature': headers['webhook-signature'],
    };
    const headerNames = { id: 'svix-id', timestamp: 'svix-timestamp', signature: 'svix-signature' };
    await expect(verifyWebhook(BODY, svix, { secret: SECRET, now, headerNames })).resolves.toBeUndefined();
  });
});

describe('interoperability with the reference implementation (npm standardwebhooks)', () => {
  it('verifies what the reference signs and the reference verifies what this signs', async () => {
    const reference = new Webhook(SECRET);
    const id = 'msg_interop';
    const at = new Date(NOW_MS);
    const theirs = reference.sign(id, at, BODY);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(NOW_S), 'webhook-signature': theirs };
    await expect(verifyWebhook(BODY, headers, { secret: SECRET, now })).resolves.toBeUndefined();

    const ours = await signWebhook(BODY, { secret: SECRET, id, timestamp: at });
    expect(ours['webhook-signature']).toBe(theirs);
  });
});

describe('secrets stay secret', () => {
  it('never shows the secret in errors, their JSON or inspect output, nor in the verifier', async () => {
    const verifier = standardWebhooksVerifier({ secret: SECRET, now });
    const headers = await signed({ secret: OTHER_SECRET });
    const key = SECRET.slice('whsec_'.length);
    const error = await verifyWebhook(BODY, headers, { verifier }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookError);
    for (const text of [
      String(error),
      JSON.stringify(error),
      inspect(error),
      JSON.stringify(verifier),
      inspect(verifier),
    ]) {
      expect(text).not.toContain(key);
    }
  });

  it('refuses a malformed secret at construction without quoting it', () => {
    const bad = 'whsec_not base64 at all!';
    expect(() => standardWebhooksVerifier({ secret: bad })).toThrow(TypeError);
    expect(() => standardWebhooksVerifier({ secret: bad })).not.toThrow(/not base64 at all/);
    expect(() => standardWebhooksVerifier({ secret: [] })).toThrow(TypeError);
    expect(() => standardWebhooksVerifier({ secret: new Uint8Array() })).toThrow(TypeError);
  });

  it('redacts a whsec_ secret that found its way into an error message', () => {
    const error = new WebhookError('header', `oops ${SECRET}`);
    expect(error.message).toBe('oops whsec_[redacted]');
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});
