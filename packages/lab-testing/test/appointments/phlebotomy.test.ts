import { ValidationError } from '@svc/client';
import { PATIENT_ADDRESS } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_WINDOW_DAYS, appointmentStatus } from '../../src/index.js';
import { jsonBody, mockClient, ORDER_ID } from '../clients.js';

const address = { ...PATIENT_ADDRESS, second_line: 'Apt 4' };

describe('at-home phlebotomy appointments against the mock', () => {
  it('reads 14 days of availability from a start date', async () => {
    const { lab, sent } = mockClient();
    const availability = await lab.appointments.phlebotomy.availability(ORDER_ID, {
      start_date: '2026-11-24',
    });
    expect(availability).toHaveProperty('slots');
    // The spec's x-svc-window-days on the operation, reached through the client's generated table.
    expect(AVAILABILITY_WINDOW_DAYS).toBe(14);
    expect(sent[0]?.url.pathname).toBe(`/v3/order/${ORDER_ID}/phlebotomy/appointment/availability`);
    expect(sent[0]?.url.searchParams.get('start_date')).toBe('2026-11-24');
  });

  it('reads availability without a start date', async () => {
    const { lab, sent } = mockClient();
    await lab.appointments.phlebotomy.availability(ORDER_ID);
    expect(sent[0]?.url.search).toBe('');
  });

  it('requests an appointment with address, provider and notes, and it starts as requested', async () => {
    const { lab, sent } = mockClient();
    const appointment = await lab.appointments.phlebotomy.request(ORDER_ID, {
      address,
      provider: 'phlebotomy_provider_a',
      appointment_notes: 'Ring the side door.',
    });
    expect(appointmentStatus(appointment).stage).toBe('requested');
    expect(jsonBody(sent[0])).toEqual({
      address,
      provider: 'phlebotomy_provider_a',
      appointment_notes: 'Ring the side door.',
    });
  });

  it('books and reschedules with notes, address and provider in the body', async () => {
    const { lab, sent } = mockClient();
    const booking = { appointment_notes: 'Ring the side door.', address, provider: 'phlebotomy_provider_a' };
    await lab.appointments.phlebotomy.book(ORDER_ID, booking);
    await lab.appointments.phlebotomy.reschedule(ORDER_ID, {
      ...booking,
      appointment_notes: 'Back door this time.',
    });
    expect(sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /v3/order/${ORDER_ID}/phlebotomy/appointment/book`,
      `PATCH /v3/order/${ORDER_ID}/phlebotomy/appointment/reschedule`,
    ]);
    expect(jsonBody(sent[0])).toEqual(booking);
    expect(jsonBody(sent[1])).toMatchObject({ appointment_notes: 'Back door this time.', address });
  });

  it('sends null notes as null and a booking without a body as {}', async () => {
    const { lab, sent } = mockClient();
    await lab.appointments.phlebotomy.book(ORDER_ID, { appointment_notes: null });
    await lab.appointments.phlebotomy.reschedule(ORDER_ID);
    expect(jsonBody(sent[0])).toEqual({ appointment_notes: null });
    expect(jsonBody(sent[1])).toEqual({});
  });

  it.each(['request', 'book', 'reschedule'] as const)(
    'refuses notes over 1000 characters on %s before sending',
    async (method) => {
      const { lab, sent } = mockClient();
      const body = { address, provider: 'p', appointment_notes: 'n'.repeat(1001) };
      await expect(lab.appointments.phlebotomy[method](ORDER_ID, body)).rejects.toMatchObject({
        name: 'ValidationError',
        field: 'appointment_notes',
      });
      expect(sent).toHaveLength(0);
    },
  );

  it('refuses notes that are not text before sending', async () => {
    const { lab, sent } = mockClient();
    await expect(
      lab.appointments.phlebotomy.book(ORDER_ID, { appointment_notes: 42 as never }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });

  it('refuses an order id that is not a uuid before sending', async () => {
    const { lab, sent } = mockClient();
    await expect(lab.appointments.phlebotomy.availability('order-1')).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });
});
