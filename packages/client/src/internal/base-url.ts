// Where a client sends: the base URL from its options or the environment, and why one cannot be used.
import { ENVIRONMENTS, type Environment, type Region } from '../environments.js';
import { ValidationError } from '../errors.js';
import { readEnv } from './env.js';

/** The options that choose the base URL (see ClientOptions). */
export interface BaseUrlOptions {
  baseUrl?: string | undefined;
  environment?: Environment | undefined;
  region?: Region | undefined;
}

/**
 * The base URL: an explicit `baseUrl` wins over `environment` (default production) + `region`, which win
 * over the `SVC_BASE_URL` environment variable.
 */
export function baseUrlOf(options: BaseUrlOptions): string {
  if (options.baseUrl !== undefined) return options.baseUrl;
  const fromEnv = readEnv('SVC_BASE_URL');
  if (options.region === undefined && options.environment === undefined && fromEnv !== undefined)
    return fromEnv;
  const urls = ENVIRONMENTS[options.environment ?? 'production'];
  if (!urls)
    throw new ValidationError('environment', `must be one of ${Object.keys(ENVIRONMENTS).join(', ')}`);
  const url = options.region === undefined ? undefined : urls[options.region];
  if (!url)
    throw new ValidationError(
      'region',
      `must be one of ${Object.keys(urls).join(', ')} when no baseUrl is given (or set SVC_BASE_URL)`,
    );
  return url;
}

/** Hosts that are this machine: `localhost` and its subdomains, 127.0.0.0/8, ::1 (plain or IPv4-mapped). */
const LOOPBACK_HOST =
  /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/;

/** Why a base URL cannot be used, or undefined; never quotes it (it may carry credentials). */
export function baseUrlProblem(value: string, allowInsecureHttp: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (!/^https?:$/.test(url.protocol)) return 'must be an absolute http(s) URL';
  // Credentials would be quoted in errors and logs; a query or fragment would swallow every path.
  if (url.username || url.password) return 'must not contain credentials (user:pass@)';
  if (url.search || value.includes('?')) return 'must not contain a query (?…)';
  if (url.hash || value.includes('#')) return 'must not contain a fragment (#…)';
  // The URL parser has normalised the host (case, IPv4 forms such as 2130706433), so the test is exact.
  if (url.protocol === 'http:' && !allowInsecureHttp && !LOOPBACK_HOST.test(url.hostname))
    return (
      'must use https: over plain http the API key and health data travel unencrypted. Use https, ' +
      'or pass allowInsecureHttp: true for a network you trust (localhost and loopback need neither)'
    );
  return undefined;
}
