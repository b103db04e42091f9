import type { Resource } from '@medplum/fhirtypes';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import {
  bucketByLocalDay,
  type DailySummaryRow,
  labReportToFhir,
  mergeSleep,
  sleepSessionOf,
  summaryObservations,
  summaryRows,
  type TimeseriesRow,
  timeseriesObservation,
  timeseriesRow,
  userBundle,
  userTimeZone,
} from '../../src/index.js';
import { loopbackSandbox } from './loopback-sandbox.js';

const API_KEY = 'sk_test_health';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
const FROM = '2025-12-01';
const TO = '2025-12-31';

const loopback = loopbackSandbox(API_KEY, 'health');

/** A user with a second device: the sandbox connects oura first; whoop through the password link. */
async function userWithTwoDevices(clientUserId: string) {
  const user = await loopback.client.resolveUser({ client_user_id: clientUserId });
  const { link_token } = (await loopback.client.createLinkToken({
    body: { user_id: user.user_id, provider: 'whoop' },
  })) as {
    link_token: string;
  };
  await loopback.client.completePasswordProviderMfa({
    provider: 'whoop',
    'x-svc-link-token': link_token,
    body: { mfa_code: '123456' },
  });
  return user;
}

async function summaries(
  resource: 'sleep' | 'activity' | 'body' | 'meal' | 'profile' | 'workouts',
  userId: string,
) {
  const method = `get${resource[0]?.toUpperCase()}${resource.slice(1)}Summary` as 'getSleepSummary';
  const response = (await loopback.client[method]({
    user_id: userId,
    start_date: FROM,
    end_date: TO,
  })) as Record<string, unknown>;
  const { rows, unkeyed } = summaryRows(resource, userId, response);
  expect(unkeyed).toEqual([]);
  return rows;
}

describe('from the sandbox to FHIR R4', () => {
  test('a completed parsing job becomes a DiagnosticReport with its Observations and the report file, valid', async () => {
    const user = await loopback.client.resolveUser({ client_user_id: 'health-lab' });
    const created = await loopback.client.createParsingJob({
      body: { file: { data: PDF, filename: 'report.pdf', contentType: 'application/pdf' } },
    });
    await loopback.sandbox.clock.advance({ seconds: 60 });
    const job = await loopback.client.getParsingJob({ job_id: created.id as string });
    expect(job.status).toBe('completed');
    const { report, observations } = labReportToFhir(job, {
      subject: user.user_id,
      reportFile: { data: PDF, contentType: 'application/pdf', title: 'report.pdf' },
    });
    expect(observations).toHaveLength(job.results?.length ?? -1);
    expect(report.presentedForm?.[0]?.size).toBe(PDF.length);
    const bundle = userBundle([report, ...observations], { type: 'transaction' });
    for (const resource of [report, ...observations, bundle]) expectValidFhir(resource);
  });

  test("a month of two devices' summaries and steps: every Observation valid, every sleep row kept", async () => {
    const user = await userWithTwoDevices('health-fleet');
    const issued = loopback.sandbox.clock.now();
    const rows: DailySummaryRow[] = [];
    for (const resource of ['sleep', 'activity', 'body', 'meal', 'profile', 'workouts'] as const)
      rows.push(...(await summaries(resource, user.user_id)));
    const steps: TimeseriesRow[] = [];
    for await (const item of loopback.client.getStepsGrouped({
      user_id: user.user_id,
      start_date: FROM,
      end_date: TO,
    }))
      steps.push(timeseriesRow(user.user_id, item));
    expect(new Set(steps.map((row) => row.provider))).toEqual(new Set(['oura', 'whoop']));
    expect(steps).toHaveLength(31 * 24 * 2);

    const observations: Resource[] = [
      ...rows.flatMap((row) => summaryObservations(row, { issued })),
      ...steps.map((row) => timeseriesObservation(row, { issued })),
    ];
    // Each summary kind gives at least one measure per record (profile: height; meal: energy; …).
    expect(observations.length).toBeGreaterThanOrEqual(rows.length + steps.length);
    for (const observation of observations) expectValidFhir(observation);
    expectValidFhir(userBundle(observations, { type: 'collection', timestamp: issued }));

    const sleepRows = rows.filter((row) => row.resource === 'sleep');
    const nights = mergeSleep(
      sleepRows.map((row) => sleepSessionOf(row)).filter((night) => night !== undefined),
    );
    expect(nights.reduce((sum, night) => sum + night.sources.length, 0)).toBe(sleepRows.length);

    const days = bucketByLocalDay(steps, { timeZone: userTimeZone(user) });
    // 31 UTC days of points, read at the user's home offset (never UTC in the sandbox), touch 32 local dates.
    expect(days).toHaveLength(32);
    expect(days.reduce((sum, day) => sum + day.items.length, 0)).toBe(steps.length);
  });
});
