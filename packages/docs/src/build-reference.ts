// `pnpm run docs`: the reference page. Writes the docs copy of the spec (samples, servers, auth,
// webhook verification, appendix) to dist/openapi.json, then renders it with Redocly, self-contained.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENTS } from '@svc/client';
import { LIFECYCLE_DIAGRAMS } from '@svc/sandbox/lifecycle-diagrams';
import { computeSamples, GENERATED_HEADER, readBundledSpec, samplesDir } from './reference-inputs.js';
import { referenceSpec } from './reference-spec.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const spec = readBundledSpec();
const computed = computeSamples(spec);
const samples = new Map<string, { typescript: string; curl: string }>();
for (const { operation, typescript, curl } of computed) {
  // Show exactly the file the typecheck compiled; a stale file means `pnpm generate` was not run.
  const file = readFileSync(new URL(`${operation.operationId}.ts`, samplesDir), 'utf8');
  if (file !== `${GENERATED_HEADER}${typescript}`)
    throw new Error(`src/generated/code-samples/${operation.operationId}.ts is stale: run pnpm generate`);
  samples.set(operation.operationId, { typescript, curl });
}
const webhookSample = readFileSync(new URL('./samples/verify-webhook.ts', import.meta.url), 'utf8');
const reference = referenceSpec(spec, {
  environments: ENVIRONMENTS,
  samples,
  webhookSample,
  operations: computed.map(({ operation }) => operation),
  // The order, appointment and parsing-job lifecycles (link MFA is a step of linking, not a lab resource).
  lifecycles: {
    order: LIFECYCLE_DIAGRAMS.order,
    'phlebotomy appointment': LIFECYCLE_DIAGRAMS.phlebotomyAppointment,
    'service center appointment': LIFECYCLE_DIAGRAMS.pscAppointment,
    'lab report parsing job': LIFECYCLE_DIAGRAMS.parsingJob,
  },
});

mkdirSync(dist, { recursive: true });
const referencePath = join(dist, 'openapi.json');
writeFileSync(referencePath, `${JSON.stringify(reference, null, 2)}\n`);
const redoclyPackage = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const redocly = join(dirname(redoclyPackage), JSON.parse(readFileSync(redoclyPackage, 'utf8')).bin.redocly);
execFileSync(
  process.execPath,
  [
    redocly,
    'build-docs',
    referencePath,
    '--inlineBundle',
    '--title',
    'Svc API reference',
    '-o',
    join(dist, 'index.html'),
  ],
  // redocly.yaml beside package.json lists the sample languages the page shows.
  { stdio: 'inherit', cwd: fileURLToPath(new URL('..', import.meta.url)) },
);
