import { describe, expectTypeOf, it } from 'vitest';
import type {
  Biomarker,
  CreateOrderInput,
  LabTesting,
  MarkerSearch,
  ParsedReport,
  UpdateReason,
} from '../../src/index.js';

describe('the types of the workflow inputs and results', () => {
  it('suggests INCORRECT_LAB as an update reason and still accepts others', () => {
    expectTypeOf<'INCORRECT_LAB'>().toExtend<UpdateReason>();
    expectTypeOf<'PATIENT_MOVED'>().toExtend<UpdateReason>();
  });

  it('keeps the order body open for fields the spec does not show', () => {
    expectTypeOf({
      patient_address: { access_notes: 'Gate 1' },
      lab_test_id: 'x',
    }).toExtend<CreateOrderInput>();
    // @ts-expect-error clinical notes are text
    expectTypeOf({ clinical_notes: 42 }).toExtend<CreateOrderInput>();
  });

  it('takes a lab by slug or id', () => {
    expectTypeOf<{ lab_slug: string; lab_id: number }>().toExtend<MarkerSearch>();
    // issue 11: lab_id's type is not published, so a list is accepted too.
    expectTypeOf<MarkerSearch['lab_id']>().toEqualTypeOf<number | string | (number | string)[] | undefined>();
  });

  it('resolves parsed reports with typed biomarkers', () => {
    expectTypeOf<ParsedReport['biomarkers']>().toEqualTypeOf<Biomarker[]>();
    expectTypeOf<Biomarker['value']>().toEqualTypeOf<number | string | null>();
    expectTypeOf<ReturnType<LabTesting['reports']['parse']>>().resolves.toEqualTypeOf<ParsedReport>();
  });

  it('groups the workflow in the order it happens', () => {
    expectTypeOf<keyof LabTesting>().toEqualTypeOf<'catalogue' | 'orders' | 'appointments' | 'reports'>();
    expectTypeOf<keyof LabTesting['appointments']>().toEqualTypeOf<'phlebotomy' | 'psc'>();
  });
});
