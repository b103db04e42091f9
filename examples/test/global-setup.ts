import { provideMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

/** One Prism for the whole run, strict: a response that breaks its schema is a 500 and fails the test. */
export default (project: TestProject) => provideMock(project);
