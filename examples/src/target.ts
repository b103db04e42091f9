// Where the examples send their requests: the local sandbox (`pnpm start`) unless SVC_BASE_URL says otherwise.
import { createClient } from '@svc/client';

export const baseUrl = process.env.SVC_BASE_URL ?? 'http://127.0.0.1:4011';
export const apiKey = process.env.SVC_API_KEY ?? 'sk_test_sandbox'; // any key works against the sandbox
/** True against the sandbox: the examples may move its clock (`/_sandbox/…` routes exist nowhere else). */
export const isSandbox = !process.env.SVC_BASE_URL || process.env.SVC_SANDBOX === '1';

export const client = createClient({ apiKey, baseUrl });

/** Calls one of the sandbox's control routes (outside the API, under `/_sandbox/`). */
export async function sandboxControl(method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/_sandbox/${route}`, {
    method,
    headers: { 'x-svc-api-key': apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`sandbox ${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Moves the sandbox's clock; there, time passes only when told (the service's own clock runs by itself). */
export const advanceSandboxClock = (seconds: number) =>
  sandboxControl('POST', 'clock/advance', { seconds }) as Promise<{ now: string }>;
