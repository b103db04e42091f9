import type { TestProject } from 'vitest/node';
// The repository's one typing of what global setups provide (a relative import: the kit depends on this package).
import type {} from '../../test-kit/src/provided-context.js';
import { provideMock } from '../src/index.js';

/** One Prism for the whole run, from this package's own provideMock, strict: a schema-breaking response is a 500. */
export default (project: TestProject) => provideMock(project);
