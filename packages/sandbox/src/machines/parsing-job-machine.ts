import { setup } from 'xstate';

/** The lifecycle of a lab report parsing job: submitted, then one final outcome chosen by the scenario. */
export const parsingJobMachine = setup({
  types: {
    events: {} as
      | { type: 'PARSED' }
      | { type: 'FLAGGED_FOR_REVIEW' }
      | { type: 'FAILED' }
      | { type: 'REVIEWED' },
  },
}).createMachine({
  id: 'parsingJob',
  initial: 'pending',
  states: {
    pending: {
      meta: { status: 'pending' },
      on: {
        PARSED: { target: 'completed', description: 'clock: 30 seconds after upload' },
        FLAGGED_FOR_REVIEW: {
          target: 'pending_review',
          description: 'clock: 30 seconds after upload (scenario parsing_needs_review)',
        },
        FAILED: { target: 'failed', description: 'clock: 30 seconds after upload (scenario parsing_fails)' },
      },
    },
    pending_review: {
      meta: { status: 'pending_review' },
      on: { REVIEWED: { target: 'completed', description: 'clock: 1 day in review' } },
    },
    completed: { meta: { status: 'completed' }, type: 'final' },
    failed: { meta: { status: 'failed' }, type: 'final' },
  },
});
