import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMock } from '@svc/mock';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './fixtures/static-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
    pageUrl: string;
  }
}

const dist = fileURLToPath(new URL('../dist', import.meta.url));

/** One Prism (strict: an example that breaks its schema is a 500) and one static server for the built page. */
export default async function setup(project: TestProject) {
  if (!existsSync(`${dist}/main.js`)) throw new Error(`${dist}/main.js is missing: run \`pnpm build\` first`);
  const mock = await startMock({ errors: true });
  const page = await serveStatic(dist);
  project.provide('mockUrl', mock.url);
  project.provide('pageUrl', page.url);
  return async () => {
    await page.close();
    await mock.stop();
  };
}
