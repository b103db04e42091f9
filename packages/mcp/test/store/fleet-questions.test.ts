// Issue 47: an agent asks the fleet through svc-mcp --store, with the official MCP client: each question
// answered in at most 3 calls of at most 8 KB, equal to a direct query of the store; structured content
// that validates against the tool's output schema; an oversized answer continued, never cut; no SQL.

import { openStoreReadOnly, type SyncStore } from '@svc/sync';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect, texts } from '../fixtures/in-memory.js';
import { fleetUser, LAST_WEEK, syncedStore, YESTERDAY } from './synced-store.js';

const USERS = 200;
const BUDGET = 8 * 1024;
const SIX_HOURS = 6 * 3600;

let filled: Awaited<ReturnType<typeof syncedStore>>;
let store: SyncStore;
let db: Database.Database;
let connected: Connected;
beforeAll(async () => {
  filled = await syncedStore(USERS, 3);
  store = await openStoreReadOnly(filled.address);
  db = new Database(filled.path, { readonly: true });
  connected = await connect({ store, maxResultBytes: BUDGET });
}, 240_000);
afterAll(async () => {
  await connected?.close();
  await store?.close();
  db?.close();
  filled?.remove();
});

type Structured = Record<string, unknown> & {
  next: { tool: string; arguments: Record<string, unknown> } | null;
};

/** Calls a tool, checks its size and its structured content against its output schema, and returns it. */
async function ask(name: string, args: Record<string, unknown>) {
  const result = await connected.mcp.callTool({ name, arguments: args });
  if (result.isError) throw new Error(texts(result).join('\n'));
  expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(BUDGET);
  const { tools } = await connected.mcp.listTools();
  const schema = tools.find((tool) => tool.name === name)?.outputSchema;
  const validate = new Ajv2020({ strict: false }).compile(schema ?? false);
  expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  return { structured: result.structuredContent as Structured, text: texts(result)[0] ?? '' };
}

/** Every page of an answer, following `next`: the calls it took and the pages. */
async function walk(name: string, args: Record<string, unknown>) {
  const pages: Structured[] = [];
  let call: { tool: string; arguments: Record<string, unknown> } | null = { tool: name, arguments: args };
  while (call && pages.length < 50) {
    const { structured } = await ask(call.tool, call.arguments);
    pages.push(structured);
    call = structured.next;
  }
  return pages;
}

/** Per user, the average sleep duration of last week, as one SQL query of the store gives it. */
const averageSleep = (where: string) =>
  db
    .prepare(
      `SELECT u.client_user_id AS id, AVG(json_extract(s.data, '$.duration')) AS avg
       FROM svc_summaries s JOIN svc_users u ON u.user_id = s.user_id
       WHERE s.resource = 'sleep' AND s.calendar_date BETWEEN ? AND ?
       GROUP BY s.user_id HAVING ${where} ORDER BY avg, id`,
    )
    .all(LAST_WEEK.from, LAST_WEEK.to) as { id: string; avg: number }[];

