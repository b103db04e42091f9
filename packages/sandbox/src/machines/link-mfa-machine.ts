import { setup } from 'xstate';
import { again, final, to } from './machine-config.js';
import { linkWire } from './wire-values.js';

const RIGHT_CODE = to('connected', 'complete_mfa with any code but 000000');
const WRONG_CODE = 'complete_mfa with 000000';

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
      meta: linkWire('pending_provider_mfa'),
      on: {
        CODE_ACCEPTED: RIGHT_CODE,
        CODE_REJECTED: again('awaiting_code', WRONG_CODE),
        PROVIDER_MFA_REQUIRED: to(
          'awaiting_provider_mfa',
          'complete_mfa, first right code (scenario mfa_required)',
        ),
      },
    },
    awaiting_provider_mfa: {
      meta: linkWire('pending_provider_mfa'),
      on: { CODE_ACCEPTED: RIGHT_CODE, CODE_REJECTED: again('awaiting_provider_mfa', WRONG_CODE) },
    },
    connected: final(linkWire('success')),
  },
});
