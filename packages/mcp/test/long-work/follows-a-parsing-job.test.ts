import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Connected, connect } from '../fixtures/in-memory.js';

let connected: Connected;
beforeAll(async () => {
  connected = await connect({ allowWrites: ['createParsingJob'] });
});
afterAll(() => connected.close());

/** The smallest file the client accepts as a PDF: its leading bytes. */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n').toString('base64');

async function upload(): Promise<string> {
  const { data } = answer(
    await connected.mcp.callTool({ name: 'createParsingJob', arguments: { body: { file: PDF } } }),
  );
  return String((data as { id: string }).id);
}

describe('long work', () => {
  it('a lab report is uploaded as base64, and its job followed to the end with progress', async () => {
    const { mcp, sandbox, client, audit } = connected;
    const jobId = await upload();
    const progress: { progress: number; message?: string }[] = [];
    const call = mcp.callTool(
      { name: 'getParsingJob', arguments: { job_id: jobId, wait_seconds: 30 } },
      {
        onprogress: (update) => {
          progress.push(update);
          // The sandbox's clock is frozen in process: the job completes once a minute has passed.
          if (progress.length === 1) sandbox.clock.advance({ seconds: 60 });
        },
      },
    );
    const { data } = answer(await call);
    expect(data).toEqual(await client.getParsingJob({ job_id: jobId }));
    expect((data as { status: string }).status).toBe('completed');
    expect(progress[0]).toMatchObject({ progress: 1, message: 'getParsingJob: processing after 1 read' });
    expect(progress.at(-1)?.message).toMatch(/^getParsingJob: completed after \d+ reads$/);
    expect(audit.at(-1)).toMatchObject({
      tool: 'getParsingJob',
      outcome: 'ok',
      status: 200,
      reads: progress.length,
    });
  });

  it('a wait that runs out returns the last read and how to keep following', async () => {
    const jobId = await upload();
    const { data, about } = answer(
      await connected.mcp.callTool({ name: 'getParsingJob', arguments: { job_id: jobId, wait_seconds: 1 } }),
    );
    expect((data as { status: string }).status).toBe('pending');
    expect(about.note).toMatch(/^Not settled yet: parsing job .* did not finish within 1000 ms/);
    expect(about.note).toMatch(/frozen/);
    expect(about.note).toMatch(/Call again with wait_seconds to keep following\.$/);
  });

  it('without wait_seconds, reads once', async () => {
    const jobId = await upload();
    const { data } = answer(
      await connected.mcp.callTool({ name: 'getParsingJob', arguments: { job_id: jobId } }),
    );
    expect((data as { status: string }).status).toBe('pending');
  });

  it('refuses a file that is not base64 before sending', async () => {
    const result = await connected.mcp.callTool({
      name: 'createParsingJob',
      arguments: { body: { file: 'not base64!' } },
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(
      /Invalid body.file: must be the file's bytes as base64 text/,
    );
  });
});

describe('a wait on a record it cannot read', () => {
  it('is a tool error, and the server goes on', async () => {
    const broken = await connect({}, 'mcp-null-record', (request, response) =>
      new URL(request.url).pathname.endsWith('/psc/appointment')
        ? Response.json(null, { headers: response.headers })
        : response,
    );
    try {
      const { mcp, client } = broken;
      const user = await client.resolveUser({ client_user_id: 'hank' });
      const order = await client.createOrder({ body: { user_id: user.user_id } });
      const result = await mcp.callTool({
        name: 'getPscAppointment',
        arguments: { order_id: String(order.id), wait_seconds: 5 },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/svc-mcp failed \(TypeError\)/);
      expect(answer(await mcp.callTool({ name: 'listProviders', arguments: {} })).data).toBeInstanceOf(Array);
    } finally {
      await broken.close();
    }
  });
});
