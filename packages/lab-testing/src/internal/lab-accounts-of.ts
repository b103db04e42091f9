import type { Schema } from '@svc/types';
import { UnexpectedResponseError } from '../errors.js';

type LabAccount = Schema<'LabAccount'>;
const OPERATION = 'GET /v3/lab_test/lab_account';
const EXPECTED = 'a list of lab accounts, or an object holding exactly one list (e.g. under `data`)';

/**
 * The accounts of a lab account list, whose shape the service does not publish: a bare array, an object
 * with a `data` array, or an object with exactly one array property. Anything else is an error that says so.
 */
export function labAccountsOf(body: Schema<'LabAccountList'> | unknown): LabAccount[] {
  if (Array.isArray(body)) return body as LabAccount[];
  if (body === null || typeof body !== 'object') throw new UnexpectedResponseError(OPERATION, EXPECTED, body);
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.data)) return record.data as LabAccount[];
  const lists = Object.values(record).filter(Array.isArray);
  // Two lists (or none) leave no way to tell which holds the accounts: guessing could return the wrong data.
  if (lists.length === 1) return lists[0] as LabAccount[];
  throw new UnexpectedResponseError(OPERATION, EXPECTED, body);
}
