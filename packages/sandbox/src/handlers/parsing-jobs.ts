import { biomarkersFor } from '../internal/biomarkers.js';
import type { OperationHandler, WorldRuntime } from '../internal/context.js';
import { HttpError, notFound } from '../internal/http-error.js';
import { nextToken } from '../internal/world.js';
import { metaOf, next } from '../machines/lifecycles.js';
import type { SandboxParsingJob } from '../world-state.js';
import { scenarioOf } from './scenario-of.js';

/** Seconds of sandbox time a parsing job takes. */
export const PARSING_SECONDS = 30;

const SIGNATURES: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** The type the leading bytes show (a name or a declared type can lie), or undefined. */
export function sniffReport(head: Uint8Array): string | undefined {
  return SIGNATURES.find(([, signature]) => signature.every((byte, i) => head[i] === byte))?.[0];
}

export function parsingJobRecord(job: SandboxParsingJob) {
  return {
    id: job.id,
    status: metaOf('parsingJob', job.state).status,
    created_at: job.created_at,
    updated_at: job.updated_at,
    file: job.file,
    results: job.results,
  };
}

function emitJob(runtime: WorldRuntime, job: SandboxParsingJob, type: 'created' | 'updated') {
  runtime.emit({
    event_type: `lab_report.parsing_job.${type}`,
    user_id: null,
    client_user_id: null,
    data: parsingJobRecord(job),
  });
}

/** What the clock does to a job: its outcome, by scenario; a job under review completes a day later. */
export function onParsingTimer(runtime: WorldRuntime, job: SandboxParsingJob, event: string) {
  job.state = next('parsingJob', job.state, event);
  job.updated_at = runtime.world.now;
  if (job.state === 'completed' || job.state === 'pending_review')
    job.results = biomarkersFor(runtime.world.seed, job.id);
  if (job.state === 'pending_review')
    runtime.schedule({ at: 86_400, kind: 'parsing', id: job.id, event: 'REVIEWED' });
  emitJob(runtime, job, 'updated');
}

const OUTCOMES: Readonly<Record<string, string>> = {
  parsing_needs_review: 'FLAGGED_FOR_REVIEW',
  parsing_fails: 'FAILED',
};

export const createParsingJob: OperationHandler = async (context) => {
  const file = (context.body as { file?: unknown }).file;
  if (!(file instanceof Blob))
    throw new HttpError(422, 'invalid_request', 'file must be a file part of the multipart form', [
      { location: ['request', 'body', 'file'], code: 'type', message: 'file must be a file' },
    ]);
  // The limits are the spec's (`x-svc-file` on the upload's file field), as the client enforces them.
  const rules = context.operation.files.file;
  if (rules?.maxBytes !== undefined && file.size > rules.maxBytes)
    throw new HttpError(
      413,
      'file_too_large',
      `The lab report is ${file.size} bytes; the limit is ${rules.maxBytes}.`,
    );
  const contentType = sniffReport(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  if (!contentType || (rules && !rules.mediaTypes.includes(contentType)))
    throw new HttpError(
      415,
      'unsupported_file_type',
      `The lab report must be one of ${(rules?.mediaTypes ?? SIGNATURES.map(([type]) => type)).join(', ')} (told by its first bytes).`,
    );
  const { world } = context;
  const job: SandboxParsingJob = {
    id: nextToken(world, 'job_'),
    state: 'pending',
    scenario: scenarioOf(context, 'parsing job', undefined),
    created_at: world.now,
    updated_at: world.now,
    file: { content_type: contentType, size: file.size, name: (file as File).name || 'lab-report' },
    results: [],
  };
  world.parsingJobs[job.id] = job;
  emitJob(context, job, 'created');
  context.schedule({
    at: PARSING_SECONDS,
    kind: 'parsing',
    id: job.id,
    event: OUTCOMES[job.scenario] ?? 'PARSED',
  });
  return { status: 200, body: parsingJobRecord(job) };
};

export const getParsingJob: OperationHandler = (context) => {
  const job = context.world.parsingJobs[context.path.job_id as string];
  if (!job) throw notFound(`parsing job ${context.path.job_id}`);
  return { status: 200, body: parsingJobRecord(job) };
};
