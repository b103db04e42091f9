// Type-check bench: a consumer calling three operations through @svc/client.
import { createClient } from '@svc/client';

const svc = createClient({ apiKey: 'sk-typecheck', region: 'eu' });

export async function main(): Promise<number> {
  const user = await svc.resolveUser({ client_user_id: 'client-user-1' });
  const providers = await svc.listProviders();
  const steps = await svc.getStepsGrouped({ user_id: user.user_id, start_date: '2026-11-01' });
  let total = 0;
  for (const groups of Object.values(steps.groups)) {
    for (const group of groups) for (const point of group.data) total += point.value;
  }
  return total + providers.length;
}
