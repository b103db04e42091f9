import { HttpError } from '../internal/http-error.js';
import { metaOf, next } from '../machines/lifecycles.js';
import { scenarioFor } from '../world/scenarios.js';
import { connectProvider, userById, userOfBody } from '../world/users.js';
import { addSeconds, nextToken } from '../world/world.js';
import type { OperationHandler } from './operation-context.js';

/** The MFA code that is always wrong in the sandbox; any other code is right. */
export const INCORRECT_MFA_CODE = '000000';

export const createLinkToken: OperationHandler = (context) => {
  const body = (context.body ?? {}) as Record<string, unknown>;
  const user = userOfBody(context.world, body, 'the link');
  const token = nextToken(context.world, 'lt_');
  context.world.linkTokens[token] = {
    user_id: user.user_id,
    provider: typeof body.provider === 'string' ? body.provider : null,
    state: 'awaiting_code',
    scenario: scenarioFor('link token', context.scenario, user.scenario),
    created_at: context.world.now,
  };
  return {
    status: 200,
    body: { link_token: token, link_web_url: `https://link.sandbox.invalid/?token=${token}` },
  };
};

export const createLinkCode: OperationHandler = (context) => {
  userById(context.world, context.query.user_id); // codes are issued for known users only
  const expiresAt = context.query.expires_at ?? addSeconds(context.world.now, 3600);
  if (new Date(expiresAt).getTime() <= new Date(context.world.now).getTime())
    throw new HttpError(422, 'invalid_request', 'expires_at must be in the future (sandbox time)');
  const code = `skus${nextToken(context.world, '').slice(0, 8)}`;
  return {
    status: 200,
    body: { code, exchange_url: `svcapp://link?code=${code}`, expires_at: new Date(expiresAt).toISOString() },
  };
};

export const completePasswordProviderMfa: OperationHandler = (context) => {
  const provider = context.path.provider as string;
  const result = (state: string, errorType: string | null, error: string | null, extra = {}) => ({
    status: 200,
    body: {
      state,
      provider,
      connected: state === 'success',
      provider_id: null,
      redirect_url: null,
      error_type: errorType,
      error,
      ...extra,
    },
  });
  const token = context.headers.get('x-svc-link-token');
  const link = token ? context.world.linkTokens[token] : undefined;
  if (!link) return result('error', 'invalid_token', 'The link token is missing or unknown.');
  if (link.state === 'connected')
    return result('error', 'token_consumed', 'The link token was already used.');
  const code = (context.body as { mfa_code: string }).mfa_code;
  if (code === INCORRECT_MFA_CODE) {
    link.state = next('linkMfa', link.state, 'CODE_REJECTED');
    return result('error', 'incorrect_mfa_code', 'The multi-factor code does not match.');
  }
  const event =
    link.scenario === 'mfa_required' && link.state === 'awaiting_code'
      ? 'PROVIDER_MFA_REQUIRED'
      : 'CODE_ACCEPTED';
  link.state = next('linkMfa', link.state, event);
  if (event === 'PROVIDER_MFA_REQUIRED')
    return result(metaOf('linkMfa', link.state).state as string, null, null, {
      provider_mfa: { method: 'sms', hint: 'Enter the code the provider sent to •••• 1234.' },
    });
  connectProvider(context, userById(context.world, link.user_id), provider);
  return result('success', null, null);
};
