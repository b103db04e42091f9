import { createClient } from '@svc/client';
import { sandboxControls } from '@svc/sandbox';

const baseUrl = process.env.SVC_BASE_URL ?? 'http://127.0.0.1:4011';
const client = createClient({ apiKey: 'sk_test_sandbox', baseUrl });
const sandbox = sandboxControls({ baseUrl, apiKey: 'sk_test_sandbox' });

const user = await client.resolveUser({ client_user_id: 'alice' });
const order = await client.createOrder({
  body: { user_id: user.user_id, patient_address: { first_line: '1 Main St', access_notes: 'Gate 4321' } },
});
await client.bookPhlebotomyAppointment({ order_id: String(order.id), body: {} });
await sandbox.clock.advance({ seconds: 432_000 }); // the visit, the sample's trip, the lab
console.log((await sandbox.orders.get(String(order.id))).status); // completed.at_home_phlebotomy.completed
const pdf = new File([new TextEncoder().encode('%PDF-1.7\n')], 'report.pdf');
const job = await client.createParsingJob({ body: { file: pdf } });
await sandbox.clock.advance({ seconds: 60 });
console.log((await sandbox.parsingJobs.get(String(job.id))).status); // completed
console.log((await sandbox.webhooks.deliveries()).length, 'delivery attempts so far');
