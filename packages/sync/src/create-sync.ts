import { setMaxListeners } from 'node:events';
import type { WebhookEvent } from '@svc/events';
import { providerSlug } from '@svc/events';
import { SyncInputError } from './errors.js';
import { AimdLimiter, DEFAULT_LIMITS, type Limits } from './internal/aimd.js';
import { dayOf, parseDay, planWindows } from './internal/plan-windows.js';
import { RatePacer } from './internal/rate-pacer.js';
import type { SyncClient } from './internal/read-window.js';
import { beforeRequest, runWindow, type WindowRunContext, withAttempts } from './internal/run-window.js';
import { Slots } from './internal/slots.js';
import { ProgressFeed, type SyncProgress } from './progress.js';
import { isResource, RESOURCES, type ResourceName } from './resources.js';
import type { StoredUser, SyncStore, SyncWindow } from './store.js';

export type { Limits } from './internal/aimd.js';
export type { SyncClient } from './internal/read-window.js';

export interface SyncOptions {
  /** A client from `@svc/client`; the sync retries itself, so the client's own retries are turned off per call. */
  client: SyncClient;
  store: SyncStore;
  /** What to keep (default: every resource). */
  resources?: readonly ResourceName[];
  limits?: Limits;
  /** The clock a run's fixed end time is read from (default: the system clock). */
  now?: () => Date;
  /** Days a `historical.data.*` event re-reads, up to today (default 90). */
  historyDays?: number;
  /**
   * Hands each owed window to a queue instead of reading it in this process (`createSyncQueue(…).dispatch`
   * from `@svc/sync/bullmq`); runs then end `queued` once every window is handed over.
   */
  dispatch?: (window: SyncWindow) => Promise<void>;
}

export interface BackfillInput {
  /** Your users' client user ids (the ids you resolve users by); any iterable, read lazily. */
  users: Iterable<string> | AsyncIterable<string>;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (inclusive); cut at the run's start time. */
  to: string;
  signal?: AbortSignal;
}

/**
 * How a run ended: `done` (everything owed is stored), `done_with_failures` (the rest is stored; some
 * windows or users failed for good, see the store's status), `incomplete` (the service kept rate
 * limiting; run again to resume where it stopped: nothing done is redone), `queued` (every window was
 * handed to `dispatch`: workers read them).
 */
export type RunStatus = 'done' | 'done_with_failures' | 'incomplete' | 'queued';

export interface RunResult {
  status: RunStatus;
  /** The run's fixed end time (ISO): data after it is left to the next run or to webhooks. */
  asOf: string;
  progress: SyncProgress;
}

/** A run under way: iterate it for progress, await `result` for the outcome. */
export interface SyncRun extends AsyncIterable<SyncProgress> {
  readonly result: Promise<RunResult>;
}

export interface Sync {
  /** Reads every window of `users` × resources × providers over the range that is not already stored. */
  backfill(input: BackfillInput): SyncRun;
  /** Works through windows a stopped run or an event left pending. */
  resumePending(options?: { signal?: AbortSignal }): SyncRun;
  /**
   * Applies a verified webhook event: `daily.data.<resource>.*` re-reads that day, `historical.data.<resource>.*`
   * re-reads the resource's history. The work is recorded in the store before this resolves (answer the
   * webhook then), and runs in the background; `idle()` waits for it. Other events are ignored.
   */
  handleEvent(event: WebhookEvent): Promise<{ queued: number }>;
  /** Resolves when every event's work has run; rejects with the first fatal error of that work. */
  idle(): Promise<void>;
}

/** Users planned at once: enough that the per-user cap never holds every slot, few enough that memory stays flat. */
const userBatchOf = (limits: Required<Limits>) =>
  Math.max(8, Math.ceil((2 * limits.maxConcurrency) / limits.perUser));

