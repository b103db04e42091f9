import type { Resource } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import { expectValidFhir } from '@svc/test-kit/fhir-validator';
import { describe, expect, test } from 'vitest';
import {
  bulkExportManifest,
  type NdjsonLine,
  summariesNdjson,
  type TimeseriesRow,
  timeseriesNdjson,
  writeNdjsonByType,
} from '../../src/index.js';
import {
  ISSUED,
  NEAR_MIDNIGHT_STEPS,
  STEP_IN_UTC,
  STEP_WITH_OFFSET,
  TWO_PROVIDER_SLEEP,
  USER_ID,
} from '../fixtures/records.js';

async function collect(lines: AsyncIterable<NdjsonLine>): Promise<NdjsonLine[]> {
  const out: NdjsonLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('FHIR Bulk Data NDJSON', () => {
  test('each row is one line holding one valid Observation', async () => {
    const lines = await collect(timeseriesNdjson(NEAR_MIDNIGHT_STEPS, { issued: ISSUED }));
    expect(lines).toHaveLength(2);
    for (const { resourceType, line } of lines) {
      expect(resourceType).toBe('Observation');
      expect(line.endsWith('\n')).toBe(true);
      expect(line.indexOf('\n')).toBe(line.length - 1);
      expectValidFhir(JSON.parse(line) as Resource);
    }
  });

  test('a row that cannot be converted is an OperationOutcome line naming it, and the rest go on', async () => {
    const rows: TimeseriesRow[] = [{ ...STEP_WITH_OFFSET, start: 'soon' }, STEP_IN_UTC];
    const lines = await collect(timeseriesNdjson(rows, { issued: ISSUED }));
    expect(lines.map((line) => line.resourceType)).toEqual(['OperationOutcome', 'Observation']);
    const outcome = JSON.parse(lines[0]?.line ?? '{}');
    expect(outcome.issue[0].diagnostics).toContain(`steps row ${USER_ID} oura soon: Invalid row.start`);
    expectValidFhir(outcome);
  });

  test("the caller's bad options stop the export before its first row", async () => {
    await expect(collect(timeseriesNdjson(NEAR_MIDNIGHT_STEPS, { issued: 'now' }))).rejects.toThrow(
      ValidationError,
    );
    await expect(collect(summariesNdjson([], { issued: ISSUED, namespace: 'not a uri' }))).rejects.toThrow(
      /namespace/,
    );
  });

  test('lines go to one sink per resource type, each write awaited; the manifest lists them', async () => {
    const sleepRows = TWO_PROVIDER_SLEEP.map((row) => ({ ...row, data: { ...row.data, duration: 27_000 } }));
    async function* all() {
      yield* timeseriesNdjson([{ ...STEP_WITH_OFFSET, value: Number.NaN }], {
        issued: ISSUED,
      });
      yield* summariesNdjson(sleepRows, { issued: ISSUED });
    }
    const written: Record<string, string[]> = {};
    let pending = 0;
    const counts = await writeNdjsonByType(all(), (type) => {
      written[type] = [];
      return {
        write: async (line: string) => {
          pending += 1;
          expect(pending).toBe(1); // the next line waits for this write
          await new Promise((resolve) => setTimeout(resolve, 1));
          written[type]?.push(line);
          pending -= 1;
        },
      };
    });
    expect(counts).toEqual({ OperationOutcome: 1, Observation: 4 });
    expect(written.Observation).toHaveLength(4);
    expect(
      bulkExportManifest({
        transactionTime: ISSUED,
        request: 'svc-sync export --format fhir-ndjson',
        counts,
        urlOf: (type) => `file:///exports/${type}.ndjson`,
      }),
    ).toEqual({
      transactionTime: ISSUED,
      request: 'svc-sync export --format fhir-ndjson',
      requiresAccessToken: false,
      output: [{ type: 'Observation', url: 'file:///exports/Observation.ndjson', count: 4 }],
      error: [{ type: 'OperationOutcome', url: 'file:///exports/OperationOutcome.ndjson', count: 1 }],
    });
  });
});
