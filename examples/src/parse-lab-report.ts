// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Upload a lab report (PDF, JPEG or PNG, at most 10 MiB), wait for the parsing job, print the biomarkers.
// Run: pnpm --filter @svc/examples lab-report [path/to/report.pdf]   (SVC_BASE_URL defaults to the local mock)
import { readFile } from 'node:fs/promises';
import { createClient } from '@svc/client';
import { labTesting } from '@svc/lab-testing';

const client = createClient({
  apiKey: process.env.SVC_API_KEY ?? 'sk-test', // any key works against the mock
  baseUrl: process.env.SVC_BASE_URL ?? 'http://127.0.0.1:4010',
});
const lab = labTesting(client);

const path = process.argv[2] ?? new URL('../fixtures/sample-report.pdf', import.meta.url);
// The file type comes from its leading bytes, not its name; anything else is refused before uploading.
const report = await lab.reports.parse(await readFile(path), { timeoutMs: 120_000 });
console.log(`parsing job ${report.jobId}: ${report.stage}, ${report.biomarkers.length} biomarker(s)`);
for (const { name, value, unit, reference_range, interpretation, loinc_code } of report.biomarkers) {
  console.log(
    `${name}: ${value} ${unit ?? ''} (reference ${reference_range ?? '?'}, ${interpretation ?? '?'}, LOINC ${loinc_code ?? '?'})`,
  );
}
