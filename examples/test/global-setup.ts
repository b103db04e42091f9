import { startMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

/** One Prism for the whole run, strict: an example that would only work against a wrong response fails. */
export default async function setup(project: TestProject) {
  const mock = await startMock({ errors: true });
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
