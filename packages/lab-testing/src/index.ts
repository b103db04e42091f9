export type {
  AppointmentEventStatus,
  AppointmentStage,
  AppointmentStatus,
  AppointmentStatusInfo,
} from './appointment-status.js';
export {
  appointmentStatus,
  classifyAppointmentEventStatus,
  classifyAppointmentStatus,
} from './appointment-status.js';
export { assertNever } from './assert-never.js';
export type { Biomarker, ExtractedBiomarker } from './biomarker.js';
export { toBiomarker } from './biomarker.js';
export type {
  Catalogue,
  LabAccount,
  LabAccountFilter,
  LabTestMarkerSearch,
  Marker,
  MarkerSearch,
} from './catalogue.js';
export { markerSearchQuery } from './catalogue.js';
export {
  ParsingJobFailedError,
  ParsingResultsUnreadableError,
  PollTimeoutError,
  PscBookingFailedError,
  UnexpectedResponseError,
} from './errors.js';
export type { LabTesting, LabTestingOptions } from './lab-testing.js';
export { labTesting } from './lab-testing.js';
export type {
  OrderLowLevelStatus,
  OrderStage,
  OrderStatus,
  OrderStatusInfo,
  TransitLeg,
} from './order-status.js';
export { classifyOrderLowLevelStatus, classifyOrderStatus, orderStatus } from './order-status.js';
export type {
  CreateOrderInput,
  ImportOrderInput,
  Order,
  OrderImportResult,
  Orders,
  UpdateReason,
  UsAddress,
} from './orders.js';
export type { ParsingJobStage, ParsingJobStatus } from './parsing-job-status.js';
export { classifyParsingJobStatus } from './parsing-job-status.js';
export type {
  AppointmentBookingResult,
  AppointmentProvider,
  AppointmentRecord,
  AvailabilityQuery,
  PhlebotomyAppointments,
  PhlebotomyAvailability,
  PhlebotomyBooking,
  PhlebotomyRequest,
} from './phlebotomy.js';
export { AVAILABILITY_WINDOW_DAYS } from './phlebotomy.js';
export type { PollOptions } from './poll-options.js';
export {
  DEFAULT_POLL_INITIAL_DELAY_MS,
  DEFAULT_POLL_MAX_DELAY_MS,
  DEFAULT_POLL_TIMEOUT_MS,
  MAX_POLL_MS,
} from './poll-options.js';
export type { PscAppointments, PscAvailability, PscBooking } from './psc.js';
export type { ReportFile, ReportFileInput, ReportFileKind } from './report-file.js';
export { prepareReportFile, REPORT_FILE_MAX_BYTES, sniffReportKind } from './report-file.js';
export type { ParsedReport, ParsingJob, Reports, UploadOptions } from './reports.js';
export { parsingJobId } from './reports.js';
export { APPOINTMENT_NOTES_MAX_LENGTH, CLINICAL_NOTES_MAX_LENGTH, characterCount } from './text-limits.js';
