// Type-check bench: the same three calls with plain fetch and hand-written types (the baseline).
interface UserRecord {
  user_id: string;
  client_user_id: string;
}
interface Provider {
  slug: string;
  name: string;
}
interface StepsGrouped {
  groups: Record<string, Array<{ source: { provider: string }; data: Array<{ value: number }> }>>;
  next_cursor?: string | null;
}

const baseUrl = 'https://api.eu.svc.example';
const headers = { 'x-svc-api-key': 'sk-typecheck' };

async function get<T>(path: string): Promise<T> {
  const response = await fetch(baseUrl + path, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

export async function main(): Promise<number> {
  const user = await get<UserRecord>('/v2/user/resolve/client-user-1');
  const providers = await get<Provider[]>('/v2/providers');
  const steps = await get<StepsGrouped>(`/v2/timeseries/${user.user_id}/steps/grouped?start_date=2026-11-01`);
  let total = 0;
  for (const groups of Object.values(steps.groups)) {
    for (const group of groups) for (const point of group.data) total += point.value;
  }
  return total + providers.length;
}
