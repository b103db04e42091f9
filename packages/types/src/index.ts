export type { components, operations, paths, webhooks } from './generated/openapi.js';
export type { Schema, SchemaName } from './schema.js';
