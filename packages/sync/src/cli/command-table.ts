// Every svc-sync command and the options it takes, written once: parseArgs reads its option config
// from here (cli/parse-command.ts) and `--help` is written from the same table, so the two cannot drift.
import { RESOURCES } from '../resources.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** What the value looks like in the help (`<N>`, `<sqlite:FILE|postgres://…>`). */
  value?: string;
  help: string;
  short?: string;
}

export const OPTIONS = {
  store: { type: 'string', value: '<sqlite:FILE|postgres://…>', help: 'the store (required)' },
  users: {
    type: 'string',
    value: '<a,b|@file>',
    help: 'client user ids, or @file with one per line (required)',
  },
  from: { type: 'string', value: '<YYYY-MM-DD>', help: 'first day (required)' },
  to: { type: 'string', value: '<YYYY-MM-DD>', help: 'last day, inclusive (required)' },
  resources: { type: 'string', value: '<steps,sleep,…>', help: `${RESOURCES.join(', ')} (default: all)` },
  'base-url': {
    type: 'string',
    value: '<URL>',
    help: 'another server than the service, e.g. the sandbox (or SVC_BASE_URL)',
  },
  concurrency: { type: 'string', value: '<N>', help: 'windows read at once (32)' },
  redis: {
    type: 'string',
    value: '<redis://host:6379>',
    help: 'queue the windows on BullMQ instead of reading them',
  },
  'max-attempts': { type: 'string', value: '<N>', help: 'attempts per window or user (5)' },
  'max-backoff-ms': { type: 'string', value: '<ms>', help: 'longest wait between attempts (30000)' },
  progress: {
    type: 'string',
    value: '<text|json|none>',
    help: 'a bar on a terminal, else a line every 2 s; json: JSON lines (on stderr)',
  },
  json: { type: 'boolean', help: 'JSON on stdout' },
  failed: { type: 'boolean', help: 'list the failed users and windows, with their errors' },
  limit: { type: 'string', value: '<N>', help: 'with --failed: at most N of each (50)' },
  port: { type: 'string', value: '<N>', help: 'port to listen on (3000; 0 picks a free one)' },
  host: { type: 'string', value: '<address>', help: 'address to listen on (127.0.0.1)' },
  secret: { type: 'string', value: '<whsec_…>', help: 'the webhook secret (or SVC_WEBHOOK_SECRET)' },
  log: { type: 'string', value: '<text|json>', help: 'one line per delivery on stdout (text)' },
  'metrics-port': {
    type: 'string',
    value: '<N>',
    help: 'serve /healthz, /readyz and /metrics on this port (0 picks a free one)',
  },
  'lock-ms': {
    type: 'string',
    value: '<ms>',
    help: "how long a dead worker's job stays its own (30000)",
  },
  check: { type: 'boolean', help: 'change nothing: exit 8 when a migration is due' },
  'rebind-team': { type: 'boolean', help: 'bind the store to the key in SVC_API_KEY (after a rotation)' },
  format: { type: 'string', value: '<fhir-ndjson>', help: 'the export format (required)' },
  out: { type: 'string', value: '<DIR>', help: 'the directory to write to (required)' },
  'max-pending-age': {
    type: 'string',
    value: '<30m|6h|2d>',
    help: 'with --check: exit 9 when pending work was planned longer ago than this',
  },
  'max-behind': {
    type: 'string',
    value: '<30m|6h|2d>',
    help: 'with --check: exit 9 when a user is behind the day by more than this',
  },
  all: { type: 'boolean', help: 'every failure (without --users or --resources)' },
  user: { type: 'string', value: '<client_user_id>', help: 'the client user id (required)' },
  allow: { type: 'boolean', help: 'store an erased user again (removes the tombstone; erases nothing)' },
  provider: { type: 'string', value: '<slug>', help: 'the provider to forget, e.g. oura (required)' },
  'retain-days': {
    type: 'string',
    value: '<steps=30,sleep=365|N>',
    help: 'days of data kept per resource (N: every resource); older rows are removed',
  },
  scrub: {
    type: 'string',
    value: '<now|later>',
    help: 'now: rewrite the store files so deleted bytes are gone (default); later: leave it to svc-sync scrub',
  },
  receipt: { type: 'string', value: '<FILE>', help: 'also write the JSON receipt to FILE (mode 0600)' },
  steps: {
    type: 'string',
    value: '<daily|hourly>',
    help: 'steps as one Observation per local day (daily, the default) or per stored point',
  },
  since: {
    type: 'string',
    value: '<instant>',
    help: "only what the store took after it (Bulk Data's _since), e.g. 2026-01-05T00:00:00Z",
  },
  'patient-system': {
    type: 'string',
    value: '<URL>',
    help: "your patients' identifier system: each Patient gets { system, value: client_user_id }",
  },
  help: { type: 'boolean', short: 'h', help: 'this help' },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

export interface CommandSpec {
  summary: string;
  options: readonly OptionName[];
  /** What an option means for this command, where it differs from the table's (`--redis` of a worker). */
  helps?: Partial<Record<OptionName, string>>;
}

const RETRIES = ['max-attempts', 'max-backoff-ms'] as const;

export const COMMANDS = {
  backfill: {
    summary: "reads users' data over a range of days into the store (run again to resume)",
    options: [
      'store',
      'users',
      'from',
      'to',
      'resources',
      'base-url',
      'concurrency',
      'redis',
      'progress',
      ...RETRIES,
    ],
  },
  status: {
    summary: 'how complete every user is up to a day, what is owed and what failed',
    options: ['store', 'to', 'json', 'failed', 'limit', 'check', 'max-pending-age', 'max-behind'],
    helps: {
      to: 'complete means every day through this one stored (default: yesterday, UTC)',
      check: 'exit 5 when anything failed, 9 when work waits or users lag past the limits below',
    },
  },
  webhooks: {
    summary: 'receives webhook deliveries and keeps the store current; GET /healthz, /readyz, /metrics',
    options: ['store', 'port', 'host', 'secret', 'resources', 'base-url', 'redis', 'log', ...RETRIES],
    helps: { redis: 'queue the windows deliveries announce on BullMQ instead of reading them' },
  },
  worker: {
    summary: 'reads the windows a backfill --redis queued (PostgreSQL store)',
    options: [
      'store',
      'redis',
      'base-url',
      'concurrency',
      'lock-ms',
      'max-backoff-ms',
      'metrics-port',
      'host',
      'log',
      'retain-days',
    ],
    helps: {
      host: 'address --metrics-port listens on (127.0.0.1)',
      log: 'text lines, or json: one JSON object a line on stdout (text)',
      store: 'the PostgreSQL store the backfill planned into (required)',
      redis: 'the Redis whose BullMQ queue the worker reads jobs from (required)',
      concurrency: 'jobs this worker reads at once (8)',
      'retain-days': 'also remove older rows at start and every 24 h (steps=30,sleep=365 or N)',
    },
  },
  migrate: {
    summary: "brings the store to this version's schema before a deploy",
    options: ['store', 'check', 'json', 'rebind-team'],
  },
  export: {
    summary: 'writes the store as FHIR Bulk Data NDJSON, one file per resource type',
    options: ['store', 'format', 'out', 'resources', 'patient-system', 'steps', 'since'],
  },
  retry: {
    summary:
      'reads failed windows again, and failed users over --from..--to (a user who succeeds is no longer failed)',
    options: [
      'store',
      'users',
      'resources',
      'from',
      'to',
      'base-url',
      'concurrency',
      'redis',
      'progress',
      ...RETRIES,
    ],
    helps: {
      users: 'only the failures of these client user ids (default: every failure)',
      resources: 'only failed windows of these resources (default: all)',
      from: 'first day to read for failed users (with --to; without both, users are not retried)',
      to: 'last day to read for failed users, inclusive',
    },
  },
  clear: {
    summary:
      'takes failures you have dealt with off the list, printing each (a cleared window counts as stored)',
    options: ['store', 'users', 'resources', 'all', 'json'],
    helps: {
      users: 'only the failures of these client user ids',
      resources: 'only failed windows of these resources',
    },
  },
  erase: {
    summary:
      'erases a user: every row in every table, their queued jobs, the deleted bytes; a tombstone keeps them out',
    options: ['store', 'user', 'allow', 'redis', 'base-url', 'scrub', 'receipt'],
    helps: {
      redis: "also remove the user's jobs from this BullMQ queue",
      'base-url': 'where to resolve a user the store has no service id for (SVC_API_KEY needed then)',
    },
  },
  forget: {
    summary: 'forgets a provider of a user: deregistered at the service, then its rows and jobs removed',
    options: ['store', 'user', 'provider', 'redis', 'base-url', 'scrub', 'receipt'],
    helps: { redis: "also remove the provider's jobs of the user from this BullMQ queue" },
  },
  retain: {
    summary: 'removes rows older than the retention policy, with the same secure deletion as erase',
    options: ['store', 'retain-days', 'scrub', 'receipt'],
    helps: {
      'retain-days': 'days of data kept per resource: steps=30,sleep=365, or N for every resource (required)',
    },
  },
  scrub: {
    summary:
      'rewrites the store files so rows deleted by erase/forget/retain --scrub later are gone from them',
    options: ['store', 'json'],
  },
  serve: {
    summary: "a page on 127.0.0.1: each resource's users × days coverage, freshness, failures and live runs",
    options: ['store', 'port', 'host', 'base-url'],
    helps: {
      port: 'port to listen on (4000; 0 picks a free one)',
      'base-url': 'with SVC_API_KEY set, a retry from the page reads from here (e.g. the sandbox)',
    },
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

const optionText = (name: OptionName) => {
  const spec: OptionSpec = OPTIONS[name];
  return `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.value ? ` ${spec.value}` : ''}`;
};

/** What `--option` means for `command`: its own description where it has one, else the table's. */
export function optionHelp(command: CommandName, option: OptionName): string {
  const spec: CommandSpec = COMMANDS[command];
  return spec.helps?.[option] ?? OPTIONS[option].help;
}

/** The help of one command, or of every command: each option it takes, from the table above. */
export function helpText(only?: CommandName): string {
  const names = only ? [only] : (Object.keys(COMMANDS) as CommandName[]);
  const width = Math.max(...Object.keys(OPTIONS).map((name) => optionText(name as OptionName).length));
  const blocks = names.map((name) => {
    const lines = (COMMANDS[name].options as readonly OptionName[]).map(
      (option) => `    ${optionText(option).padEnd(width)}  ${optionHelp(name, option)}`,
    );
    return `  svc-sync ${name}: ${COMMANDS[name].summary}\n${lines.join('\n')}`;
  });
  return `Usage: svc-sync <command> [options]   (svc-sync <command> --help: that command only)

${blocks.join('\n\n')}

The API key is read from SVC_API_KEY (never printed, never stored); the webhook secret from --secret or
SVC_WEBHOOK_SECRET.
Exit codes: 0 done, 1 error, 2 bad arguments or missing key, 3 store or Redis locked or unreachable,
4 incomplete (rate limited: run again to resume), 5 done with failures, 6 key refused,
7 the service could not be reached (run again to resume), 8 the store does not match (another team's
key, a newer schema; migrate --check: a migration is due), 9 status --check: work waits or users lag
past the limits, 130 interrupted.`;
}
