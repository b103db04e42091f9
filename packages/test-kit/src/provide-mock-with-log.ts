import { type MockServerOptions, startMock } from '@svc/mock';
import type {} from '@svc/tools/provided-context';
import type { TestProject } from 'vitest/node';
import { startLoopback } from './loopback-server.js';

/**
 * Starts one mock for the run and provides its URL under `key`, and a loopback URL serving the last
 * `logTail` characters of its log under `${key}LogUrl`; both stop when the run ends.
 */
export async function provideMockWithLog(
  project: TestProject,
  key: 'mockUrl' | 'dynamicMockUrl',
  options: MockServerOptions,
  logTail = Number.POSITIVE_INFINITY,
): Promise<() => Promise<void>> {
  const mock = await startMock(options);
  const logServer = await startLoopback(() => ({ text: mock.log().slice(-logTail) }));
  project.provide(key, mock.url);
  project.provide(key === 'mockUrl' ? 'mockLogUrl' : 'dynamicMockLogUrl', `${logServer.baseUrl}/`);
  return async () => {
    await logServer.close();
    await mock.stop();
  };
}
