import { describe, expect, it } from 'vitest';
import { bufferedResponse, readBody } from '../../src/internal/buffered-response.js';
import { fakeFetch, testClient } from '../fixtures/fake-fetch.js';

const reply = (body: BodyInit, type: string) => () =>
  new Response(body, { status: 200, headers: { 'content-type': type } });

describe('the raw response of a named method', () => {
  it('serves a JSON body, already read, to text(), json(), arrayBuffer(), blob() and clone()', async () => {
    const body = '{"name":"Zoë 🩺","n":1}';
    const { response } = await testClient(fakeFetch(reply(body, 'application/json')).fetch)
      .getParsingJob({ job_id: 'job_1' })
      .withResponse();
    expect(await response.text()).toBe(body);
    expect(await response.json()).toEqual({ name: 'Zoë 🩺', n: 1 });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new TextEncoder().encode(body));
    expect(await (await response.blob()).text()).toBe(body);
    expect((await response.blob()).type).toBe('application/json');
    expect(await response.clone().text()).toBe(body);
    expect(await response.text()).toBe(body);
  });

  it('keeps a body of another type as bytes, unchanged', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe, 0x00, 0x80]);
    const fetched = reply(bytes, 'application/pdf')();
    const response = bufferedResponse(fetched, await readBody(fetched));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(new Uint8Array(await (await response.blob()).arrayBuffer())).toEqual(bytes);
    expect(new Uint8Array(await response.clone().arrayBuffer())).toEqual(bytes);
  });
});
