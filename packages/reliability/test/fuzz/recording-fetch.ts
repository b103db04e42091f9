import type { FetchLike } from '@svc/client';

export interface RecordingFetch {
  fetch: FetchLike;
  /** Requests that reached fetch since the last reset. */
  sent: Request[];
  reset(): void;
}

/** An injected fetch that counts what reaches it and answers with `answer` (a JSON `{}` by default). */
export function recordingFetch(
  answer: (request: Request) => Response = () => Response.json({}),
): RecordingFetch {
  const sent: Request[] = [];
  return {
    sent,
    fetch: async (request) => {
      sent.push(request);
      return answer(request);
    },
    reset: () => {
      sent.length = 0;
    },
  };
}

export const API_KEY = 'sk-fuzz-0123456789abcdef';
export const BASE_URL = 'http://127.0.0.1:9';
