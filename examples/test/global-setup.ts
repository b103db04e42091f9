import { createSandbox, serveSandbox } from '@svc/sandbox';
import type { TestProject } from 'vitest/node';

/**
 * One strict sandbox for the whole run, served on a free loopback port: the examples are separate
 * processes that talk to it over HTTP exactly as a partner's script would. Strict: an answer that
 * breaks the spec is a 500 and fails the example that got it.
 */
export default async function setup(project: TestProject) {
  const sandbox = createSandbox({ strict: true, webhookRetryDelaysMs: [50, 200] });
  const server = await serveSandbox(sandbox, { port: 0 });
  project.provide('sandboxUrl', server.url);
  return () => server.close();
}
