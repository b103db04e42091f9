// The README's "A sync in the console": a one-user sync of the last 30 days of sleep into a new SQLite
// store, its window's span, the client span under it, and the svc.sync.* metrics, printed by the setup in
// console-telemetry.ts. Against the sandbox, as console.ts (on Node 20 the SQLite store needs
// better-sqlite3, as the sync's README says):
//   SVC_API_KEY=sk_test_sandbox SVC_BASE_URL=http://127.0.0.1:4011 npx tsx examples/console-sync.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@svc/client';
import { createSync, openStore, teamFingerprint } from '@svc/sync';
import { startConsoleTelemetry } from './console-telemetry.js';

const stopTelemetry = startConsoleTelemetry();

const store = await openStore(`sqlite:${join(mkdtempSync(join(tmpdir(), 'svc-otel-')), 'sync.db')}`);
const team = teamFingerprint(process.env.SVC_API_KEY ?? '');
const sync = createSync({ client: createClient(), store, team, resources: ['sleep'] });
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
await sync.backfill({ users: ['console-demo'], from: day(30), to: day(1) }).result;
await store.close();

await stopTelemetry();
