// vitest globalSetup: one strict mock for the run (a response that breaks its schema is a 500 and
// fails the test), as `inject('mockUrl')`, its log as `inject('mockLogUrl')`.
import type { TestProject } from 'vitest/node';
import { provideMockWithLog } from './provide-mock-with-log.js';

export default (project: TestProject) => provideMockWithLog(project, 'mockUrl', { errors: true });
