// The raw status enums are open (`"a" | "b" | (string & {})`): a switch over their documented values
// is never exhaustive, so it must have a default path. The stages are closed: a switch over them is.
import type { Schema } from '@svc/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AppointmentStage,
  assertNever,
  classifyOrderStatus,
  type OrderStage,
  type OrderStatus,
  type ParsingJobStage,
} from '../../src/index.js';

describe('matching over statuses and stages', () => {
  it('does not compile a switch over every documented order status without a default', () => {
    // @ts-expect-error TS2366: the open enum leaves `string & {}`, so the function can end without a return.
    function label(status: OrderStatus): string {
      switch (status) {
        case 'collecting_sample.testkit.problem_in_transit_customer':
          return 'Kit delayed on its way to you';
        case 'collecting_sample.testkit.problem_in_transit_lab':
          return 'Sample delayed on its way to the lab';
      }
    }
    expectTypeOf(label).returns.toBeString();
  });

  it('does not let assertNever close a switch over an open enum', () => {
    function label(status: Schema<'AppointmentStatus'>): string {
      switch (status) {
        case 'pending':
        case 'reserved':
          return 'Waiting';
        case 'confirmed':
        case 'in_progress':
          return status;
        case 'completed':
        case 'cancelled':
          return 'Over';
        default:
          // @ts-expect-error `string & {}` is not `never`: values added later reach this branch.
          return assertNever(status);
      }
    }
    expectTypeOf(label).returns.toBeString();
  });

  it('compiles a switch over the low-level status only with a default path', () => {
    function label(status: Schema<'OrderLowLevelStatus'>): string {
      switch (status) {
        case 'problem_in_transit_customer':
          return 'to customer';
        case 'problem_in_transit_lab':
          return 'to lab';
        default:
          return `other: ${status}`;
      }
    }
    expectTypeOf(label).returns.toBeString();
  });

  it('closes an exhaustive switch over order stages with assertNever', () => {
    const label = (stage: OrderStage): string => {
      switch (stage) {
        case 'received':
          return 'Ordered';
        case 'collecting_sample':
          return 'Collecting your sample';
        case 'in_transit_problem':
          return 'Delivery problem';
        case 'sample_with_lab':
          return 'At the lab';
        case 'completed':
          return 'Results ready';
        case 'cancelled':
          return 'Cancelled';
        case 'unknown':
          return 'In progress';
        default:
          return assertNever(stage);
      }
    };
    expectTypeOf(label(classifyOrderStatus('x'))).toBeString();
  });

  it('refuses assertNever when a stage has no case', () => {
    function label(stage: AppointmentStage): string {
      switch (stage) {
        case 'requested':
        case 'reserved':
        case 'confirmed':
        case 'in_progress':
        case 'completed':
        case 'cancelled':
          return stage;
        default:
          // @ts-expect-error `unknown` has no case: the stage set forces it to be handled.
          return assertNever(stage);
      }
    }
    expectTypeOf(label).returns.toBeString();
  });

  it('types the stages as closed unions', () => {
    type Phases = 'received' | 'collecting_sample' | 'sample_with_lab' | 'completed' | 'cancelled';
    expectTypeOf<OrderStage>().toEqualTypeOf<Phases | 'in_transit_problem' | 'unknown'>();
    expectTypeOf<ParsingJobStage>().toEqualTypeOf<
      'processing' | 'completed' | 'failed' | 'pending_review' | 'unknown'
    >();
    expectTypeOf<AppointmentStage>().toEqualTypeOf<
      'requested' | 'reserved' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'unknown'
    >();
  });

  it('still accepts a status value added after this version', () => {
    expectTypeOf<'collecting_sample.testkit.returned'>().toExtend<OrderStatus>();
  });
});
