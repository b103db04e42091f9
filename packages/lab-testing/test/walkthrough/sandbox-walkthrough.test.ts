// The lab walkthrough against the stateful sandbox, in-process: the order moves, the appointment is
// booked, time passes, the results arrive and the report is parsed. The mock cannot show any of that.
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { PATIENT_ADDRESS as patient_address } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { appointmentStatus, labTesting } from '../../src/index.js';
import { PDF } from '../reports/files.js';

const API_KEY = 'sk_test_lab_walkthrough';

function labOnSandbox() {
  const sandbox = createSandbox({ apiKey: API_KEY, strict: true });
  const client = createClient({ apiKey: API_KEY, baseUrl: sandbox.url, fetch: sandbox.fetch });
  const lab = labTesting(client, { polling: { initialDelayMs: 1, timeoutMs: 3_000 } });
  return { sandbox, client, lab };
}

describe('the lab walkthrough against the sandbox', () => {
  it('orders, books a blood draw, advances the clock and receives results with biomarkers', async () => {
    const { sandbox, client, lab } = labOnSandbox();
    const user = await client.resolveUser({ client_user_id: 'walkthrough-patient' });
    const accounts = await lab.catalogue.labAccounts();
    const account = accounts.find((a) => a.status === 'ACTIVE');
    const [hba1c] = await lab.catalogue
      .searchMarkers({ name: 'Hemoglobin A1c', lab_account_id: account?.lab_account_id })
      .toArray({ limit: 1 });
    expect(hba1c?.slug).toBe('hemoglobin-a1c');

    const order = await lab.orders.create({
      user_id: user.user_id,
      patient_address,
      lab_account_id: account?.lab_account_id,
    });
    const orderId = String(order.id);

    const appointment = await lab.appointments.phlebotomy.request(orderId, {
      address: patient_address,
      provider: 'phlebotomy_provider_a',
      appointment_notes: 'Ring the side door.',
    });
    expect(appointmentStatus(appointment).stage).toBe('requested');
    const booked = await lab.appointments.phlebotomy.book(orderId, {
      appointment_notes: 'Ring the side door.',
    });
    expect(booked.status).toBe('confirmed');

    // Nothing moves until the sandbox's clock does.
    const updates = () =>
      sandbox.webhooks
        .events()
        .filter(
          (e) => e.event_type === 'labtest.order.updated' && (e.data as { id?: unknown }).id === order.id,
        );
    const before = updates().length;
    sandbox.clock.advance({ seconds: 5 * 86_400 });
    const after = updates();
    expect(after.length).toBeGreaterThan(before);
    const last = after.at(-1)?.data as { last_event: { status: string }; results?: unknown[] };
    expect(last.last_event.status).toBe('completed.at_home_phlebotomy.completed');
    expect(last.results?.length).toBeGreaterThan(0);

    // The patient's report, parsed once a minute of sandbox time has passed.
    const job = await lab.reports.upload(PDF);
    expect(job.status).toBe('pending');
    sandbox.clock.advance({ seconds: 60 });
    const report = await lab.reports.waitForJob(String(job.id));
    expect(report.stage).toBe('completed');
    expect(report.biomarkers.length).toBeGreaterThan(0);
    for (const biomarker of report.biomarkers) {
      expect(biomarker.name).toEqual(expect.any(String));
      expect(typeof biomarker.value === 'number' || typeof biomarker.value === 'string').toBe(true);
    }
    expect(report.biomarkers.map((b) => b.loinc_code)).toContain('2345-7');
  });
});
