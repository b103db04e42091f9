import { appointmentStatus } from '@svc/lab-testing';
import { createClient as createReadmeClient } from '@svc/client';
import { labTesting as readmeLabTesting } from '@svc/lab-testing';
const client = createReadmeClient();
const lab = readmeLabTesting(client);
const user = await client.resolveUser({ client_user_id: 'team-user-0042' });
const order = await lab.orders.create({ user_id: user.user_id, patient_address: {"first_line":"123 Main St","city":"Springfield","state":"IL","zip_code":"62701","access_notes":"Gate code 4521"} });
const orderId = String(order.id);
const controller = new AbortController(); // e.g. aborted when the user leaves the page
const psc = await lab.appointments.psc.bookAndConfirm(
  orderId,
  { slot: 'chosen-slot' }, // the booking body is open: its fields are not documented and pass through
  { timeoutMs: 60_000, signal: controller.signal },
);
appointmentStatus(psc).stage; // 'confirmed' (or 'in_progress' / 'completed' if it already moved on)

console.log(appointmentStatus(psc).stage);