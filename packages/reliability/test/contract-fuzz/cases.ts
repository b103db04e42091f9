// One valid call per operation, and what the helpers read from its answer. Typed by OperationId, so an
// operation added to the spec does not compile until it has a case here.
import type { APIPromise, OperationId, SvcClient } from '@svc/client';
import { appointmentStatus, classifyParsingJobStatus, orderStatus, toBiomarker } from '@svc/lab-testing';

const userId = '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b';
const orderId = '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43';
const labTestId = '0b9efd15-4633-496a-9b17-842b96246038';
const address = { first_line: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' };
const range = { user_id: userId, start_date: '2026-11-01', end_date: '2026-11-07' };

export interface ContractCase {
  call(client: SvcClient): APIPromise<unknown>;
  /** Reads the answer as the helpers do; must not throw on any answer valid against the spec. */
  read?(data: never): unknown;
}

const appointment = (data: { status?: string }) => appointmentStatus(data);

export const contractCases: Record<OperationId, ContractCase> = {
  getStepsGrouped: { call: (client) => client.getStepsGrouped({ ...range, next_cursor: null }) },
  getActivitySummary: { call: (client) => client.getActivitySummary(range) },
  getBodySummary: { call: (client) => client.getBodySummary(range) },
  getMealSummary: { call: (client) => client.getMealSummary(range) },
  getProfileSummary: { call: (client) => client.getProfileSummary(range) },
  getSleepSummary: { call: (client) => client.getSleepSummary(range) },
  getWorkoutsSummary: { call: (client) => client.getWorkoutsSummary(range) },
  resolveUser: { call: (client) => client.resolveUser({ client_user_id: 'client-user-1' }) },
  createSignInToken: { call: (client) => client.createSignInToken({ user_id: userId }) },
  deregisterProvider: { call: (client) => client.deregisterProvider({ user_id: userId, provider: 'oura' }) },
  createLinkToken: { call: (client) => client.createLinkToken({ body: { user_id: userId } }) },
  createLinkCode: {
    call: (client) => client.createLinkCode({ user_id: userId, expires_at: '2026-11-22T12:00:00+00:00' }),
  },
  completePasswordProviderMfa: {
    call: (client) =>
      client.completePasswordProviderMfa({
        provider: 'whoop',
        'x-svc-link-token': 'lt_contract_fuzz_1234',
        body: { mfa_code: '123456' },
      }),
  },
  listProviders: { call: (client) => client.listProviders() },
  listMarkers: { call: (client) => client.listMarkers({ lab_slug: 'labcorp', page: 1, size: 50 }) },
  listLabTestMarkers: {
    call: (client) => client.listLabTestMarkers({ lab_test_id: labTestId, page: 1, size: 100 }),
  },
  listLabAccounts: { call: (client) => client.listLabAccounts() },
  createOrder: {
    call: (client) => client.createOrder({ body: { patient_address: address, clinical_notes: 'fasting' } }),
    read: (order: Parameters<typeof orderStatus>[0]) => orderStatus(order),
  },
  importOrder: { call: (client) => client.importOrder({ body: { lab_account_status: 'PENDING' } }) },
  getPhlebotomyAppointmentAvailability: {
    call: (client) =>
      client.getPhlebotomyAppointmentAvailability({ order_id: orderId, start_date: '2026-11-23' }),
  },
  requestPhlebotomyAppointment: {
    call: (client) =>
      client.requestPhlebotomyAppointment({
        order_id: orderId,
        body: { address, provider: 'a-provider-slug' },
      }),
    read: appointment,
  },
  bookPhlebotomyAppointment: {
    call: (client) =>
      client.bookPhlebotomyAppointment({ order_id: orderId, body: { appointment_notes: 'Ring' } }),
    read: appointment,
  },
  reschedulePhlebotomyAppointment: {
    call: (client) => client.reschedulePhlebotomyAppointment({ order_id: orderId, body: {} }),
    read: appointment,
  },
  getPscAppointmentAvailability: {
    call: (client) => client.getPscAppointmentAvailability({ order_id: orderId }),
  },
  bookPscAppointment: {
    call: (client) => client.bookPscAppointment({ order_id: orderId, body: {} }),
    read: appointment,
  },
  getPscAppointment: { call: (client) => client.getPscAppointment({ order_id: orderId }), read: appointment },
  createParsingJob: {
    call: (client) =>
      client.createParsingJob({
        body: { file: new File(['%PDF-1.7\n'], 'report.pdf', { type: 'application/pdf' }) },
      }),
    read: (job: { status?: string }) => classifyParsingJobStatus(job.status),
  },
  getParsingJob: {
    call: (client) => client.getParsingJob({ job_id: 'job_01HZX3K9Q2' }),
    read: (job: { status?: string; results?: unknown[] }) => [
      classifyParsingJobStatus(job.status),
      (job.results ?? []).map((raw) => toBiomarker(raw as never)),
    ],
  },
};
