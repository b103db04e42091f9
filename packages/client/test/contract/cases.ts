import type { APIPromise, OperationId, SvcClient } from '../../src/index.js';

const userId = '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b';
const orderId = '2a7e9f14-6c3b-4d2a-8e1f-9b0c7d6e5f43';
const labTestId = '0b9efd15-4633-496a-9b17-842b96246038';
const address = {
  first_line: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  access_notes: 'Gate 2',
};
const range = { user_id: userId, start_date: '2026-11-01', end_date: '2026-11-07' };

/**
 * One valid call per operation, as a user would write it. Typed by OperationId, so a new operation
 * in the spec does not compile until it has a case here (and a test checks the same at run time).
 */
export const contractCases: Record<OperationId, (client: SvcClient) => APIPromise<unknown>> = {
  getStepsGrouped: (client) => client.getStepsGrouped({ ...range, provider: 'oura', next_cursor: null }),
  getActivitySummary: (client) => client.getActivitySummary(range),
  getBodySummary: (client) => client.getBodySummary(range),
  getMealSummary: (client) => client.getMealSummary(range),
  getProfileSummary: (client) => client.getProfileSummary(range),
  getSleepSummary: (client) => client.getSleepSummary(range),
  getWorkoutsSummary: (client) => client.getWorkoutsSummary(range),
  resolveUser: (client) => client.resolveUser({ client_user_id: 'client-user-1' }),
  createSignInToken: (client) => client.createSignInToken({ user_id: userId }),
  deregisterProvider: (client) => client.deregisterProvider({ user_id: userId, provider: 'oura' }),
  createLinkToken: (client) => client.createLinkToken({ body: { user_id: userId } }),
  createLinkCode: (client) =>
    client.createLinkCode({ user_id: userId, expires_at: '2026-11-22T12:00:00+00:00' }),
  completePasswordProviderMfa: (client) =>
    client.completePasswordProviderMfa({
      provider: 'whoop',
      'x-svc-link-token': 'lt_contract_1234',
      body: { mfa_code: '123456' },
    }),
  listProviders: (client) => client.listProviders({ source_type: 'app' }),
  listMarkers: (client) => client.listMarkers({ lab_slug: 'labcorp', name: 'glucose', page: 1, size: 50 }),
  listLabTestMarkers: (client) => client.listLabTestMarkers({ lab_test_id: labTestId, page: 2, size: 100 }),
  listLabAccounts: (client) => client.listLabAccounts({ status: 'active' }),
  createOrder: (client) =>
    client.createOrder({ body: { patient_address: address, clinical_notes: 'c'.repeat(1000) } }),
  importOrder: (client) => client.importOrder({ body: { lab_account_status: 'PENDING' } }),
  getPhlebotomyAppointmentAvailability: (client) =>
    client.getPhlebotomyAppointmentAvailability({ order_id: orderId, start_date: '2026-11-23' }),
  requestPhlebotomyAppointment: (client) =>
    client.requestPhlebotomyAppointment({
      order_id: orderId,
      body: { address, provider: 'a-provider-slug', appointment_notes: 'n'.repeat(1000) },
    }),
  bookPhlebotomyAppointment: (client) =>
    client.bookPhlebotomyAppointment({ order_id: orderId, body: { appointment_notes: 'Ring twice' } }),
  reschedulePhlebotomyAppointment: (client) =>
    client.reschedulePhlebotomyAppointment({ order_id: orderId, body: { appointment_notes: null } }),
  getPscAppointmentAvailability: (client) => client.getPscAppointmentAvailability({ order_id: orderId }),
  bookPscAppointment: (client) => client.bookPscAppointment({ order_id: orderId, body: {} }),
  getPscAppointment: (client) => client.getPscAppointment({ order_id: orderId }),
  createParsingJob: (client) =>
    client.createParsingJob({
      body: { file: new File(['%PDF-1.7\n%contract\n'], 'report.pdf', { type: 'application/pdf' }) },
    }),
  getParsingJob: (client) => client.getParsingJob({ job_id: 'job_01HZX3K9Q2' }),
};
