import { metaOf, next } from '../../machines/lifecycles.js';
import { addSeconds, nextToken } from '../state/new-world.js';
import { invalid } from '../state/refusal.js';
import type { WorldRuntime } from '../state/runtime.js';
import { type Scenario, scenarioFor } from '../state/scenarios.js';
import { connectProvider, userById, userOfBody } from './users.js';

/** The MFA code that is always wrong in the sandbox; any other code is right. */
export const INCORRECT_MFA_CODE = '000000';

/** A link token for the user a request body names, following the scenario named or the user's. */
export function issueLinkToken(
  runtime: WorldRuntime,
  body: Record<string, unknown>,
  scenario: Scenario | undefined,
): string {
  return runtime.transact(() => {
    const { world } = runtime;
    const user = userOfBody(world, body, 'the link');
    const token = nextToken(world, 'lt_');
    world.linkTokens[token] = {
      user_id: user.user_id,
      provider: typeof body.provider === 'string' ? body.provider : null,
      state: 'awaiting_code',
      scenario: scenarioFor('link token', scenario, user.scenario),
      created_at: world.now,
    };
    return token;
  });
}

/** A link code for a known user, valid until `expiresAt` (default an hour from now, sandbox time). */
export function issueLinkCode(
  runtime: WorldRuntime,
  userId: string | undefined,
  expiresAt: string | undefined,
): { code: string; expiresAt: string } {
  return runtime.transact(() => {
    const { world } = runtime;
    userById(world, userId); // codes are issued for known users only
    const until = expiresAt ?? addSeconds(world.now, 3600);
    if (new Date(until).getTime() <= new Date(world.now).getTime())
      throw invalid('invalid_request', 'expires_at must be in the future (sandbox time)');
    return { code: `skus${nextToken(world, '').slice(0, 8)}`, expiresAt: new Date(until).toISOString() };
  });
}

/** Where a multi-factor answer leaves a link: its wire `state`, and why when it is an error. */
export interface MfaOutcome {
  state: string;
  errorType: string | null;
  error: string | null;
  /** When the provider asks for its own second factor next. */
  providerMfa?: { method: string; hint: string };
}

const refused = (errorType: string, error: string): MfaOutcome => ({ state: 'error', errorType, error });

/**
 * A multi-factor code for a link: a wrong one (INCORRECT_MFA_CODE) is refused and the link waits for
 * another; a right one connects the provider, unless the link's scenario asks for the provider's own
 * second factor first.
 */
export function answerMfa(
  runtime: WorldRuntime,
  token: string | null,
  provider: string,
  code: string,
): MfaOutcome {
  return runtime.transact(() => {
    const link = token ? runtime.world.linkTokens[token] : undefined;
    if (!link) return refused('invalid_token', 'The link token is missing or unknown.');
    if (link.state === 'connected') return refused('token_consumed', 'The link token was already used.');
    if (code === INCORRECT_MFA_CODE) {
      link.state = next('linkMfa', link.state, 'CODE_REJECTED');
      return refused('incorrect_mfa_code', 'The multi-factor code does not match.');
    }
    const event =
      link.scenario === 'mfa_required' && link.state === 'awaiting_code'
        ? 'PROVIDER_MFA_REQUIRED'
        : 'CODE_ACCEPTED';
    link.state = next('linkMfa', link.state, event);
    if (event === 'PROVIDER_MFA_REQUIRED')
      return {
        state: metaOf('linkMfa', link.state).state as string,
        errorType: null,
        error: null,
        providerMfa: { method: 'sms', hint: 'Enter the code the provider sent to •••• 1234.' },
      };
    connectProvider(runtime, userById(runtime.world, link.user_id), provider);
    return { state: 'success', errorType: null, error: null };
  });
}
