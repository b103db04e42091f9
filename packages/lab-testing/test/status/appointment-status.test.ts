import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appointmentStatus,
  classifyAppointmentEventStatus,
  classifyAppointmentStatus,
} from '../../src/index.js';

const STAGES = ['requested', 'reserved', 'confirmed', 'in_progress', 'completed', 'cancelled', 'unknown'];

describe('classifying appointment statuses', () => {
  it.each([
    ['pending', 'requested'],
    ['reserved', 'reserved'],
    ['confirmed', 'confirmed'],
    ['in_progress', 'in_progress'],
    ['completed', 'completed'],
    ['cancelled', 'cancelled'],
  ])('reads status %s as stage %s', (status, stage) => {
    expect(classifyAppointmentStatus(status)).toBe(stage);
  });

  it.each([
    ['pending', 'requested'],
    ['reserved', 'reserved'],
    ['scheduled', 'confirmed'],
    ['in_progress', 'in_progress'],
    ['completed', 'completed'],
    ['cancelled', 'cancelled'],
  ])('reads event_status %s as stage %s', (eventStatus, stage) => {
    expect(classifyAppointmentEventStatus(eventStatus)).toBe(stage);
  });

  it('classifies values added later as unknown', () => {
    const known = new Set([
      'pending',
      'reserved',
      'confirmed',
      'scheduled',
      'in_progress',
      'completed',
      'cancelled',
    ]);
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'hasOwnProperty', 'no_show')),
        (value) => {
          fc.pre(!known.has(value));
          expect(classifyAppointmentStatus(value)).toBe('unknown');
          expect(classifyAppointmentEventStatus(value)).toBe('unknown');
        },
      ),
    );
  });

  it('decides by status, and by event_status when status is unknown', () => {
    expect(appointmentStatus({ status: 'confirmed', event_status: 'reserved' }).stage).toBe('confirmed');
    expect(appointmentStatus({ status: 'rebooked', event_status: 'scheduled' })).toEqual({
      stage: 'confirmed',
      status: 'rebooked',
      eventStatus: 'scheduled',
    });
    expect(appointmentStatus({ status: 'rebooked', event_status: 'waitlisted' }).stage).toBe('unknown');
  });

  it('always returns one of its stages', () => {
    fc.assert(
      fc.property(
        fc.record({ status: fc.anything(), event_status: fc.anything() }, { requiredKeys: [] }),
        (record) => {
          expect(STAGES).toContain(appointmentStatus(record as never).stage);
        },
      ),
    );
  });
});
