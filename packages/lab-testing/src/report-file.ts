// Lab report files are checked here, before any upload: the type comes from the leading bytes (a
// name or a declared type can lie), told by the client's one signature table; the size from the
// byte count. The accepted types and the size limit are the spec's (`x-svc-file` of the upload),
// read from the client's generated table.
import { operationRules, SNIFF_BYTES, sniffMediaType, ValidationError } from '@svc/client';

const FILE_RULE = operationRules('createParsingJob').body?.props?.file?.file ?? {};

/** Most bytes of a lab report file, as the spec states it (the upload's `x-svc-file`). */
export const REPORT_FILE_MAX_BYTES: number = FILE_RULE.maxBytes ?? Number.POSITIVE_INFINITY;
/** Content types the upload accepts, as the spec states them. */
const ACCEPTED: readonly string[] = FILE_RULE.mediaTypes ?? [];

/** What a lab report file can be. */
export type ReportFileKind = 'pdf' | 'jpeg' | 'png';

/** A lab report: a Blob or File (browser, Node 20), or bytes (Uint8Array, Node Buffer, ArrayBuffer). */
export type ReportFileInput = Blob | Uint8Array | ArrayBuffer;

export const REPORT_CONTENT_TYPES: Readonly<Record<ReportFileKind, string>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const KINDS = Object.keys(REPORT_CONTENT_TYPES) as ReportFileKind[];

/** The file kind its leading bytes show, or undefined for anything else (including too few bytes). */
export function sniffReportKind(head: Uint8Array): ReportFileKind | undefined {
  const type = sniffMediaType(head);
  return KINDS.find((kind) => REPORT_CONTENT_TYPES[kind] === type);
}

/** A checked lab report, ready to upload. */
export interface ReportFile {
  kind: ReportFileKind;
  /** The content type sent with the file, from `kind` (never from a name or a declared type). */
  contentType: string;
  size: number;
  /** The bytes as a File carrying `contentType` and a name. */
  file: File;
}

function fail(problem: string): never {
  throw new ValidationError('file', problem);
}

/**
 * Checks a lab report and wraps it for upload: a type the spec accepts (PDF, JPEG or PNG), told by
 * its leading bytes, of at most REPORT_FILE_MAX_BYTES. Anything else throws ValidationError (field `file`) before a request is made.
 * The size is checked before any byte is read. A File keeps its name unless `filename` is given;
 * bytes are named `lab-report.<kind>`.
 */
export async function prepareReportFile(input: ReportFileInput, filename?: string): Promise<ReportFile> {
  let blob: Blob;
  if (input instanceof Blob) {
    blob = input;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > REPORT_FILE_MAX_BYTES) fail(tooLarge(input.byteLength));
    // A copy: a view may sit on a SharedArrayBuffer, which a Blob does not take.
    blob = new Blob([input.slice()]);
  } else if (input instanceof ArrayBuffer) {
    if (input.byteLength > REPORT_FILE_MAX_BYTES) fail(tooLarge(input.byteLength));
    blob = new Blob([input]);
  } else {
    fail('must be a Blob, File, Uint8Array or ArrayBuffer');
  }
  const { size } = blob;
  if (size === 0) fail('is empty');
  if (size > REPORT_FILE_MAX_BYTES) fail(tooLarge(size));
  const kind = sniffReportKind(new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!kind || !ACCEPTED.includes(REPORT_CONTENT_TYPES[kind]))
    fail(`must be one of ${ACCEPTED.join(', ')} (detected from its first bytes)`);
  const contentType = REPORT_CONTENT_TYPES[kind];
  const name = filename ?? (input instanceof File && input.name ? input.name : undefined);
  return {
    kind,
    contentType,
    size,
    file: new File([blob], name ?? `lab-report.${kind === 'jpeg' ? 'jpg' : kind}`, { type: contentType }),
  };
}

function tooLarge(size: number): string {
  return `must be at most ${REPORT_FILE_MAX_BYTES} bytes (got ${size})`;
}
