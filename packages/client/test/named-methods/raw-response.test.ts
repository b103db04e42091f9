import { loopbackForTest } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { readBody } from '../../src/internal/transport/fetch/read-body.js';
import { bufferedResponse } from '../../src/internal/transport/reply/buffered-response.js';
import { fakeFetch, testClient } from '../fixtures/fake-fetch.js';

const reply = (body: BodyInit, type: string) => () =>
  new Response(body, { status: 200, headers: { 'content-type': type } });

describe('the raw response of a named method', () => {
  it('serves a JSON body, already read, to text(), json(), arrayBuffer(), blob() and clone()', async () => {
    const body = '{"name":"Zoë 🩺","n":1}';
    const { response } = await testClient(fakeFetch(reply(body, 'application/json')).fetch)
      .getParsingJob({ job_id: 'job_1' })
      .withResponse();
    expect(await response.clone().text()).toBe(body);
    expect(await response.clone().json()).toEqual({ name: 'Zoë 🩺', n: 1 });
    expect(new Uint8Array(await response.clone().arrayBuffer())).toEqual(new TextEncoder().encode(body));
    expect(await (await response.clone().blob()).text()).toBe(body);
    expect((await response.clone().blob()).type).toBe('application/json');
    expect(await response.text()).toBe(body);
  });

  it('keeps a body of another type as bytes, unchanged', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe, 0x00, 0x80]);
    const fetched = reply(bytes, 'application/pdf')();
    const response = bufferedResponse(fetched, await readBody(fetched, 1024, 'GET /x'));
    expect(new Uint8Array(await response.clone().arrayBuffer())).toEqual(bytes);
    expect(new Uint8Array(await (await response.clone().blob()).arrayBuffer())).toEqual(bytes);
    expect(new Uint8Array(await new Response(response.body).arrayBuffer())).toEqual(bytes);
  });

  it('reads as the Response fetch returned: status, status text, headers, URL, type', async () => {
    const server = await loopbackForTest(() => ({
      status: 201,
      headers: { 'x-request-id': 'req_1' },
      body: { user_id: 'u-1' },
    }));
    const client = createClient({ apiKey: 'sk-test-0123456789', baseUrl: server.baseUrl });
    const fetched = await fetch(`${server.baseUrl}/v2/user/resolve/u-1`);
    const { response, requestId } = await client.resolveUser({ client_user_id: 'u-1' }).withResponse();
    expect(response).toBeInstanceOf(Response);
    expect(requestId).toBe('req_1');
    for (const name of ['status', 'statusText', 'ok', 'url', 'type', 'redirected', 'bodyUsed'] as const)
      expect(response[name], name).toEqual(fetched[name]);
    expect([...response.headers].filter(([name]) => name !== 'date')).toEqual(
      [...fetched.headers].filter(([name]) => name !== 'date'),
    );
    expect(await response.json()).toEqual({ user_id: 'u-1' });
  });

  it('serves the body of a response whose status no Response can be made with', async () => {
    const fetched = Response.error();
    const response = bufferedResponse(fetched, 'gone');
    expect(response.status).toBe(0);
    expect(await response.text()).toBe('gone');
  });

  describe('issue 21: the Response of withResponse() reads like the fetched one', () => {
    /** What a caller sees reading a response one way: each step's value, or the error it threw. */
    type Way = (response: Response) => Promise<unknown>;
    const settle = async (step: () => unknown): Promise<unknown> => {
      try {
        return await step();
      } catch (error) {
        return `throws ${(error as Error).name}`;
      }
    };
    const ways: Record<string, Way> = {
      'text() once, then again': async (r) => [
        r.bodyUsed,
        await settle(() => r.text()),
        r.bodyUsed,
        await settle(() => r.text()),
      ],
      'clone() then read both': async (r) => {
        const copy = r.clone();
        return [await copy.json(), await r.json(), r.bodyUsed, await settle(() => r.clone())];
      },
      'body.getReader() to the end, then text()': async (r) => {
        const reader = (r.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        const decoder = new TextDecoder();
        for (let next = await reader.read(); !next.done; next = await reader.read())
          text += decoder.decode(next.value, { stream: true });
        reader.releaseLock();
        return [text, r.bodyUsed, await settle(() => r.text()), await settle(() => r.clone())];
      },
      'new Response(response.body)': async (r) => {
        const text = await new Response(r.body).text();
        return [text, r.bodyUsed, await settle(() => r.text())];
      },
      'body asked for, then text()': async (r) => {
        const locked = r.body?.locked;
        return [locked, r.bodyUsed, await settle(() => r.text()), r.bodyUsed, r.body?.locked];
      },
    };

    it.each(Object.entries(ways))('%s: as the fetched Response, on both routes', async (_name, way) => {
      const server = await loopbackForTest(() => ({ status: 200, body: { user_id: 'u-1' } }));
      const fetched = await fetch(`${server.baseUrl}/v2/user/resolve/u-1`);
      const want = await way(fetched);
      const direct = createClient({ apiKey: 'sk-test-0123456789', baseUrl: server.baseUrl });
      const throughMiddleware = createClient({ apiKey: 'sk-test-0123456789', baseUrl: server.baseUrl });
      throughMiddleware.use({ onRequest: ({ request }) => request });
      for (const client of [direct, throughMiddleware]) {
        const { response } = await client.resolveUser({ client_user_id: 'u-1' }).withResponse();
        expect(await way(response)).toEqual(want);
      }
    });
  });
});
