import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
    /** Serves Prism's log so far, for the violation check (the mock runs in this process, tests in workers). */
    mockLogUrl: string;
  }
}

/** One Prism for the contract run, in errors mode so a response that breaks its schema fails loudly. */
export default async function setup(project: TestProject) {
  const mock = await startMock({ errors: true });
  const logServer = createServer((_request, response) => response.end(mock.log()));
  await new Promise<void>((done) => logServer.listen(0, '127.0.0.1', done));
  project.provide('mockUrl', mock.url);
  project.provide('mockLogUrl', `http://127.0.0.1:${(logServer.address() as AddressInfo).port}/`);
  return async () => {
    await new Promise((done) => logServer.close(done));
    await mock.stop();
  };
}
