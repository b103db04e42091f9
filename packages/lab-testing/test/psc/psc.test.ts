import { getEventListeners } from 'node:events';
import { AbortError } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { appointmentStatus, PollTimeoutError, PscBookingFailedError } from '../../src/index.js';
import { mockClient, ORDER_ID, recordingClient } from '../clients.js';
import { pscFake } from './psc-fake.js';

const fast = { initialDelayMs: 10, maxDelayMs: 40, timeoutMs: 3_000 };

describe('PSC appointments against the mock', () => {
  it('reads availability, books with an idempotency key and reads the appointment', async () => {
    const { lab, sent } = mockClient();
    await expect(lab.appointments.psc.availability(ORDER_ID)).resolves.toHaveProperty('slots');
    const booking = await lab.appointments.psc.book(ORDER_ID, { slot_id: 'slot-1' });
    expect(appointmentStatus(booking).stage).toBe('reserved');
    const appointment = await lab.appointments.psc.get(ORDER_ID);
    expect(appointment.type).toBe('patient_service_center');
    expect(sent[1]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /v3/order/${ORDER_ID}/psc/appointment/availability`,
      `POST /v3/order/${ORDER_ID}/psc/appointment/book`,
      `GET /v3/order/${ORDER_ID}/psc/appointment`,
    ]);
  });

  it('times out following a confirmation the stateless mock never gives', async () => {
    const { lab } = mockClient();
    const error = await lab.appointments.psc
      .waitForConfirmation(ORDER_ID, { initialDelayMs: 20, maxDelayMs: 50, timeoutMs: 2_000 })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(error.lastStage).toBe('reserved');
    expect(error.attempts).toBeGreaterThanOrEqual(2);
    expect(error.lastValue).toMatchObject({ status: 'reserved' });
    // The record holds personal data: reachable, but never serialized.
    expect(JSON.stringify(error)).not.toContain('Center Ave');
  });
});

describe('following a PSC confirmation (stateful fake)', () => {
  it('books once and resolves when the appointment is confirmed', async () => {
    const fake = await pscFake({ statuses: ['pending', 'reserved', 'reserved', 'confirmed'] });
    const { lab } = recordingClient(fake.baseUrl);
    const appointment = await lab.appointments.psc.bookAndConfirm(ORDER_ID, { slot_id: 's1' }, fast);
    expect(appointmentStatus(appointment).stage).toBe('confirmed');
    expect(fake.reads()).toHaveLength(4);
    expect(fake.bookings.size).toBe(1);
  });

  it('keeps waiting through a status added later', async () => {
    const fake = await pscFake({ statuses: ['reserved', 'awaiting_lab_approval', 'confirmed'] });
    const { lab } = recordingClient(fake.baseUrl);
    await expect(lab.appointments.psc.waitForConfirmation(ORDER_ID, fast)).resolves.toMatchObject({
      status: 'confirmed',
    });
    expect(fake.reads()).toHaveLength(3);
  });

  it('throws PscBookingFailedError when the booking is cancelled', async () => {
    const fake = await pscFake({ statuses: ['reserved', 'cancelled'] });
    const { lab } = recordingClient(fake.baseUrl);
    const error = await lab.appointments.psc.waitForConfirmation(ORDER_ID, fast).catch((caught) => caught);
    expect(error).toBeInstanceOf(PscBookingFailedError);
    expect(error).toMatchObject({ orderId: ORDER_ID, status: 'cancelled' });
    expect(error.appointment).toMatchObject({ status: 'cancelled' });
  });

  it('pauses longer between reads, up to maxDelayMs', async () => {
    const fake = await pscFake({
      statuses: ['reserved', 'reserved', 'reserved', 'reserved', 'reserved', 'confirmed'],
    });
    const { lab } = recordingClient(fake.baseUrl);
    await lab.appointments.psc.waitForConfirmation(ORDER_ID, {
      initialDelayMs: 40,
      maxDelayMs: 120,
      timeoutMs: 5_000,
    });
    const at = fake.reads().map((read) => read.at);
    const gaps = at.slice(1).map((time, index) => time - (at[index] as number));
    // Jitter keeps each pause at 50–100 % of 40, 80, 120, 120, 120 ms; upper bounds are left to the
    // pollDelay property test, as a loaded machine can only make pauses longer.
    const ceilings = [40, 80, 120, 120, 120];
    ceilings.forEach((ceiling, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(ceiling / 2 - 2);
    });
  });

  it('reuses one idempotency key across booking retries, so one booking exists', async () => {
    const fake = await pscFake({ statuses: ['confirmed'], failBookings: 2 });
    // This service honours Idempotency-Key, as the client is told: keyed POSTs may then be retried.
    const { lab } = recordingClient(fake.baseUrl, { maxRetries: 2, idempotencyHeader: 'Idempotency-Key' });
    await lab.appointments.psc.book(ORDER_ID, { slot_id: 's1' });
    expect(fake.keys).toHaveLength(3);
    expect(new Set(fake.keys).size).toBe(1);
    expect(fake.bookings.size).toBe(1);
  });

  it('stops at once on abort, during a read, and leaves no listener on the signal', async () => {
    const fake = await pscFake({ statuses: ['reserved'], readDelayMs: 2_000 });
    const { lab } = recordingClient(fake.baseUrl);
    const controller = new AbortController();
    const started = performance.now();
    const waiting = lab.appointments.psc.waitForConfirmation(ORDER_ID, {
      ...fast,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('user left the page')), 50);
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('stops at once on abort during a pause', async () => {
    const fake = await pscFake({ statuses: ['reserved'] });
    const { lab } = recordingClient(fake.baseUrl);
    const controller = new AbortController();
    const waiting = lab.appointments.psc.waitForConfirmation(ORDER_ID, {
      initialDelayMs: 5_000,
      maxDelayMs: 5_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(fake.reads()).toHaveLength(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects at once with an already aborted signal, reading nothing', async () => {
    const fake = await pscFake({ statuses: ['reserved'] });
    const { lab } = recordingClient(fake.baseUrl);
    await expect(
      lab.appointments.psc.waitForConfirmation(ORDER_ID, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(fake.reads()).toHaveLength(0);
  });

  it('times out during a slow read with the timeout, not the read, as the reason', async () => {
    const fake = await pscFake({ statuses: ['reserved'], readDelayMs: 2_000 });
    const { lab } = recordingClient(fake.baseUrl);
    const started = performance.now();
    const error = await lab.appointments.psc
      .waitForConfirmation(ORDER_ID, { timeoutMs: 150 })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(error).toMatchObject({ attempts: 0, lastStage: undefined, timeoutMs: 150 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
