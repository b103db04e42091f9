import { setup } from 'xstate';

/**
 * The multi-factor step of linking a password provider: a code is awaited; a wrong one keeps it
 * waiting, a right one connects (or, when the provider asks for a second factor, waits for that).
 */
export const linkMfaMachine = setup({
  types: {
    events: {} as { type: 'CODE_ACCEPTED' } | { type: 'CODE_REJECTED' } | { type: 'PROVIDER_MFA_REQUIRED' },
  },
}).createMachine({
  id: 'linkMfa',
  initial: 'awaiting_code',
  states: {
    awaiting_code: {
      meta: { state: 'pending_provider_mfa' },
      on: {
        CODE_ACCEPTED: 'connected',
        CODE_REJECTED: { target: 'awaiting_code', reenter: true },
        PROVIDER_MFA_REQUIRED: 'awaiting_provider_mfa',
      },
    },
    awaiting_provider_mfa: {
      meta: { state: 'pending_provider_mfa' },
      on: { CODE_ACCEPTED: 'connected', CODE_REJECTED: { target: 'awaiting_provider_mfa', reenter: true } },
    },
    connected: { meta: { state: 'success' }, type: 'final' },
  },
});
