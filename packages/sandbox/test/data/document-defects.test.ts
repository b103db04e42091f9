// Issue 22: places where the sandbox answered otherwise than the spec describes.
import { describe, expect, it } from 'vitest';
import { call, strictSandbox } from '../fixtures/sandbox.js';

const SUMMARIES = ['activity', 'body', 'meal', 'profile', 'sleep', 'workouts'];

describe('issue 22: the sandbox answers as the spec describes', () => {
  it.each(SUMMARIES)(
    'answers a %s summary read without start_date (optional there) with the last 30 days',
    async (kind) => {
      const sandbox = strictSandbox({ startTime: '2026-03-15T12:00:00.000Z' });
      const user = await call(sandbox, 'GET', '/v2/user/resolve/summary-reader');
      sandbox.clock.advance({ seconds: 40 * 86_400 });
      const { status, body } = await call(sandbox, 'GET', `/v2/summary/${kind}/${user.body.user_id}`);
      expect(status, JSON.stringify(body)).toBe(200);
      const days = (body[kind] as Array<{ calendar_date: string }>).map((record) => record.calendar_date);
      // Today (2026-04-24) is not over yet, so the window's last full day is yesterday.
      expect(days[0]).toBe('2026-03-26');
      expect(days.at(-1)).toBe('2026-04-23');
    },
  );

  it('still refuses a steps read without start_date, which the spec requires there', async () => {
    const sandbox = strictSandbox();
    const user = await call(sandbox, 'GET', '/v2/user/resolve/steps-reader');
    const { status, body } = await call(sandbox, 'GET', `/v2/timeseries/${user.body.user_id}/steps/grouped`);
    expect(status).toBe(422);
    expect(JSON.stringify(body.error.violations)).toContain('start_date');
  });

  it('fills every LOINC field of the marker catalogue: id, name, slug, code and unit', async () => {
    const sandbox = strictSandbox();
    const { body } = await call(sandbox, 'GET', '/v3/lab_tests/markers?lab_id=1&name=glucose');
    const [marker] = body.markers;
    expect(marker.description).toEqual(expect.any(String));
    expect(marker.expected_results[0].loinc).toEqual({
      id: expect.any(Number),
      name: 'Glucose',
      slug: 'glucose',
      code: '2345-7',
      unit: 'mg/dL',
    });
  });

  it('refuses an order without user_id with 422 naming the field, and one for an unknown user with 404', async () => {
    const sandbox = strictSandbox();
    for (const path of ['/v3/order', '/v3/order/import']) {
      const missing = await call(sandbox, 'POST', path, {
        body: { patient_address: { first_line: '1 Main' } },
      });
      expect(missing.status).toBe(422);
      expect(missing.body.error).toMatchObject({
        code: 'invalid_request',
        violations: [{ location: ['request', 'body', 'user_id'], code: 'required' }],
      });
      const unknown = await call(sandbox, 'POST', path, {
        body: { user_id: '7d3f1c2e-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('not_found');
    }
    expect(sandbox.snapshot().orders).toEqual({});
    expect(Object.keys(sandbox.snapshot().users)).toHaveLength(0);
  });
});
