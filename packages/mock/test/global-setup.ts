// The repository's one typing of what global setups provide, which @svc/test-kit takes too.
import type {} from '@svc/tools/provided-context';
import type { TestProject } from 'vitest/node';
import { provideMock } from '../src/index.js';

/** One Prism for the whole run, from this package's own provideMock, strict: a schema-breaking response is a 500. */
export default (project: TestProject) => provideMock(project);
