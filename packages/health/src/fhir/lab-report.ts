import type {
  DiagnosticReport,
  DocumentReference,
  Observation,
  Patient,
  Reference,
} from '@medplum/fhirtypes';
import { ValidationError } from '@svc/client';
import type { Schema } from '@svc/types';
import { checkCalendarDate, instantText, parseDateTime } from '../internal/date-time.js';
import { type LabResult, labResultOf } from '../lab/lab-result.js';
import { LOINC_SYSTEM } from '../lab/loinc.js';
import { identifierOf, namespaceOf, resourceIdOf, subjectOf } from './identity.js';
import { labObservation } from './lab-observation.js';
import { type ReportAttachmentSource, reportAttachment } from './report-attachment.js';

export type ParsingJob = Schema<'ParsingJob'>;

export interface LabReportOptions {
  /** Who the report is about: the service's user id, or your own reference (`{ reference: 'Patient/123' }`). */
  subject: string | Reference<Patient>;
  /** Base URL of the identifier systems; default DEFAULT_NAMESPACE. */
  namespace?: string;
  /** When the results were issued; default the job's `updated_at` (a ValidationError when it has none). */
  issued?: string | Date;
  /** When the sample was taken, when you know it (from the order); the job does not say. */
  effective?: string;
  /** The report file you uploaded, attached as `presentedForm` (default) or as a DocumentReference. */
  reportFile?: ReportAttachmentSource;
  reportFileAs?: 'presentedForm' | 'DocumentReference';
}

export interface LabReportResources {
  report: DiagnosticReport;
  /** One per biomarker, in the job's order, none dropped. */
  observations: Observation[];
  /** Present when `reportFileAs: 'DocumentReference'` and a file was given. */
  document?: DocumentReference;
  /** The results as read, with what could not be matched flagged. */
  results: LabResult[];
}

const REPORT_CODE = {
  coding: [{ system: LOINC_SYSTEM, code: '11502-2', display: 'Laboratory report' }],
  text: 'Laboratory report',
};
const LAB_CATEGORY = [
  {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }],
  },
];

function statusOf(job: ParsingJob): 'final' | 'preliminary' {
  if (job.status === 'completed') return 'final';
  // Flagged for human review: the results may still change, which FHIR calls preliminary.
  if (job.status === 'pending_review') return 'preliminary';
  throw new ValidationError(
    'job.status',
    `is ${JSON.stringify(job.status)}: only a completed or pending_review job has results`,
  );
}

/**
 * A parsing job's results as FHIR R4: a DiagnosticReport (LOINC 11502-2, laboratory) whose `result`
 * lists one Observation per biomarker, and the report file where you give it. Throws ValidationError
 * for a job that has no results yet or failed, and when no `issued` time is known.
 */
export function labReportToFhir(job: ParsingJob, options: LabReportOptions): LabReportResources {
  const namespace = namespaceOf(options);
  const status = statusOf(job);
  const jobId = typeof job.id === 'string' && job.id !== '' ? job.id : undefined;
  if (!jobId) throw new ValidationError('job.id', 'is missing: the report is identified by its job');
  if (!Array.isArray(job.results)) throw new ValidationError('job.results', 'is not a list of biomarkers');
  const updatedAt = (job as { updated_at?: unknown }).updated_at;
  const issuedInput = options.issued ?? (typeof updatedAt === 'string' ? updatedAt : undefined);
  if (issuedInput === undefined)
    throw new ValidationError('issued', 'is required: the job record carries no updated_at');
  const issued = instantText(issuedInput, 'issued');
  const subject =
    typeof options.subject === 'string' ? subjectOf(options.subject, { namespace }) : options.subject;
  // A date, or a date-time with its offset, as FHIR writes it.
  const effective =
    options.effective === undefined
      ? {}
      : {
          effectiveDateTime: /^\d{4}-\d{2}-\d{2}$/.test(options.effective)
            ? checkCalendarDate(options.effective, 'effective')
            : parseDateTime(options.effective, 'effective').fhir,
        };
  const results = job.results.map(labResultOf);
  const observations = results.map((result, index) =>
    labObservation(result, {
      namespace,
      status,
      subject,
      issued,
      effective,
      identifierValue: `${jobId}#${index}`,
    }),
  );
  const identifier = identifierOf(namespace, 'parsing-job', jobId);
  const attachment = options.reportFile ? reportAttachment(options.reportFile) : undefined;
  const asDocument = attachment !== undefined && options.reportFileAs === 'DocumentReference';
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: resourceIdOf(identifier),
    identifier: [identifier],
    status,
    category: LAB_CATEGORY,
    code: REPORT_CODE,
    subject,
    ...effective,
    issued,
    result: observations.map((observation) => ({ reference: `Observation/${observation.id}` })),
    ...(attachment && !asDocument ? { presentedForm: [attachment] } : {}),
  };
  if (!asDocument) return { report, observations, results };
  const documentIdentifier = identifierOf(namespace, 'parsing-job-file', jobId);
  const document: DocumentReference = {
    resourceType: 'DocumentReference',
    id: resourceIdOf(documentIdentifier),
    identifier: [documentIdentifier],
    status: 'current',
    docStatus: status === 'final' ? 'final' : 'preliminary',
    type: REPORT_CODE,
    subject,
    date: issued,
    content: [{ attachment }],
    context: { related: [{ reference: `DiagnosticReport/${report.id}` }] },
  };
  return { report, observations, document, results };
}
