// The sandbox's console in real Chromium, against a real sandbox server on loopback: the lab flow seen
// from the page, the clock advanced from the page, the delivery log's signature check, an
// accessibility scan, and the page's safety rules (no foreign Host or Origin, no foreign request).
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { artifactPath, launchChromium, wcagViolations } from '@svc/tools/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../src/console/page-guard.js';
import { createSandbox, type Sandbox, type SandboxServer, serveSandbox } from '../../src/index.js';
import { webhookReceiver } from '../fixtures/receiver.js';
import { API_KEY, clientOn } from '../fixtures/sandbox.js';

const WRITE = process.env.SVC_SANDBOX_WRITE_SCREENSHOT === '1';

let sandbox: Sandbox;
let server: SandboxServer;
let browser: Browser;
let page: Page;
let orderId: string;
const requested: string[] = [];
const refusedByPolicy: string[] = [];

/** A raw request to the server with the headers given as is (fetch will not send a foreign Host). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(server.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, setHost: false },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  const receiver = webhookReceiver();
  sandbox = createSandbox({ apiKey: API_KEY, webhookFetch: receiver.fetch, webhookRetryDelaysMs: [1, 1] });
  await sandbox.webhooks.configure({ url: receiver.url, secret: receiver.secret });
  const client = clientOn(sandbox);
  const user = await client.resolveUser({ client_user_id: 'console-patient' });
  const order = (await client.createOrder({
    body: { user_id: user.user_id, patient_address: { first_line: '1 Main St' } },
  })) as { id: string };
  orderId = order.id;
  await client.requestPhlebotomyAppointment({
    order_id: order.id,
    body: { address: { first_line: '1 Main St' }, provider: 'p' },
  });
  await client.bookPhlebotomyAppointment({ order_id: order.id, body: {} });
  server = await serveSandbox(sandbox, { port: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusedByPolicy.push(message.text());
  });
  await page.goto(`${server.url}/_sandbox/console/`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const orderRow = () => page.locator(`#orders tr[data-id="${orderId}"]`);

describe('the sandbox console', () => {
  it('shows the order in its lifecycle, then completed once the clock is advanced from the page', async () => {
    await expect.poll(() => orderRow().locator('td').nth(2).textContent()).toBe('appointment_scheduled');
    await expect
      .poll(() => page.locator('#lifecycle-diagram .state.current').getAttribute('data-state'))
      .toBe('appointment_scheduled');
    await page.getByRole('button', { name: 'Advance 1 week' }).click();
    await expect.poll(() => orderRow().locator('td').nth(2).textContent()).toBe('completed');
    await expect
      .poll(() => page.locator('#lifecycle-diagram .state.current').getAttribute('data-state'))
      .toBe('completed');
    expect(await page.locator('#lifecycle-caption').textContent()).toContain('current state completed');
    expect(sandbox.controls).toBeDefined();
    expect((await sandbox.controls.orders.get(orderId)).status).toMatch(/^completed/);
  });

  it("shows each delivery's payload, its signature checked and the receiver's answer, and resends one", async () => {
    await sandbox.webhooks.flush();
    const sent = sandbox.webhooks.deliveries().length;
    expect(sent).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const rows = page.locator('#deliveries tbody tr');
    await expect.poll(() => rows.count()).toBe(sent);
    expect(await page.locator('#deliveries td.valid').count()).toBe(sent);
    const first = rows.first();
    expect(await first.locator('td').nth(3).textContent()).toBe('204');
    const eventId = await first.getAttribute('data-event-id');
    expect(await first.locator('pre').textContent()).toContain(`"id": "${eventId}"`);
    const before = sandbox.webhooks.deliveries().filter((d) => d.event_id === eventId).length;
    await first.getByRole('button', { name: 'Resend' }).click();
    await expect
      .poll(() => sandbox.webhooks.deliveries().filter((d) => d.event_id === eventId).length)
      .toBe(before + 1);
    await expect
      .poll(() => page.locator(`#deliveries tr[data-event-id="${eventId}"]`).count())
      .toBe(before + 1);
  });

  it('draws each user’s data by local day', async () => {
    await expect.poll(() => page.locator('#charts canvas').count()).toBe(2);
    expect(await page.locator('#charts h3').allTextContents()).toEqual([
      'Steps by local day (console-patient)',
      'Sleep by local day (console-patient)',
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    const shot = await page.screenshot({ fullPage: false });
    writeFileSync(artifactPath(new URL('../../', import.meta.url), 'console.png'), shot);
    if (WRITE) writeFileSync(new URL('../../docs/console.png', import.meta.url), shot);
  });

  it('has no WCAG 2.1 AA violation (axe-core)', async () => {
    const violations = await wcagViolations(page);
    expect(violations).toEqual([]);
  });

  it('made no request to any other origin, and the policy refused nothing of its own', () => {
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
    expect(refusedByPolicy).toEqual([]);
  });

  it('answers a foreign Host or Origin with 403, and a change without the page token with 403', async () => {
    const port = new URL(server.url).port;
    const own = { host: `127.0.0.1:${port}` };
    expect((await raw('GET', '/_sandbox/console/', own)).status).toBe(200);
    expect((await raw('GET', '/_sandbox/console/', { host: `localhost:${port}` })).status).toBe(200);
    // DNS rebinding: a name the attacker controls, resolving to 127.0.0.1.
    expect((await raw('GET', '/_sandbox/console/', { host: `rebind.example:${port}` })).status).toBe(403);
    expect((await raw('GET', '/_sandbox/console/api/worlds', { host: 'evil.example' })).status).toBe(403);
    expect(
      (await raw('GET', '/_sandbox/console/api/worlds', { ...own, origin: 'http://evil.example' })).status,
    ).toBe(403);
    const token = await page.locator('meta[name="svc-console-token"]').getAttribute('content');
    const world = new URL(page.url()).hash.replace('#world=', '');
    const advance = `/_sandbox/console/api/worlds/${world}/clock/advance`;
    const change = { ...own, 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` };
    const body = '{"seconds":60}';
    expect(
      (
        await raw(
          'POST',
          advance,
          { ...change, origin: 'http://evil.example', [TOKEN_HEADER]: token ?? '' },
          body,
        )
      ).status,
    ).toBe(403);
    expect((await raw('POST', advance, change, body)).status).toBe(403);
    expect((await raw('POST', advance, { ...change, [TOKEN_HEADER]: 'x'.repeat(43) }, body)).status).toBe(
      403,
    );
    const { origin: _, ...noOrigin } = change;
    expect((await raw('POST', advance, { ...noOrigin, [TOKEN_HEADER]: token ?? '' }, body)).status).toBe(403);
    const before = sandbox.clock.now().getTime();
    expect((await raw('POST', advance, { ...change, [TOKEN_HEADER]: token ?? '' }, body)).status).toBe(200);
    expect(sandbox.clock.now().getTime()).toBe(before + 60_000);
  });

  it('sends a Content-Security-Policy allowing its own origin only, and keeps no key in a URL', async () => {
    const page = await raw('GET', '/_sandbox/console/', { host: new URL(server.url).host });
    expect(page.status).toBe(200);
    const response = await fetch(`${server.url}/_sandbox/console/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/https?:|\*|unsafe-inline|unsafe-eval/);
    expect(requested.filter((url) => url.includes(API_KEY))).toEqual([]);
  });
});
