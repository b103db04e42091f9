// The input and output schemas of the store tools: typed parameters only (never query text), and the
// shape of `structuredContent`, which the text rendering beside it restates.
import { SUMMARY_RESOURCES } from '@svc/sync';
import type { JsonSchema } from '../spec/json-schema.js';
import { ORDER_STAGES, ORDER_STATES } from './lab-orders-answer.js';

export const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const MAX_PAGE = 100;
/** The most days one timeline reads, `from` and `to` included: the schema's words and the check both read it. */
export const MAX_TIMELINE_DAYS = 31;
export const STATS = ['avg', 'min', 'max', 'sum', 'count'] as const;
export type Stat = (typeof STATS)[number];

const cursor = {
  type: 'string',
  pattern: '^\\d{1,9}$',
  description:
    'Where to go on from: the cursor a previous answer gave in `next`. Leave out for the first page.',
};
const limit = (fallback: number) => ({
  type: 'integer',
  minimum: 1,
  maximum: MAX_PAGE,
  description: `Most items on this page (default ${fallback}); fewer when they would pass the result budget.`,
});
/** The call that returns the next page: the same arguments with the next cursor. */
const next = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: { tool: { type: 'string' }, arguments: { type: 'object' } },
      required: ['tool', 'arguments'],
    },
  ],
  description: 'Null on the last page; else call `tool` with `arguments` for the next page.',
};
const number = { type: 'number' };

export const AGGREGATES_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    resource: { type: 'string', enum: SUMMARY_RESOURCES, description: 'The daily summary to read.' },
    field: {
      type: 'string',
      pattern: '^[A-Za-z_]\\w*(\\.[A-Za-z_]\\w*)*$',
      maxLength: 200,
      description:
        'The number to aggregate: a field of the record as the service sends it, dotted when nested. Sleep: `duration` (seconds asleep; 6 h = 21600), `efficiency` (0 to 1); workouts: `distance` (m), `calories`; body: `weight` (kg), `fat` (%); meal: `energy.value` (kcal).',
    },
    from: { ...DAY, description: 'First calendar day (the user’s own day of each record), YYYY-MM-DD.' },
    to: { ...DAY, description: 'Last calendar day, inclusive, YYYY-MM-DD.' },
    provider: { type: 'string', maxLength: 100, description: 'Only this provider’s records (default: all).' },
    stat: {
      type: 'string',
      enum: STATS,
      description: 'What `below`, `above` and the ranking use (default avg).',
    },
    below: { type: 'number', description: 'Only users whose `stat` is less than this.' },
    above: { type: 'number', description: 'Only users whose `stat` is more than this.' },
    order: { type: 'string', enum: ['asc', 'desc'], description: 'Ranking by `stat` (default asc).' },
    limit: limit(20),
    cursor,
  },
  required: ['resource', 'field', 'from', 'to'],
  additionalProperties: false,
};

export const AGGREGATES_OUTPUT: JsonSchema = {
  type: 'object',
  properties: {
    total: { type: 'integer', description: 'Users that match, on every page.' },
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          client_user_id: { type: ['string', 'null'] },
          user_id: { type: 'string' },
          count: { type: 'integer', description: 'Records counted.' },
          days: { type: 'integer', description: 'Days those records fall on.' },
          avg: number,
          min: number,
          max: number,
          sum: number,
        },
        required: ['client_user_id', 'user_id', 'count', 'days', 'avg', 'min', 'max', 'sum'],
        additionalProperties: false,
      },
    },
    next,
  },
  required: ['total', 'users', 'next'],
  additionalProperties: false,
};

export const TIMELINE_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    client_user_id: { type: 'string', minLength: 1, maxLength: 256, description: 'Your id of the user.' },
    from: {
      ...DAY,
      description: 'First day, YYYY-MM-DD: of summaries by calendar date, of steps by UTC day.',
    },
    to: {
      ...DAY,
      description: `Last day, inclusive, YYYY-MM-DD: at most ${MAX_TIMELINE_DAYS - 1} days after from (${MAX_TIMELINE_DAYS} days in all).`,
    },
    limit: limit(50),
    cursor,
  },
  required: ['client_user_id', 'from', 'to'],
  additionalProperties: false,
};

