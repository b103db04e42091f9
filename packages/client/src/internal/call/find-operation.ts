import { operations } from '../../generated/operations.js';
import type { Operation } from '../../operation.js';

let byRoute: Map<string, Operation> | undefined;

/** The operation of a method and path template, for the typed path client's validation. */
export function findOperation(method: string, path: string): Operation | undefined {
  byRoute ??= new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));
  return byRoute.get(`${method} ${path}`);
}
