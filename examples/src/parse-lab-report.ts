// biome-ignore-all lint/suspicious/noConsole: an example prints what it got for the reader.
// Upload a lab report (PDF, JPEG or PNG, at most 10 MiB), wait for the parsing job, print the biomarkers.
// Run: pnpm --filter @svc/examples lab-report [path/to/report.pdf]   (SVC_BASE_URL defaults to the local sandbox)
import { readFile } from 'node:fs/promises';
import { labTesting, parsingJobId } from '@svc/lab-testing';
import { client, isSandbox, sandbox } from './target.js';

const lab = labTesting(client);

const path = process.argv[2] ?? new URL('../fixtures/sample-report.pdf', import.meta.url);
// The file type comes from its leading bytes, not its name; anything else is refused before uploading.
const job = await lab.reports.upload(await readFile(path));
const jobId = parsingJobId(job);
console.log(`uploaded: parsing job ${jobId} is ${job.status}`);
// Parsing takes half a minute of sandbox time: jump the clock a minute ahead rather than wait.
if (isSandbox) console.log(`sandbox clock advanced to ${(await sandbox.clock.advance({ seconds: 60 })).now}`);
const report = await lab.reports.waitForJob(jobId, { timeoutMs: 120_000 });
console.log(`parsing job ${report.jobId}: ${report.stage}, ${report.biomarkers.length} biomarker(s)`);
for (const { name, value, unit, reference_range, interpretation, loinc_code } of report.biomarkers) {
  console.log(
    `${name}: ${value} ${unit ?? ''} (reference ${reference_range ?? '?'}, ${interpretation ?? '?'}, LOINC ${loinc_code ?? '?'})`,
  );
}
