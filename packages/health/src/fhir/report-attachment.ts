import type { Attachment } from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';

/** The lab report file as you uploaded it (bytes) or where you keep it (a URL). */
export type ReportAttachmentSource =
  | { data: Uint8Array; contentType: 'application/pdf' | 'image/jpeg' | 'image/png'; title?: string }
  | {
      url: string;
      contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
      title?: string;
      size?: number;
    };

const CONTENT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);
const CHUNK = 0x8000;

/** Base64 with the runtime's `btoa` (Node 16+ and browsers), a chunk at a time to bound the argument list. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  return btoa(binary);
}

/** The FHIR Attachment of a report file: its bytes inline (base64) or its URL, its type, size and title. */
export function reportAttachment(file: ReportAttachmentSource): Attachment {
  if (!CONTENT_TYPES.has(file.contentType))
    throw new ValidationError('reportFile.contentType', 'must be application/pdf, image/jpeg or image/png');
  const title = file.title === undefined ? {} : { title: file.title };
  if ('data' in file) {
    if (!(file.data instanceof Uint8Array) || file.data.length === 0)
      throw new ValidationError('reportFile.data', 'must be the non-empty bytes of the report');
    return { contentType: file.contentType, data: base64Of(file.data), size: file.data.length, ...title };
  }
  if (typeof file.url !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(file.url))
    throw new ValidationError('reportFile.url', 'must be an absolute URL');
  return {
    contentType: file.contentType,
    url: file.url,
    ...(file.size === undefined ? {} : { size: file.size }),
    ...title,
  };
}