export const TIMELINE_OUTPUT: JsonSchema = {
  type: 'object',
  properties: {
    client_user_id: { type: 'string' },
    user_id: { type: ['string', 'null'] },
    summaries_total: { type: 'integer', description: 'Summary records in the range, on every page.' },
    summaries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          resource: { type: 'string' },
          provider: { type: 'string' },
          calendar_date: {
            type: 'string',
            description: 'The provider’s day of the record (usually the user’s local day).',
          },
          data: { type: 'object', description: 'The record as the service sent it.' },
        },
        required: ['resource', 'provider', 'calendar_date', 'data'],
      },
    },
    steps: {
      type: 'array',
      description:
        'Steps per provider and UTC day: the sum of the stored points and how many there are. A UTC day is not a summary’s calendar date.',
      items: {
        type: 'object',
        properties: {
          provider: { type: 'string' },
          day: { type: 'string', description: 'The UTC day the points start on.' },
          total: number,
          unit: { type: 'string' },
          points: { type: 'integer' },
        },
        required: ['provider', 'day', 'total', 'unit', 'points'],
        additionalProperties: false,
      },
    },
    next,
  },
  required: ['client_user_id', 'user_id', 'summaries_total', 'summaries', 'steps', 'next'],
  additionalProperties: false,
};

export const FRESHNESS_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    complete_to: {
      type: 'string',
      maxLength: 40,
      description:
        'What complete means: every day through this one stored (YYYY-MM-DD), or data up to an ISO date-time. Default: every day before today (UTC).',
    },
    worst: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      description: 'Users furthest behind to name (default 5).',
    },
    failures: limit(10),
    cursor,
  },
  additionalProperties: false,
};

export const FRESHNESS_OUTPUT: JsonSchema = {
  type: 'object',
  properties: {
    fleet: {
      type: 'object',
      description:
        'What `svc-sync status --json` prints: per resource and over all users, who is complete and who is behind.',
    },
    failures: {
      type: 'object',
      properties: {
        users_total: { type: 'integer' },
        windows_total: { type: 'integer' },
        users: { type: 'array', items: { type: 'object' } },
        windows: { type: 'array', items: { type: 'object' } },
      },
      required: ['users_total', 'windows_total', 'users', 'windows'],
    },
    next,
  },
  required: ['fleet', 'failures', 'next'],
  additionalProperties: false,
};

export const LAB_ORDERS_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    state: {
      type: 'string',
      enum: ORDER_STATES,
      description:
        'open (default): orders whose latest status is not final (neither completed nor cancelled); final: completed or cancelled; all.',
    },
    client_user_id: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'Only this user’s orders (your id of the user).',
    },
    events: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      description: 'Latest status events per order to include (default 3): what moved it to where it stands.',
    },
    order: {
      type: 'string',
      enum: ['asc', 'desc'],
      description: 'Ranking by when the order last changed: asc (default) puts the longest unchanged first.',
    },
    limit: limit(20),
    cursor,
  },
  additionalProperties: false,
};

const stage = { type: 'string', enum: ORDER_STAGES };

export const LAB_ORDERS_OUTPUT: JsonSchema = {
  type: 'object',
  properties: {
    state: { type: 'string', enum: ORDER_STATES },
    total: { type: 'integer', description: 'Orders that match, on every page.' },
    orders: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          order_id: { type: 'string' },
          client_user_id: { type: ['string', 'null'] },
          user_id: { type: ['string', 'null'] },
          status: { type: ['string', 'null'], description: 'The latest status as the service sent it.' },
          stage: { ...stage, description: 'Where that status stands: received, collecting_sample, …' },
          final: { type: 'boolean', description: 'Completed or cancelled: the order moves no more.' },
          updated_at: { type: 'string', description: 'When the latest status came (ISO).' },
          events_total: { type: 'integer', description: 'Status events the store holds for the order.' },
          events: {
            type: 'array',
            description: 'The latest status events, oldest first.',
            items: {
              type: 'object',
              properties: {
                status: { type: 'string' },
                stage,
                occurred_at: { type: 'string' },
                event_type: { type: 'string' },
                status_detail: { description: 'The service’s detail of the status, when it gave one.' },
              },
              required: ['status', 'stage', 'occurred_at', 'event_type', 'status_detail'],
              additionalProperties: false,
            },
          },
          parsed_reports: {
            type: 'array',
            description: 'The user’s lab report parsing jobs that hold extracted results.',
            items: {
              type: 'object',
              properties: {
                job_id: { type: 'string' },
                status: { type: 'string' },
                updated_at: { type: 'string' },
                results: { type: 'array' },
              },
              required: ['job_id', 'status', 'updated_at', 'results'],
              additionalProperties: false,
            },
          },
        },
        required: [
          'order_id',
          'client_user_id',
          'user_id',
          'status',
          'stage',
          'final',
          'updated_at',
          'events_total',
          'events',
          'parsed_reports',
        ],
        additionalProperties: false,
      },
    },
    next,
  },
  required: ['state', 'total', 'orders', 'next'],
  additionalProperties: false,
};
