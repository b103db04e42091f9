// The size budget's reference program: create the client and call three operations.
import { createClient } from '../src/index.js';

const client = createClient({ apiKey: 'sk-size-check', region: 'eu' });

export async function main(): Promise<void> {
  const user = await client.resolveUser({ client_user_id: 'client-user-1' });
  await client.listProviders();
  await client.getStepsGrouped({ user_id: user.user_id, start_date: '2026-11-01' });
}
