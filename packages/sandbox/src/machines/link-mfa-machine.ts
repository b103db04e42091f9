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
        CODE_ACCEPTED: { target: 'connected', description: 'complete_mfa with any code but 000000' },
        CODE_REJECTED: { target: 'awaiting_code', reenter: true, description: 'complete_mfa with 000000' },
        PROVIDER_MFA_REQUIRED: {
          target: 'awaiting_provider_mfa',
          description: 'complete_mfa, first right code (scenario mfa_required)',
        },
      },
    },
    awaiting_provider_mfa: {
      meta: { state: 'pending_provider_mfa' },
      on: {
        CODE_ACCEPTED: { target: 'connected', description: 'complete_mfa with any code but 000000' },
        CODE_REJECTED: {
          target: 'awaiting_provider_mfa',
          reenter: true,
          description: 'complete_mfa with 000000',
        },
      },
    },
    connected: { meta: { state: 'success' }, type: 'final' },
  },
});
