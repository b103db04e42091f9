import type { SvcClient } from '@svc/client';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import {
  bucketByLocalDay,
  labReportToFhir,
  localDayOf,
  mergeSleep,
  sleepSessionOf,
  summaryRows,
  type TimeseriesRow,
  timeseriesRow,
  userTimeZone,
} from '../../src/index.js';
import { loopbackSandbox } from './loopback-sandbox.js';

// The cases the sandbox's data gives to try (its README, "Users"), read over loopback as a partner would.
const API_KEY = 'sk_test_health_cases';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

const loopback = loopbackSandbox(API_KEY, 'health-cases');

async function connect(userId: string, provider: 'whoop' | 'renpho') {
  const { link_token } = (await loopback.client.createLinkToken({ body: { user_id: userId, provider } })) as {
    link_token: string;
  };
  await loopback.client.completePasswordProviderMfa({
    provider,
    'x-svc-link-token': link_token,
    body: { mfa_code: '123456' },
  });
}

describe("the sandbox's cases", () => {
  test('two worn devices record each night, overlapping: one night each, both rows kept', async () => {
    const user = await loopback.client.resolveUser({ client_user_id: 'two-devices' });
    await connect(user.user_id, 'whoop');
    const response = await loopback.client.getSleepSummary({
      user_id: user.user_id,
      start_date: '2025-12-01',
      end_date: '2025-12-31',
    });
    const { rows } = summaryRows('sleep', user.user_id, response as Record<string, unknown>);
    expect(rows).toHaveLength(62);
    const nights = mergeSleep(rows.map((row) => sleepSessionOf(row)).filter((night) => night !== undefined));
    expect(nights).toHaveLength(31);
    for (const night of nights)
      expect([night.provider, night.providers, night.sources.length]).toEqual(['oura', ['oura', 'whoop'], 2]);
  });

  test("points near local midnight: worn devices write the user's offset, others UTC placed by the user's zone", async () => {
    const user = await loopback.client.resolveUser({ client_user_id: 'near-midnight' });
    await connect(user.user_id, 'renpho');
    const timeZone = userTimeZone(user);
    expect(timeZone).not.toBe('UTC');
    const steps: TimeseriesRow[] = [];
    for await (const item of loopback.client.getStepsGrouped({
      user_id: user.user_id,
      start_date: '2025-12-01',
      end_date: '2025-12-03',
    }))
      steps.push(timeseriesRow(user.user_id, item));
    const basisOf = (provider: string) =>
      new Set(
        steps
          .filter((row) => row.provider === provider)
          .map((row) => localDayOf(row.start, { timeZone }).basis),
      );
    expect(basisOf('oura')).toEqual(new Set(['record-offset']));
    expect(basisOf('renpho')).toEqual(new Set(['user-time-zone']));
    // Some points fall on another local day than their UTC day: the trap a UTC date would fall into.
    const moved = steps.filter(
      (row) => localDayOf(row.start, { timeZone }).date !== new Date(row.start).toISOString().slice(0, 10),
    );
    expect(moved.length).toBeGreaterThan(0);
    // Both providers' points of one local hour land on the same local day.
    const days = bucketByLocalDay(steps, { timeZone });
    expect(days.reduce((sum, day) => sum + day.items.length, 0)).toBe(steps.length);
  });

  test('a report in SI units: glucose in mmol/L coded 14749-6, Omega-3 Index kept without LOINC, all valid', async () => {
    const user = await loopback.client.resolveUser({ client_user_id: 'si-lab' });
    let job: Awaited<ReturnType<SvcClient['getParsingJob']>> | undefined;
    // About half the reports are in SI units: a few uploads find one (the same ones for this seed).
    for (let attempt = 0; attempt < 8 && !job; attempt++) {
      const created = await loopback.client.createParsingJob({
        body: { file: { data: PDF, filename: 'report.pdf', contentType: 'application/pdf' } },
      });
      loopback.sandbox.clock.advance({ seconds: 60 });
      const read = await loopback.client.getParsingJob({ job_id: created.id as string });
      if (read.results?.some((result) => result.name === 'Glucose' && result.unit === 'mmol/L')) job = read;
    }
    if (!job) throw new Error('no report in SI units in 8 uploads');
    const { report, observations } = labReportToFhir(job, { subject: user.user_id });
    const glucose = observations.find((observation) => observation.code?.text === 'Glucose');
    expect(glucose?.code?.coding?.[0]?.code).toBe('14749-6');
    expect(glucose?.valueQuantity?.code).toBe('mmol/L');
    const omega = observations.find((observation) => observation.code?.text === 'Omega-3 Index');
    expect(omega?.code?.coding).toBeUndefined();
    expect(omega?.meta?.tag?.map((tag) => tag.code)).toEqual(['loinc-unmatched']);
    for (const resource of [report, ...observations]) expectValidFhir(resource);
  });
});
