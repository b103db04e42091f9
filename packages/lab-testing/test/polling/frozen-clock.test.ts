// Issue 22: a wait against a sandbox whose clock is frozen never finishes on its own; the timeout says
// what it last saw and how to move the clock (the sandbox says which clock it runs on in a header).
import { createClient } from '@svc/client';
import { createSandbox } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { labTesting, PollTimeoutError } from '../../src/index.js';
import { PDF } from '../reports/files.js';

describe('issue 22: waiting on a sandbox whose clock is frozen', () => {
  it('times out saying what it last saw and how to advance the clock', async () => {
    const apiKey = 'sk_test_frozen_clock';
    const sandbox = createSandbox({ apiKey });
    const client = createClient({ apiKey, baseUrl: sandbox.url, fetch: sandbox.fetch, maxRetries: 0 });
    const lab = labTesting(client, { polling: { initialDelayMs: 10, maxDelayMs: 20, timeoutMs: 150 } });
    const error = await lab.reports.parse(PDF).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PollTimeoutError);
    const timeout = error as PollTimeoutError;
    expect(timeout.message).toContain('last seen: status pending (stage processing)');
    expect(timeout.message).toContain("The sandbox's clock is frozen");
    expect(timeout.message).toContain('sandbox.clock.advance');
    expect(timeout.message).toContain('POST /_sandbox/clock/advance');
    expect(timeout).toMatchObject({ lastStatus: 'pending', lastStage: 'processing' });
    expect(timeout.hint).toContain('frozen');

    // Moved as the hint says, the same wait finishes.
    sandbox.clock.advance({ seconds: 60 });
    const job = timeout.lastValue as { id: string };
    await expect(lab.reports.waitForJob(job.id)).resolves.toMatchObject({ stage: 'completed' });
  });
});
