import { SNIFF_BYTES, sniffMediaType } from '@svc/client';
import { HttpError } from '../internal/http-error.js';
import {
  parsingJobRecord,
  getParsingJob as readParsingJob,
  startParsingJob,
} from '../world/lab/parsing-jobs.js';
import type { OperationContext, OperationHandler } from './operation-context.js';

/** The type an uploaded part declares (`image/png; x=y` → `image/png`), or '' when it declares none. */
const declaredType = (file: Blob) => file.type.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The media type of an uploaded report, told by its leading bytes through the client's one
 * file-signature table (a name or a declared type can lie): refused with 415 unless it is one the
 * upload accepts (the spec's `x-svc-file` rules of the file field; with none, any type the table
 * tells), or when the part declares another accepted type than its bytes show.
 */
async function reportType(context: OperationContext, file: Blob): Promise<string> {
  const accepted = context.operation.files.file?.mediaTypes;
  const sniffed = sniffMediaType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (sniffed === undefined || (accepted && !accepted.includes(sniffed)))
    throw new HttpError(
      415,
      'unsupported_file_type',
      accepted
        ? `The lab report must be one of ${accepted.join(', ')} (told by its first bytes).`
        : 'The first bytes of the lab report show no file type the sandbox can tell.',
    );
  const declared = declaredType(file);
  // A declared type the upload does not accept (application/octet-stream, image/jpg) says nothing to check.
  if (accepted?.includes(declared) && declared !== sniffed)
    throw new HttpError(
      415,
      'unsupported_file_type',
      `The lab report is declared ${declared} but its first bytes are ${sniffed}: send it with its own type.`,
    );
  return sniffed;
}

export const createParsingJob: OperationHandler = async (context) => {
  const file = (context.body as { file?: unknown }).file;
  if (!(file instanceof Blob))
    throw new HttpError(422, 'invalid_request', 'file must be a file part of the multipart form', [
      { location: ['request', 'body', 'file'], code: 'type', message: 'file must be a file' },
    ]);
  const maxBytes = context.operation.files.file?.maxBytes;
  if (maxBytes !== undefined && file.size > maxBytes)
    throw new HttpError(
      413,
      'file_too_large',
      `The lab report is ${file.size} bytes; the limit is ${maxBytes}.`,
    );
  const job = startParsingJob(
    context,
    {
      content_type: await reportType(context, file),
      size: file.size,
      name: (file as File).name || 'lab-report',
    },
    context.scenario,
  );
  return { status: 200, body: parsingJobRecord(job) };
};

export const getParsingJob: OperationHandler = (context) => ({
  status: 200,
  body: readParsingJob(context, context.path.job_id as string),
});
