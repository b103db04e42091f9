import { ConnectionError, ValidationError } from '@svc/client';
import { PATIENT_ADDRESS as patient_address } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { CLINICAL_NOTES_MAX_LENGTH } from '../../src/index.js';
import { jsonBody, mockClient, recordingClient } from '../clients.js';
import { idempotentOrdersServer } from './idempotent-orders-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('creating an order against the mock', () => {
  it('sends the patient address with access notes, clinical notes, lab account and update reason', async () => {
    const { lab, sent } = mockClient();
    const order = await lab.orders.create({
      patient_address,
      lab_account_id: '9e8d7c6b-5a49-4837-a261-5f4e3d2c1b0a',
      clinical_notes: 'Fasting since 8 pm.',
      update_reason: 'INCORRECT_LAB',
    });
    expect(order.last_event?.status).toBe('collecting_sample.testkit.problem_in_transit_customer');
    expect(jsonBody(sent[0])).toEqual({
      patient_address,
      lab_account_id: '9e8d7c6b-5a49-4837-a261-5f4e3d2c1b0a',
      clinical_notes: 'Fasting since 8 pm.',
      update_reason: 'INCORRECT_LAB',
    });
  });

  it('leaves lab_account_id out when omitted, so the service resolves one', async () => {
    const { lab, sent } = mockClient();
    await lab.orders.create({ patient_address });
    expect(jsonBody(sent[0])).not.toHaveProperty('lab_account_id');
  });

  it('sends a fresh uuid Idempotency-Key with every logical order', async () => {
    const { lab, sent } = mockClient();
    await lab.orders.create({ patient_address });
    await lab.orders.create({ patient_address });
    const [first, second] = sent.map((request) => request.headers.get('idempotency-key'));
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it("sends the caller's own idempotency key", async () => {
    const { lab, sent } = mockClient();
    await lab.orders.create({ patient_address }, { idempotencyKey: 'order-from-cart-8812' });
    expect(sent[0]?.headers.get('idempotency-key')).toBe('order-from-cart-8812');
  });

  it('refuses an empty idempotency key before sending', async () => {
    const { lab, sent } = mockClient();
    await expect(lab.orders.create({ patient_address }, { idempotencyKey: ' ' })).rejects.toMatchObject({
      name: 'ValidationError',
      field: 'idempotencyKey',
    });
    expect(sent).toHaveLength(0);
  });

  it('refuses clinical notes over 1000 characters before sending, without echoing them', async () => {
    const { lab, sent } = mockClient();
    const notes = 'HbA1c follow-up. '.repeat(60);
    const error = await lab.orders
      .create({ patient_address, clinical_notes: notes })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'clinical_notes' });
    expect(error.message).toContain(`at most ${CLINICAL_NOTES_MAX_LENGTH} characters (got ${notes.length})`);
    expect(error.message).not.toContain('HbA1c');
    expect(sent).toHaveLength(0);
  });

  it('accepts exactly 1000 characters, counting an emoji as one', async () => {
    const { lab, sent } = mockClient();
    const notes = '🩸'.repeat(1000);
    await lab.orders.create({ patient_address, clinical_notes: notes });
    expect(jsonBody(sent[0]).clinical_notes).toBe(notes);
  });
});

describe('creating an order over a flaky network', () => {
  it('creates exactly one order when attempts fail after the service read the body', async () => {
    const server = await idempotentOrdersServer(['drop-before-create', '503', 'drop-after-create']);
    // This service honours Idempotency-Key, as the client is told: keyed POSTs may then be retried.
    const { lab } = recordingClient(server.baseUrl, { maxRetries: 3, idempotencyHeader: 'Idempotency-Key' });
    const order = await lab.orders.create({ patient_address, clinical_notes: 'Fasting.' });
    expect(server.orders.size).toBe(1);
    expect(server.orders.get(order.id as string)).toMatchObject({ clinical_notes: 'Fasting.' });
    expect(server.keys).toHaveLength(4);
    expect(new Set(server.keys).size).toBe(1);
    expect(server.keys[0]).toMatch(UUID);
  });

  it('lets the caller retry a failed call with the same key without a second order', async () => {
    const server = await idempotentOrdersServer(['drop-after-create']);
    const { lab } = recordingClient(server.baseUrl, { maxRetries: 0 });
    const idempotencyKey = crypto.randomUUID();
    await expect(lab.orders.create({ patient_address }, { idempotencyKey })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    const order = await lab.orders.create({ patient_address }, { idempotencyKey });
    expect(server.orders.size).toBe(1);
    expect([...server.orders.keys()]).toEqual([order.id]);
  });

  it('creates two orders for two logical orders', async () => {
    const server = await idempotentOrdersServer();
    const { lab } = recordingClient(server.baseUrl);
    await lab.orders.create({ patient_address });
    await lab.orders.create({ patient_address });
    expect(server.orders.size).toBe(2);
  });
});