export function createSync(options: SyncOptions): Sync {
  const resources = [...(options.resources ?? RESOURCES)];
  for (const resource of resources)
    if (!isResource(resource))
      throw new SyncInputError(`unknown resource "${resource}": use one of ${RESOURCES.join(', ')}`);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isFinite(value) || value < (name.endsWith('Ms') ? 0 : 1))
      throw new SyncInputError(`limits.${name} must be a number of at least ${name.endsWith('Ms') ? 0 : 1}`);
  const now = options.now ?? (() => new Date());
  const historyDays = options.historyDays ?? 90;
  const { client, store } = options;
  const limiter = new AimdLimiter(1, limits.maxConcurrency, limits.initialConcurrency);
  const slots = new Slots(limiter, limits.perUser);
  const pacer = new RatePacer();
  const background = new Set<Promise<void>>();
  let backgroundError: unknown;

  function contextFor(feed: ProgressFeed, signal: AbortSignal): WindowRunContext {
    return {
      client,
      store,
      limiter,
      pacer,
      limits,
      signal,
      onRequest: () => feed.update((s) => s.requests++),
      onRateLimited: () => feed.update((s) => s.rateLimited++),
      onCommitted: (points) =>
        feed.update((s) => {
          s.points += points;
        }),
    };
  }

  /** Runs windows as slots free up; returns how many were deferred. Throws the first fatal error. */
  async function runAll(windows: AsyncIterable<SyncWindow>, feed: ProgressFeed, outer?: AbortSignal) {
    const controller = new AbortController();
    // Every window in flight listens to the run's signal (its waits and its requests): bounded by the limits.
    setMaxListeners(4 * limits.maxConcurrency + 16, controller.signal);
    const stop = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', stop, { once: true });
    const context = contextFor(feed, controller.signal);
    const tasks = new Set<Promise<void>>();
    let fatal: { error: unknown } | undefined;
    try {
      for await (const window of windows) {
        if (fatal) break;
        if (options.dispatch) {
          await options.dispatch(window);
          feed.update((s) => {
            s.windows.queued++;
          });
          continue;
        }
        const release = await slots.acquire(window.userId, controller.signal);
        feed.update((s) => {
          s.concurrency = limiter.limit;
        });
        const task = runWindow(context, window)
          .then((outcome) =>
            feed.update((s) => {
              s.windows[outcome]++;
            }),
          )
          .catch((error: unknown) => {
            fatal ??= { error };
            controller.abort(error);
          })
          .finally(() => {
            release();
            slots.poke();
            tasks.delete(task);
          });
        tasks.add(task);
      }
    } catch (error) {
      fatal ??= { error };
      controller.abort(error);
    } finally {
      await Promise.all(tasks);
      outer?.removeEventListener('abort', stop);
    }
    if (fatal) throw fatal.error;
  }

  function startRun(
    asOf: string,
    windows: (feed: ProgressFeed, context: WindowRunContext) => AsyncIterable<SyncWindow>,
    signal?: AbortSignal,
  ): SyncRun {
    const feed = new ProgressFeed();
    // Planning resolves a batch of users at once, each listening to this signal while it waits.
    const planning = new AbortController();
    setMaxListeners(4 * userBatchOf(limits) + 16, planning.signal);
    const stopPlanning = () => planning.abort(signal?.reason);
    if (signal?.aborted) stopPlanning();
    signal?.addEventListener('abort', stopPlanning, { once: true });
    const result = (async (): Promise<RunResult> => {
      try {
        await runAll(windows(feed, contextFor(feed, planning.signal)), feed, signal);
      } finally {
        signal?.removeEventListener('abort', stopPlanning);
        feed.finish();
      }
      const progress = feed.snapshot();
      const status: RunStatus = options.dispatch
        ? 'queued'
        : progress.windows.deferred > 0 || progress.users.deferred > 0
          ? 'incomplete'
          : progress.windows.failed > 0 || progress.users.failed > 0
            ? 'done_with_failures'
            : 'done';
      return { status, asOf, progress };
    })();
    // The outcome is read through `result`; a run nobody awaits must not crash the process.
    result.catch(() => {});
    return { result, [Symbol.asyncIterator]: () => feed[Symbol.asyncIterator]() };
  }

  /** The user record, resolved through the service (with the sync's retries); stored either way. */
  async function resolve(clientUserId: string, context: WindowRunContext): Promise<StoredUser> {
    const outcome = await withAttempts(context, async () => {
      await beforeRequest(context);
      const answer = await client.resolveUser(
        { client_user_id: clientUserId },
        { maxRetries: 0, signal: context.signal },
      );
      context.pacer.succeeded();
      return answer;
    });
    let user: StoredUser;
    if ('value' in outcome) {
      const providers = [
        ...new Set(
          (outcome.value.connected_sources ?? []).map((c) => c.source?.slug).filter((s): s is string => !!s),
        ),
      ];
      user = { clientUserId, userId: outcome.value.user_id, providers, error: null };
    } else if ('failure' in outcome) {
      const failure = outcome.failure;
      user = {
        clientUserId,
        userId: null,
        providers: [],
        error: failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure),
      };
    } else {
      // Rate limited past every attempt: what this run knows of the user is kept for the next one.
      return (
        (await store.findUser(clientUserId)) ?? { clientUserId, userId: null, providers: [], error: null }
      );
    }
    await store.saveUser(user);
    return user;
  }

  return {
    backfill(input) {
      const from = parseDay(input.from);
      const to = parseDay(input.to);
      if (!from)
        throw new SyncInputError(`from must be a date YYYY-MM-DD (got ${JSON.stringify(input.from)})`);
      if (!to) throw new SyncInputError(`to must be a date YYYY-MM-DD (got ${JSON.stringify(input.to)})`);
      if (to < from) throw new SyncInputError(`to (${to}) is before from (${from})`);
      const asOf = now().toISOString();
      return startRun(
        asOf,
        async function* (feed, context) {
          const userBatch = userBatchOf(limits);
          const batch: string[] = [];
          async function* planBatch(): AsyncGenerator<SyncWindow> {
            const users = await Promise.all(batch.splice(0).map((id) => resolve(id, context)));
            const perUser: SyncWindow[][] = [];
            for (const user of users) {
              if (!user.userId) {
                feed.update((s) => (user.error ? s.users.failed++ : s.users.deferred++));
                continue;
              }
              const windows: SyncWindow[] = [];
              for (const resource of resources)
                for (const provider of user.providers)
                  windows.push(
                    ...planWindows(user.userId, resource, provider, from as string, to as string, asOf),
                  );
              const owed = await store.planWindows(windows);
              feed.update((s) => {
                s.users.planned++;
                s.windows.planned += owed.length;
              });
              perUser.push(owed);
            }
            // Round robin across the batch's users, so the per-user cap rarely holds the line.
            for (let index = 0; perUser.some((w) => index < w.length); index++)
              for (const windows of perUser) if (index < windows.length) yield windows[index] as SyncWindow;
          }
          for await (const user of input.users) {
            batch.push(user);
            if (batch.length >= userBatch) yield* planBatch();
          }
          if (batch.length > 0) yield* planBatch();
        },
        input.signal,
      );
    },

    resumePending(runOptions = {}) {
      return startRun(
        now().toISOString(),
        async function* (feed) {
          let after: SyncWindow | undefined;
          for (;;) {
            const page = await store.pendingWindows(100, after);
            if (page.length === 0) return;
            feed.update((s) => {
              s.windows.planned += page.length;
            });
            yield* page;
            after = page.at(-1);
          }
        },
        runOptions.signal,
      );
    },

    async handleEvent(event) {
      if (event.family !== 'data' || !event.resource || !event.phase) return { queued: 0 };
      const resource = event.resource as string;
      if (!isResource(resource) || !resources.includes(resource)) return { queued: 0 };
      const payload = event.payload as { user_id?: unknown; client_user_id?: unknown; data?: unknown };
      const data = (payload.data ?? {}) as Record<string, unknown>;
      const userId = typeof payload.user_id === 'string' ? payload.user_id : data.user_id;
      if (typeof userId !== 'string') return { queued: 0 };
      let providers: string[];
      const slug = providerSlug(event);
      if (slug) providers = [slug];
      else {
        const clientUserId = typeof payload.client_user_id === 'string' ? payload.client_user_id : undefined;
        providers = (clientUserId && (await store.findUser(clientUserId))?.providers) || [];
      }
      const asOf = now().toISOString();
      const today = dayOf(Date.parse(asOf));
      let from: string;
      let to: string;
      if (event.phase === 'daily') {
        // The day the data is for; the event's own time when it names none.
        const day =
          parseDay(data.calendar_date) ??
          parseDay(data.date) ??
          dayOf(
            Date.parse(String((payload as { created_at?: unknown }).created_at ?? asOf)) || Date.parse(asOf),
          );
        from = parseDay(data.start_date) ?? day;
        to = parseDay(data.end_date) ?? day;
      } else {
        from = parseDay(data.start_date) ?? dayOf(Date.parse(asOf) - historyDays * 86_400_000);
        to = parseDay(data.end_date) ?? today;
      }
      const windows: SyncWindow[] = [];
      for (const provider of providers)
        windows.push(...planWindows(userId, resource, provider, from, to, asOf));
      // New data is announced: re-read even windows already stored.
      const owed = await store.planWindows(windows, { force: true });
      if (owed.length > 0) {
        const run = startRun(asOf, async function* (feed) {
          feed.update((s) => {
            s.windows.planned += owed.length;
          });
          yield* owed;
        });
        const done: Promise<void> = run.result.then(
          () => {},
          (error: unknown) => {
            backgroundError ??= error;
          },
        );
        background.add(done);
        void done.finally(() => background.delete(done));
      }
      return { queued: owed.length };
    },

    async idle() {
      while (background.size > 0) await Promise.all(background);
      if (backgroundError) {
        const error = backgroundError;
        backgroundError = undefined;
        throw error;
      }
    },
  };
}
