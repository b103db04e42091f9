// Child of no-fetch-at-create.test.ts: creates a client, makes one named call over node:http to a
// loopback server of its own, and reports whether Node loaded its fetch implementation meanwhile.
import { createServer } from 'node:http';

const server = createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end('[]');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const { createClient } = (await import(process.argv[2] as string)) as typeof import('../../src/index.js');
const { moduleLoadList } = process as unknown as { moduleLoadList: string[] };
const loaded = (): boolean => moduleLoadList.some((name) => name.includes('undici'));
const client = createClient({ apiKey: 'sk_test', baseUrl: `http://127.0.0.1:${port}` });
const afterCreate = loaded();
const providers = await client.listProviders();
server.close();
process.stdout.write(
  JSON.stringify({ afterCreate, afterCall: loaded(), answered: Array.isArray(providers) }),
);
