import { answerMfa, issueLinkCode, issueLinkToken } from '../world/users/link.js';
import type { OperationHandler } from './operation-context.js';

export const createLinkToken: OperationHandler = (context) => {
  const token = issueLinkToken(context, (context.body ?? {}) as Record<string, unknown>, context.scenario);
  return {
    status: 200,
    body: { link_token: token, link_web_url: `https://link.sandbox.invalid/?token=${token}` },
  };
};

export const createLinkCode: OperationHandler = (context) => {
  const { code, expiresAt } = issueLinkCode(context, context.query.user_id, context.query.expires_at);
  return { status: 200, body: { code, exchange_url: `svcapp://link?code=${code}`, expires_at: expiresAt } };
};

export const completePasswordProviderMfa: OperationHandler = (context) => {
  const provider = context.path.provider as string;
  const { mfa_code: code } = context.body as { mfa_code: string };
  const outcome = answerMfa(context, context.headers.get('x-svc-link-token'), provider, code);
  return {
    status: 200,
    body: {
      state: outcome.state,
      provider,
      connected: outcome.state === 'success',
      provider_id: null,
      redirect_url: null,
      error_type: outcome.errorType,
      error: outcome.error,
      ...(outcome.providerMfa ? { provider_mfa: outcome.providerMfa } : {}),
    },
  };
};
