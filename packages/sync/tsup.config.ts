import type { Options } from 'tsup';
import { serverPackage } from '../../tools/src/tsup-library.js';

// Typed here: the inferred type would name tsup by the path tools/ reaches it through.
const config: Options[] = serverPackage(['src/index.ts', 'src/bullmq.ts']);
export default config;
