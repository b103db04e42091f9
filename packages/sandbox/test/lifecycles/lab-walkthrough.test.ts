import { PATIENT_ADDRESS as address } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { webhookReceiver } from '../fixtures/receiver.js';
import { clientOn, orderFor, REPORTS, strictSandbox } from '../fixtures/sandbox.js';

describe('the lab walkthrough, in-process through @svc/client', () => {
  it('walks order → appointment → clock → results, with every transition delivered as a signed webhook', async () => {
    const receiver = webhookReceiver();
    const sandbox = strictSandbox({ webhookFetch: receiver.fetch });
    await sandbox.webhooks.configure({ url: receiver.url, secret: receiver.secret });
    const client = clientOn(sandbox);

    const user = await client.resolveUser({ client_user_id: 'patient-1' });
    const order = (await client.createOrder(
      { body: { user_id: user.user_id, patient_address: address, clinical_notes: 'Fasting' } },
      { idempotencyKey: 'order-1' },
    )) as Record<string, unknown> & { id: string };
    expect(order.last_event).toMatchObject({
      status: 'received.at_home_phlebotomy.ordered',
      status_detail: null,
    });

    const availability = (await client.getPhlebotomyAppointmentAvailability({ order_id: order.id })) as {
      slots: Array<{ date: string; booking_key: string }>;
    };
    expect(new Set(availability.slots.map((s) => s.date)).size).toBe(14);

    const pending = await client.requestPhlebotomyAppointment({
      order_id: order.id,
      body: { address, provider: 'sandbox_phlebotomy', appointment_notes: 'Ring twice' },
    });
    // The appointment keeps the notes it was requested with through its statuses.
    const appointment = (status: string, event_status: string) => ({
      status,
      event_status,
      appointment_notes: 'Ring twice',
    });
    expect(pending).toMatchObject(appointment('pending', 'pending'));

    const booked = (await client.bookPhlebotomyAppointment({
      order_id: order.id,
      body: { booking_key: availability.slots[2]?.booking_key },
    })) as Record<string, unknown>;
    expect(booked).toMatchObject(appointment('confirmed', 'scheduled'));
    const rescheduled = (await client.reschedulePhlebotomyAppointment({
      order_id: order.id,
      body: { booking_key: availability.slots[5]?.booking_key, appointment_notes: 'Side door' },
    })) as { start_at: string; appointment_notes: string; events: Array<{ data?: Record<string, unknown> }> };
    expect(rescheduled.appointment_notes).toBe('Side door');
    expect(rescheduled.start_at).not.toBe(booked.start_at);
    // The address's access notes go with the booking and with every reschedule.
    expect(rescheduled.events.filter((e) => e.data).map((e) => e.data?.access_notes)).toEqual([
      address.access_notes,
      address.access_notes,
    ]);

    sandbox.clock.advance({ seconds: 5 * 86_400 });
    await sandbox.webhooks.flush();
    // Emitted in transition order; deliveries run concurrently (as webhook deliveries may), so the
    // receiver checks every signed delivery arrived, in whatever order.
    const statusOf = (data: Record<string, unknown>) => (data.last_event as { status: string }).status;
    const emitted = sandbox.webhooks.events().filter((e) => e.event_type === 'labtest.order.updated');
    expect(emitted.map((e) => statusOf(e.data))).toEqual([
      'received.at_home_phlebotomy.ordered',
      'collecting_sample.at_home_phlebotomy.appointment_pending',
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
      'collecting_sample.at_home_phlebotomy.appointment_scheduled',
      'collecting_sample.at_home_phlebotomy.draw_completed',
      'collecting_sample.testkit.transit_lab',
      'sample_with_lab.at_home_phlebotomy.delivered_to_lab',
      'completed.at_home_phlebotomy.completed',
    ]);
    const delivered = receiver.received
      .filter((e) => e.type === 'labtest.order.updated')
      .map((e) => statusOf((e.payload as { data: Record<string, unknown> }).data));
    expect([...delivered].sort()).toEqual(emitted.map((e) => statusOf(e.data)).sort());
    const last = receiver.received.find(
      (e) =>
        e.type === 'labtest.order.updated' &&
        statusOf((e.payload as { data: Record<string, unknown> }).data) ===
          'completed.at_home_phlebotomy.completed',
    );
    const completed = (last?.payload as { data: { results: unknown[]; events: unknown[] } } | undefined)
      ?.data;
    expect(completed?.results.length).toBeGreaterThan(0);
    expect(completed?.events).toHaveLength(8);

    const job = (await client.createParsingJob({
      body: { file: new File([REPORTS.pdf], 'report.pdf', { type: 'application/pdf' }) },
    })) as { id: string; status: string };
    expect(job.status).toBe('pending');
    sandbox.clock.advance({ seconds: 60 });
    const parsed = (await client.getParsingJob({ job_id: job.id })) as {
      status: string;
      results: Array<Record<string, unknown>>;
    };
    expect(parsed.status).toBe('completed');
    expect(parsed.results[0]).toMatchObject({ name: 'Glucose', loinc_code: '2345-7' });
    // About half the reports come from a lab reporting in SI units (the job's id decides which).
    expect(['mg/dL', 'mmol/L']).toContain(parsed.results[0]?.unit);
    await sandbox.webhooks.flush();
    expect(receiver.received.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'provider.connection.created',
        'lab_report.parsing_job.created',
        'lab_report.parsing_job.updated',
      ]),
    );
    expect(sandbox.webhooks.deliveries().every((d) => d.delivered)).toBe(true);
  });

  it('creates an order once per Idempotency-Key and refuses the key with a different body', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const first = (await client.createOrder(
      { body: await orderFor(sandbox, { clinical_notes: 'a' }) },
      { idempotencyKey: 'k' },
    )) as {
      id: string;
    };
    const again = (await client.createOrder(
      { body: await orderFor(sandbox, { clinical_notes: 'a' }) },
      { idempotencyKey: 'k' },
    )) as {
      id: string;
    };
    expect(again.id).toBe(first.id);
    await expect(
      client.createOrder({ body: await orderFor(sandbox, { clinical_notes: 'b' }) }, { idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const other = (await client.createOrder(
      { body: await orderFor(sandbox, { clinical_notes: 'a' }) },
      { idempotencyKey: 'k2' },
    )) as {
      id: string;
    };
    expect(other.id).not.toBe(first.id);
  });

  it('books a service center appointment idempotently and confirms it later on the clock', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const order = (await client.createOrder({ body: await orderFor(sandbox) })) as { id: string };
    const booking = await client.bookPscAppointment(
      { order_id: order.id, body: {} },
      { idempotencyKey: 'psc-1' },
    );
    const replay = await client.bookPscAppointment(
      { order_id: order.id, body: {} },
      { idempotencyKey: 'psc-1' },
    );
    expect(replay).toEqual(booking);
    expect(booking).toMatchObject({ status: 'reserved' });
    expect(await client.getPscAppointment({ order_id: order.id })).toMatchObject({ status: 'reserved' });
    sandbox.clock.advance({ seconds: 60 });
    expect(await client.getPscAppointment({ order_id: order.id })).toMatchObject({
      status: 'confirmed',
      event_status: 'scheduled',
    });
  });

  it('refuses a reschedule of an order without an appointment with 404', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const order = (await client.createOrder({ body: await orderFor(sandbox) })) as { id: string };
    await expect(
      client.reschedulePhlebotomyAppointment({ order_id: order.id, body: {} }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('refusals leave the world unchanged', () => {
  it('keeps a pending appointment pending when a booking is refused, and books it after', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const order = (await client.createOrder({ body: await orderFor(sandbox) })) as { id: string };
    await client.requestPhlebotomyAppointment({ order_id: order.id, body: { address: {}, provider: 'p' } });
    const before = sandbox.snapshot();
    await expect(
      client.bookPhlebotomyAppointment({ order_id: order.id, body: { booking_key: 'bk_nonsense' } }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      client.reschedulePhlebotomyAppointment({ order_id: order.id, body: {} }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(sandbox.snapshot()).toEqual(before);
    await expect(client.bookPhlebotomyAppointment({ order_id: order.id, body: {} })).resolves.toMatchObject({
      status: 'confirmed',
    });
  });

  it('creates no appointment when booking an order without one is refused', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const order = (await client.createOrder({ body: await orderFor(sandbox) })) as { id: string };
    const before = sandbox.snapshot();
    await expect(
      client.bookPhlebotomyAppointment({ order_id: order.id, body: { booking_key: 'bk_nonsense' } }),
    ).rejects.toMatchObject({ status: 422 });
    expect(sandbox.snapshot()).toEqual(before);
  });

  it('leaves the appointment alone when the order can no longer take one', async () => {
    const sandbox = strictSandbox();
    const client = clientOn(sandbox);
    const order = (await client.createOrder({ body: await orderFor(sandbox) })) as { id: string };
    await client.bookPhlebotomyAppointment({ order_id: order.id, body: {} });
    sandbox.clock.advance({ seconds: 5 * 86_400 });
    const before = sandbox.snapshot();
    await expect(client.bookPhlebotomyAppointment({ order_id: order.id, body: {} })).rejects.toMatchObject({
      status: 409,
    });
    expect(sandbox.snapshot()).toEqual(before);
  });
});
