// Loaded into the CLI with `NODE_OPTIONS=--import`: as the process exits, it allocates short-lived
// objects until V8's young generation has grown as far as it may, then appends that size (MB) to the
// file named by SVC_TEST_YOUNG_REPORT. A process replaced by `execve` never exits, so it writes nothing.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

process.once('exit', () => {
  let live = [];
  for (let i = 0; i < 3_000_000; i++) {
    live.push({ i, text: `point ${i}` });
    if (live.length > 200_000) live = [];
  }
  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  const line = { youngMB: (young?.space_size ?? 0) / 1_048_576, execArgv: process.execArgv };
  appendFileSync(String(process.env.SVC_TEST_YOUNG_REPORT), `${JSON.stringify(line)}\n`);
});
