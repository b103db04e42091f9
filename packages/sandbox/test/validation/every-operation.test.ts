import type { OperationId } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { API_KEY, call, orderFor, REPORTS, strictSandbox } from '../fixtures/sandbox.js';

type Ids = { userId: string; orderId: string; jobId: string; linkToken: string };
type Case = (ids: Ids) => { method: string; path: string; body?: unknown; headers?: Record<string, string> };

/** A read of a user's data from the first day of 2026: `path` as the spec writes it, `{user_id}` filled in. */
const read =
  (path: string): Case =>
  ({ userId }) => ({ method: 'GET', path: `${path.replace('{user_id}', userId)}?start_date=2026-01-01` });

/** One successful call per operation; a new operation in the spec fails to compile until it has one. */
const CASES: Record<OperationId, Case> = {
  getStepsGrouped: read('/v2/timeseries/{user_id}/steps/grouped'),
  getActivitySummary: read('/v2/summary/activity/{user_id}'),
  getBodySummary: read('/v2/summary/body/{user_id}'),
  getMealSummary: read('/v2/summary/meal/{user_id}'),
  getProfileSummary: read('/v2/summary/profile/{user_id}'),
  getSleepSummary: read('/v2/summary/sleep/{user_id}'),
  getWorkoutsSummary: read('/v2/summary/workouts/{user_id}'),
  resolveUser: () => ({ method: 'GET', path: '/v2/user/resolve/every-op' }),
  createSignInToken: ({ userId }) => ({ method: 'POST', path: `/v2/user/${userId}/sign_in_token` }),
  deregisterProvider: ({ userId }) => ({ method: 'DELETE', path: `/v2/user/${userId}/oura` }),
  createLinkToken: ({ userId }) => ({ method: 'POST', path: '/v2/link/token', body: { user_id: userId } }),
  createLinkCode: ({ userId }) => ({ method: 'POST', path: `/v2/link/code/create?user_id=${userId}` }),
  completePasswordProviderMfa: ({ linkToken }) => ({
    method: 'POST',
    path: '/v2/link/provider/password/whoop/complete_mfa',
    body: { mfa_code: '123456' },
    headers: { 'x-svc-link-token': linkToken },
  }),
  listProviders: () => ({ method: 'GET', path: '/v2/providers' }),
  listMarkers: () => ({ method: 'GET', path: '/v3/lab_tests/markers?lab_id=1' }),
  listLabTestMarkers: () => ({
    method: 'GET',
    path: '/v3/lab_tests/00000002-0000-4000-8000-000000000002/markers',
  }),
  listLabAccounts: () => ({ method: 'GET', path: '/v3/lab_test/lab_account' }),
  createOrder: ({ userId }) => ({
    method: 'POST',
    path: '/v3/order',
    body: { user_id: userId },
    headers: { 'idempotency-key': 'every-op' },
  }),
  importOrder: ({ userId }) => ({ method: 'POST', path: '/v3/order/import', body: { user_id: userId } }),
  getPhlebotomyAppointmentAvailability: ({ orderId }) => ({
    method: 'GET',
    path: `/v3/order/${orderId}/phlebotomy/appointment/availability?start_date=2026-01-10`,
  }),
  requestPhlebotomyAppointment: ({ orderId }) => ({
    method: 'POST',
    path: `/v3/order/${orderId}/phlebotomy/appointment/request`,
    body: { address: { first_line: '1 Main St' }, provider: 'p', appointment_notes: null },
  }),
  bookPhlebotomyAppointment: ({ orderId }) => ({
    method: 'POST',
    path: `/v3/order/${orderId}/phlebotomy/appointment/book`,
    body: {},
  }),
  reschedulePhlebotomyAppointment: ({ orderId }) => ({
    method: 'PATCH',
    path: `/v3/order/${orderId}/phlebotomy/appointment/reschedule`,
    body: { appointment_notes: 'later' },
  }),
  getPscAppointmentAvailability: ({ orderId }) => ({
    method: 'GET',
    path: `/v3/order/${orderId}/psc/appointment/availability`,
  }),
  bookPscAppointment: ({ orderId }) => ({
    method: 'POST',
    path: `/v3/order/${orderId}/psc/appointment/book`,
    body: {},
  }),
  getPscAppointment: ({ orderId }) => ({ method: 'GET', path: `/v3/order/${orderId}/psc/appointment` }),
  createParsingJob: () => ({ method: 'POST', path: '/lab_report/v1/parser/job' }),
  getParsingJob: ({ jobId }) => ({ method: 'GET', path: `/lab_report/v1/parser/job/${jobId}` }),
};

describe('every operation of the spec', () => {
  it('answers 2xx with a body valid against its response schema (strict mode checks it)', async () => {
    const sandbox = strictSandbox();
    const userId = (await call(sandbox, 'GET', '/v2/user/resolve/every-op')).body.user_id;
    const orderId = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body.id;
    const pscOrderId = (await call(sandbox, 'POST', '/v3/order', { body: await orderFor(sandbox) })).body.id;
    const linkToken = (await call(sandbox, 'POST', '/v2/link/token', { body: { user_id: userId } })).body
      .link_token;
    const form = new FormData();
    form.set('file', new File([REPORTS.jpeg], 'r.jpg'));
    const upload = await sandbox.fetch(
      new Request(`${sandbox.url}/lab_report/v1/parser/job`, {
        method: 'POST',
        headers: { 'x-svc-api-key': API_KEY },
        body: form,
      }),
    );
    const jobId = (await upload.json()).id;
    for (const [operationId, make] of Object.entries(CASES)) {
      const psc = operationId.includes('Psc');
      const request = make({ userId, orderId: psc ? pscOrderId : orderId, jobId, linkToken });
      if (operationId === 'createParsingJob') {
        expect(upload.status, operationId).toBe(200);
        continue;
      }
      const { status, body } = await call(sandbox, request.method, request.path, request);
      expect(status, `${operationId}: ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
      expect(status, `${operationId}: ${JSON.stringify(body)}`).toBeLessThan(300);
    }
  });

  it('starts from the seed alone: two sandboxes with the same seed give the same ids', async () => {
    const ids = async () => {
      const sandbox = createSandbox({ seed: 7 });
      const headers = { 'x-svc-api-key': 'k' };
      const user = await (
        await sandbox.fetch(new Request(`${sandbox.url}/v2/user/resolve/u`, { headers }))
      ).json();
      return user.user_id as string;
    };
    expect(await ids()).toBe(await ids());
  });
});
