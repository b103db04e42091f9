// The public entry: one export statement per module, types marked inline.
export { type BulkExportManifest, type BulkManifestInput, bulkExportManifest } from './fhir/bulk-manifest.js';
export {
  type NdjsonLine,
  type NdjsonSink,
  ndjsonLine,
  summariesNdjson,
  timeseriesNdjson,
  writeNdjsonByType,
} from './fhir/bulk-ndjson.js';
export { dailyStepsNdjson } from './fhir/daily-steps.js';
export { DEFAULT_NAMESPACE, type FhirOptions } from './fhir/identity.js';
export {
  type LabReportOptions,
  type LabReportResources,
  labReportToFhir,
  type ParsingJob,
} from './fhir/lab-report.js';
export { UNIT_PRECISION } from './fhir/measured-quantity.js';
export { type Measure, SUMMARY_MEASURES, TIMESERIES_MEASURES } from './fhir/measures.js';
export { deviceResource, type PatientInput, patientResource } from './fhir/patient-device.js';
export type { ReportAttachmentSource } from './fhir/report-attachment.js';
export { summaryObservations } from './fhir/summary-observations.js';
export { type TimeseriesObservationOptions, timeseriesObservation } from './fhir/timeseries-observation.js';
export { type BundleOptions, userBundle } from './fhir/user-bundle.js';
export { INTERPRETATION_SYSTEM, type Interpretation, interpretationOf } from './lab/interpretation.js';
export { type LabResult, type LabValue, labResultOf } from './lab/lab-result.js';
export { LOINC_PROPERTY_TWINS, LOINC_SYSTEM } from './lab/loinc.js';
export { type ReferenceRange, referenceRangeOf } from './lab/reference-range.js';
export { type DailySummaryRow, summaryRows, type TimeseriesRow, timeseriesRow } from './rows.js';
export {
  type BucketOptions,
  bucketByLocalDay,
  type DayBasis,
  type LocalDay,
  type LocalDayBucket,
  type LocalDayOptions,
  localDayOf,
  userTimeZone,
} from './time/local-day.js';
export {
  type MergeOptions,
  mergeSessions,
  mergeSleep,
  type SessionRow,
  SLEEP_MAX_GAP_SECONDS,
  type TimelineEntry,
} from './timeline/merge-sessions.js';
export { DEFAULT_PROVIDER_PRIORITY } from './timeline/provider-priority.js';
export { sleepSessionOf } from './timeline/sleep-session.js';
export { type Analyte, type ConvertOptions, convertValue, MOLAR_MASS } from './units/convert.js';
export { KNOWN_UCUM_CODES, quantityOf, UCUM_SYSTEM, type UcumUnit, ucumOf } from './units/ucum.js';
