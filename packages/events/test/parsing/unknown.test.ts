import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeEvent, parseEvent } from '../../src/index.js';

describe('unknown events', () => {
  it('gives an event name outside the catalogue the unknown branch, keeping its name and payload', () => {
    const payload = { event_type: 'billing.invoice.paid', data: { amount: 3 } };
    const event = parseEvent(JSON.stringify(payload));
    expect(event).toMatchObject({
      type: 'unknown',
      name: 'billing.invoice.paid',
      family: 'billing.invoice',
      action: 'paid',
      template: null,
      deprecated: false,
    });
    expect(event.payload).toEqual(payload);
  });

  it('gives a data event of a resource added after this build the unknown branch, naming template and resource', () => {
    const event = parseEvent(JSON.stringify({ event_type: 'daily.data.brain_waves.updated' }));
    expect(event).toMatchObject({
      type: 'unknown',
      name: 'daily.data.brain_waves.updated',
      template: 'daily.data.<resource>.updated',
      phase: 'daily',
      resource: 'brain_waves',
      action: 'updated',
    });
  });

  it('does not mistake a dotted resource for a template instance', () => {
    expect(parseEvent(JSON.stringify({ event_type: 'daily.data.a.b.updated' }))).toMatchObject({
      type: 'unknown',
      template: null,
    });
  });

  it('never throws on any event name, and is unknown exactly when the catalogue lacks the name', () => {
    const names = fc.oneof(
      fc.string({ minLength: 1 }),
      fc
        .tuple(
          fc.constantFrom('historical', 'daily', 'x'),
          fc.constantFrom('data', 'timeseries'),
          fc.string(),
          fc.string(),
        )
        .map((parts) => parts.join('.')),
    );
    fc.assert(
      fc.property(names, (name) => {
        const event = parseEvent(JSON.stringify({ event_type: name }));
        expect(event.name).toBe(name);
        expect(event.type === 'unknown').toBe(describeEvent(name) === undefined);
      }),
    );
  });
});
