// The wire values a lifecycle state stands for, typed by the spec: a documented value of the open enum,
// or one of the sandbox's conventions (`x-svc-sandbox-values`, generated into @svc/types as
// SandboxValues). A value in neither does not compile: the lab-testing helpers classify these.
import type { SandboxValues, Schema } from '@svc/types';

/** The documented members of an open enum: `"a" | "b" | (string & {})` → `"a" | "b"`. */
type Known<E extends string> = E extends string ? (string extends E ? never : E) : never;

type OrderStatus = Known<Schema<'OrderStatus'>> | SandboxValues['OrderStatus'];
type OrderLowLevelStatus = Known<Schema<'OrderLowLevelStatus'>>;
type AppointmentStatus = Known<Schema<'AppointmentStatus'>>;
type AppointmentEventStatus = Known<Schema<'AppointmentEventStatus'>>;
type ParsingJobStatus = Known<Schema<'ParsingJobStatus'>> | SandboxValues['ParsingJobStatus'];
type LinkState = Known<Schema<'LinkState'>>;

/** An order state: the `status` of the event it produces, and the low-level status where there is one. */
export const orderWire = <S extends OrderStatus>(status: S) => ({ status });

/** An order state with a low-level status too (a problem in transit). */
export const lowLevelWire = <S extends OrderStatus, L extends OrderLowLevelStatus>(
  status: S,
  lowLevelStatus: L,
) => ({
  status,
  lowLevelStatus,
});

/** An appointment state: its `status` and `event_status` (the same value unless given). */
export const appointmentWire = <S extends AppointmentStatus & AppointmentEventStatus>(status: S) => ({
  status,
  eventStatus: status,
});

/** A confirmed appointment: `status` and `event_status` differ. */
export const confirmedWire = <S extends AppointmentStatus, E extends AppointmentEventStatus>(
  status: S,
  eventStatus: E,
) => ({ status, eventStatus });

/** A parsing job state: its `status`. */
export const jobWire = <S extends ParsingJobStatus>(status: S) => ({ status });

/** A link state: the link result's `state`. */
export const linkWire = <S extends LinkState>(state: S) => ({ state });
