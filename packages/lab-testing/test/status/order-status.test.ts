import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyOrderLowLevelStatus, classifyOrderStatus, orderStatus } from '../../src/index.js';
import { mockClient } from '../clients.js';

const KNOWN_STATUSES = [
  'collecting_sample.testkit.problem_in_transit_customer',
  'collecting_sample.testkit.problem_in_transit_lab',
];
const KNOWN_LOW_LEVEL = ['problem_in_transit_customer', 'problem_in_transit_lab'];

describe('classifying order statuses', () => {
  it('reads both documented transit problems as in_transit_problem, naming the leg', () => {
    for (const status of KNOWN_STATUSES) expect(classifyOrderStatus(status)).toBe('in_transit_problem');
    for (const status of KNOWN_LOW_LEVEL)
      expect(classifyOrderLowLevelStatus(status)).toBe('in_transit_problem');
    const lab = orderStatus({ last_event: { status: 'collecting_sample.testkit.problem_in_transit_lab' } });
    expect(lab).toMatchObject({ stage: 'in_transit_problem', problemInTransit: 'lab' });
  });

  it('keeps the collecting_sample phase of a status added later under it', () => {
    expect(classifyOrderStatus('collecting_sample.testkit.shipped_to_customer')).toBe('collecting_sample');
    expect(orderStatus({ last_event: { status: 'collecting_sample.walk_in.awaiting' } })).toMatchObject({
      stage: 'collecting_sample',
      problemInTransit: null,
    });
  });

  it('reads the phases the sandbox sends: received, sample_with_lab, completed and cancelled', () => {
    expect(classifyOrderStatus('received.at_home_phlebotomy.ordered')).toBe('received');
    expect(classifyOrderStatus('collecting_sample.at_home_phlebotomy.draw_completed')).toBe(
      'collecting_sample',
    );
    expect(classifyOrderStatus('sample_with_lab.at_home_phlebotomy.delivered_to_lab')).toBe(
      'sample_with_lab',
    );
    expect(classifyOrderStatus('completed.at_home_phlebotomy.completed')).toBe('completed');
    expect(classifyOrderStatus('cancelled.testkit.cancelled')).toBe('cancelled');
  });

  it('classifies any other status, and a missing one, as unknown without throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('__proto__', 'toString', 'constructor', 'completed', 'collecting_sample_x'),
        ),
        (status) => {
          const phases = ['received.', 'collecting_sample.', 'sample_with_lab.', 'completed.', 'cancelled.'];
          fc.pre(!phases.some((phase) => status.startsWith(phase)));
          expect(classifyOrderStatus(status)).toBe('unknown');
          fc.pre(!KNOWN_LOW_LEVEL.includes(status));
          expect(classifyOrderLowLevelStatus(status)).toBe('unknown');
        },
      ),
    );
    expect(classifyOrderStatus(undefined)).toBe('unknown');
    expect(classifyOrderStatus(null)).toBe('unknown');
    expect(orderStatus({})).toEqual({
      stage: 'unknown',
      problemInTransit: null,
      status: null,
      lowLevelStatus: null,
      lastEvent: null,
      statusDetail: null,
    });
  });

  it('returns a stage for every record whatever its fields hold', () => {
    const phases = ['received', 'collecting_sample', 'sample_with_lab', 'completed', 'cancelled'];
    const stages = [...phases, 'in_transit_problem', 'unknown'];
    const status = fc.oneof(
      fc.constantFrom(...KNOWN_STATUSES, ...KNOWN_LOW_LEVEL),
      fc.string(),
      fc.anything(),
    );
    const event = fc.record({ status, status_detail: fc.anything() }, { requiredKeys: [] });
    const order = fc.record(
      { events: fc.oneof(fc.array(event), fc.anything()), last_event: event, low_level_status: status },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(order, (record) => {
        expect(stages).toContain(orderStatus(record as never).stage);
      }),
    );
  });
});

describe('reading an order record', () => {
  it('reads last_event with its status_detail', () => {
    const info = orderStatus({
      events: [{ status: 'ordered' }, { status: 'collecting_sample.testkit.problem_in_transit_customer' }],
      last_event: {
        status: 'collecting_sample.testkit.problem_in_transit_customer',
        status_detail: { carrier: 'ups', note: 'address not found' },
      },
    });
    expect(info).toMatchObject({
      stage: 'in_transit_problem',
      problemInTransit: 'customer',
      status: 'collecting_sample.testkit.problem_in_transit_customer',
      statusDetail: { carrier: 'ups', note: 'address not found' },
    });
  });

  it('falls back to the last item of events when last_event is absent', () => {
    const info = orderStatus({
      events: [{ status: 'x' }, { status: 'collecting_sample.testkit.problem_in_transit_lab' }],
    });
    expect(info).toMatchObject({ stage: 'in_transit_problem', problemInTransit: 'lab', statusDetail: null });
  });

  it('lets a low-level transit problem win over a status that says less', () => {
    const info = orderStatus({
      last_event: { status: 'something_new' },
      low_level_status: 'problem_in_transit_lab',
    });
    expect(info).toMatchObject({
      stage: 'in_transit_problem',
      problemInTransit: 'lab',
      lowLevelStatus: 'problem_in_transit_lab',
    });
  });

  it('classifies the order the mock creates', async () => {
    const { lab } = mockClient();
    const order = await lab.orders.create({ patient_address: { zip_code: '62701' } });
    expect(orderStatus(order)).toMatchObject({
      stage: 'in_transit_problem',
      problemInTransit: 'customer',
      statusDetail: null,
    });
  });
});
