// The generators leave out of every named method the headers the spec declares as its shared parameters
// `apiKey` and `idempotencyKey`; the client must send exactly those names, or a call would lack them.
import { headerParameterName, loadSpec } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { API_KEY_HEADER, CLIENT_HEADER_NAMES, IDEMPOTENCY_KEY_HEADER } from '../../src/headers.js';

const spec = loadSpec();

describe('the headers the client sets itself', () => {
  it('sends the API key under the name of the spec’s apiKey parameter', () => {
    expect(API_KEY_HEADER.toLowerCase()).toBe(headerParameterName(spec, 'apiKey').toLowerCase());
  });

  it('sends the idempotency key under the name of the spec’s idempotencyKey parameter', () => {
    expect(IDEMPOTENCY_KEY_HEADER.toLowerCase()).toBe(
      headerParameterName(spec, 'idempotencyKey').toLowerCase(),
    );
  });

  it('sets those two headers and no other, so the named methods never ask for them', () => {
    expect(CLIENT_HEADER_NAMES).toEqual([API_KEY_HEADER, IDEMPOTENCY_KEY_HEADER]);
  });
});
