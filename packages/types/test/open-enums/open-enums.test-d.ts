import { expectTypeOf, test } from 'vitest';
import type { Schema } from '../../src/index.js';

type LinkErrorType = Schema<'LinkErrorType'>;
type AppointmentStatus = Schema<'AppointmentStatus'>;

test('a non-exhaustive enum accepts its documented values', () => {
  expectTypeOf<'invalid_token'>().toExtend<LinkErrorType>();
  expectTypeOf<'pending'>().toExtend<AppointmentStatus>();
});

test('a non-exhaustive enum accepts a value the service adds later', () => {
  expectTypeOf<'brand_new_error'>().toExtend<LinkErrorType>();
  const later: AppointmentStatus = 'awaiting_courier';
  expectTypeOf(later).toExtend<string>();
});

test('a non-exhaustive enum keeps its literal members for autocomplete', () => {
  expectTypeOf<Extract<LinkErrorType, 'token_expired'>>().toEqualTypeOf<'token_expired'>();
  expectTypeOf<LinkErrorType>().not.toEqualTypeOf<string>();
});

test('an exhaustive enum refuses unknown values', () => {
  // @ts-expect-error AppointmentType is a closed enum: phlebotomy or patient_service_center
  const type: Schema<'AppointmentType'> = 'drive_through';
  expectTypeOf(type).toExtend<string>();
});

test('order statuses are open and include the in-transit problems', () => {
  expectTypeOf<'collecting_sample.testkit.problem_in_transit_lab'>().toExtend<Schema<'OrderStatus'>>();
  expectTypeOf<'problem_in_transit_customer'>().toExtend<Schema<'OrderLowLevelStatus'>>();
  expectTypeOf<'a_future_status'>().toExtend<Schema<'OrderStatus'>>();
});

test('issue 11: update_reason and the lab account status suggest their known values and accept others', () => {
  expectTypeOf<'INCORRECT_LAB'>().toExtend<Schema<'OrderUpdateReason'>>();
  expectTypeOf<'PENDING'>().toExtend<Schema<'LabAccountStatus'>>();
  expectTypeOf<'ACTIVE'>().toExtend<Schema<'LabAccountStatus'>>();
  expectTypeOf<Schema<'LabAccountStatus'>>().not.toEqualTypeOf<string>();
  expectTypeOf<Schema<'OrderUpdateReason'>>().not.toEqualTypeOf<string>();
});
