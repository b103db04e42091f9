import { PATIENT_ADDRESS as patient_address } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { appointmentStatus, orderStatus } from '../../src/index.js';
import { recordingClient } from '../clients.js';
import { labServiceFake } from './lab-service-fake.js';

describe('an order through its appointment and status changes (stateful fake)', () => {
  it('moves from ordered to a confirmed appointment to a transit problem, keeping the notes', async () => {
    const fake = await labServiceFake();
    const { lab } = recordingClient(fake.baseUrl);

    const order = await lab.orders.create({ patient_address, clinical_notes: 'Fasting.' });
    const orderId = order.id as string;
    // `received.*` is the phase of a fresh order (issue 22: it read `unknown`).
    expect(orderStatus(order).stage).toBe('received');

    const requested = await lab.appointments.phlebotomy.request(orderId, {
      address: patient_address,
      provider: 'phlebotomy_provider_a',
      appointment_notes: 'Ring the side door.',
    });
    expect(appointmentStatus(requested).stage).toBe('requested');
    expect(orderStatus(fake.orderUpdatedEvent(orderId).data as never).stage).toBe('collecting_sample');

    const booked = await lab.appointments.phlebotomy.book(orderId, {
      appointment_notes: 'Ring the side door.',
    });
    expect(appointmentStatus(booked).stage).toBe('confirmed');
    expect(appointmentStatus(fake.appointment(orderId) ?? {})).toEqual({
      stage: 'confirmed',
      status: 'confirmed',
      eventStatus: 'scheduled',
    });

    await lab.appointments.phlebotomy.reschedule(orderId, { appointment_notes: 'Use the back door.' });
    expect(fake.appointment(orderId)?.appointment_notes).toBe('Use the back door.');
    const { access_notes } = patient_address;
    expect(fake.forwarded).toEqual([
      { access_notes, appointment_notes: 'Ring the side door.' },
      { access_notes, appointment_notes: 'Use the back door.' },
    ]);

    fake.sampleDelayedToLab(orderId);
    const changed = orderStatus(fake.orderUpdatedEvent(orderId).data as never);
    expect(changed).toMatchObject({
      stage: 'in_transit_problem',
      problemInTransit: 'lab',
      lowLevelStatus: 'problem_in_transit_lab',
      statusDetail: { carrier: 'ups' },
    });
    expect(changed.lastEvent?.status).toBe('collecting_sample.testkit.problem_in_transit_lab');
  });
});
