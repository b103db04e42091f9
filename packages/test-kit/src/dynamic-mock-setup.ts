// vitest globalSetup: one mock in dynamic mode for the run (every answer new random data valid against
// the spec), as `inject('dynamicMockUrl')`, the tail of its log as `inject('dynamicMockLogUrl')`.
import type { TestProject } from 'vitest/node';
import { provideMockWithLog } from './provide-mock-with-log.js';

export default (project: TestProject) =>
  provideMockWithLog(project, 'dynamicMockUrl', { dynamic: true }, 6000);
