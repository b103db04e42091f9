// The README's PSC booking and `label()` examples, read from the README and run as files of a partner's
// project (tsx, a fresh process) against a sandbox served on loopback. The PSC block continues the
// walkthrough: `lab` and an `orderId` are that example's, made here the same way.
import { createSandbox, type SandboxServer, serveSandbox } from '@svc/sandbox';
import { PATIENT_ADDRESS } from '@svc/test-kit';
import { readmeBlock, runSnippet, shownFigure } from '@svc/tools/readme-snippets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const PACKAGE = new URL('../../', import.meta.url);
const API_KEY = 'sk_test_lab_readme';
const block = (name: string) => readmeBlock(README, name);

/** The walkthrough's `lab` and a new order of its user, as the walkthrough makes them. */
const ORDER = `import { createClient as createReadmeClient } from '@svc/client';
import { labTesting as readmeLabTesting } from '@svc/lab-testing';
const client = createReadmeClient();
const lab = readmeLabTesting(client);
const user = await client.resolveUser({ client_user_id: 'team-user-0042' });
const order = await lab.orders.create({ user_id: user.user_id, patient_address: ${JSON.stringify(PATIENT_ADDRESS)} });
const orderId = String(order.id);
`;

const sandbox = createSandbox({ apiKey: API_KEY, strict: true });
let server: SandboxServer;
beforeAll(async () => {
  server = await serveSandbox(sandbox, { port: 0 });
});
afterAll(() => server.close());

async function run(code: string) {
  const env = { ...process.env, SVC_API_KEY: API_KEY, SVC_BASE_URL: server.url };
  return (await runSnippet(code, { in: PACKAGE, typescript: true, env })).stdout;
}

describe("the lab-testing README's examples, run against the sandbox", () => {
  it('books a PSC visit and follows it to the stage the README shows', async () => {
    const code = block('psc');
    const imports = `import { appointmentStatus } from '@svc/lab-testing';\n`;
    // The sandbox confirms a PSC booking 60 seconds after it, on its clock: moved once the booking is in.
    const controls = sandbox.controls;
    let booked = false;
    const confirming = (async () => {
      for (let i = 0; !booked && i < 200; i++) {
        if ((await controls.appointments.list()).length > 0) {
          await controls.clock.advance({ seconds: 60 });
          booked = true;
        } else await new Promise((wait) => setTimeout(wait, 100));
      }
    })();
    const output = await run(`${imports}${ORDER}${code}\nconsole.log(appointmentStatus(psc).stage);`).finally(
      () => {
        booked = true;
        return confirming;
      },
    );
    const figure = shownFigure(code, 'appointmentStatus(psc).stage');
    expect(figure).toMatch(/^'confirmed'/);
    expect(output).toBe('confirmed\n');
  });

  it("label() names a new order's stage", async () => {
    // Cancelled through the sandbox's controls, then read back as the sandbox holds it.
    const after = `
import { sandboxControls } from '@svc/sandbox';
const controls = sandboxControls({ baseUrl: process.env.SVC_BASE_URL!, apiKey: process.env.SVC_API_KEY! });
console.log(label(order));
await controls.orders.cancel(orderId);
console.log(label((await controls.orders.get(orderId)) as Order));`;
    expect(await run(`${ORDER}${block('label')}${after}`)).toBe('Ordered\nCancelled\n');
  });
});
