// The engine bench's client: `recording` reads through a real client and keeps each answer as JSON text,
// keyed by the call and its params; `replaying` answers the same calls from that text, parsed afresh each
// time (the engine completes the points it is given, so no two reads may share them). A call never
// recorded fails: the replay answers only what the service answered.
import { RESOURCES } from '../src/resources.js';
import type { SyncClient } from '../src/sync-client.js';
import { summaryCall } from './client-loader.js';

type Params = Record<string, unknown>;
type Answer = { data: unknown; response: Response };
/** The calls the engine makes with `.withResponse()`: one answer each. */
const ONE_ANSWER = ['resolveUser', ...RESOURCES.filter((resource) => resource !== 'steps').map(summaryCall)];

/** An answer's response without its body: the engine reads the service's time from `date` only. */
const headersOnly = (response: Response) => {
  const date = response.headers.get('date');
  return { headers: { get: (name: string) => (name.toLowerCase() === 'date' ? date : null) } };
};

export function replayingClient(live: SyncClient): { recording: SyncClient; replaying: SyncClient } {
  const texts = new Map<string, string[]>();
  const dates = new Map<string, ReturnType<typeof headersOnly>>();
  const keyOf = (call: string, params: Params) => `${call} ${JSON.stringify(params)}`;
  const recorded = (key: string) => {
    const found = texts.get(key);
    if (!found) throw new Error(`the replay has no answer for ${key}`);
    return found;
  };
  const call = (name: string) => {
    // biome-ignore lint/suspicious/noExplicitAny: the live client's calls, each read by name
    const method = (live as unknown as Record<string, ((p: Params, o?: object) => any) | undefined>)[name];
    if (!method) throw new Error(`the client has no ${name}`);
    return method.bind(live);
  };

  const recording: Record<string, unknown> = {
    getStepsGrouped: (params: Params, options?: object) => ({
      async *pages() {
        const pages: string[] = [];
        texts.set(keyOf('getStepsGrouped', params), pages);
        for await (const page of call('getStepsGrouped')(params, options).pages()) {
          pages.push(JSON.stringify(page));
          yield page;
        }
      },
    }),
  };
  const replaying: Record<string, unknown> = {
    getStepsGrouped: (params: Params) => ({
      async *pages() {
        for (const text of recorded(keyOf('getStepsGrouped', params))) yield JSON.parse(text);
      },
    }),
  };
  for (const name of ONE_ANSWER) {
    recording[name] = (params: Params, options?: object) => ({
      async withResponse(): Promise<Answer> {
        const answer = (await call(name)(params, options).withResponse()) as Answer;
        texts.set(keyOf(name, params), [JSON.stringify(answer.data)]);
        dates.set(keyOf(name, params), headersOnly(answer.response));
        return answer;
      },
    });
    replaying[name] = (params: Params) => ({
      withResponse: async () => ({
        data: JSON.parse(recorded(keyOf(name, params))[0] as string),
        response: dates.get(keyOf(name, params)) as unknown as Response,
      }),
    });
  }
  return { recording: recording as unknown as SyncClient, replaying: replaying as unknown as SyncClient };
}
