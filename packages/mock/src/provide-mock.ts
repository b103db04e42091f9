import { type MockServerOptions, startMock } from './start-mock.js';

/** What `provideMock` needs of vitest's `TestProject`: kept structural so vitest stays a dev-only concern. */
export interface ProvideTarget {
  provide(key: 'mockUrl', value: string): void;
}

/**
 * The body of a vitest `globalSetup`: one mock for the whole run (strict `errors` mode unless told
 * otherwise), its URL provided as `mockUrl`, stopped when the run ends.
 *
 * ```ts
 * export default (project: TestProject) => provideMock(project);
 * // in a test: const baseUrl = inject('mockUrl');
 * ```
 */
export async function provideMock(
  project: ProvideTarget,
  options: MockServerOptions = { errors: true },
): Promise<() => Promise<void>> {
  const mock = await startMock(options);
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
