// Secret scan: with a recognisable API key and link token, provoke every error class of the client and
// its helpers, and the debug log, against a server that echoes both secrets back in everything it
// sends; neither may appear in a message, stack, JSON.stringify, util.inspect or log output.
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import * as client from '@svc/client';
import { createClient, type Logger, SvcError } from '@svc/client';
import * as labTestingExports from '@svc/lab-testing';
import { labTesting } from '@svc/lab-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from './echo-server.js';

/** Fresh, recognisable secrets for this file: nothing registered by another test can mask a leak. */
const API_KEY = `sk_live_SECRETSCAN${randomBytes(8).toString('hex')}`;
const LINK_TOKEN = `lt_SECRETSCAN${randomBytes(8).toString('hex')}`;
const SECRETS = [API_KEY, LINK_TOKEN];

/** Every way an error gets printed or shipped. */
function renderings(error: unknown): string[] {
  const value = error as Error;
  return [
    String(value.message),
    String(value.stack),
    String(value),
    JSON.stringify(value),
    inspect(value),
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    inspect({ wrapped: value }, { depth: Number.POSITIVE_INFINITY }),
  ];
}

const leaks = (text: string) => SECRETS.filter((secret) => text.includes(secret));

interface Provoked {
  scenario: string;
  error: unknown;
}

