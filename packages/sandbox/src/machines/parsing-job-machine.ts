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
      on: { PARSED: 'completed', FLAGGED_FOR_REVIEW: 'pending_review', FAILED: 'failed' },
    },
    pending_review: { meta: { status: 'pending_review' }, on: { REVIEWED: 'completed' } },
    completed: { meta: { status: 'completed' }, type: 'final' },
    failed: { meta: { status: 'failed' }, type: 'final' },
  },
});
