import { parseArgs } from 'node:util';
import { MAX_MAX_RESULT_BYTES, MIN_MAX_RESULT_BYTES } from '../../result-limits.js';

/** The port `--http` listens on when `--port` is not given (the mock is 4010, the sandbox 4011). */
export const DEFAULT_HTTP_PORT = 4012;

export const USAGE = `Usage: svc-mcp [--tools all|discover] [--allow-writes | --allow-write OPERATION ...]
               [--http [--port ${DEFAULT_HTTP_PORT}]] [--max-result-bytes N] [--audit-file FILE]
               [--store sqlite:./svc.db | --store postgres://…]
               [--base-url URL | --environment production|sandbox --region eu|us]
The API key is read from SVC_API_KEY, the base URL from SVC_BASE_URL when no flag gives one.
Serves over stdio unless --http is given (then on 127.0.0.1 only). See the README of @svc/mcp.`;

/** A flag the command line got wrong: the CLI prints it on one line and exits with code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Flags {
  tools: 'all' | 'discover';
  allowWrites: boolean | string[];
  /** The loopback port, when serving over HTTP. */
  httpPort: number | undefined;
  maxResultBytes: number | undefined;
  auditFile: string | undefined;
  /** The address of the partner's synced store, read only. */
  store: string | undefined;
  baseUrl: string | undefined;
  environment: string | undefined;
  region: string | undefined;
  help: boolean;
  version: boolean;
}

const OPTIONS = {
  tools: { type: 'string', default: 'all' },
  'allow-writes': { type: 'boolean', default: false },
  'allow-write': { type: 'string', multiple: true },
  http: { type: 'boolean', default: false },
  port: { type: 'string' },
  'max-result-bytes': { type: 'string' },
  'audit-file': { type: 'string' },
  store: { type: 'string' },
  'base-url': { type: 'string' },
  environment: { type: 'string' },
  region: { type: 'string' },
  help: { type: 'boolean', default: false },
  version: { type: 'boolean', default: false },
} as const;

/** Node's parse errors, in one short line each (its own messages run over several sentences). */
function parseError(error: unknown): UsageError {
  const { code, message } = error as { code?: string; message: string };
  const flag = /'(-[^']*)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown flag ${flag ?? message}`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new UsageError(`unexpected argument ${flag ?? /'([^']*)'/.exec(message)?.[1] ?? ''}`.trim());
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new UsageError(flag ? `${flag} needs a value` : (message.split('\n')[0] ?? message));
  return new UsageError(message.split('\n')[0] ?? message);
}

const wholeNumber = (flag: string, text: string, min: number, max: number): number => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got ${text})`);
  return value;
};

/** The command line as options; anything wrong is a UsageError naming the flag. */
export function parseFlags(argv: readonly string[]): Flags {
  let values: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>
  >['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw parseError(error);
  }
  if (values.tools !== 'all' && values.tools !== 'discover')
    throw new UsageError(`--tools must be all or discover (got ${values.tools})`);
  const listed = (values['allow-write'] ?? []).flatMap((item) => item.split(',')).map((name) => name.trim());
  if (values['allow-writes'] && listed.length > 0)
    throw new UsageError('pass either --allow-writes (every write) or --allow-write OPERATION, not both');
  if (listed.some((name) => name === '')) throw new UsageError('--allow-write needs an operation name');
  if (values.port !== undefined && !values.http) throw new UsageError('--port needs --http');
  return {
    tools: values.tools,
    allowWrites: values['allow-writes'] || listed.length === 0 ? values['allow-writes'] : listed,
    httpPort: values.http
      ? values.port === undefined
        ? DEFAULT_HTTP_PORT
        : wholeNumber('--port', values.port, 0, 65_535)
      : undefined,
    maxResultBytes:
      values['max-result-bytes'] === undefined
        ? undefined
        : wholeNumber(
            '--max-result-bytes',
            values['max-result-bytes'],
            MIN_MAX_RESULT_BYTES,
            MAX_MAX_RESULT_BYTES,
          ),
    auditFile: values['audit-file'],
    store: values.store,
    baseUrl: values['base-url'],
    environment: values.environment,
    region: values.region,
    help: values.help,
    version: values.version,
  };
}
