// `pnpm generate`: writes each operation's TypeScript sample to src/generated/code-samples/<operationId>.ts,
// where the docs package's typecheck compiles it against @svc/client; the reference shows these files.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { computeSamples, GENERATED_HEADER, readBundledSpec, samplesDir } from './reference-inputs.js';

const spec = readBundledSpec();
rmSync(samplesDir, { recursive: true, force: true });
mkdirSync(samplesDir, { recursive: true });
for (const { operation, typescript } of computeSamples(spec)) {
  writeFileSync(new URL(`${operation.operationId}.ts`, samplesDir), `${GENERATED_HEADER}${typescript}`);
}
process.stdout.write(`wrote ${readdirSync(samplesDir).length} code samples to ${samplesDir.pathname}\n`);