describe('svc-mcp --store answers fleet questions', () => {
  it('"which of my users slept under 6 h on average last week": one call, equal to the store', async () => {
    const question = { resource: 'sleep', field: 'duration', ...LAST_WEEK, stat: 'avg', below: SIX_HOURS };
    const pages = await walk('store_user_aggregates', question);
    expect(pages.length).toBeLessThanOrEqual(3);
    const users = pages.flatMap((page) => page.users as { client_user_id: string; avg: number }[]);
    const truth = averageSleep(`avg < ${SIX_HOURS}`);
    expect(users.map((user) => user.client_user_id)).toEqual(truth.map((row) => row.id));
    expect(pages[0]?.total).toBe(truth.length);
    // The same question for every user (none slept under 6 h in this sandbox): the averages agree.
    const all = (await walk('store_user_aggregates', { ...question, below: undefined, limit: 100 })).flatMap(
      (page) => page.users as { client_user_id: string; avg: number }[],
    );
    const everyone = averageSleep('1');
    expect(all.map((user) => [user.client_user_id, Math.round(user.avg * 1000)])).toEqual(
      everyone.map((row) => [row.id, Math.round(row.avg * 1000)]),
    );
    expect(all).toHaveLength(USERS);
  });

  it('continues an answer larger than the result budget instead of cutting it, ranked and complete', async () => {
    const question = { resource: 'sleep', field: 'duration', ...LAST_WEEK, below: 7 * 3600, limit: 100 };
    const pages = await walk('store_user_aggregates', question);
    const truth = averageSleep(`avg < ${7 * 3600}`);
    expect(truth.length).toBeGreaterThan(40);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((page) => page.total === truth.length)).toBe(true);
    expect(
      pages.flatMap((page) =>
        (page.users as { client_user_id: string }[]).map((user) => user.client_user_id),
      ),
    ).toEqual(truth.map((row) => row.id));
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('"one user’s data yesterday": one call, equal to the store', async () => {
    const id = fleetUser(1);
    const [page, ...more] = await walk('store_user_timeline', {
      client_user_id: id,
      from: YESTERDAY,
      to: YESTERDAY,
    });
    expect(more).toEqual([]);
    const userId = (
      db.prepare('SELECT user_id FROM svc_users WHERE client_user_id = ?').get(id) as { user_id: string }
    ).user_id;
    const summaries = db
      .prepare(
        `SELECT resource, provider, calendar_date, data FROM svc_summaries WHERE user_id = ? AND calendar_date = ?
         ORDER BY resource, provider`,
      )
      .all(userId, YESTERDAY) as {
      resource: string;
      provider: string;
      calendar_date: string;
      data: string;
    }[];
    expect(page?.summaries).toEqual(summaries.map((row) => ({ ...row, data: JSON.parse(row.data) })));
    const steps = db
      .prepare(
        // A row per provider and UTC day, its points (as sent) in one JSON array.
        `SELECT s.provider, s.day AS day, SUM(json_extract(p.value, '$.value')) AS total,
         json_extract(p.value, '$.unit') AS unit, COUNT(*) AS points FROM svc_steps s, json_each(s.points) p
         WHERE s.user_id = ? AND s.day >= ? AND s.day < ? GROUP BY s.provider, s.day, unit ORDER BY s.provider`,
      )
      .all(userId, YESTERDAY, '2026-01-05');
    expect(steps.length).toBeGreaterThan(0);
    expect(page?.steps).toEqual(steps);
  });

  it('tells freshness and failures as svc-sync status reads them', async () => {
    const { structured, text } = await ask('store_freshness', { complete_to: YESTERDAY });
    const fleet = structured.fleet as {
      users: { total: number; complete: number };
      resources: Record<string, unknown>;
    };
    expect(fleet.users.total).toBe(USERS);
    expect(Object.keys(fleet.resources)).toEqual(expect.arrayContaining(['sleep', 'steps']));
    expect(text).toMatch(/of 200 users complete/);
  });

  it('takes typed parameters only: no tool has a free-text parameter, and SQL in a field is refused', async () => {
    expect(connected.mcp.getInstructions()).toMatch(/use the store_ tools/);
    const { tools } = await connected.mcp.listTools();
    const storeTools = tools.filter((tool) => tool.name.startsWith('store_'));
    expect(storeTools.map((tool) => tool.name)).toEqual([
      'store_user_aggregates',
      'store_user_timeline',
      'store_freshness',
      'store_lab_orders',
    ]);
    for (const tool of storeTools) {
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.annotations?.readOnlyHint).toBe(true);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        const { type, enum: values, pattern, maxLength } = property as Record<string, unknown>;
        if (type === 'string') expect(values ?? pattern ?? maxLength, `${tool.name}.${name}`).toBeDefined();
        expect(name).not.toMatch(/sql|query|where|expression/i);
      }
    }
    connected.audit.length = 0;
    const injected = await connected.mcp.callTool({
      name: 'store_user_aggregates',
      arguments: { resource: 'sleep', field: "duration') FROM svc_users; --", ...LAST_WEEK },
    });
    expect(injected.isError).toBe(true);
    expect(connected.audit).toMatchObject([
      { tool: 'store_user_aggregates', outcome: 'refused', reason: 'invalid-arguments' },
    ]);
    expect((db.prepare('SELECT COUNT(*) AS n FROM svc_users').get() as { n: number }).n).toBe(USERS);
  });
});

describe('a store tool on a server without --store', () => {
  it('is refused as a tool error with a refused audit line', async () => {
    const plain = await connect();
    try {
      const result = await plain.mcp.callTool({ name: 'store_user_aggregates', arguments: {} });
      expect(result.isError).toBe(true);
      expect(texts(result)[0]).toMatch(/--store <address>/);
      expect(plain.audit).toMatchObject([
        { tool: 'store_user_aggregates', outcome: 'refused', reason: 'store-not-configured' },
      ]);
    } finally {
      await plain.close();
    }
  });
});
