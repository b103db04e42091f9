// `pnpm generate` (this package's): writes src/generated/lifecycle-diagrams.ts from the machines, so
// the repository's generated-freshness check (`pnpm check:generated`) fails when a machine changes
// and the diagrams were not regenerated.
import { writeFileSync } from 'node:fs';
import { lifecycleGraph } from '../src/machines/lifecycle-graph.js';
import { LIFECYCLES } from '../src/machines/lifecycles.js';
import { GENERATED_PATH, lifecycleDiagramsFile } from './lifecycle-diagrams-file.js';

writeFileSync(
  new URL(`../${GENERATED_PATH}`, import.meta.url),
  lifecycleDiagramsFile(LIFECYCLES.map(lifecycleGraph)),
);
process.stdout.write(`wrote ${GENERATED_PATH}\n`);
