// Baseline of the size budget: openapi-fetch alone, created as createClient creates it.
import type { paths } from '@svc/types';
import createFetchClient from 'openapi-fetch';

const client = createFetchClient<paths>({ baseUrl: 'https://api.eu.svc.example', redirect: 'manual' });

export async function main(): Promise<void> {
  await client.GET('/v2/providers', {});
}
