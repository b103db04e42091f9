import { notFound } from '../internal/http-error.js';
import { appointmentRecord } from './appointments.js';
import { orderById, orderRecord } from './orders.js';
import { parsingJobRecord } from './parsing-jobs.js';
import type { WorldRuntime } from './runtime.js';

// What the API itself has no read for (an order, every appointment): the world's records, read back as
// the API would answer them, for tests and for looking around.

/** Every order of the world as the API records it, oldest first. */
export const listOrders = (runtime: WorldRuntime) =>
  Object.values(runtime.world.orders).map((order) => orderRecord(runtime, order));

export const listAppointments = (runtime: WorldRuntime) =>
  Object.values(runtime.world.appointments).map(appointmentRecord);

export const listParsingJobs = (runtime: WorldRuntime) =>
  Object.values(runtime.world.parsingJobs).map(parsingJobRecord);

export const getOrder = (runtime: WorldRuntime, id: string) => orderRecord(runtime, orderById(runtime, id));

export function getAppointment(runtime: WorldRuntime, id: string) {
  const appointment = runtime.world.appointments[id];
  if (!appointment) throw notFound(`appointment ${id}`);
  return appointmentRecord(appointment);
}

export function getParsingJob(runtime: WorldRuntime, id: string) {
  const job = runtime.world.parsingJobs[id];
  if (!job) throw notFound(`parsing job ${id}`);
  return parsingJobRecord(job);
}
