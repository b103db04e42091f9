import { instantText } from '../internal/date-time.js';

/** The manifest a FHIR Bulk Data export ends with (the spec's "complete status" body). */
export interface BulkExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: Array<{ type: string; url: string; count: number }>;
  error: Array<{ type: 'OperationOutcome'; url: string; count: number }>;
}

export interface BulkManifestInput {
  /** When the export started: data after it is not in the files. */
  transactionTime: string | Date;
  /** What was asked for, e.g. `svc-sync export --format fhir-ndjson`. */
  request: string;
  /** Lines per resource type, as `writeNdjsonByType` resolves. */
  counts: Readonly<Record<string, number>>;
  /** Where the file of a resource type is, e.g. `file:///exports/Observation.ndjson`. */
  urlOf: (resourceType: string) => string;
  /** Default false: files on your disk. */
  requiresAccessToken?: boolean;
}

/** The Bulk Data manifest of an export: one output per resource type, OperationOutcome files as errors. */
export function bulkExportManifest(input: BulkManifestInput): BulkExportManifest {
  const types = Object.keys(input.counts).sort();
  const entry = (type: string) => ({ type, url: input.urlOf(type), count: input.counts[type] as number });
  return {
    transactionTime: instantText(input.transactionTime, 'transactionTime'),
    request: input.request,
    requiresAccessToken: input.requiresAccessToken ?? false,
    output: types.filter((type) => type !== 'OperationOutcome').map(entry),
    error: types
      .filter((type) => type === 'OperationOutcome')
      .map((type) => ({ ...entry(type), type: 'OperationOutcome' as const })),
  };
}
