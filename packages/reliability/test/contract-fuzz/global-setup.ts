import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamicMockUrl: string;
    /** Serves the tail of Prism's output, to explain a failure (the mock runs here, the tests in workers). */
    dynamicMockLogUrl: string;
  }
}

/** One Prism for the run, in dynamic mode: every answer is new random data valid against the spec. */
export default async function setup(project: TestProject) {
  const mock = await startMock({ dynamic: true });
  const logServer = createServer((_request, response) => response.end(mock.log().slice(-6000)));
  await new Promise<void>((done) => logServer.listen(0, '127.0.0.1', done));
  project.provide('dynamicMockUrl', mock.url);
  project.provide('dynamicMockLogUrl', `http://127.0.0.1:${(logServer.address() as AddressInfo).port}/`);
  return async () => {
    await new Promise((done) => logServer.close(done));
    await mock.stop();
  };
}
