// The README's "A call in the console": a span per call and the duration histogram, printed by the
// setup in console-telemetry.ts. Run it against the sandbox (`npx svc-sandbox`, on port 4011, any key):
//   SVC_API_KEY=sk_test_sandbox SVC_BASE_URL=http://127.0.0.1:4011 npx tsx examples/console.ts
import { createClient } from '@svc/client';
import { startConsoleTelemetry } from './console-telemetry.js';

const stopTelemetry = startConsoleTelemetry();

const client = createClient();
const user = await client.resolveUser({ client_user_id: 'console-demo' });
await client.getSleepSummary({ user_id: user.user_id, start_date: '2026-11-02' });

await stopTelemetry();
