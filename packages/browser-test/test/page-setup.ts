import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { serveStatic } from './fixtures/static-server.js';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

/** One static server for the built page, as `inject('pageUrl')` (the mock comes from @svc/test-kit/mock-setup). */
export default async function setup(project: TestProject) {
  if (!existsSync(`${dist}/main.js`)) throw new Error(`${dist}/main.js is missing: run \`pnpm build\` first`);
  const page = await serveStatic(dist);
  project.provide('pageUrl', page.url);
  return () => page.close();
}
