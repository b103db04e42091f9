// Where the examples send their requests: the local sandbox (`pnpm start`) unless SVC_BASE_URL says otherwise.
import { createClient } from '@svc/client';
import { sandboxControls } from '@svc/sandbox';

export const baseUrl = process.env.SVC_BASE_URL ?? 'http://127.0.0.1:4011';
export const apiKey = process.env.SVC_API_KEY ?? 'sk_test_sandbox'; // any key works against the sandbox
/** True against the sandbox: the examples may move its clock (`/_sandbox/…` routes exist nowhere else). */
export const isSandbox = !process.env.SVC_BASE_URL || process.env.SVC_SANDBOX === '1';

export const client = createClient({ apiKey, baseUrl });

/**
 * The sandbox's typed controls (clock, webhooks, snapshot, inspect, trigger) for this key's world:
 * `/_sandbox/…` routes exist only on the sandbox, never on the service.
 */
export const sandbox = sandboxControls({ baseUrl, apiKey });