describe('secret scan', () => {
  let server: EchoServer;
  const lines: Array<{ message: string; meta: Record<string, unknown> }> = [];
  const provoked: Provoked[] = [];
  const record = (message: string, meta: Record<string, unknown>) => {
    lines.push({ message, meta });
  };
  // Every level: the scan reads every line the client can write.
  const logger: Logger = { debug: record, info: record, warn: record, error: record };

  beforeAll(async () => {
    server = await startEchoServer();
    const svc = createClient({
      apiKey: API_KEY,
      baseUrl: server.url,
      maxRetries: 0,
      timeoutMs: 10_000,
      logger,
      logLevel: 'debug',
    });
    const lab = labTesting(svc);
    const provoke = async (scenario: string, run: () => Promise<unknown>) => {
      try {
        await run();
        provoked.push({ scenario, error: new Error(`${scenario}: no error`) });
      } catch (error) {
        provoked.push({ scenario, error });
      }
    };
    const mfa = (scenario: string, options: client.RequestOptions = {}) =>
      svc.completePasswordProviderMfa(
        { provider: 'whoop', 'x-svc-link-token': LINK_TOKEN, body: { mfa_code: '123456' } },
        { ...options, headers: { 'x-scenario': scenario, ...options.headers } },
      );

    for (const status of ['400', '401', '403', '404', '409', '418', '422', '429', '500', '503', '302']) {
      await provoke(`HTTP ${status}`, () => mfa(status));
    }
    await provoke('a 200 whose body is not JSON', () => mfa('bad-json'));
    await provoke('a connection reset', () => mfa('reset'));
    await provoke('an answer over maxResponseBytes, its request id quoting both secrets', () =>
      mfa('too-large', { maxResponseBytes: 1024 }),
    );
    await provoke('stalled headers', () => mfa('stall', { timeoutMs: 300 }));
    await provoke("the caller's abort, its reason quoting both secrets", () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error(`gave up on ${API_KEY} / ${LINK_TOKEN}`)), 50).unref();
      return mfa('stall', { signal: controller.signal, timeoutMs: 5000 });
    });
    await provoke('bad input', () =>
      svc.completePasswordProviderMfa({
        provider: 'whoop',
        'x-svc-link-token': LINK_TOKEN,
        body: {} as never,
      }),
    );
    await provoke('a middleware that throws with both secrets', async () => {
      const middleware = {
        onRequest() {
          throw new Error(`middleware saw ${API_KEY} and ${LINK_TOKEN}`);
        },
      };
      svc.use(middleware);
      try {
        return await mfa('200');
      } finally {
        svc.eject(middleware);
      }
    });
    await provoke('a parsing job that fails', () =>
      lab.reports.waitForJob('job-failed', { timeoutMs: 10_000 }),
    );
    await provoke('a finished parsing job whose results are no list', () =>
      lab.reports.waitForJob('job-unreadable', { timeoutMs: 10_000 }),
    );
    await provoke('a parsing job that never finishes', () =>
      lab.reports.waitForJob('job-pending', { timeoutMs: 300, initialDelayMs: 50 }),
    );
    await provoke('a PSC booking that is cancelled', () =>
      lab.appointments.psc.waitForConfirmation('2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43', { timeoutMs: 10_000 }),
    );
    // The echo server answers `{ echo }`: an object holding no list of lab accounts, quoting both secrets.
    await provoke('a lab account list that is no list', () => lab.catalogue.labAccounts());
    const walk = (scenario: string, maxPages?: number) => ({
      headers: { 'x-scenario': scenario },
      ...(maxPages ? { maxPages } : {}),
    });
    const steps = { user_id: '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b', start_date: '2026-11-01' };
    await provoke('a cursor that repeats (the API key)', () =>
      svc.getStepsGrouped(steps, walk('repeat-cursor')).toArray({ limit: 100 }),
    );
    await provoke('a page number that does not advance', () =>
      svc.listMarkers({ size: 1 }, walk('stalled-page')).toArray({ limit: 100 }),
    );
    await provoke('more pages than maxPages', () =>
      svc.getStepsGrouped(steps, walk('endless-pages', 2)).toArray({ limit: 100 }),
    );
  }, 30_000);

  afterAll(async () => {
    await server?.close();
  });

  it('sent both secrets to a server that echoed them back (else there would be nothing to find)', async () => {
    const response = await fetch(`${server.url}/?scenario=401`, {
      headers: { 'x-svc-api-key': API_KEY, 'x-svc-link-token': LINK_TOKEN },
    });
    expect(leaks(await response.text())).toEqual(SECRETS);
    expect(lines.length).toBeGreaterThan(10);
  });

  it('provoked every error class that @svc/client and @svc/lab-testing export', () => {
    const classes = [client, labTestingExports].flatMap((module) =>
      Object.values(module).filter(
        (value): value is typeof SvcError =>
          typeof value === 'function' && (value === SvcError || value.prototype instanceof SvcError),
      ),
    );
    const seen = new Set(provoked.map(({ error }) => (error as object).constructor));
    // PaginationError is only ever thrown as one of its subclasses, which are all provoked.
    const missing = classes
      .filter((Class) => !seen.has(Class) && (Class as unknown) !== client.PaginationError)
      .map((Class) => Class.name);
    expect(missing).toEqual([]);
    expect(classes.length).toBeGreaterThanOrEqual(24);
  });

  it('keeps both secrets out of the message, stack, JSON.stringify and util.inspect of every error', () => {
    const found = provoked.flatMap(({ scenario, error }) =>
      renderings(error).flatMap((text) =>
        leaks(text).map(
          (secret) =>
            `${scenario} (${(error as Error).name}): ${secret === API_KEY ? 'API key' : 'link token'}`,
        ),
      ),
    );
    expect([...new Set(found)]).toEqual([]);
  });

  it('keeps both secrets out of the debug log', () => {
    const text = [JSON.stringify(lines), inspect(lines, { depth: Number.POSITIVE_INFINITY })].join('\n');
    expect(leaks(text)).toEqual([]);
  });

  it('keeps a link token out of the error message when the request fails before it is sent (issue 7 regression)', async () => {
    // A token never sent before, with a byte fetch refuses: Headers.set quotes it in its TypeError.
    const fresh = `lt_SECRETSCAN${randomBytes(8).toString('hex')}`;
    const svc = createClient({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0 });
    const error = await svc
      .completePasswordProviderMfa({
        provider: 'whoop',
        'x-svc-link-token': `${fresh}\u0000`,
        body: { mfa_code: '1' },
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(SvcError);
    expect(renderings(error).filter((text) => text.includes(fresh))).toEqual([]);
  });
});
