// The public entry: one export statement per module, types marked inline.
export type { AuditEntry, RefusalReason } from './audit-entry.js';
export { DEFAULT_MAX_RESULT_BYTES, MAX_MAX_RESULT_BYTES, MIN_MAX_RESULT_BYTES } from './result-limits.js';
export { type SvcMcpServerOptions, svcMcpServerFactory } from './svc-mcp-server.js';
