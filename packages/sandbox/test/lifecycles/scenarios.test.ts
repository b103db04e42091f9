import { describe, expect, it } from 'vitest';
import { bundledSpec, call, clientOn, orderFor, REPORTS, strictSandbox } from '../fixtures/sandbox.js';

const orderStatus = (event: { data: Record<string, unknown> }) =>
  (event.data.last_event as { status: string; status_detail: string | null }).status;

async function drawnOrder(scenario?: string) {
  const sandbox = strictSandbox();
  const headers: Record<string, string> = scenario ? { 'x-svc-sandbox-scenario': scenario } : {};
  const order = await call(sandbox, 'POST', '/v3/order', {
    body: await orderFor(sandbox, { patient_address: { first_line: '1 Main' } }),
    headers,
  });
  expect(order.status).toBe(200);
  const booked = await call(sandbox, 'POST', `/v3/order/${order.body.id}/phlebotomy/appointment/book`, {
    body: {},
  });
  expect(booked.status).toBe(200);
  return { sandbox, orderId: order.body.id as string };
}

const orderEvents = (sandbox: ReturnType<typeof strictSandbox>) =>
  sandbox.webhooks.events().filter((e) => e.event_type === 'labtest.order.updated');

describe('scenarios', () => {
  it('happy_path: the sample reaches the lab and the order completes with results', async () => {
    const { sandbox } = await drawnOrder();
    sandbox.clock.advance({ seconds: 5 * 86_400 });
    const last = orderEvents(sandbox).at(-1) as { data: Record<string, unknown> };
    expect(orderStatus(last)).toBe('completed.at_home_phlebotomy.completed');
    expect(last.data.results).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Glucose' })]));
  });

  it('sample_lost_in_transit: the order stops at problem_in_transit_lab with a status_detail', async () => {
    const { sandbox } = await drawnOrder('sample_lost_in_transit');
    sandbox.clock.advance({ seconds: 10 * 86_400 });
    const last = orderEvents(sandbox).at(-1) as { data: Record<string, unknown> };
    expect(orderStatus(last)).toBe('collecting_sample.testkit.problem_in_transit_lab');
    expect(last.data.low_level_status).toBe('problem_in_transit_lab');
    expect((last.data.last_event as { status_detail: string }).status_detail).toContain('lost');
  });

  it('kit_lost_to_customer: a day after ordering the order reports problem_in_transit_customer', async () => {
    const sandbox = strictSandbox();
    await call(sandbox, 'POST', '/v3/order', {
      body: await orderFor(sandbox),
      headers: { 'x-svc-sandbox-scenario': 'kit_lost_to_customer' },
    });
    sandbox.clock.advance({ seconds: 86_399 });
    expect(orderStatus(orderEvents(sandbox).at(-1) as never)).toBe('received.at_home_phlebotomy.ordered');
    sandbox.clock.advance({ seconds: 1 });
    const last = orderEvents(sandbox).at(-1) as { data: Record<string, unknown> };
    expect(orderStatus(last)).toBe('collecting_sample.testkit.problem_in_transit_customer');
    expect(last.data.low_level_status).toBe('problem_in_transit_customer');
  });

  it('refuses a booking on a finished order with 409 naming the allowed steps', async () => {
    const { sandbox, orderId } = await drawnOrder();
    sandbox.clock.advance({ seconds: 5 * 86_400 });
    const { status, body } = await call(sandbox, 'POST', `/v3/order/${orderId}/phlebotomy/appointment/book`, {
      body: {},
    });
    expect(status).toBe(409);
    expect(body.error.message).toContain('completed');
  });

  for (const [scenario, final, hasResults] of [
    [undefined, 'completed', true],
    ['parsing_needs_review', 'pending_review', true],
    ['parsing_fails', 'failed', false],
  ] as const) {
    it(`${scenario ?? 'happy_path'}: a parsing job ends ${final}`, async () => {
      const sandbox = strictSandbox();
      const form = new FormData();
      form.set('file', new File([REPORTS.png], 'report.png'));
      const headers: Record<string, string> = scenario ? { 'x-svc-sandbox-scenario': scenario } : {};
      const response = await sandbox.fetch(
        new Request(`${sandbox.url}/lab_report/v1/parser/job`, {
          method: 'POST',
          headers: { 'x-svc-api-key': 'sk_test_fixture', ...headers },
          body: form,
        }),
      );
      const job = await response.json();
      expect(job).toMatchObject({ status: 'pending', results: [] });
      sandbox.clock.advance({ seconds: 29 });
      expect((await call(sandbox, 'GET', `/lab_report/v1/parser/job/${job.id}`)).body.status).toBe('pending');
      sandbox.clock.advance({ seconds: 1 });
      const done = (await call(sandbox, 'GET', `/lab_report/v1/parser/job/${job.id}`)).body;
      expect(done.status).toBe(final);
      expect(done.results.length > 0).toBe(hasResults);
      if (final === 'pending_review') {
        sandbox.clock.advance({ seconds: 86_400 });
        expect((await call(sandbox, 'GET', `/lab_report/v1/parser/job/${job.id}`)).body.status).toBe(
          'completed',
        );
      }
      expect(sandbox.webhooks.events().map((e) => e.event_type)).toContain('lab_report.parsing_job.updated');
    });
  }

  it('refuses a report that is not PDF, JPEG or PNG (415) and one over 10,000,000 bytes (413)', async () => {
    const sandbox = strictSandbox();
    // Sent raw: @svc/client refuses both files itself before sending (asserted below).
    const upload = (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(sandbox, 'POST', '/lab_report/v1/parser/job', { raw: form });
    };
    expect((await upload(new File(['hello'], 'a.pdf'))).status).toBe(415);
    const big = new Uint8Array(10_000_001);
    big.set(REPORTS.jpeg);
    expect((await upload(new File([big], 'a.jpg'))).status).toBe(413);
    const limit = new Uint8Array(10_000_000);
    limit.set(REPORTS.jpeg);
    expect((await upload(new File([limit], 'a.jpg'))).body).toMatchObject({ status: 'pending' });

    const client = clientOn(sandbox);
    await expect(
      client.createParsingJob({ body: { file: new File(['hello'], 'a.pdf') } }),
    ).rejects.toMatchObject({ name: 'ValidationError', field: 'body.file' });
    await expect(client.createParsingJob({ body: { file: new File([big], 'a.jpg') } })).rejects.toMatchObject(
      {
        name: 'ValidationError',
      },
    );
  });

  it('issue 33: refuses a report whose bytes are not the accepted type it declares, naming both', async () => {
    const sandbox = strictSandbox();
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new File([bytes], name, { type }));
      return call(sandbox, 'POST', '/lab_report/v1/parser/job', { raw: form });
    };
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    const pngAsPdf = await upload(REPORTS.png, 'x.pdf', 'application/pdf');
    expect(pngAsPdf.status).toBe(415);
    expect(pngAsPdf.body.error.message).toContain(
      'declared application/pdf but its first bytes are image/png',
    );
    expect((await upload(zip, 'x.pdf', 'application/pdf')).status).toBe(415);
    expect((await upload(REPORTS.jpeg, 'x.png', 'image/png')).status).toBe(415);
    // A type the upload does not accept names nothing to check: the bytes decide.
    for (const type of ['application/octet-stream', 'image/jpg', ''])
      expect((await upload(REPORTS.jpeg, 'x.jpg', type)).body).toMatchObject({
        file: { content_type: 'image/jpeg' },
      });
    expect((await upload(REPORTS.pdf, 'x.pdf', 'Application/PDF')).status).toBe(200);
  });

  it('takes its upload limits from the spec: a lower x-svc-file maxBytes refuses a smaller file', async () => {
    const spec = bundledSpec();
    spec.components.schemas.ParsingJobUploadRequest.properties.file['x-svc-file'].maxBytes = 16;
    const sandbox = strictSandbox({ spec });
    const upload = (bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append('file', new File([bytes], 'a.pdf'));
      return call(sandbox, 'POST', '/lab_report/v1/parser/job', { raw: form });
    };
    const small = new Uint8Array(16);
    small.set(REPORTS.pdf);
    expect((await upload(small)).status).toBe(200);
    const large = new Uint8Array(17);
    large.set(REPORTS.pdf);
    expect((await upload(large)).status).toBe(413);
  });

  it('takes its availability window from the spec: each kind serves the x-svc-window-days it states', async () => {
    const spec = bundledSpec();
    const availability = (kind: string) =>
      spec.paths[`/v3/order/{order_id}/${kind}/appointment/availability`].get;
    availability('phlebotomy')['x-svc-window-days'] = 3;
    availability('psc')['x-svc-window-days'] = 5;
    const sandbox = strictSandbox({ spec });
    const order = await call(sandbox, 'POST', '/v3/order', {
      body: await orderFor(sandbox, { patient_address: { first_line: '1 Main' } }),
    });
    const days = async (kind: string) => {
      const path = `/v3/order/${order.body.id}/${kind}/appointment/availability?start_date=2026-02-01`;
      const { status, body } = await call(sandbox, 'GET', path);
      expect(status).toBe(200);
      return new Set(body.slots.map((slot: { date: string }) => slot.date)).size;
    };
    expect(await days('phlebotomy')).toBe(3);
    expect(await days('psc')).toBe(5);
  });

  it('answers a repeated key once on the operations the spec marks x-svc-idempotent, in the header it names', async () => {
    const spec = bundledSpec();
    spec.components.parameters.idempotencyKey.name = 'x-other-idempotency';
    delete spec.paths['/v3/order'].post['x-svc-idempotent'];
    spec.paths['/v3/order/import'].post['x-svc-idempotent'] = true;
    const sandbox = strictSandbox({ spec });
    const body = await orderFor(sandbox, { patient_address: { first_line: '1 Main' } });
    const twice = async (path: string) => {
      const send = () =>
        call(sandbox, 'POST', path, {
          body,
          headers: { 'x-other-idempotency': `key-${path}` },
        });
      const [first, second] = [await send(), await send()];
      expect([first.status, second.status]).toEqual([200, 200]);
      return first.body.id === second.body.id;
    };
    expect(await twice('/v3/order')).toBe(false);
    expect(await twice('/v3/order/import')).toBe(true);
  });
  it('mfa_required (from the client_user_id suffix): wrong code, then pending_provider_mfa, then success', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const user = await client.resolveUser({ client_user_id: 'bob+mfa_required' });
    const token = (await client.createLinkToken({ body: { user_id: user.user_id, provider: 'whoop' } })) as {
      link_token: string;
    };
    const send = (code: string) =>
      client.completePasswordProviderMfa({
        provider: 'whoop',
        'x-svc-link-token': token.link_token,
        body: { mfa_code: code },
      });
    expect(await send('000000')).toMatchObject({
      state: 'error',
      error_type: 'incorrect_mfa_code',
      connected: false,
    });
    expect(await send('123456')).toMatchObject({
      state: 'pending_provider_mfa',
      provider_mfa: expect.any(Object),
    });
    expect(await send('654321')).toMatchObject({ state: 'success', connected: true, error_type: null });
    expect(await send('654321')).toMatchObject({ state: 'error', error_type: 'token_consumed' });
    const linked = await client.resolveUser({ client_user_id: 'bob+mfa_required' });
    expect(linked.connected_sources.map((c) => c.source?.slug)).toEqual(['oura', 'whoop']);
    expect(
      sandbox.webhooks.events().filter((e) => e.event_type === 'provider.connection.created'),
    ).toHaveLength(2);
    sandbox.clock.advance({ seconds: 60 });
    expect(sandbox.webhooks.events().map((e) => e.event_type)).toContain('historical.data.steps.created');
    sandbox.clock.advance({ seconds: 86_400 });
    const daily = sandbox.webhooks.events().filter((e) => e.event_type === 'daily.data.steps.created');
    expect(
      daily.map((e) => [e.data.calendar_date, (e.data.source as { provider: string }).provider]),
    ).toEqual([
      ['2026-01-05', 'oura'],
      ['2026-01-05', 'whoop'],
    ]);
    await client.deregisterProvider({ user_id: user.user_id, provider: 'whoop' });
    const after = await client.resolveUser({ client_user_id: 'bob+mfa_required' });
    expect(after.connected_sources.map((c) => c.source?.slug)).toEqual(['oura']);
    await expect(
      client.deregisterProvider({ user_id: user.user_id, provider: 'whoop' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('happy_path MFA: the first right code connects', async () => {
    const client = clientOn(strictSandbox());
    const user = await client.resolveUser({ client_user_id: 'carol' });
    const token = (await client.createLinkToken({ body: { user_id: user.user_id } })) as {
      link_token: string;
    };
    const result = await client.completePasswordProviderMfa({
      provider: 'peloton',
      'x-svc-link-token': token.link_token,
      body: { mfa_code: '111111' },
    });
    expect(result).toMatchObject({ state: 'success', provider: 'peloton' });
  });
});
