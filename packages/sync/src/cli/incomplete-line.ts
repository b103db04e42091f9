import type { IncompleteCause } from '../sync-types.js';
import { EXIT } from './exit-codes.js';

const AGAIN = 'run the same command again to resume where it stopped';

/** The one line and exit code of a run that ended `incomplete`, by what stayed out of reach. */
export function incompleteLine(cause: IncompleteCause): { line: string; code: number } {
  switch (cause.reason) {
    case 'rate_limited':
      return { line: `rate limited; ${AGAIN}`, code: EXIT.incomplete };
    case 'service_unreachable':
      return {
        line: `the service could not be reached (${cause.message}); ${AGAIN}`,
        code: EXIT.unreachable,
      };
    case 'service_error':
      return { line: `the service kept failing (${cause.message}); ${AGAIN}`, code: EXIT.unreachable };
    case 'service_clock':
      return { line: `${cause.message}; ${AGAIN}`, code: EXIT.unreachable };
    case 'store_unavailable':
      return { line: `the store is unavailable (${cause.message}); ${AGAIN}`, code: EXIT.store };
    case 'queue_unavailable':
      return { line: `${cause.message}; ${AGAIN}`, code: EXIT.store };
  }
}
