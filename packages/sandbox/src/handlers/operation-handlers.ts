import {
  bookPhlebotomyAppointment,
  bookPscAppointment,
  getPhlebotomyAppointmentAvailability,
  getPscAppointment,
  getPscAppointmentAvailability,
  requestPhlebotomyAppointment,
  reschedulePhlebotomyAppointment,
} from './appointments.js';
import { listLabAccounts, listLabTestMarkers, listMarkers } from './catalogue.js';
import { getStepsGrouped, summaryHandler } from './data.js';
import { completePasswordProviderMfa, createLinkCode, createLinkToken } from './link.js';
import type { OperationHandler } from './operation-context.js';
import { createOrder, importOrder } from './orders.js';
import { createParsingJob, getParsingJob } from './parsing-jobs.js';
import { createSignInToken, deregisterProvider, resolveUser } from './users.js';

/**
 * The operations the sandbox keeps state for, by operationId. Every other operation of the spec
 * answers from the spec's examples (see `Prefer`).
 */
export const operationHandlers: Readonly<Record<string, OperationHandler>> = {
  getStepsGrouped,
  getActivitySummary: summaryHandler('activity'),
  getBodySummary: summaryHandler('body'),
  getMealSummary: summaryHandler('meal'),
  getProfileSummary: summaryHandler('profile'),
  getSleepSummary: summaryHandler('sleep'),
  getWorkoutsSummary: summaryHandler('workouts'),
  resolveUser,
  createSignInToken,
  deregisterProvider,
  createLinkToken,
  createLinkCode,
  completePasswordProviderMfa,
  listMarkers,
  listLabTestMarkers,
  listLabAccounts,
  createOrder,
  importOrder,
  getPhlebotomyAppointmentAvailability,
  requestPhlebotomyAppointment,
  bookPhlebotomyAppointment,
  reschedulePhlebotomyAppointment,
  getPscAppointmentAvailability,
  bookPscAppointment,
  getPscAppointment,
  createParsingJob,
  getParsingJob,
};
