import type {
  StepRow,
  StoredLabOrder,
  StoredParsingJob,
  StoredUser,
  SummaryRow,
  SyncStore,
} from './store.js';

/** How many rows one read of a store takes: enough to amortise a query, few enough to stay small. */
const PAGE = 1_000;

/**
 * Every steps row a store holds, in key order, a page at a time: memory holds one page however large
 * the store (for an export, a report, a copy to another database).
 */
export async function* storedSteps(
  store: SyncStore,
  pageSize = PAGE,
  since?: string,
): AsyncGenerator<StepRow> {
  for (let page = await store.readSteps(pageSize, undefined, since); page.length > 0; ) {
    yield* page;
    if (page.length < pageSize) return;
    page = await store.readSteps(pageSize, page.at(-1), since);
  }
}

/** Every summary row a store holds, in key order, a page at a time (see `storedSteps`). */
export async function* storedSummaries(
  store: SyncStore,
  pageSize = PAGE,
  since?: string,
): AsyncGenerator<SummaryRow> {
  for (let page = await store.readSummaries(pageSize, undefined, since); page.length > 0; ) {
    yield* page;
    if (page.length < pageSize) return;
    page = await store.readSummaries(pageSize, page.at(-1), since);
  }
}

/** Every user resolved to a service user id, by client user id, a page at a time (see `storedSteps`). */
export async function* storedUsers(store: SyncStore, pageSize = PAGE): AsyncGenerator<StoredUser> {
  for (let page = await store.readUsers(pageSize); page.length > 0; ) {
    yield* page;
    if (page.length < pageSize) return;
    page = await store.readUsers(pageSize, page.at(-1)?.clientUserId);
  }
}

/** Every lab order the store heard of, by order id, a page at a time (see `storedSteps`). */
export async function* storedLabOrders(store: SyncStore, pageSize = PAGE): AsyncGenerator<StoredLabOrder> {
  for (let page = await store.readLabOrders(pageSize); page.length > 0; ) {
    yield* page;
    if (page.length < pageSize) return;
    page = await store.readLabOrders(pageSize, page.at(-1)?.orderId);
  }
}

/** Every parsing job the store keeps, by job id, a page at a time (see `storedSteps`). */
export async function* storedParsingJobs(
  store: SyncStore,
  pageSize = PAGE,
): AsyncGenerator<StoredParsingJob> {
  for (let page = await store.readParsingJobs(pageSize); page.length > 0; ) {
    yield* page;
    if (page.length < pageSize) return;
    page = await store.readParsingJobs(pageSize, page.at(-1)?.jobId);
  }
}
