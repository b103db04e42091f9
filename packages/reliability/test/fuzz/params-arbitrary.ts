// Arbitrary params of a named method, from the spec: valid ones, and the bodies of both kinds.

import type { SchemaObject } from '@svc/spec';
import fc from 'fast-check';
import { type CallableOperation, deref } from '../spec.js';
import { anyValue, mostlyValid, validArb } from './schema-arbitrary.js';

/** The leading bytes of a PDF: a Blob typed application/pdf is refused unless its bytes are one. */
const PDF_HEAD = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** Multipart file fields (`format: binary`) take a Blob. */
export function bodyArb(schema: SchemaObject, valid: boolean): fc.Arbitrary<unknown> {
  const resolved = deref(schema);
  const file = fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => new Blob([new Uint8Array([...PDF_HEAD, ...bytes])], { type: 'application/pdf' }));
  const binary = Object.entries(resolved.properties ?? {}).filter(
    ([, property]) => deref(property).format === 'binary',
  );
  if (binary.length === 0) return valid ? validArb(resolved) : mostlyValid(resolved);
  return fc.record(
    Object.fromEntries(binary.map(([name]) => [name, valid ? file : fc.oneof(file, anyValue)])),
    {
      requiredKeys: valid ? (resolved.required ?? []) : [],
    },
  );
}

/**
 * Whether a path parameter value keeps the path's shape: not empty, and no `.` or `..` segment once
 * percent-decoded (repeatedly) or NFKC-normalised. The client refuses the others (see its README).
 */
function keepsPathShape(value: unknown): boolean {
  let text = String(value);
  for (;;) {
    if (text.trim() === '') return false;
    for (const form of [text, text.normalize('NFKC')])
      if (form.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return true;
    }
    if (decoded === text) return true;
    text = decoded;
  }
}

/** Params that satisfy the spec: every required parameter present, every value valid. */
export function validParams(operation: CallableOperation): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters) {
    const valid = validArb(parameter.schema);
    fields[parameter.name] = parameter.in === 'path' ? valid.filter(keepsPathShape) : valid;
    if (parameter.required) required.push(parameter.name);
  }
  if (operation.body) {
    fields.body = bodyArb(operation.body.schema, true);
    if (operation.body.required) required.push('body');
  }
  return fc.record(fields, { requiredKeys: required });
}
