export type { components, operations, paths, webhooks } from './generated/openapi.js';
export type { SandboxValues } from './generated/sandbox-values.js';
export type { Schema, SchemaName } from './schema.js';
