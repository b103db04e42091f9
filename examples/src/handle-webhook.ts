// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Receive webhooks: verify the signature over the raw body of every delivery, then handle the typed event.
// This script starts the receiver on a free loopback port, registers it with the sandbox, walks an order
// to its results and a lab report to parsed biomarkers, and verifies every delivery the sandbox sends.
// Run: pnpm --filter @svc/examples webhook   (SVC_WEBHOOK_SECRET: your "whsec_…" secret; default a fresh one)

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_MAX_BODY_BYTES,
  generateWebhookSecret,
  providerSlug,
  unwrap,
  WebhookError,
  type WebhookEvent,
} from '@svc/events';
import { labTesting } from '@svc/lab-testing';
import { client, isSandbox, sandbox } from './target.js';

const secret = process.env.SVC_WEBHOOK_SECRET ?? generateWebhookSecret();

function describe(event: WebhookEvent): string {
  switch (event.type) {
    case 'provider.connection.created':
      return `user connected ${providerSlug(event)}`;
    case 'labtest.order.updated': {
      const { last_event } = (event.payload.data ?? {}) as { last_event?: { status?: string } };
      return `order now ${last_event?.status ?? 'updated'}`;
    }
    case 'lab_report.parsing_job.updated':
      return `parsing job now ${(event.payload.data as { status?: string } | undefined)?.status ?? 'updated'}`;
    case 'unknown':
      return `ignored ${event.name}: an event this version does not know`; // acknowledge, never fail
  }
  if (event.family === 'data')
    return `${event.phase} ${event.resource} data ${event.action} (${providerSlug(event)})`;
  return `received ${event.name}`;
}

let verified = 0;
let rejected = 0;
let lastRawBody: Buffer | undefined;
let lastHeaders: IncomingMessage['headers'] = {};

/** The receiver: reads the raw body (never a re-serialised JSON object), verifies, handles, answers. */
async function webhooks(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.byteLength;
    if (size > DEFAULT_MAX_BODY_BYTES) return void res.writeHead(413).end();
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  try {
    const event = await unwrap(body, req.headers, { secret });
    verified += 1;
    [lastRawBody, lastHeaders] = [body, req.headers];
    console.log(`verified ${event.name}: ${describe(event)}`);
    res.writeHead(204).end();
  } catch (error) {
    if (!(error instanceof WebhookError)) throw error;
    rejected += 1;
    console.log(`rejected a delivery: ${error.code} (${error.message})`);
    res.writeHead(error.code === 'body_too_large' ? 413 : 400).end();
  }
}

const server = createServer((req, res) => void webhooks(req, res));
await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;

if (!isSandbox) {
  console.log(
    `receiver on ${url}: point your team's webhook endpoint here (with a tunnel) to see deliveries`,
  );
} else {
  // Against the sandbox: register the receiver, then cause events the way a partner's flow would.
  // Events of this world from before the receiver was registered (an earlier example's) never reach it.
  const idOf = (event: unknown) => (event as { id?: string }).id;
  const earlier = new Set((await sandbox.snapshot()).events.map(idOf));
  await sandbox.webhooks.configure({ url, secret });
  const lab = labTesting(client);
  const user = await client.resolveUser({ client_user_id: 'webhook-demo' });
  const order = await lab.orders.create({
    user_id: user.user_id,
    patient_address: { first_line: '1 Main St' },
  });
  if (!order.id) throw new Error('the created order carries no id');
  await lab.appointments.phlebotomy.book(order.id, {});
  await sandbox.clock.advance({ seconds: 5 * 86_400 }); // the draw, the sample's trip, the lab's results
  await lab.reports.upload(await readFile(new URL('../fixtures/sample-report.pdf', import.meta.url)));
  await sandbox.clock.advance({ seconds: 60 });
  // Deliveries are sent as they happen, with retries: wait until the receiver has verified as many
  // deliveries as the sandbox has events since it was registered (its snapshot lists the world's events).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const sent = (await sandbox.snapshot()).events.filter((event) => !earlier.has(idOf(event))).length;
    if (verified + rejected >= sent || Date.now() > deadline) break;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  console.log(`verified ${verified} deliveries, rejected ${rejected}`);

  // What a receiver must refuse: the same delivery with its body changed on the way.
  if (lastRawBody) {
    const tampered = Buffer.concat([lastRawBody, Buffer.from(' ')]); // one byte more than was signed
    const headers = Object.fromEntries(
      Object.entries(lastHeaders).filter(([name]) => name.startsWith('webhook-') || name === 'content-type'),
    ) as Record<string, string>;
    const response = await fetch(url, { method: 'POST', body: tampered, headers });
    console.log(`POST a tampered body -> ${response.status}`);
  }
}
server.close();
