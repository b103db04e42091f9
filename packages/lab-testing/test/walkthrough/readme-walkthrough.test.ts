// The README's walkthrough, step by step, against the mock: if this fails, the README is wrong.
import { createClient } from '@svc/client';
import { PATIENT_ADDRESS } from '@svc/test-kit';
import { describe, expect, inject, it } from 'vitest';
import { appointmentStatus, labTesting, orderStatus } from '../../src/index.js';
import { PDF } from '../reports/files.js';

describe('the README walkthrough', () => {
  it('takes one order from the catalogue to parsed results', async () => {
    const client = createClient({ apiKey: 'sk-test-lab', baseUrl: inject('mockUrl') });
    const lab = labTesting(client, { polling: { initialDelayMs: 10, timeoutMs: 3_000 } });

    const [account] = await lab.catalogue.labAccounts();
    const [hba1c] = await lab.catalogue
      .searchMarkers({ name: 'HbA1c', lab_slug: 'quest', lab_account_id: account?.lab_account_id })
      .toArray({ limit: 1 });
    expect(hba1c?.name).toBe('Hemoglobin A1c');

    // The README's address: the kit's patient.
    const patient_address = PATIENT_ADDRESS;
    const order = await lab.orders.create({
      patient_address,
      lab_account_id: account?.lab_account_id,
      clinical_notes: `Follow-up of ${hba1c?.name}. Fasting since 8 pm.`,
    });
    const orderId = String(order.id);
    expect(orderStatus(order).stage).toBe('in_transit_problem');

    const slots = await lab.appointments.phlebotomy.availability(orderId, { start_date: '2026-11-24' });
    expect(slots).toHaveProperty('slots');
    const appointment = await lab.appointments.phlebotomy.request(orderId, {
      address: patient_address,
      provider: 'phlebotomy_provider_a',
      appointment_notes: 'Ring the side door.',
    });
    expect(appointmentStatus(appointment).stage).toBe('requested');
    await lab.appointments.phlebotomy.book(orderId, { appointment_notes: 'Ring the side door.' });

    const report = await lab.reports.parse(PDF, { timeoutMs: 3_000 });
    expect(
      report.biomarkers.map(({ name, value, unit, reference_range, interpretation, loinc_code }) => [
        name,
        value,
        unit,
        reference_range,
        interpretation,
        loinc_code,
      ]),
    ).toEqual([['Glucose', 92, 'mg/dL', '70-99', 'normal', '2345-7']]);
  });
});
