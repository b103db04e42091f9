// Child program of the fault test: drives FAULT_CALLS calls (a third each: resolveUser, listMarkers, and
// order creation through @svc/lab-testing) against the fault server, then prints one JSON summary line.
// It never calls process.exit: the test checks that it ends by itself once its last call has settled.
import { createClient, SvcError } from '@svc/client';
import { labTesting } from '@svc/lab-testing';

const baseUrl = process.env.FAULT_URL ?? '';
const calls = Number(process.env.FAULT_CALLS ?? 100);
const concurrency = Number(process.env.FAULT_CONCURRENCY ?? 50);
const run = process.env.FAULT_RUN ?? 'run';

let unhandled = 0;
process.on('unhandledRejection', () => {
  unhandled++;
});

// Short attempts, so stalls cost half a second; the defaults otherwise (2 retries).
// Log lines are off: the faults make calls give up on purpose, and stderr must hold only what the
// runtime prints (warnings, unhandled rejections), which is what this driver is here to catch.
const client = createClient({ apiKey: 'sk-fault-driver-0123', baseUrl, timeoutMs: 500, logLevel: 'off' });
const lab = labTesting(client);

const outcomes: Record<string, number> = {};
const untyped: string[] = [];
const wrongData: string[] = [];
/** Order calls: their reference, the key passed (odd calls pass their own), and what came back. */
const orders: Array<{ ref: string; key?: string; id?: string; error?: string; recovered?: boolean }> = [];

function classify(error: unknown): string {
  if (error instanceof SvcError) return error.name;
  untyped.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  return 'UNTYPED';
}

async function one(index: number): Promise<void> {
  const kind = index % 3;
  try {
    if (kind === 0) {
      const user = await client.resolveUser({ client_user_id: `user-${index}` });
      if (user.client_user_id !== `user-${index}`) wrongData.push(`resolveUser ${index}`);
    } else if (kind === 1) {
      const page = await client.listMarkers({ lab_slug: 'quest', page: 1, size: 20 });
      if (page.markers.length !== 20) wrongData.push(`listMarkers ${index}`);
    } else {
      const ref = `${run}-order-${index}`;
      const key = index % 2 === 1 ? `key-${ref}` : undefined;
      const record: (typeof orders)[number] = { ref, ...(key && { key }) };
      orders.push(record);
      try {
        const order = await lab.orders.create({ clinical_notes: ref }, key ? { idempotencyKey: key } : {});
        record.id = String(order.id);
      } catch (error) {
        record.error = error instanceof Error ? error.name : String(error);
        throw error;
      }
    }
    outcomes.ok = (outcomes.ok ?? 0) + 1;
  } catch (error) {
    const name = classify(error);
    outcomes[name] = (outcomes[name] ?? 0) + 1;
  }
}

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < calls) await one(next++);
  }),
);

// A failed order with a key of the caller's own is retried later with that key (README of lab-testing),
// here with faults off: the service must then hold exactly one order for it.
for (const record of orders) {
  if (record.error === undefined || record.key === undefined) continue;
  try {
    const order = await lab.orders.create(
      { clinical_notes: record.ref },
      { idempotencyKey: record.key, headers: { 'x-fault': 'off' } },
    );
    record.id = String(order.id);
    record.recovered = true;
  } catch (error) {
    record.error = `recovery: ${classify(error)}`;
  }
}

// The control run of the exit check leaves a timer behind on purpose: the test must notice it.
if (process.env.FAULT_LEAK === '1') setTimeout(() => undefined, 60_000);

// Give any stray rejection a turn of the event loop to surface before reporting.
await new Promise((done) => setImmediate(done));
process.stdout.write(
  `${JSON.stringify({ outcomes, untyped: untyped.slice(0, 5), wrongData, unhandled, orders })}\n`,
);
