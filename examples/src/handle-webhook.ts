// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Receive webhooks: verify the signature over the raw body, then handle the typed event.
// This script starts the receiver on a free loopback port and sends it three deliveries, signed the
// way the service signs them: two genuine ones and one whose body was changed on the way.
// Run: pnpm --filter @svc/examples webhook   (SVC_WEBHOOK_SECRET: your "whsec_…" secret; default a fresh one)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTestWebhook,
  DEFAULT_MAX_BODY_BYTES,
  generateWebhookSecret,
  providerSlug,
  unwrap,
  WebhookError,
  type WebhookEvent,
} from '@svc/events';

const secret = process.env.SVC_WEBHOOK_SECRET ?? generateWebhookSecret();

async function handle(event: WebhookEvent): Promise<string> {
  switch (event.type) {
    case 'provider.connection.created':
      return `user connected ${providerSlug(event)}`;
    case 'lab_report.parsing_job.updated':
      return `parsing job changed: ${JSON.stringify(event.payload.data ?? {})}`;
    case 'unknown':
      return `ignored ${event.name}: an event this version does not know`; // acknowledge, never fail
  }
  if (event.family === 'data')
    return `${event.phase} ${event.resource} data ${event.action} (${providerSlug(event)})`;
  return `received ${event.name}`;
}

/** The receiver: reads the raw body (never a re-serialised JSON object), verifies, handles, answers. */
async function webhooks(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.byteLength;
    if (size > DEFAULT_MAX_BODY_BYTES) return void res.writeHead(413).end();
    chunks.push(chunk);
  }
  try {
    const event = await unwrap(Buffer.concat(chunks), req.headers, { secret });
    console.log(`handled ${event.name}: ${await handle(event)}`);
    res.writeHead(204).end();
  } catch (error) {
    if (!(error instanceof WebhookError)) throw error;
    console.log(`rejected a delivery: ${error.code} (${error.message})`);
    res.writeHead(error.code === 'body_too_large' ? 413 : 400).end();
  }
}

const server = createServer((req, res) => void webhooks(req, res));
await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;

const deliveries = [
  { event_type: 'daily.data.steps.created', data: { source: { provider: 'whoop', type: 'wrist_worn' } } },
  { event_type: 'provider.connection.created', data: { provider: 'oura' } },
];
for (const payload of deliveries) {
  const { body, headers } = await createTestWebhook(payload, { secret });
  const response = await fetch(url, { method: 'POST', body, headers });
  console.log(`POST ${payload.event_type} -> ${response.status}`);
}
const { body, headers } = await createTestWebhook(deliveries[0] ?? {}, { secret });
const tampered = await fetch(url, { method: 'POST', body: body.replace('whoop', 'oura'), headers });
console.log(`POST a tampered body -> ${tampered.status}`);
server.close();
