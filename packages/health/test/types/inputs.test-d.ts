import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import type { GetParsingJobResponse, GetStepsGroupedItem } from '@svc/client';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type DailySummaryRow,
  type LabReportResources,
  type labReportToFhir,
  summaryObservations,
  type TimeseriesRow,
  timeseriesNdjson,
  timeseriesObservation,
  timeseriesRow,
} from '../../src/index.js';

// What a sync store holds (the shape of @svc/sync's StepRow and SummaryRow), written out here: this
// package must take them as they are without depending on the sync.
type StoreStepRow = Record<'userId' | 'provider' | 'start' | 'end' | 'unit', string> & { value: number };
type StoreSummaryRow = {
  resource: 'activity' | 'body' | 'meal' | 'profile' | 'sleep' | 'workouts';
  userId: string;
  provider: string;
  calendarDate: string;
  data: Record<string, unknown>;
};

describe('inputs are plain rows and the client’s own records', () => {
  test("a store's rows are this package's rows", () => {
    expectTypeOf<StoreStepRow>().toExtend<TimeseriesRow>();
    expectTypeOf<StoreSummaryRow>().toExtend<DailySummaryRow>();
    expectTypeOf(timeseriesNdjson)
      .parameter(0)
      .toExtend<AsyncIterable<StoreStepRow> | Iterable<StoreStepRow>>();
  });

  test("the client's records go in as they come", () => {
    expectTypeOf(timeseriesRow).parameter(1).toEqualTypeOf<GetStepsGroupedItem>();
    expectTypeOf<GetParsingJobResponse>().toExtend<Parameters<typeof labReportToFhir>[0]>();
  });

  test('out come the FHIR types of @medplum/fhirtypes', () => {
    expectTypeOf(timeseriesObservation).returns.toEqualTypeOf<Observation>();
    expectTypeOf(summaryObservations).returns.toEqualTypeOf<Observation[]>();
    expectTypeOf<LabReportResources['report']>().toEqualTypeOf<DiagnosticReport>();
  });

  test('issued is required: no builder makes up a time', () => {
    const row: TimeseriesRow = { userId: 'u', provider: 'oura', start: '', end: '', unit: 'count', value: 1 };
    // @ts-expect-error: `issued` is missing
    timeseriesObservation(row, {});
  });
});
