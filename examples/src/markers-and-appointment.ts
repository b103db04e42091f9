// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Browse the marker catalogue, order a test and book an at-home blood draw for it.
// Run: pnpm --filter @svc/examples appointment   (SVC_BASE_URL defaults to the local sandbox)
import { appointmentStatus, labTesting, orderStatus } from '@svc/lab-testing';
import { client } from './target.js';

const lab = labTesting(client);

// 1. The team's active lab account, and the markers it can order, page by page (stops after 20 here).
const accounts = await lab.catalogue.labAccounts();
const account = accounts.find((a) => a.status === 'ACTIVE') ?? accounts[0];
console.log(`lab account ${account?.lab_account_id} (${account?.status})`);
const markers = lab.catalogue.searchMarkers({ lab_account_id: account?.lab_account_id });
for (const marker of await markers.toArray({ limit: 20 })) {
  console.log(`marker ${marker.slug}: ${marker.name} (${marker.unit ?? 'no unit'}, $${marker.price ?? '?'})`);
}

// 2. An order for the patient (a user of your team); one idempotency key per logical order, reused by every retry.
const patient = await client.resolveUser({ client_user_id: 'appointment-demo' });
const patient_address = {
  first_line: '123 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  access_notes: 'Gate code 4521', // forwarded to the phlebotomist
};
const order = await lab.orders.create({
  user_id: patient.user_id,
  patient_address,
  lab_account_id: account?.lab_account_id,
  clinical_notes: 'Fasting since 8 pm.', // at most 1000 characters, checked before sending
});
if (!order.id) throw new Error('the created order carries no id');
const orderId = order.id;
console.log(`order ${orderId}: stage ${orderStatus(order).stage}`);

// 3. Slots for the next 14 days, then request and book the draw.
const slots = await lab.appointments.phlebotomy.availability(orderId, { start_date: '2026-11-24' });
console.log(`availability: ${JSON.stringify(slots).slice(0, 100)}…`);
const appointment = await lab.appointments.phlebotomy.request(orderId, {
  address: patient_address,
  provider: 'phlebotomy_provider_a',
  appointment_notes: 'Ring the side door.',
});
console.log(`appointment ${appointment.id}: ${appointmentStatus(appointment).stage}`);
const booked = await lab.appointments.phlebotomy.book(orderId, { appointment_notes: 'Ring the side door.' });
console.log(`booked: ${appointmentStatus(booked).stage} (${booked.status})`);
