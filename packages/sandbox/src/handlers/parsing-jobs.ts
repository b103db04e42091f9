import { HttpError, notFound } from '../internal/http-error.js';
import { parsingJobRecord, startParsingJob } from '../world/parsing-jobs.js';
import type { OperationHandler } from './operation-context.js';

const SIGNATURES: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** The type the leading bytes show (a name or a declared type can lie), or undefined. */
export function sniffReport(head: Uint8Array): string | undefined {
  return SIGNATURES.find(([, signature]) => signature.every((byte, i) => head[i] === byte))?.[0];
}

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
  const job = startParsingJob(
    context,
    { content_type: contentType, size: file.size, name: (file as File).name || 'lab-report' },
    context.scenario,
  );
  return { status: 200, body: parsingJobRecord(job) };
};

export const getParsingJob: OperationHandler = (context) => {
  const job = context.world.parsingJobs[context.path.job_id as string];
  if (!job) throw notFound(`parsing job ${context.path.job_id}`);
  return { status: 200, body: parsingJobRecord(job) };
};
