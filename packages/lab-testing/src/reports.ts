import {
  type CreateParsingJobParams,
  type RequestOptions,
  type SvcClient,
  SvcError,
  ValidationError,
} from '@svc/client';
import type { Schema } from '@svc/types';
import { type Biomarker, toBiomarker } from './biomarker.js';
import { ParsingJobFailedError, ParsingResultsUnreadableError } from './errors.js';
import { poll } from './internal/poll.js';
import { classifyParsingJobStatus, FINAL_PARSING_JOB_STAGES } from './parsing-job-status.js';
import type { PollOptions } from './poll-options.js';
import { prepareReportFile, type ReportFileInput } from './report-file.js';

export type ParsingJob = Schema<'ParsingJob'>;

export interface UploadOptions extends RequestOptions {
  /** Name sent with the file; default: the File's own name, else `lab-report.<pdf|jpg|png>`. */
  filename?: string;
  /** Other form fields to send beside the file, unchanged: the service may accept more than the file. */
  fields?: Omit<CreateParsingJobParams['body'], 'file'>;
}

/** A parsing job that reached a final, successful stage. */
export interface ParsedReport {
  jobId: string;
  /** `pending_review`: flagged for human review; the results may still change after the review. */
  stage: 'completed' | 'pending_review';
  biomarkers: Biomarker[];
  /** The job record as received. */
  job: ParsingJob;
}

export interface Reports {
  /**
   * Uploads a lab report to create a parsing job. PDF, JPEG or PNG (told by the leading bytes) of at
   * most REPORT_FILE_MAX_BYTES (10,000,000); anything else throws ValidationError before any request.
   */
  upload(file: ReportFileInput, options?: UploadOptions): Promise<ParsingJob>;
  get(jobId: string, options?: RequestOptions): Promise<ParsingJob>;
  /**
   * Reads the job with backoff until `completed` or `pending_review` and resolves with its typed
   * biomarkers. Throws ParsingJobFailedError on `failed`, ParsingResultsUnreadableError (holding the
   * job) when a finished job's results are not a list, PollTimeoutError at the timeout and AbortError
   * on `signal`. Any other status, including ones added later, keeps it waiting until the timeout.
   */
  waitForJob(jobId: string, options?: PollOptions): Promise<ParsedReport>;
  /** `upload`, then `waitForJob` on the created job. */
  parse(
    file: ReportFileInput,
    options?: PollOptions & Pick<UploadOptions, 'filename' | 'fields'>,
  ): Promise<ParsedReport>;
}

/** The job id of a job record: its `id`, as text; SvcError when the record carries none. */
export function parsingJobId(job: ParsingJob): string {
  const { id } = job as { id?: unknown };
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  throw new SvcError('The parsing job record carries no `id`: cannot follow the job');
}

const isParsingDone = (job: ParsingJob): boolean =>
  FINAL_PARSING_JOB_STAGES.has(classifyParsingJobStatus(job.status));

export function createReports(client: SvcClient, defaults: PollOptions): Reports {
  const api: Reports = {
    async upload(file, options = {}) {
      const { filename, fields, ...requestOptions } = options;
      const report = await prepareReportFile(file, filename);
      return client.createParsingJob({ body: { ...fields, file: report.file } }, requestOptions);
    },
    async get(jobId, options) {
      return client.getParsingJob({ job_id: jobId }, options);
    },
    async waitForJob(jobId, options = {}) {
      if (typeof jobId !== 'string' || jobId === '')
        throw new ValidationError('jobId', 'must be a non-empty string');
      const job = await poll((signal) => client.getParsingJob({ job_id: jobId }, { signal }), {
        ...defaults,
        ...options,
        what: `parsing job ${jobId}`,
        isDone: isParsingDone,
        stageOf: (record) => classifyParsingJobStatus(record.status),
        statusOf: (record) => record.status,
      });
      const stage = classifyParsingJobStatus(job.status);
      if (stage !== 'completed' && stage !== 'pending_review') throw new ParsingJobFailedError(jobId, job);
      // Never an empty list for results that could not be read: the caller gets the job to read them.
      if (!Array.isArray(job.results)) throw new ParsingResultsUnreadableError(jobId, stage, job);
      return { jobId, stage, biomarkers: job.results.map(toBiomarker), job };
    },
    async parse(file, options = {}) {
      const { filename, fields, ...wait } = options;
      const job = await api.upload(file, { filename, fields, signal: wait.signal });
      return api.waitForJob(parsingJobId(job), wait);
    },
  };
  return api;
}
