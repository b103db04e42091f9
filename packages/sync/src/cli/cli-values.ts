// Option values turned into what the commands use, each checked before anything is opened or sent.
import { createClient, type SvcClient, ValidationError } from '@svc/client';
import { isResource, RESOURCES, type ResourceName } from '../resources.js';
import { teamFingerprint } from '../stores/team-fingerprint.js';
import type { OptionName } from './command-table.js';
import { CliFailure, EXIT } from './exit-codes.js';
import type { Values } from './parse-command.js';

/** Refuses a run without the options it needs, naming the first one missing. */
export function requireOptions(values: Values, names: readonly OptionName[], command: string): void {
  for (const name of names)
    if (values[name] === undefined)
      throw new CliFailure(`--${name} is required (svc-sync ${command} --help)`, EXIT.usage);
}

export function integer(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CliFailure(
      `--${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`,
      EXIT.usage,
    );
  return n;
}

/** One of `choices`, or the first by default. */
export function choice<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T {
  if (value === undefined) return choices[0] as T;
  if (!(choices as readonly string[]).includes(value))
    throw new CliFailure(
      `--${name} must be ${choices.join(' or ')} (got ${JSON.stringify(value)})`,
      EXIT.usage,
    );
  return value as T;
}

/** The retry bounds given on the command line (the library's defaults otherwise). */
export const retryLimits = (values: Values) => ({
  ...(values['max-attempts'] ? { maxAttempts: integer('max-attempts', values['max-attempts'], 5) } : {}),
  ...(values['max-backoff-ms']
    ? { maxBackoffMs: integer('max-backoff-ms', values['max-backoff-ms'], 30_000, 1) }
    : {}),
});

export function resourcesOf(value: string | undefined): ResourceName[] {
  if (value === undefined) return [...RESOURCES];
  const names = value.split(',').map((name) => name.trim());
  for (const name of names)
    if (!isResource(name))
      throw new CliFailure(
        `--resources: unknown resource "${name}"; use ${RESOURCES.join(', ')}`,
        EXIT.usage,
      );
  return names as ResourceName[];
}

/** The key in SVC_API_KEY, or a usage failure saying how to set it. */
function apiKey(): string {
  const key = process.env.SVC_API_KEY;
  if (!key)
    throw new CliFailure(
      'SVC_API_KEY is not set: export your team API key (export SVC_API_KEY=sk_…)',
      EXIT.usage,
    );
  return key;
}

/** The fingerprint of the key in SVC_API_KEY: the team every command that reads binds its store to. */
export const teamOf = () => teamFingerprint(apiKey());

/** Whether a service URL is given: `--base-url`, or SVC_BASE_URL (empty counts as unset, as the client reads it). */
export const serviceUrlGiven = (values: Values) =>
  values['base-url'] !== undefined || Boolean(process.env.SVC_BASE_URL?.trim());

/**
 * A client with the key in SVC_API_KEY; its own retries off (the sync retries, and paces every 429).
 * The commands check it after their own options: a key or URL not set must not hide a mistyped option.
 */
export function clientOf(values: Values): SvcClient {
  apiKey();
  if (!serviceUrlGiven(values))
    // The client would ask for a region, which the CLI has no option for.
    throw new CliFailure('no service URL: pass --base-url <URL> or set SVC_BASE_URL', EXIT.usage);
  try {
    return createClient({ baseUrl: values['base-url'], maxRetries: 0 });
  } catch (error) {
    if (error instanceof ValidationError && error.field === 'baseUrl')
      throw new CliFailure(
        `${values['base-url'] === undefined ? 'SVC_BASE_URL' : '--base-url'} ${error.problem}`,
        EXIT.usage,
      );
    if (error instanceof ValidationError) throw new CliFailure(error.message, EXIT.usage);
    throw error;
  }
}
