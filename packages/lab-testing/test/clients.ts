// Real clients for the tests: against the Prism mock (end to end) or a loopback fake, with a fetch
// that records what went on the wire.
import { type ClientOptions, createClient, type FetchLike } from '@svc/client';
import { inject } from 'vitest';
import { type LabTestingOptions, labTesting } from '../src/index.js';

export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text (JSON bodies), or undefined without a body. */
  body: string | undefined;
  /** The request itself, for multipart bodies (`await sent.request.formData()`). */
  request: Request;
}

type Extra = Partial<Omit<ClientOptions, 'apiKey' | 'baseUrl' | 'region' | 'environment'>> & {
  lab?: LabTestingOptions;
};

/** A client on `baseUrl` whose every attempt is recorded in `sent`. */
export function recordingClient(baseUrl: string, extra: Extra = {}) {
  const sent: Sent[] = [];
  const { lab: labOptions, fetch: inner = (input, init) => fetch(input, init), ...clientOptions } = extra;
  const recording: FetchLike = async (input, init) => {
    // With retries possible the client buffers the body and passes it in `init`; otherwise it is still
    // in `input`, which is cloned because a Request built on it would take the body from the real attempt.
    const request = new Request(init?.body == null ? input.clone() : input, init);
    const body = request.body === null ? undefined : await request.clone().text();
    sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body, request });
    return inner(input, init);
  };
  const client = createClient({
    apiKey: 'sk-test-lab',
    baseUrl,
    maxRetries: 0,
    ...clientOptions,
    fetch: recording,
  });
  return { client, lab: labTesting(client, labOptions), sent };
}

/** A client on the Prism mock started by test/global-setup.ts. */
export function mockClient(extra: Extra = {}) {
  return recordingClient(inject('mockUrl'), extra);
}

/** JSON body of a recorded request. */
export function jsonBody(sent: Sent | undefined): Record<string, unknown> {
  if (sent?.body === undefined) throw new Error('no request body was sent');
  return JSON.parse(sent.body) as Record<string, unknown>;
}

/** Ids the mock's examples use; any uuid is accepted by Prism. */
export const ORDER_ID = '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43';
export const LAB_TEST_ID = '0f6b8a52-3d1c-4e9a-b7f2-5c4d3e2a1b09';
