import type { ParseArgsConfig } from 'node:util';

/** The flags of `svc-sandbox` (the README's option table is checked against these). */
export const CLI_OPTIONS = {
  port: { type: 'string', default: '4011' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string' },
  state: { type: 'string' },
  'webhook-url': { type: 'string' },
  'webhook-secret': { type: 'string' },
  strict: { type: 'boolean', default: false },
  frozen: { type: 'boolean', default: false },
  'start-time': { type: 'string' },
  'history-days': { type: 'string' },
  'rate-limit': { type: 'string' },
  'rate-burst': { type: 'string' },
  log: { type: 'string', default: 'text' },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const satisfies NonNullable<ParseArgsConfig['options']>;
