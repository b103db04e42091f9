import { setup } from 'xstate';
import { final, to } from './machine-config.js';
import { jobWire } from './wire-values.js';

const UPLOADED = 'clock: 30 seconds after upload';

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
      meta: jobWire('pending'),
      on: {
        PARSED: to('completed', UPLOADED),
        FLAGGED_FOR_REVIEW: to('pending_review', `${UPLOADED} (scenario parsing_needs_review)`),
        FAILED: to('failed', `${UPLOADED} (scenario parsing_fails)`),
      },
    },
    pending_review: {
      meta: jobWire('pending_review'),
      on: { REVIEWED: to('completed', 'clock: 1 day in review') },
    },
    completed: final(jobWire('completed')),
    failed: final(jobWire('failed')),
  },
});
