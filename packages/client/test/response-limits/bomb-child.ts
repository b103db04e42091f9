// Run by decompression-bomb.test.ts in a process of its own, so that its memory is measured alone: calls
// each case named on the command line over both routes (a named call goes over node:http, the typed path
// client over fetch) and prints every outcome with the process's peak memory.
import { createClient, type ResponseTooLargeError } from '../../src/index.js';

const [baseUrl = '', ...cases] = process.argv.slice(2);
const svc = createClient({ apiKey: 'sk-test-0123456789', baseUrl, maxRetries: 0 });

const outcomes: string[] = [];
const rssAtStart = process.memoryUsage.rss();
for (const id of cases) {
  const path = { client_user_id: id };
  for (const [route, call] of [
    ['node:http', () => svc.resolveUser(path)],
    ['fetch', () => svc.GET('/v2/user/resolve/{client_user_id}', { params: { path } })],
  ] as const) {
    const outcome = await call().then(
      () => 'resolved',
      (error: ResponseTooLargeError) =>
        error.name === 'ResponseTooLargeError'
          ? `ResponseTooLargeError (limit ${error.maxResponseBytes})`
          : `${error.name}: ${error.message}`,
    );
    outcomes.push(`${id} over ${route}: ${outcome}`);
  }
}
// The peak resident memory of the whole life of the process, in kB on Linux.
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ outcomes, rssAtStart, peakRss }));
