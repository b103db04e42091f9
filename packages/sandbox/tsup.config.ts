import { serverPackage } from '@svc/tools/tsup';
import type { Options } from 'tsup';

// Typed here: the inferred type would name tsup by the path tools/ reaches it through.
const config: Options[] = serverPackage(['src/index.ts', 'src/msw.ts', 'src/lifecycle-diagrams.ts'], {
  external: ['msw'],
});
export default config;
