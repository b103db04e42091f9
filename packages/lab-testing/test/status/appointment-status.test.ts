import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appointmentStatus,
  classifyAppointmentEventStatus,
  classifyAppointmentStatus,
} from '../../src/index.js';

/** For each stage, the documented `status` and `event_status` that read as it. */
const DOCUMENTED = [
  ['pending', 'pending', 'requested'],
  ['reserved', 'reserved', 'reserved'],
  ['confirmed', 'scheduled', 'confirmed'],
  ['in_progress', 'in_progress', 'in_progress'],
  ['completed', 'completed', 'completed'],
  ['cancelled', 'cancelled', 'cancelled'],
] as const;
const STAGES = [...DOCUMENTED.map(([, , stage]) => stage), 'unknown'];

describe('classifying appointment statuses', () => {
  it.each(DOCUMENTED)('reads status %s and event_status %s as stage %s', (status, eventStatus, stage) => {
    expect(classifyAppointmentStatus(status)).toBe(stage);
    expect(classifyAppointmentEventStatus(eventStatus)).toBe(stage);
  });

  it('classifies values added later as unknown', () => {
    const known = new Set<string>([
      ...DOCUMENTED.map(([status]) => status),
      ...DOCUMENTED.map(([, eventStatus]) => eventStatus),
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
