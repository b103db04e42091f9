// Appointment `status` and `event_status` (sections 3.1, 3.2) → one user-facing stage. Both enums
// are open: values added later classify as `unknown` instead of failing.
import type { Schema } from '@svc/types';
import { type KnownValues, lookup } from './internal/known-values.js';

type AppointmentRecord = Schema<'AppointmentRecord'>;
/** The raw appointment `status` (open enum). */
export type AppointmentStatus = Schema<'AppointmentStatus'>;
/** The raw appointment `event_status` (open enum). */
export type AppointmentEventStatus = Schema<'AppointmentEventStatus'>;

/**
 * Where an appointment stands, for people. Closed: switch over it exhaustively (see `assertNever`).
 * - `requested`: asked for, not yet held (`pending`).
 * - `reserved`: a slot is held, awaiting confirmation (`reserved`).
 * - `confirmed`: confirmed / scheduled (`status` `confirmed`, `event_status` `scheduled`).
 * - `in_progress`, `completed`, `cancelled`: as named.
 * - `unknown`: a value this version does not know (added later); show a neutral text.
 */
export type AppointmentStage =
  | 'requested'
  | 'reserved'
  | 'confirmed'
  | 'in_progress'
  | 'completed'
  | 'cancelled'
  | 'unknown';

const STATUS_STAGES = {
  pending: 'requested',
  reserved: 'reserved',
  confirmed: 'confirmed',
  in_progress: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
} as const satisfies Record<KnownValues<AppointmentStatus>, AppointmentStage>;

const EVENT_STATUS_STAGES = {
  pending: 'requested',
  reserved: 'reserved',
  scheduled: 'confirmed',
  in_progress: 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
} as const satisfies Record<KnownValues<AppointmentEventStatus>, AppointmentStage>;

/** The stage of an appointment `status`; unknown or missing values give `unknown`. */
export function classifyAppointmentStatus(status: AppointmentStatus | null | undefined): AppointmentStage {
  return lookup<AppointmentStage>(STATUS_STAGES, status) ?? 'unknown';
}

/** The stage of an appointment `event_status`; unknown or missing values give `unknown`. */
export function classifyAppointmentEventStatus(
  eventStatus: AppointmentEventStatus | null | undefined,
): AppointmentStage {
  return lookup<AppointmentStage>(EVENT_STATUS_STAGES, eventStatus) ?? 'unknown';
}

/** What an appointment record says about its state. */
export interface AppointmentStatusInfo {
  stage: AppointmentStage;
  status: AppointmentStatus | null;
  eventStatus: AppointmentEventStatus | null;
}

type AppointmentLike = Partial<Pick<AppointmentRecord, 'status' | 'event_status'>>;

/**
 * The stage of an appointment record (or a booking result carrying `status`): `status` decides;
 * when it is unknown or missing, `event_status` does.
 */
export function appointmentStatus(appointment: AppointmentLike): AppointmentStatusInfo {
  const status = typeof appointment.status === 'string' ? appointment.status : null;
  const eventStatus = typeof appointment.event_status === 'string' ? appointment.event_status : null;
  const fromStatus = classifyAppointmentStatus(status);
  const stage = fromStatus === 'unknown' ? classifyAppointmentEventStatus(eventStatus) : fromStatus;
  return { stage, status, eventStatus };
}
