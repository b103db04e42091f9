import { startMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

/** One Prism for the whole run, in errors mode so an example that breaks its schema fails loudly. */
export default async function setup(project: TestProject) {
  const mock = await startMock({ errors: true });
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
