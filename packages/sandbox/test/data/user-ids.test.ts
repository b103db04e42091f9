import { describe, expect, it } from 'vitest';
import { call, strictSandbox } from '../fixtures/sandbox.js';

/** The `user_id` each `client_user_id` gets, resolved in the order given on a new sandbox of `seed`. */
async function idsResolvedInOrder(seed: string, clientUserIds: string[]): Promise<Record<string, string>> {
  const sandbox = strictSandbox({ seed });
  const ids: Record<string, string> = {};
  for (const clientUserId of clientUserIds)
    ids[clientUserId] = (await call(sandbox, 'GET', `/v2/user/resolve/${clientUserId}`)).body.user_id;
  return ids;
}

describe('user ids', () => {
  it('issue 43: two sandboxes resolving the same users in opposite orders give the same ids', async () => {
    const users = ['alice', 'team-user-0042', 'bob', 'carol+mfa_required'];
    const forward = await idsResolvedInOrder('ids', users);
    const backward = await idsResolvedInOrder('ids', [...users].reverse());
    expect(backward).toEqual(forward);
    expect(new Set(Object.values(forward)).size).toBe(users.length);
  });

  it('gives a user the same id whatever users were resolved before it, and another seed another id', async () => {
    const alone = await idsResolvedInOrder('ids', ['alice']);
    const sandbox = strictSandbox({ seed: 'ids' });
    await call(sandbox, 'GET', '/v2/user/resolve/someone-else');
    expect((await call(sandbox, 'GET', '/v2/user/resolve/alice')).body.user_id).toBe(alone.alice);
    expect((await idsResolvedInOrder('other-seed', ['alice'])).alice).not.toBe(alone.alice);
  });
});
